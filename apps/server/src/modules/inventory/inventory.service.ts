import {
  type Disposal,
  type InventoryItem,
  ITEM_STATUS,
  type ItemSource,
  type KnapsackResponse,
  MAX_ITEMS_PER_ACTION,
  type MoneyActionResponse,
  type OfferFailure,
} from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import type { Currency } from '@kaixiang/shared/wallet';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { balancesOf, type Ledger, type LedgerTx } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { inventoryRepo, type ListedItem, USABLE_STATUSES } from './inventory.repo.ts';

/** What a disposal pays and how the ledger names it. */
const DISPOSE = {
  sell: { currency: 'coin', kind: 'item_sell' },
  // Recycling pays mall quota (docs/money-and-items.md "Inventory"): the second way out, spent in the mall.
  recycle: { currency: 'quota', kind: 'item_recycle' },
  auto_sell: { currency: 'coin', kind: 'item_auto_sell' },
} as const satisfies Record<Exclude<Disposal, 'upgrade' | 'roll'>, { currency: Currency; kind: string }>;
export type DisposeMode = keyof typeof DISPOSE;

/** "AK-47 | Redline" → "ak_47_redline": a stable code for an item, from its English name. */
export const codeName = (en: string) =>
  en
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

export function toInventoryItem(r: ListedItem, locale: Locale): InventoryItem {
  const i = r.item;
  return {
    id: i.id,
    item_id: i.itemDefId,
    name: pick(r.names, locale),
    code_name: codeName(r.names.en),
    cost_price: i.priceUnits,
    exter: i.exter,
    // The catalogue's CDN address; the web falls back to /img/items/<id>.svg when it fails to load.
    img: r.image,
    quality: r.quality,
    quality_rate: r.quality,
    status: i.status,
    disposal: (i.disposal as Disposal | null) ?? null,
    source: i.source as ItemSource,
    source_name: i.sourceName,
    created_at: i.createdAt.getTime(),
    retrieve_available_at: i.retrieveAvailableAt?.getTime() ?? null,
    failure: (i.failure as OfferFailure | null) ?? null,
    offer_expires_at:
      i.status === ITEM_STATUS.retrieving && r.offerState === 'pending' ? (r.offerExpiresAt?.getTime() ?? null) : null,
    offer_security_code:
      i.status === ITEM_STATUS.retrieving && r.offerState === 'pending' ? (r.offerSecurityCode ?? null) : null,
  };
}

/** Deduplicates and checks the size of a list of item ids (nothing is locked yet). */
export function checkIds(ids: readonly number[], empty: 'NO_ITEMS_TO_SELL' | 'ITEM_NOT_FOUND'): number[] {
  const unique = [...new Set(ids)].sort((a, b) => a - b);
  if (unique.length === 0) throw new AppError(empty);
  if (unique.length > MAX_ITEMS_PER_ACTION) throw new AppError('TOO_MANY_ITEMS');
  return unique;
}

export interface DisposeResult {
  ids: number[];
  amount: number;
  currency: Currency;
}

/**
 * Sells (coin), recycles (quota) or auto-sells (coin) the player's items inside the caller's
 * ledger transaction: the rows are locked in id order, every one must be the caller's
 * (ITEM_NOT_FOUND) and sellable — normal or retrieval failed — (ITEM_NOT_AVAILABLE), else the
 * error rolls everything back. One transfer from item_buyback pays the sum; its key is made of
 * the item ids, and since a sold item never becomes sellable again, a replay or a double-click
 * finds the items sold and pays nothing. Auto-sale posts one transfer per item
 * (`item_auto_sell:<id>`), as the retention job sells items one by one across runs.
 *
 * Reusable by other modules (the box result dialog, retention) through `sellItems`.
 */
