import type { BattleBox, SeatRoll } from '@kaixiang/game/battle';
import {
  chanceRange,
  insideRange,
  type Moments,
  oddsMoments,
  RTP_RANGE_SIGMAS,
  realisedRtp,
  turntableRoundMoments,
} from '@kaixiang/game/rtp';
import { TURNTABLE_JACKPOT_BP, turntableReturn } from '@kaixiang/game/turntable';
import type { Locale } from '@kaixiang/shared/locale';
import {
  RTP_WINDOW_DAYS,
  type RtpBox,
  type RtpFigures,
  type RtpGameRow,
  type RtpResponse,
} from '@kaixiang/shared/transparency';
import type { Db, Tx } from '../../db/client.ts';
import type { Clock } from '../../infra/clock.ts';
import { type BoxRow, transparencyRepo as repo, type Window } from './transparency.repo.ts';

const DAY_MS = 86_400_000;
/** China time (UTC+8, no daylight saving): the site's day, as every daily feature counts it. */
const CHINA_OFFSET_MS = 8 * 3_600_000;
/** A process answers from its copy of the latest snapshot for this long before reading it again. */
const CACHE_MS = 60_000;
const BATTLE_PAGE = 200;

export const chinaDayOf = (ms: number) => new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);

const fraction = (f: { num: number; den: number }) => f.num / f.den;

/** A box's figures as stored: everything but its name and picture, which are read live. */
type BoxFigures = RtpFigures & { box_id: number };
interface Meta {
  window_start: number;
  window_days: number;
  sigmas: number;
  free_openings_excluded: number;
}

export interface Snapshot {
  computedAtMs: number;
  meta: Meta;
  boxes: BoxFigures[];
  games: RtpGameRow[];
}

/** The derived figures of a tally: realised, the range around what the published odds promise, inside or not. */
export function figuresOf(t: {
  n: number;
  paidUnits: number;
  wonUnits: number;
  expectedUnits: number | null;
  varianceUnits2: number | null;
  publishedRtp: number | null;
}): RtpFigures {
  const realised = realisedRtp(t.wonUnits, t.paidUnits);
  const range =
    t.expectedUnits === null || t.varianceUnits2 === null
      ? null
      : chanceRange(t.expectedUnits, t.varianceUnits2, t.paidUnits);
  return {
    n: t.n,
    paid: t.paidUnits,
    won: t.wonUnits,
    realised_rtp: realised,
    published_rtp: t.publishedRtp,
    expected: t.paidUnits > 0 ? t.expectedUnits : null,
    range,
    inside: insideRange(realised, range),
  };
}

export interface TransparencyService {
  /** The latest snapshot in the request's language; computed and stored first if none exists yet. */
  rtp(locale: Locale): Promise<RtpResponse>;
  /** The leader's daily job: today's snapshot (China day) unless it exists. True when it wrote one. */
  refreshIfDue(signal?: AbortSignal): Promise<boolean>;
  /** The figures of the 30 days ending at `nowMs`, not stored. */
  compute(nowMs: number, signal?: AbortSignal): Promise<Snapshot>;
}

