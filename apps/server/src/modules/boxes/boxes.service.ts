import { rollBox } from '@kaixiang/game/fair';
import { luckyRolls } from '@kaixiang/game/lucky';
import {
  BOX_TICKETS,
  type BoxCard,
  type BoxListResponse,
  type ContainsResponse,
  OPEN_COUNTS,
  type OpenBoxResponse,
  type OpenedItem,
  REQUEST_ID_PATTERN,
} from '@kaixiang/shared/boxes';
import type { Locale } from '@kaixiang/shared/locale';
import type { LuckyMark } from '@kaixiang/shared/lucky';
import { jewelryRarity } from '@kaixiang/shared/site';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  type BoxContentRow,
  boxCategories,
  boxes,
  boxOpenRequests,
  boxVersions,
  fairSeeds,
} from '../../db/schema/boxes.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings } from '../../db/schema/games.ts';
import { luckyPlayers } from '../../db/schema/lucky.ts';
import { sqlStateOf } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import type { DeferredNonce } from '../../http/signature.ts';
import type { Clock } from '../../infra/clock.ts';
import { createKeyedQueue } from '../../infra/keyed-queue.ts';
import { balancesOf, type Ledger, SQLSTATE_INSUFFICIENT } from '../ledger/ledger.ts';
import type { LuckyWindows } from '../lucky/lucky-windows.ts';
import type { SiteService } from '../site/site.service.ts';
import { pick } from '../site/site.service.ts';
import { createBoxHistory, type OpeningFacts, proof, type SeedFacts } from './boxes.history.ts';
import { boxesRepo, type OpenBoxJson, type OpenBoxRow, SQLSTATE_TWIN_POSTED } from './boxes.repo.ts';
import { createSeedCache, createSeedViews, lockActiveSeed, readActiveSeed, type SeedState } from './fair-seeds.ts';
import { type ItemInfo, itemFacts } from './items.ts';

/** A win at or above this price is a big win (reward_history_type 2; setting `big_win_units`). */
export const DEFAULT_BIG_WIN_UNITS = 1_000_000;
/** Wins of this quality or better go to the tickers (Restricted and up). */
export const TICKER_MIN_QUALITY = 3;
/** Box openings shown on the tickers carry this game_type. */
export const BOX_GAME_TYPE = 1;
/**
 * Wins reach the tickers only after the opener's reel has landed (5 s spin + a margin), so the
 * ticker never gives the result away while the reel is still turning.
 */
export const TICKER_DELAY_MS = 6_000;
const CACHE_MS = 5_000;

interface BoxState {
  id: number;
  categoryId: number;
  names: { zhCn: string; zhTw: string; en: string };
  image: string;
  fallbackImage: string;
  priceUnits: number;
  rtpBp: number;
  version: number;
  onSale: boolean;
  sort: number;
  contents: BoxContentRow[];
  oddsHash: string;
}

export interface BoxesDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  site: SiteService;
  bigWinUnits?: number;
  /** Each statement of openings sent, by size (the kx_box_open_batch_size histogram). */
  onOpenBatch?: (size: number) => void;
  /** Defaults to TICKER_DELAY_MS. */
  tickerDelayMs?: number;
  /** The lucky player's windows (modules/lucky): while one runs, each opened box also rolls for it. */
  lucky?: Pick<LuckyWindows, 'at'>;
}

/**
 * Boxes and provably fair opening (spec 1 §7 Box; ARCHITECTURE.md §Fairness). An opening is one
 * ledger transaction: the debit (idempotent by the client's request id), the rolls from the
 * player's active seed pair, the nonce advance, the items granted and the rows that record them.
 */
/** Pays for a funded opening inside its transaction (see openFunded). */
export type BoxFunding = (tx: Tx, priceUnits: number, now: Date) => Promise<void>;

