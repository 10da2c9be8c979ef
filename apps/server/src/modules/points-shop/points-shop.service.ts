import type { Locale } from '@kaixiang/shared/locale';
import type {
  PointsShopBuyRequest,
  PointsShopBuyResponse,
  PointsShopEntry,
  PointsShopKind,
  PointsShopLimitPeriod,
  PointsShopListResponse,
  PointsShopPurchase,
  PointsShopRecordsResponse,
  PointsShopState,
} from '@kaixiang/shared/points-shop';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { grantBagsInTx } from '../bags/bags.grants.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { chinaDayOf } from '../promotion/china-day.ts';
import { pick } from '../site/site.service.ts';
import { checkRequestId } from '../wallet/wallet.service.ts';
import {
  type BuyJson,
  type CountRow,
  type EntryRow,
  type PurchaseWithEntry,
  pointsShopRepo,
} from './points-shop.repo.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The points shop: tests drive it. */
    pointsShop: PointsShopService;
  }
}

export interface PointsShopDeps {
  db: Db;
  clock: Clock;
  ledger: Pick<Ledger, 'pushBalances'>;
  transaction: <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
  /** After bags were bought: tell the player's tabs (the bag icon). */
  onBags: (userId: number) => Promise<void>;
}

/** The refusals of kx_points_shop_buy, as the player reads them. */
const REFUSALS = {
  not_found: 'POINTS_SHOP_ENTRY_NOT_FOUND',
  not_started: 'POINTS_SHOP_NOT_STARTED',
  ended: 'POINTS_SHOP_ENDED',
  price_changed: 'POINTS_SHOP_PRICE_CHANGED',
  sold_out: 'POINTS_SHOP_SOLD_OUT',
  limit: 'POINTS_SHOP_LIMIT_REACHED',
  short: 'POINTS_SHOP_POINTS_SHORT',
} as const;

export const entryName = (e: Pick<EntryRow, 'nameZhCn' | 'nameZhTw' | 'nameEn'>, locale: Locale) =>
  pick({ zhCn: e.nameZhCn, zhTw: e.nameZhTw, en: e.nameEn }, locale);

/** Where an entry stands at `nowMs`: the window first, then the stock. */
export function entryState(e: EntryRow, nowMs: number): PointsShopState {
  if (e.endsAt && nowMs >= e.endsAt.getTime()) return 'ended';
  if (e.startsAt && nowMs < e.startsAt.getTime()) return 'upcoming';
  if (e.stock === 0) return 'sold_out';
  return 'on';
}

/** A player's purchases of an entry in its limit's current period. */
export function boughtInPeriod(c: CountRow | undefined, period: string, day: string): number {
  if (!c) return 0;
  return period === 'ever' ? c.total : c.day === day ? c.dayCount : 0;
}

/** What an entry gives, as the player's screens show it. */
function goodsOf(e: EntryRow, image: string | null, quality: number | null, locale: Locale) {
  return {
    kind: e.kind as PointsShopKind,
    name: entryName(e, locale),
    img: image ?? '',
    item_id: e.itemDefId,
    exter: e.exter,
    quality: e.kind === 'item' ? quality : null,
    coin: e.coinUnits,
    bag_campaign_id: e.bagCampaignId,
    bag_count: e.bagCount,
  };
}

/**
 * The points shop (积分商城, issue 22; docs/promotions/points-shop.md): entries on show with the
 * player's points and limits, buying one (kx_points_shop_buy: one statement, or one transaction
 * with the bags of a bag entry), and the player's purchases.
 */
