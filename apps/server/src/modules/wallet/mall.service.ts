import type { warehouseLogResponse } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import type { MallItem } from '@kaixiang/shared/wallet';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { priceBookOf } from '../catalogue/item-prices.ts';
import { toInventoryItem } from '../inventory/inventory.service.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { pick } from '../site/site.service.ts';
import { type MallProduct, mallRepo } from './mall.repo.ts';
import { checkRequestId } from './wallet.service.ts';

/** source_name of an item bought in the mall (the warehouse log's "box name" column). */
export const MALL_SOURCE_NAME = '商城';

export interface MallDeps {
  db: Db;
  ledger: Ledger;
}

/**
 * What a bought item is worth when sold, recycled or auto-sold: its price in its grade
 * (catalogue/item-prices.ts), and never more than the mall price paid, so buying and selling again cannot make money
 * (quota and coins are 1:1). Decided at purchase, like a box item's price.
 */
export function mallItemWorthUnits(p: Pick<MallProduct, 'm' | 'quality' | 'weaponClass' | 'setPriceUnits'>): number {
  const prices = priceBookOf(
    p.setPriceUnits === null ? [] : [{ itemDefId: p.m.itemDefId, exter: p.m.exter, priceUnits: p.setPriceUnits }],
  );
  const worth = prices.unitsOf({ id: p.m.itemDefId, quality: p.quality, weaponClass: p.weaponClass }, p.m.exter);
  return Math.min(worth, p.m.priceUnits);
}

const names = (p: { zhCn: string; zhTw: string; en: string }) => ({ zhCn: p.zhCn, zhTw: p.zhTw, en: p.en });

/** The mall (spec 1 §7 Mall): catalogue items for mall quota, delivered to the inventory. */
export function createMallService(deps: MallDeps) {
  const { db, ledger } = deps;

  const card = (p: Omit<MallProduct, 'setPriceUnits'>, locale: Locale): MallItem => ({
    mall_item_id: p.m.id,
    item_id: p.m.itemDefId,
    name: pick(names(p), locale),
    img: p.image,
    quality: p.quality,
    exter: p.m.exter,
    price: p.m.priceUnits,
    stock: p.m.stock,
  });

  async function replay(userId: number, requestId: string, mallItemId: number) {
    const order = await mallRepo.orderByRequest(db, userId, requestId);
    if (!order || order.mallItemId !== mallItemId) throw new AppError('REQUEST_ID_REUSED');
    return { user_item_id: order.userItemId, mall_quota: (await balancesOf(db, userId)).quota };
  }

  return {
    async list(locale: Locale) {
      // Sold-out products stay listed (stock 0) so the page can say so.
      return { list: (await mallRepo.onSale(db)).map((p) => card(p, locale)) };
    },

    /**
     * One ledger transaction: the quota debit (idempotent by the client's request id), one unit
     * of stock, the inventory item and the order. Any refusal rolls back all of it.
     */
    async buy(userId: number, input: { mall_item_id: number; request_id: string }) {
      checkRequestId(input.request_id);
      // A replay is answered before the product is looked at: it may have sold out since.
      if (await mallRepo.orderByRequest(db, userId, input.request_id)) {
        return replay(userId, input.request_id, input.mall_item_id);
      }
      const p = await mallRepo.product(db, input.mall_item_id);
      if (!p?.m.onSale) throw new AppError('MALL_ITEM_NOT_FOUND');
      if (p.m.stock === 0) throw new AppError('MALL_SOLD_OUT');
      const price = p.m.priceUnits;
      const worth = mallItemWorthUnits(p);

      const result = await ledger.transaction(async ({ tx, now, post }) => {
        const posted = await post(
          {
            kind: 'mall_buy',
            key: `mall_buy:${userId}:${input.request_id}`,
            currency: 'quota',
            memo: p.zhCn,
            legs: [
              { account: { userId }, amount: -price },
              { account: { house: 'mall_revenue' }, amount: price },
            ],
          },
          'QUOTA_INSUFFICIENT',
        );
        if (posted.duplicate) return null;
        const orderId = await mallRepo.nextOrderId(tx);
        const userItemId = await mallRepo.insertItem(tx, {
          userId,
          itemDefId: p.m.itemDefId,
          exter: p.m.exter,
          priceUnits: worth,
          source: 'mall',
          sourceId: orderId,
          sourceName: MALL_SOURCE_NAME,
          createdAt: now,
          updatedAt: now,
        });
        // The product row is the one every buyer shares: lock it last, for the shortest time.
        if (p.m.stock !== null && !(await mallRepo.takeStock(tx, p.m.id))) throw new AppError('MALL_SOLD_OUT');
        await mallRepo.insertOrder(tx, {
          id: orderId,
          userId,
          mallItemId: p.m.id,
          userItemId,
          priceUnits: price,
          requestId: input.request_id,
          transferId: posted.transferId,
          createdAt: now,
        });
        return { user_item_id: userItemId, mall_quota: posted.balances.get(userId) ?? 0 };
      });
      return result ?? replay(userId, input.request_id, input.mall_item_id);
    },

    async orders(userId: number, q: { page: number; page_size: number }, locale: Locale) {
      const { rows, total } = await mallRepo.orders(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return {
        list: rows.map((r) => ({
          id: r.o.id,
          mall_item_id: r.o.mallItemId,
          user_item_id: r.o.userItemId,
          name: pick(names(r), locale),
          img: r.image,
          price: r.o.priceUnits,
          created_at: r.o.createdAt.getTime(),
        })),
        total,
      };
    },

    async retrievals(
      userId: number,
      q: { page: number; page_size: number },
      locale: Locale,
    ): Promise<z.infer<typeof warehouseLogResponse>> {
      const { rows, total } = await mallRepo.retrievals(db, {
        userId,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      return { list: rows.map((r) => toInventoryItem(r, locale)), total };
    },
  };
}

export type MallService = ReturnType<typeof createMallService>;
