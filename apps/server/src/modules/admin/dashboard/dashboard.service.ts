import {
  DASHBOARD_DAYS,
  DASHBOARD_GAMES,
  type DashboardChannel,
  type DashboardDay,
  type DashboardGame,
  type DashboardGameDay,
  type DashboardResponse,
} from '@kaixiang/shared/admin-dashboard';
import { OFFER_STATES, type OfferState } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import type { Db, Tx } from '../../../db/client.ts';
import type { Clock } from '../../../infra/clock.ts';
import { chinaDayOf, type TransparencyService } from '../../transparency/transparency.service.ts';
import { type DayTallies, type RollupRow, dashboardRepo as repo, type Window } from './dashboard.repo.ts';

const DAY_MS = 86_400_000;
/**
 * A past day's rollup is written again while it was computed less than this after the day
 * ended: an order created before midnight may still be paid (or expire) after it, and the
 * channel rates count it on the day it was created.
 */
export const SETTLE_MS = 2 * 3_600_000;

/** Midnight of a China day (UTC+8, no daylight saving), epoch ms. */
export const dayStartMs = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
const dayWindow = (day: string): Window => ({ fromMs: dayStartMs(day), toMs: dayStartMs(day) + DAY_MS });
const shiftDay = (day: string, by: number) => chinaDayOf(dayStartMs(day) + by * DAY_MS);

/**
 * The games whose stakes are ledger transfers: the stake's kind counts the plays; every kind of
 * the prefix is the game's (kinds ending in `_refund` give a stake back, so they lower the
 * turnover; the others are winnings); items the game awarded are read by their source.
 */
const LEDGER_GAMES: { game: DashboardGame; prefix: string; stake: string; itemSource: string | null }[] = [
  { game: 'battle', prefix: 'battle_', stake: 'battle_entry', itemSource: 'battle' },
  { game: 'turntable', prefix: 'turntable_', stake: 'turntable_bet', itemSource: null },
  { game: 'card_grab', prefix: 'treasure_', stake: 'treasure_card', itemSource: 'treasure' },
];
const ITEM_SOURCES = LEDGER_GAMES.flatMap((g) => (g.itemSource ? [g.itemSource] : []));

/** One day's figures, whether read live or from the rollup. */
export interface DayFigures {
  deposits: { n: number; amount: number };
  newPlayers: number;
  activePlayers: number;
  games: DashboardGameDay[];
  channels: { payMode: string; created: number; paid: number }[];
}

/** The figures of a day's raw tallies (pure: the rules of docs/console/dashboard.md). */
export function figuresOf(t: DayTallies): DayFigures {
  const kind = (k: string) => t.kinds.find((x) => x.kind === k);
  const ledgerGame = (g: (typeof LEDGER_GAMES)[number]): DashboardGameDay => {
    const own = t.kinds.filter((k) => k.kind.startsWith(g.prefix));
    const refunds = own.filter((k) => k.kind.endsWith('_refund'));
    const wins = own.filter((k) => !k.kind.endsWith('_refund'));
    const sum = (rows: typeof own, f: (k: (typeof own)[number]) => number) => rows.reduce((s, k) => s + f(k), 0);
    return {
      game: g.game,
      n: kind(g.stake)?.n ?? 0,
      turnover: sum(own, (k) => k.debitUnits) - sum(refunds, (k) => k.creditUnits),
      won: sum(wins, (k) => k.creditUnits) + (g.itemSource ? (t.itemsBySource.get(g.itemSource) ?? 0) : 0),
    };
  };
  const games: Record<DashboardGame, DashboardGameDay> = {
    box: { game: 'box', n: t.boxes.n, turnover: t.boxes.paidUnits, won: t.boxes.wonUnits },
    upgrade: { game: 'upgrade', n: t.upgrades.n, turnover: t.upgrades.stakeUnits, won: t.upgrades.wonUnits },
    ...(Object.fromEntries(LEDGER_GAMES.map((g) => [g.game, ledgerGame(g)])) as Record<
      'battle' | 'turntable' | 'card_grab',
      DashboardGameDay
    >),
  };
  const recharge = kind('recharge');
  return {
    deposits: { n: recharge?.n ?? 0, amount: recharge?.creditUnits ?? 0 },
    newPlayers: t.newPlayers,
    activePlayers: t.activePlayers,
    games: DASHBOARD_GAMES.map((g) => games[g]),
    channels: t.channels,
  };
}

type StoredRow = Omit<RollupRow, 'day' | 'computedAtMs'>;

export function rowsOfFigures(f: DayFigures): StoredRow[] {
  return [
    { metric: 'deposits', subject: '', n: f.deposits.n, inUnits: f.deposits.amount, outUnits: 0 },
    { metric: 'players_new', subject: '', n: f.newPlayers, inUnits: 0, outUnits: 0 },
    { metric: 'players_active', subject: '', n: f.activePlayers, inUnits: 0, outUnits: 0 },
    ...f.games.map((g) => ({ metric: 'game', subject: g.game, n: g.n, inUnits: g.turnover, outUnits: g.won })),
    ...f.channels.map((c) => ({ metric: 'channel', subject: c.payMode, n: c.created, inUnits: c.paid, outUnits: 0 })),
  ];
}

