import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs, itemPrices } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { mallItems, mallOrders } from '../../db/schema/mall.ts';
import { inventoryRepo, type ListedItem } from '../inventory/inventory.repo.ts';

const itemColumns = {
  zhCn: itemDefs.nameZhCn,
  zhTw: itemDefs.nameZhTw,
  en: itemDefs.nameEn,
  image: itemDefs.image,
  quality: itemDefs.quality,
  weaponClass: itemDefs.weaponClass,
};

/** Statuses the mall's retrieve record shows: sent, received, failed (spec 1 §3). */
const RETRIEVAL_STATUSES = [ITEM_STATUS.retrieving, ITEM_STATUS.retrieved, ITEM_STATUS.retrieveFailed];

export type MallProduct = NonNullable<Awaited<ReturnType<typeof mallRepo.product>>>;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const mallRepo = {
  onSale(db: Db) {
    return db
      .select({ m: mallItems, ...itemColumns })
      .from(mallItems)
      .innerJoin(itemDefs, eq(itemDefs.id, mallItems.itemDefId))
      .where(eq(mallItems.onSale, true))
      .orderBy(asc(mallItems.sort), asc(mallItems.id));
  },

  /** A product with its item, and the operator's price of that item and grade (null: none set), in one read. */
  async product(db: Db, mallItemId: number) {
    const [row] = await db
      .select({ m: mallItems, ...itemColumns, setPriceUnits: itemPrices.priceUnits })
      .from(mallItems)
      .innerJoin(itemDefs, eq(itemDefs.id, mallItems.itemDefId))
      .leftJoin(itemPrices, and(eq(itemPrices.itemDefId, mallItems.itemDefId), eq(itemPrices.exter, mallItems.exter)))
      .where(eq(mallItems.id, mallItemId));
    return row ?? null;
  },

  /**
   * Takes one unit of a limited product: the UPDATE locks the row and re-checks `stock > 0` after
   * any concurrent buyer commits, so stock never goes below zero. False when none is left.
   */
  async takeStock(tx: Tx, mallItemId: number): Promise<boolean> {
    const rows = await tx
      .update(mallItems)
      .set({ stock: sql`${mallItems.stock} - 1` })
      .where(and(eq(mallItems.id, mallItemId), eq(mallItems.onSale, true), gt(mallItems.stock, 0)))
      .returning({ id: mallItems.id });
    return rows.length === 1;
  },

  /** An id for a new order, so the item can point at its order before the order row exists. */
  async nextOrderId(tx: Tx): Promise<number> {
    const r = await tx.execute(sql`select nextval(pg_get_serial_sequence('mall_orders', 'id')) as id`);
    const row = (r as unknown as { rows: { id: string | number }[] }).rows[0];
    if (!row) throw new Error('no order id');
    return Number(row.id);
  },

  async insertItem(tx: Tx, row: typeof userItems.$inferInsert): Promise<number> {
    const [made] = await tx.insert(userItems).values(row).returning({ id: userItems.id });
    if (!made) throw new Error('mall item not granted');
    return made.id;
  },

  async insertOrder(tx: Tx, row: typeof mallOrders.$inferInsert): Promise<void> {
    await tx.insert(mallOrders).values(row);
  },

  async orderByRequest(db: Db, userId: number, requestId: string) {
    const [row] = await db
      .select()
      .from(mallOrders)
      .where(and(eq(mallOrders.userId, userId), eq(mallOrders.requestId, requestId)));
    return row ?? null;
  },

  async orders(db: Db, q: { userId: number; limit: number; offset: number }) {
    const where = eq(mallOrders.userId, q.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ o: mallOrders, ...itemColumns })
        .from(mallOrders)
        .innerJoin(mallItems, eq(mallItems.id, mallOrders.mallItemId))
        .innerJoin(itemDefs, eq(itemDefs.id, mallItems.itemDefId))
        .where(where)
        .orderBy(desc(mallOrders.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(mallOrders).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The user's mall-bought items on their way out (or out), most recently changed first. */
  retrievals(
    db: Db,
    q: { userId: number; limit: number; offset: number },
  ): Promise<{ rows: ListedItem[]; total: number }> {
    return inventoryRepo.list(db, {
      userId: q.userId,
      statuses: RETRIEVAL_STATUSES,
      source: 'mall',
      locale: 'zh-CN',
      sort: 'updated_desc',
      limit: q.limit,
      offset: q.offset,
    });
  },
};