export async function disposeItemsTx(
  lt: LedgerTx,
  userId: number,
  ids: readonly number[],
  mode: DisposeMode,
  opts: { skipUnavailable?: boolean } = {},
): Promise<DisposeResult> {
  const { currency, kind } = DISPOSE[mode];
  const unique = checkIds(ids, 'NO_ITEMS_TO_SELL');
  const locked = await inventoryRepo.lockOwn(lt.tx, userId, unique);
  if (!opts.skipUnavailable && locked.length !== unique.length) throw new AppError('ITEM_NOT_FOUND');
  const usable = locked.filter((r) => USABLE_STATUSES.includes(r.status as never));
  if (usable.length !== locked.length && !opts.skipUnavailable) throw new AppError('ITEM_NOT_AVAILABLE');
  if (usable.length === 0) throw new AppError('NO_ITEMS_TO_SELL');

  const soldIds = usable.map((r) => r.id);
  await inventoryRepo.update(lt.tx, soldIds, { status: ITEM_STATUS.sold, disposal: mode, updatedAt: lt.now });
  const names = await inventoryRepo.names(
    lt.tx,
    usable.map((r) => r.itemDefId),
  );
  const memoOf = (rows: typeof usable) => {
    const first = names.get(rows[0]?.itemDefId ?? -1) ?? '';
    return rows.length > 1 ? `${first} 等${rows.length}件` : first;
  };
  const post = async (key: string, rows: typeof usable) => {
    const amount = rows.reduce((s, r) => s + r.priceUnits, 0);
    if (!Number.isSafeInteger(amount)) throw new RangeError(`item sum ${amount} is not a safe integer`);
    if (amount === 0) return 0;
    const posted = await lt.post({
      kind,
      key,
      currency,
      memo: memoOf(rows),
      legs: [
        { account: { userId }, amount },
        { account: { house: 'item_buyback' }, amount: -amount },
      ],
    });
    // Unreachable while the status check holds (the key's items were sellable a moment ago);
    // refusing here keeps "items marked sold but nothing paid" from ever committing.
    if (posted.duplicate) throw new AppError('ITEM_NOT_AVAILABLE');
    return amount;
  };

  let amount = 0;
  if (mode === 'auto_sell') {
    for (const r of usable) amount += await post(`item_auto_sell:${r.id}`, [r]);
  } else {
    amount = await post(`${kind}:${soldIds.join(',')}`, usable);
  }
  return { ids: soldIds, amount, currency };
}

export interface InventoryDeps {
  db: Db;
  ledger: Ledger;
}

export function createInventoryService(deps: InventoryDeps) {
  const { db, ledger } = deps;

  async function dispose(
    userId: number,
    ids: readonly number[],
    mode: DisposeMode,
    opts: { skipUnavailable?: boolean } = {},
  ): Promise<MoneyActionResponse> {
    return ledger.transaction(async (lt) => {
      const r = await disposeItemsTx(lt, userId, ids, mode, opts);
      const balances = await balancesOf(lt.tx, userId);
      return { ids: r.ids, amount: r.amount, money: balances.coin, mall_quota: balances.quota };
    });
  }

  return {
    async knapsack(
      userId: number,
      q: {
        page: number;
        page_size: number;
        status?: number[] | undefined;
        quality?: number | undefined;
        keyword?: string | undefined;
        sort: 'time_desc' | 'time_asc' | 'price_desc' | 'price_asc';
      },
      locale: Locale,
    ): Promise<KnapsackResponse> {
      const statuses = q.status?.length
        ? q.status
        : [ITEM_STATUS.normal, ITEM_STATUS.retrieving, ITEM_STATUS.retrieveFailed, ITEM_STATUS.locked];
      const [{ rows, total }, totalPrice] = await Promise.all([
        inventoryRepo.list(db, {
          userId,
          statuses,
          quality: q.quality,
          keyword: q.keyword,
          locale,
          sort: q.sort,
          limit: q.page_size,
          offset: (q.page - 1) * q.page_size,
        }),
        inventoryRepo.normalTotal(db, userId),
      ]);
      return { list: rows.map((r) => toInventoryItem(r, locale)), total, total_price: totalPrice };
    },

    async warehouseLog(userId: number, q: { page: number; page_size: number }, locale: Locale) {
      const { rows, total } = await inventoryRepo.list(db, {
        userId,
        statuses: null,
        locale,
        sort: 'time_desc',
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { list: rows.map((r) => toInventoryItem(r, locale)), total };
    },

    /** Sells for coins at the items' prices (one transaction, one transfer). */
    sellItems: (userId: number, ids: readonly number[]) => dispose(userId, ids, 'sell'),
    /** Recycles into mall quota at the items' prices. */
    recycleItems: (userId: number, ids: readonly number[]) => dispose(userId, ids, 'recycle'),

    /**
     * "Sell all": the listed items (all must be sellable), or without a list every normal item,
     * MAX_ITEMS_PER_ACTION per transaction. Items that changed meanwhile are skipped, not refused.
     */
    async convert(userId: number, ids: readonly number[] | undefined): Promise<MoneyActionResponse> {
      if (ids) return dispose(userId, ids, 'sell');
      const out: MoneyActionResponse = { ids: [], amount: 0, money: 0, mall_quota: 0 };
      let afterId = 0;
      for (;;) {
        const batch = await inventoryRepo.normalIds(db, userId, MAX_ITEMS_PER_ACTION, afterId);
        if (batch.length === 0) break;
        afterId = batch[batch.length - 1] as number;
        try {
          const r = await dispose(userId, batch, 'sell', { skipUnavailable: true });
          out.ids.push(...r.ids);
          out.amount += r.amount;
          out.money = r.money;
          out.mall_quota = r.mall_quota;
        } catch (e) {
          // The whole batch went elsewhere meanwhile (sold, retrieved): nothing to do for it.
          if (!(e instanceof AppError && e.key === 'NO_ITEMS_TO_SELL')) throw e;
        }
      }
      if (out.ids.length === 0) throw new AppError('NO_ITEMS_TO_SELL');
      return out;
    },
  };
}

export type InventoryService = ReturnType<typeof createInventoryService>;