export function createTransparencyService(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
}): TransparencyService {
  const { db, clock } = deps;
  let cache: { atMs: number; snapshot: Snapshot; boxes: Map<number, BoxRow> } | null = null;
  let firstCompute: Promise<unknown> | null = null;

  async function boxFigures(w: Window): Promise<{ boxes: BoxFigures[]; freeOpenings: number }> {
    const [{ tallies, freeOpenings }, boxes] = await Promise.all([repo.boxTallies(db, w), repo.boxes(db)]);
    const played = [...new Set(tallies.map((t) => t.boxId))];
    const versions = new Map((await repo.boxVersions(db, played)).map((v) => [`${v.boxId}:${v.version}`, v] as const));
    const listed = boxes.filter((b) => b.onSale || played.includes(b.id));
    return {
      freeOpenings,
      boxes: listed.map((b) => {
        const own = tallies.filter((t) => t.boxId === b.id);
        if (own.length === 0) {
          // Nothing opened: the current odds' RTP, and no range.
          return {
            box_id: b.id,
            ...figuresOf({
              n: 0,
              paidUnits: 0,
              wonUnits: 0,
              expectedUnits: null,
              varianceUnits2: null,
              publishedRtp: b.rtpBp / 10_000,
            }),
          };
        }
        let expected = 0;
        let variance = 0;
        let modelled = true;
        for (const t of own) {
          const v = versions.get(`${t.boxId}:${t.version}`);
          if (!v) {
            modelled = false;
            continue;
          }
          // Expected won = Σ paid_v × rtp_v (what was published); Var = Σ n_v σ²_v (the odds).
          expected += (t.paidUnits * v.rtpBp) / 10_000;
          variance += t.n * oddsMoments(v.contents).variance;
        }
        const paid = own.reduce((s, t) => s + t.paidUnits, 0);
        return {
          box_id: b.id,
          ...figuresOf({
            n: own.reduce((s, t) => s + t.n, 0),
            paidUnits: paid,
            wonUnits: own.reduce((s, t) => s + t.wonUnits, 0),
            expectedUnits: modelled ? expected : null,
            varianceUnits2: modelled ? variance : null,
            publishedRtp: modelled ? expected / paid : null,
          }),
        };
      }),
    };
  }

  async function upgradeRow(w: Window): Promise<RtpGameRow> {
    const t = await repo.upgradeTally(db, w);
    return {
      game: 'upgrade',
      jackpot: null,
      ...figuresOf({
        ...t,
        publishedRtp: t.paidUnits > 0 ? t.publishedWonUnits / t.paidUnits : null,
      }),
    };
  }

  /**
   * Battles roll the same odds tables, but their openings live in the rooms' data, not in
   * box_openings. Players' seats only (a robot pays nothing), each roll at its box's price,
   * before the battle hands the items to its winners; the published RTP is the odds' own mean
   * over the price (what the box's rtp_bp rounds down).
   */
  async function battleRow(w: Window, signal?: AbortSignal): Promise<RtpGameRow> {
    let n = 0;
    let paid = 0;
    let won = 0;
    let expected = 0;
    let variance = 0;
    let after: { endedAtMs: number; id: number } | null = null;
    for (;;) {
      signal?.throwIfAborted();
      const page = await repo.battlesPage(db, w, after, BATTLE_PAGE);
      for (const room of page) {
        const data = room.data as {
          seats: ({ robot: boolean } | null)[];
          boxes: BattleBox[];
          rolls: SeatRoll[][];
        };
        data.rolls.forEach((rolls, round) => {
          const box = data.boxes[round];
          if (!box) return;
          let m: Moments | null = null;
          for (const roll of rolls) {
            const seat = data.seats[roll.seat];
            if (!seat || seat.robot) continue;
            m ??= oddsMoments(box.entries.map((e, i) => ({ tickets: e.tickets, priceUnits: box.prices[i] ?? 0 })));
            n += 1;
            paid += box.price;
            won += roll.price;
            expected += m.mean;
            variance += m.variance;
          }
        });
      }
      const last = page.at(-1);
      if (!last || page.length < BATTLE_PAGE) break;
      after = { endedAtMs: last.endedAtMs, id: last.id };
    }
    return {
      game: 'battle',
      jackpot: null,
      ...figuresOf({
        n,
        paidUnits: paid,
        wonUnits: won,
        expectedUnits: expected,
        varianceUnits2: variance,
        publishedRtp: paid > 0 ? expected / paid : null,
      }),
    };
  }

  /**
   * The turntable's multiplier payouts against the rules' 96 %, with the exact variance of each
   * round's draw; the jackpot beside it without a range (its payout depends on the pool earlier
   * rounds left, not on the rules alone), against the long-run return: 96 % + the feed, each
   * round at the feed it recorded, weighted by its stakes (97 % when every round fed the default
   * 1 %). With no stakes in the window, the feed of the newest round (what is in force now).
   */
  async function turntableRow(w: Window): Promise<RtpGameRow> {
    const rounds = await repo.turntableRounds(db, w);
    const { areaRtp } = turntableReturn();
    let expected = 0;
    let variance = 0;
    for (const r of rounds) {
      const m = turntableRoundMoments(r.areaUnits);
      expected += m.mean;
      variance += m.variance;
    }
    const paid = rounds.reduce((s, r) => s + r.paidUnits, 0);
    const won = rounds.reduce((s, r) => s + r.wonUnits, 0);
    const jackpot = rounds.reduce((s, r) => s + r.jackpotUnits, 0);
    // The stake-weighted feed, bp (a published figure, not money: a float is fine).
    const feedBp =
      paid > 0
        ? rounds.reduce((s, r) => s + r.paidUnits * r.feedBp, 0) / paid
        : ((await repo.latestTurntableFeedBp(db)) ?? TURNTABLE_JACKPOT_BP);
    return {
      game: 'turntable',
      ...figuresOf({
        n: rounds.reduce((s, r) => s + r.rows, 0),
        paidUnits: paid,
        wonUnits: won,
        expectedUnits: expected,
        varianceUnits2: variance,
        publishedRtp: fraction(areaRtp),
      }),
      jackpot: {
        won: jackpot,
        realised_rtp: realisedRtp(won + jackpot, paid),
        published_rtp: ((areaRtp.num * 10_000) / areaRtp.den + feedBp) / 10_000,
      },
    };
  }

  async function compute(nowMs: number, signal?: AbortSignal): Promise<Snapshot> {
    const w = { fromMs: nowMs - RTP_WINDOW_DAYS * DAY_MS, toMs: nowMs };
    const { boxes, freeOpenings } = await boxFigures(w);
    const games = [await upgradeRow(w), await battleRow(w, signal), await turntableRow(w)];
    return {
      computedAtMs: nowMs,
      meta: {
        window_start: w.fromMs,
        window_days: RTP_WINDOW_DAYS,
        sigmas: RTP_RANGE_SIGMAS,
        free_openings_excluded: freeOpenings,
      },
      boxes,
      games,
    };
  }

  /** Computes and stores the snapshot of `day` unless one exists (checked again under the lock). */
  async function store(day: string, signal?: AbortSignal): Promise<boolean> {
    if (await repo.hasDay(db, day)) return false;
    const s = await compute(clock.now(), signal);
    return deps.transaction(async (tx) => {
      await repo.lockSnapshots(tx);
      if (await repo.hasDay(tx, day)) return false;
      await repo.insertSnapshot(tx, day, s.computedAtMs, [
        { kind: 'meta', subject: '', data: s.meta },
        ...s.boxes.map((b) => ({ kind: 'box', subject: String(b.box_id), data: b })),
        ...s.games.map((g) => ({ kind: 'game', subject: g.game, data: g })),
      ]);
      cache = null;
      return true;
    });
  }

  async function load(): Promise<Snapshot | null> {
    const rows = await repo.latestSnapshot(db);
    const meta = rows.find((r) => r.kind === 'meta');
    if (!meta) return null;
    return {
      computedAtMs: meta.computedAt.getTime(),
      meta: meta.data as Meta,
      boxes: rows.filter((r) => r.kind === 'box').map((r) => r.data as BoxFigures),
      games: rows.filter((r) => r.kind === 'game').map((r) => r.data as RtpGameRow),
    };
  }

  async function current(): Promise<{ snapshot: Snapshot; boxes: Map<number, BoxRow> }> {
    const now = clock.now();
    if (cache && now - cache.atMs < CACHE_MS) return cache;
    let snapshot = await load();
    if (!snapshot) {
      // A fresh clone before the leader's first run: compute once (one computation per process
      // at a time; the lock and the day's key make it one per day across processes).
      firstCompute ??= store(chinaDayOf(now)).finally(() => {
        firstCompute = null;
      });
      await firstCompute;
      snapshot = await load();
      if (!snapshot) throw new Error('the realised-RTP snapshot was not stored');
    }
    const boxes = new Map((await repo.boxes(db)).map((b) => [b.id, b] as const));
    cache = { atMs: now, snapshot, boxes };
    return cache;
  }

  function nameOf(b: BoxRow, locale: Locale): string {
    if (locale === 'en-US') return b.nameEn;
    if (locale === 'zh-TW') return b.nameZhTw;
    return b.nameZhCn;
  }

  return {
    compute,
    refreshIfDue: (signal) => store(chinaDayOf(clock.now()), signal),
    async rtp(locale) {
      const { snapshot, boxes } = await current();
      const rows: RtpBox[] = snapshot.boxes.flatMap((f) => {
        const b = boxes.get(f.box_id);
        if (!b) return [];
        return [{ ...f, name: nameOf(b, locale), img: b.image, fallback_img: b.fallbackImage, price: b.priceUnits }];
      });
      return {
        computed_at: snapshot.computedAtMs,
        ...snapshot.meta,
        boxes: rows,
        games: snapshot.games,
      };
    },
  };
}