export function createPointsShopService(deps: PointsShopDeps) {
  const { db, clock } = deps;
  // An entry's kind never changes: whether a purchase needs a transaction around the statement (a
  // bag entry's bags are given beside it) is known without reading the entry again.
  const kinds = new Map<number, string>();

  async function kindOf(entryId: number): Promise<string> {
    const known = kinds.get(entryId);
    if (known) return known;
    const e = await pointsShopRepo.entry(db, entryId);
    if (!e) throw new AppError('POINTS_SHOP_ENTRY_NOT_FOUND');
    kinds.set(entryId, e.kind);
    return e.kind;
  }

  async function purchaseView(purchaseId: number, locale: Locale): Promise<PointsShopPurchase> {
    const row = await pointsShopRepo.purchaseWithEntry(db, purchaseId);
    if (!row) throw new Error(`points shop purchase ${purchaseId} vanished`);
    return toPurchase(row, locale);
  }

  function toPurchase(r: PurchaseWithEntry, locale: Locale): PointsShopPurchase {
    return {
      id: r.p.id,
      entry_id: r.p.entryId,
      ...goodsOf(r.e, r.image, r.quality, locale),
      coin: r.p.coinUnits,
      bag_count: r.p.bagCount,
      price: r.p.pricePoints,
      user_item_id: r.p.userItemId,
      created_at: r.p.createdAt.getTime(),
    };
  }

  /** A retried request: the purchase it made, if it was this entry's. */
  async function replay(userId: number, input: PointsShopBuyRequest, locale: Locale): Promise<PointsShopBuyResponse> {
    const p = await pointsShopRepo.purchaseByRequest(db, userId, input.request_id);
    if (!p || p.entryId !== input.entry_id) throw new AppError('REQUEST_ID_REUSED');
    const balances = await balancesOf(db, userId);
    return { purchase: await purchaseView(p.id, locale), points: balances.point, money: balances.coin };
  }

  return {
    async list(userId: number | null, locale: Locale): Promise<PointsShopListResponse> {
      const nowMs = clock.now();
      const day = chinaDayOf(nowMs);
      const [rows, counts, balances] = await Promise.all([
        pointsShopRepo.entries(db, true),
        userId === null ? Promise.resolve(new Map<number, CountRow>()) : pointsShopRepo.counts(db, userId),
        userId === null ? Promise.resolve(null) : balancesOf(db, userId),
      ]);
      const list: PointsShopEntry[] = rows.map(({ e, image, quality }) => {
        const bought = boughtInPeriod(counts.get(e.id), e.limitPeriod, day);
        return {
          id: e.id,
          ...goodsOf(e, image, quality, locale),
          worth: e.worthUnits,
          price: e.pricePoints,
          stock: e.stock,
          limit: e.limitCount,
          limit_period: e.limitPeriod as PointsShopLimitPeriod,
          bought,
          remaining: e.limitCount === null ? null : Math.max(0, e.limitCount - bought),
          starts_at: e.startsAt?.getTime() ?? null,
          ends_at: e.endsAt?.getTime() ?? null,
          state: entryState(e, nowMs),
        };
      });
      return { points: balances?.point ?? null, server_time: nowMs, list };
    },

    /**
     * Buys one unit of an entry for `input.price` points (the price the player confirmed). An item
     * or coin entry is the one statement alone; a bag entry runs it and gives the bags in one
     * transaction. A refusal changes nothing and is answered in the player's language.
     */
    async buy(userId: number, input: PointsShopBuyRequest, locale: Locale): Promise<PointsShopBuyResponse> {
      checkRequestId(input.request_id);
      const kind = await kindOf(input.entry_id);
      const nowMs = clock.now();
      const w = {
        userId,
        entryId: input.entry_id,
        price: input.price,
        requestId: input.request_id,
        day: chinaDayOf(nowMs),
        now: new Date(nowMs),
      };
      let out: BuyJson;
      if (kind === 'bag') {
        out = await deps.transaction(async (tx) => {
          const r = await pointsShopRepo.buy(tx, w);
          if (r.status !== 'ok') return r;
          const { bag_campaign_id: campaignId, bag_count: count } = r;
          if (!campaignId || !count) throw new Error(`bag purchase ${r.purchase_id} names no bags`);
          const given = await grantBagsInTx(
            tx,
            {
              userId,
              campaignId,
              source: 'points_shop',
              key: `points_shop:${r.purchase_id}`,
              count,
            },
            w.now,
          );
          if (given !== count) throw new Error(`bag purchase ${r.purchase_id} gave ${given} of ${count}`);
          return r;
        });
      } else {
        out = await pointsShopRepo.buy(db, w);
      }
      if (out.status === 'duplicate') return replay(userId, input, locale);
      if (out.status !== 'ok') throw new AppError(REFUSALS[out.status]);
      if (out.kind === 'coin') await deps.ledger.pushBalances([userId]);
      if (out.kind === 'bag') await deps.onBags(userId);
      return { purchase: await purchaseView(out.purchase_id, locale), points: out.points, money: out.money };
    },

    async records(
      userId: number,
      q: { page: number; page_size: number },
      locale: Locale,
    ): Promise<PointsShopRecordsResponse> {
      const { rows, total } = await pointsShopRepo.purchases(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { list: rows.map((r) => toPurchase(r, locale)), total };
    },
  };
}

export type PointsShopService = ReturnType<typeof createPointsShopService>;