export function createBoxesService(deps: BoxesDeps) {
  const { db, clock, ledger, site } = deps;
  const bigWin = deps.bigWinUnits ?? DEFAULT_BIG_WIN_UNITS;

  // Catalogue and boxes change only on a seed; a short per-process cache keeps openings off them.
  let itemCache: { at: number; map: Map<number, ItemInfo> } | null = null;
  let boxCache: { at: number; boxes: Map<number, BoxState>; categories: (typeof boxCategories.$inferSelect)[] } | null =
    null;
  const versionCache = new Map<string, { contents: BoxContentRow[]; oddsHash: string; rtpBp: number }>();
  // One player's openings run one after another in this process: they share one seed pair.
  const openQueue = createKeyedQueue();
  const seeds = createSeedCache();
  const openStatement = boxesRepo.openOn(db, deps.onOpenBatch);
  const history = createBoxHistory({ db, items, boxNames: async () => (await allBoxes()).boxes });
  const seedViews = createSeedViews({
    db,
    transaction: (fn) => ledger.transaction(({ tx, now }) => fn(tx, now)),
    cache: seeds,
  });

  async function items(): Promise<Map<number, ItemInfo>> {
    if (itemCache && clock.now() - itemCache.at < 60_000) return itemCache.map;
    const rows = await db
      .select({
        id: itemDefs.id,
        zhCn: itemDefs.nameZhCn,
        zhTw: itemDefs.nameZhTw,
        en: itemDefs.nameEn,
        image: itemDefs.image,
        quality: itemDefs.quality,
      })
      .from(itemDefs);
    const map = new Map<number, ItemInfo>();
    for (const r of rows) map.set(r.id, { names: r, image: r.image, quality: r.quality });
    itemCache = { at: clock.now(), map };
    return map;
  }

  async function allBoxes() {
    if (boxCache && clock.now() - boxCache.at < CACHE_MS) return boxCache;
    const [rows, versions, categories] = await Promise.all([
      db.select().from(boxes).orderBy(asc(boxes.sort), asc(boxes.id)),
      db
        .select()
        .from(boxVersions)
        .innerJoin(boxes, and(eq(boxes.id, boxVersions.boxId), eq(boxes.version, boxVersions.version))),
      db.select().from(boxCategories).orderBy(asc(boxCategories.sort)),
    ]);
    const byBox = new Map(versions.map((v) => [v.box_versions.boxId, v.box_versions]));
    const map = new Map<number, BoxState>();
    for (const b of rows) {
      const v = byBox.get(b.id);
      if (!v) continue;
      map.set(b.id, {
        id: b.id,
        categoryId: b.categoryId,
        names: { zhCn: b.nameZhCn, zhTw: b.nameZhTw, en: b.nameEn },
        image: b.image,
        fallbackImage: b.fallbackImage,
        priceUnits: v.priceUnits,
        rtpBp: v.rtpBp,
        version: v.version,
        onSale: b.onSale,
        sort: b.sort,
        contents: v.contents,
        oddsHash: v.oddsHash,
      });
    }
    boxCache = { at: clock.now(), boxes: map, categories };
    return boxCache;
  }

  async function boxOrThrow(boxId: number): Promise<BoxState> {
    const box = (await allBoxes()).boxes.get(boxId);
    if (!box?.onSale) throw new AppError('BOX_NOT_FOUND');
    return box;
  }

  const card = (b: BoxState, locale: Locale): BoxCard => ({
    box_id: b.id,
    name: pick(b.names, locale),
    img: b.image,
    fallback_img: b.fallbackImage,
    price: b.priceUnits,
    category_id: b.categoryId,
    rtp_bp: b.rtpBp,
    version: b.version,
  });

  const isNotable = (w: OpenedItem) => w.quality >= TICKER_MIN_QUALITY || w.cost_price >= bigWin;

  async function rewardsAfterCommit(userId: number, box: BoxState, notable: OpenedItem[]) {
    const info = await items();
    await site.recordRewards(
      notable.map((w) => ({
        userId,
        gameType: BOX_GAME_TYPE,
        rewardHistoryType: w.cost_price >= bigWin ? 2 : 1,
        jewelryRarity: jewelryRarity(w.quality),
        itemDefId: w.item_id,
        itemImg: w.img,
        // The catalogue's names are what viewers see (each in their own language); this is the fallback.
        itemName: info.get(w.item_id)?.names.zhCn ?? w.name,
        itemPriceUnits: w.cost_price,
        boxImg: box.image,
      })),
    );
  }

  /** Rebuilds the response of an opening that already happened (a replayed request id). */
  async function replay(userId: number, requestId: string, boxId: number, n: number, locale: Locale) {
    const [req] = await db
      .select()
      .from(boxOpenRequests)
      .where(and(eq(boxOpenRequests.userId, userId), eq(boxOpenRequests.requestId, requestId)));
    if (!req) throw new AppError('REQUEST_ID_REUSED');
    if (req.boxId !== boxId || req.count !== n) throw new AppError('REQUEST_ID_REUSED');
    const rows = await db
      .select()
      .from(boxOpenings)
      .innerJoin(fairSeeds, eq(fairSeeds.id, boxOpenings.seedId))
      .where(eq(boxOpenings.requestRowId, req.id))
      .orderBy(asc(boxOpenings.id));
    const paid = rows.some((r) => r.box_openings.luckyRoll === 0)
      ? await db
          .select({ openingId: luckyPlayers.openingId, award: luckyPlayers.awardUnits })
          .from(luckyPlayers)
          .where(eq(luckyPlayers.requestRowId, req.id))
      : [];
    const awards = new Map(paid.map((p) => [p.openingId, p.award]));
    const info = await items();
    const balance = (await balancesOf(db, userId)).coin;
    return {
      opening_id: req.id,
      box_id: req.boxId,
      total_price: req.totalPriceUnits,
      money: balance,
      items: rows.map((r) => {
        const o = r.box_openings;
        const lucky = o.luckyRoll === null ? undefined : { roll: o.luckyRoll, award: awards.get(o.id) ?? 0 };
        return opened(o, r.fair_seeds, info, locale, lucky);
      }),
    } satisfies OpenBoxResponse;
  }

  function opened(
    o: OpeningFacts,
    seed: SeedFacts,
    info: Map<number, ItemInfo>,
    locale: Locale,
    lucky?: LuckyMark,
  ): OpenedItem {
    const item = info.get(o.itemDefId);
    return {
      id: o.userItemId ?? 0,
      item_id: o.itemDefId,
      ...itemFacts(item, locale),
      exter: o.exter,
      cost_price: o.priceUnits,
      roll: proof(o, seed),
      ...(lucky ? { lucky } : {}),
    };
  }

  /**
   * One opening in one statement (kx_open_box, db/functions/boxes.sql): roll from the player's
   * active seed pair as this process last saw it; the statement records the opening only if the
   * pair has not moved since. When it has (the same player opening on another process, a rotation
   * elsewhere), wait for the pair under its row lock and roll from that: a plain second read could
   * lose to the other process's next opening again and again. Null when the request id was opened
   * before (the caller replays it).
   */
  async function openOnce(
    userId: number,
    requestId: string,
    box: BoxState,
    count: number,
    info: Map<number, ItemInfo>,
    locale: Locale,
    signNonce: DeferredNonce | undefined,
    fund?: BoxFunding,
  ): Promise<OpenBoxResponse | null> {
    const now = new Date(clock.now());
    // Outside a lucky window this is a look at a short list in memory, and nothing is rolled.
    const luckyWindow = deps.lucky ? await deps.lucky.at(now.getTime()) : null;
    // A funded opening goes straight to the transaction: the funding and the opening commit together.
    let out = fund
      ? ('stale_seed' as const)
      : await record(db, seeds.get(userId) ?? (await readActiveSeed(db, userId, now)), now);
    if (out === 'stale_seed') {
      seeds.forget(userId);
      out = await ledger.transaction(async ({ tx, now }) => {
        if (fund) await fund(tx, box.priceUnits * count, now);
        const locked = await lockActiveSeed(tx, userId, now);
        const r = await record(tx, locked, now);
        if (r === 'stale_seed') throw new Error('the seed pair moved under its own row lock');
        return r;
      });
    }
    if (out === 'duplicate') return null;
    // Kept in the request row (or found there or among refusals): nothing left for the HTTP layer.
    signNonce?.settle();
    if (out === 'replayed') throw new AppError('SIGNATURE_REPLAYED');
    if (out === 'insufficient') throw new AppError('INSUFFICIENT_BALANCE');
    seeds.set(userId, { ...out.seed, nonce: out.seed.nonce + count });
    // The answer carries the balance; the push (other tabs, the header) does not hold it up.
    void ledger.pushBalances([userId]).catch(() => undefined);
    return out.response;

    async function record(on: Db | Tx, seed: SeedState, now: Date) {
      const rolls = Array.from({ length: count }, (_, i) => {
        const nonce = seed.nonce + i;
        const roll = rollBox({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce }, box.contents);
        const entry = box.contents[roll.index];
        if (!entry) throw new Error(`roll index ${roll.index} outside box ${box.id}`);
        return { nonce, ticket: roll.ticket, entry };
      });
      // The lucky slot of each box: its own messages ("lucky:…"), so the items above are unchanged.
      const lucky = luckyRolls(seed, count, luckyWindow !== null);
      let row: OpenBoxJson;
      try {
        // On the pool, the prepared statement; in the retry's transaction, the same call inline.
        const write = on === db ? openStatement : (o: OpenBoxRow) => boxesRepo.open(on, o);
        row = await write({
          userId,
          requestId,
          box,
          memo: box.names.zhCn,
          sourceName: pick(box.names, locale),
          now,
          seed,
          rolls,
          signNonce: signNonce ?? null,
          lucky:
            luckyWindow && lucky
              ? { windowId: luckyWindow.id, awardUnits: luckyWindow.awardUnits, rolls: lucky }
              : null,
        });
      } catch (e) {
        seeds.forget(userId);
        if (sqlStateOf(e) === SQLSTATE_INSUFFICIENT) throw new AppError('INSUFFICIENT_BALANCE');
        if (sqlStateOf(e) === SQLSTATE_TWIN_POSTED) return 'duplicate' as const;
        throw e;
      }
      if (row.status !== 'ok') return row.status;
      const response: OpenBoxResponse = {
        opening_id: row.request_row_id,
        box_id: box.id,
        total_price: box.priceUnits * count,
        money: row.balance,
        items: rolls.map((r, i) =>
          opened(
            {
              itemDefId: r.entry.itemId,
              exter: r.entry.exter,
              priceUnits: r.entry.priceUnits,
              userItemId: row.item_ids[i] ?? null,
              nonce: r.nonce,
              clientSeed: seed.clientSeed,
              oddsHash: box.oddsHash,
              boxVersion: box.version,
              ticket: r.ticket,
            },
            { ...seed, revealedAt: null },
            info,
            locale,
            luckyWindow && lucky
              ? { roll: lucky[i] ?? 0, award: row.lucky.includes(i) ? luckyWindow.awardUnits : 0 }
              : undefined,
          ),
        ),
      };
      return { seed, response };
    }
  }

  return {
    /**
     * What a shared game (battles) needs of a box on sale: its card, current price and odds table
     * with a price per entry. BOX_NOT_FOUND for a box not on sale.
     */
    async forGame(boxId: number, locale: Locale) {
      const box = await boxOrThrow(boxId);
      return {
        card: card(box, locale),
        boxId: box.id,
        /** The odds table's version (a battle publishes it with its rolls, as box openings do). */
        version: box.version,
        price: box.priceUnits,
        total: BOX_TICKETS,
        entries: box.contents.map(({ itemId, exter, tickets }) => ({ itemId, exter, tickets })),
        prices: box.contents.map((c) => c.priceUnits),
      };
    },

    /** Catalogue names, images and qualities by item id (cached a minute). */
    items,

    async list(locale: Locale): Promise<BoxListResponse> {
      const { boxes: all, categories } = await allBoxes();
      const open = [...all.values()].filter((b) => b.onSale);
      return {
        categories: categories
          .map((c) => ({
            category_id: c.id,
            name: pick({ zhCn: c.nameZhCn, zhTw: c.nameZhTw, en: c.nameEn }, locale),
            boxes: open.filter((b) => b.categoryId === c.id).map((b) => card(b, locale)),
          }))
          .filter((c) => c.boxes.length > 0),
      };
    },

    async info(boxId: number, locale: Locale) {
      return { box: card(await boxOrThrow(boxId), locale) };
    },

    async contains(boxId: number, version: number | undefined, locale: Locale): Promise<ContainsResponse> {
      const box = (await allBoxes()).boxes.get(boxId);
      if (!box) throw new AppError('BOX_NOT_FOUND');
      let v = { contents: box.contents, oddsHash: box.oddsHash, rtpBp: box.rtpBp, version: box.version };
      if (version !== undefined && version !== box.version) {
        const key = `${boxId}/${version}`;
        let past = versionCache.get(key);
        if (!past) {
          const [row] = await db
            .select()
            .from(boxVersions)
            .where(and(eq(boxVersions.boxId, boxId), eq(boxVersions.version, version)));
          if (!row) throw new AppError('BOX_NOT_FOUND');
          past = { contents: row.contents, oddsHash: row.oddsHash, rtpBp: row.rtpBp };
          versionCache.set(key, past);
        }
        v = { ...past, version };
      }
      const info = await items();
      let from = 0;
      return {
        box_id: boxId,
        version: v.version,
        ticket_total: BOX_TICKETS,
        odds_hash: v.oddsHash,
        rtp_bp: v.rtpBp,
        items: v.contents.map((c) => {
          const item = info.get(c.itemId);
          const entry = {
            item_id: c.itemId,
            ...itemFacts(item, locale),
            exter: c.exter,
            cost_price: c.priceUnits,
            tickets: c.tickets,
            ticket_from: from,
            ticket_to: from + c.tickets,
          };
          from += c.tickets;
          return entry;
        }),
      };
    },

    /**
     * `signNonce`: the request signature's nonce the HTTP layer left to this opening's statement
     * (http/signature.ts, deferred nonces); absent for a caller outside HTTP.
     */
    async open(
      userId: number,
      input: { box_id: number; count: number; request_id: string },
      locale: Locale,
      signNonce?: DeferredNonce,
    ): Promise<OpenBoxResponse> {
      if (!(OPEN_COUNTS as readonly number[]).includes(input.count)) throw new AppError('OPEN_COUNT_INVALID');
      if (!REQUEST_ID_PATTERN.test(input.request_id)) {
        throw new AppError('VALIDATION_FAILED', {
          details: [{ path: 'request_id', message: 'request_id: 8-64 letters, digits, _ or -' }],
        });
      }
      const box = await boxOrThrow(input.box_id);
      const info = await items();
      const result = await openQueue(userId, () =>
        openOnce(userId, input.request_id, box, input.count, info, locale, signNonce),
      );
      if (result === null) return replay(userId, input.request_id, input.box_id, input.count, locale);
      // The tickers are a courtesy: a failure there must not turn a committed opening into an error.
      // Most wins are not notable: no timer for them.
      const notable = result.items.filter(isNotable);
      if (notable.length === 0) return result;
      const announce = () => rewardsAfterCommit(userId, box, notable).catch(() => undefined);
      const delay = deps.tickerDelayMs ?? TICKER_DELAY_MS;
      if (delay <= 0) await announce();
      else setTimeout(announce, delay).unref();
      return result;
    },

    /**
     * One box opened for the player and paid by someone else (the free boxes): `fund` runs first
     * in the opening's own transaction (it writes its claim and posts the funding transfer to the
     * player), then the opening (kx_open_box) debits the player as usual, so the ledger shows both
     * and a refused claim rolls the opening back. Null when the request id was opened before.
     */
    async openFunded(
      userId: number,
      input: { box_id: number; request_id: string },
      locale: Locale,
      fund: BoxFunding,
    ): Promise<OpenBoxResponse | null> {
      const box = await boxOrThrow(input.box_id);
      const info = await items();
      return openQueue(userId, () => openOnce(userId, input.request_id, box, 1, info, locale, undefined, fund));
    },

    ...history,
    ...seedViews,

    /** For tests and tools: forget the cached boxes (after a re-seed). */
    invalidate() {
      boxCache = null;
      itemCache = null;
    },
  };
}

export type BoxesService = ReturnType<typeof createBoxesService>;