export function figuresOfRows(rows: readonly RollupRow[]): DayFigures {
  const one = (metric: string) => rows.find((r) => r.metric === metric);
  return {
    deposits: { n: one('deposits')?.n ?? 0, amount: one('deposits')?.inUnits ?? 0 },
    newPlayers: one('players_new')?.n ?? 0,
    activePlayers: one('players_active')?.n ?? 0,
    games: DASHBOARD_GAMES.map((game) => {
      const r = rows.find((x) => x.metric === 'game' && x.subject === game);
      return { game, n: r?.n ?? 0, turnover: r?.inUnits ?? 0, won: r?.outUnits ?? 0 };
    }),
    channels: rows
      .filter((r) => r.metric === 'channel')
      .map((r) => ({ payMode: r.subject, created: r.n, paid: r.inUnits })),
  };
}

function dayOf(day: string, live: boolean, f: DayFigures): DashboardDay {
  return {
    day,
    live,
    deposits: f.deposits,
    new_players: f.newPlayers,
    active_players: f.activePlayers,
    games: f.games,
    ggr: f.games.reduce((s, g) => s + g.turnover - g.won, 0),
  };
}

export interface DashboardService {
  /** The whole dashboard: the rollup's days, today live, RTP, channels, the retrieval queue. */
  overview(locale: Locale): Promise<DashboardResponse>;
  /** One day's figures read from the tables now (what the rollup stores for it). */
  tally(day: string): Promise<DayFigures>;
  /** Writes one day's rollup, replacing what was stored for it. */
  rollupDay(day: string): Promise<void>;
  /**
   * The leader's job: every past day of the window not stored yet, or stored before it settled
   * (SETTLE_MS), is written. Answers the days written.
   */
  refresh(): Promise<string[]>;
}

export function createDashboardService(deps: {
  db: Db;
  clock: Clock;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  transparency: Pick<TransparencyService, 'rtp'>;
}): DashboardService {
  const { db, clock } = deps;

  async function tally(day: string): Promise<DayFigures> {
    const w = dayWindow(day);
    // The ledger's two reads need the day's range of transfer ids; the other tables do not wait for it.
    const ledger = async () => {
      const ids = await repo.transferIds(db, w);
      return Promise.all([repo.kinds(db, w, ids), repo.activePlayers(db, w, ids)]);
    };
    const [[kinds, activePlayers], newPlayers, boxes, upgrades, itemsBySource, channels] = await Promise.all([
      ledger(),
      repo.newPlayers(db, w),
      repo.boxes(db, w),
      repo.upgrades(db, w),
      repo.itemsBySource(db, w, ITEM_SOURCES),
      repo.channels(db, w),
    ]);
    return figuresOf({ kinds, activePlayers, newPlayers, boxes, upgrades, itemsBySource, channels });
  }

  async function rollupDay(day: string): Promise<void> {
    // Read outside the writers' lock (the reads take the time); the replace under it is short.
    const rows = rowsOfFigures(await tally(day));
    const computedAtMs = clock.now();
    await deps.transaction(async (tx) => {
      await repo.lock(tx);
      await repo.replaceDay(tx, day, rows, computedAtMs);
    });
  }

  async function retrievals(nowMs: number): Promise<DashboardResponse['retrievals']> {
    const r = await repo.retrievals(db, nowMs - DAY_MS);
    return {
      by_state: Object.fromEntries(OFFER_STATES.map((s) => [s, r.byState.get(s) ?? 0])) as Record<OfferState, number>,
      oldest_pending_at: r.oldestPendingMs,
      failures_24h: r.failures,
    };
  }

  return {
    tally,
    rollupDay,
    async refresh() {
      const today = chinaDayOf(clock.now());
      const fromDay = shiftDay(today, -DASHBOARD_DAYS);
      const stored = new Map<string, number>();
      for (const r of await repo.rollups(db, fromDay, today)) {
        stored.set(r.day, Math.min(stored.get(r.day) ?? r.computedAtMs, r.computedAtMs));
      }
      const written: string[] = [];
      for (let i = DASHBOARD_DAYS; i >= 1; i--) {
        const day = shiftDay(today, -i);
        const at = stored.get(day);
        if (at !== undefined && at >= dayStartMs(day) + DAY_MS + SETTLE_MS) continue;
        await rollupDay(day);
        written.push(day);
      }
      return written;
    },
    async overview(locale) {
      const nowMs = clock.now();
      const today = chinaDayOf(nowMs);
      const fromDay = shiftDay(today, -DASHBOARD_DAYS);
      const [rows, live, rtp, queue] = await Promise.all([
        repo.rollups(db, fromDay, today),
        tally(today),
        deps.transparency.rtp(locale),
        retrievals(nowMs),
      ]);
      const byDay = new Map<string, RollupRow[]>();
      for (const r of rows) byDay.set(r.day, [...(byDay.get(r.day) ?? []), r]);
      const past = [...byDay].map(([day, own]) => ({ day, figures: figuresOfRows(own) }));
      const channels = new Map<string, DashboardChannel>();
      const channel = (mode: string) => {
        let c = channels.get(mode);
        if (!c) {
          c = { pay_mode: mode, today: { created: 0, paid: 0 }, window: { created: 0, paid: 0 } };
          channels.set(mode, c);
        }
        return c;
      };
      for (const { figures } of past) {
        for (const c of figures.channels) {
          const w = channel(c.payMode).window;
          w.created += c.created;
          w.paid += c.paid;
        }
      }
      for (const c of live.channels) channel(c.payMode).today = { created: c.created, paid: c.paid };
      return {
        computed_at: nowMs,
        from_day: fromDay,
        days: [...past.map((p) => dayOf(p.day, false, p.figures)), dayOf(today, true, live)],
        channels: [...channels.values()].sort((a, b) => a.pay_mode.localeCompare(b.pay_mode)),
        rtp,
        retrievals: queue,
      };
    },
  };
}
