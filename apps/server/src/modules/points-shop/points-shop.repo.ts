import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { pointsShopCounts, pointsShopEntries, pointsShopPurchases } from '../../db/schema/points-shop.ts';

export type EntryRow = typeof pointsShopEntries.$inferSelect;
export type PurchaseRow = typeof pointsShopPurchases.$inferSelect;
export type CountRow = typeof pointsShopCounts.$inferSelect;

/** The catalogue's side of an item entry: its picture and quality (null for coins and bags). */
const itemColumns = { image: itemDefs.image, quality: itemDefs.quality };
export type EntryWithItem = { e: EntryRow; image: string | null; quality: number | null };
export type PurchaseWithEntry = EntryWithItem & { p: PurchaseRow };

/** What kx_points_shop_buy answers (db/functions/points-shop.sql). */
export type BuyJson =
  | { status: 'duplicate'; purchase_id?: number }
  | { status: 'not_found' | 'not_started' | 'ended' | 'price_changed' | 'sold_out' | 'limit' | 'short' }
  | {
      status: 'ok';
      purchase_id: number;
      kind: string;
      points: number;
      money: number;
      user_item_id: number | null;
      bag_campaign_id: number | null;
      bag_count: number | null;
    };

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const pointsShopRepo = {
  /** Every entry, the shop's order (sort, then id), with its item's picture. */
  async entries(db: Db | Tx, onlyEnabled: boolean): Promise<EntryWithItem[]> {
    return db
      .select({ e: pointsShopEntries, ...itemColumns })
      .from(pointsShopEntries)
      .leftJoin(itemDefs, eq(itemDefs.id, pointsShopEntries.itemDefId))
      .where(onlyEnabled ? eq(pointsShopEntries.enabled, true) : undefined)
      .orderBy(asc(pointsShopEntries.sort), asc(pointsShopEntries.id));
  },

  async entry(db: Db | Tx, id: number): Promise<EntryRow | undefined> {
    const [row] = await db.select().from(pointsShopEntries).where(eq(pointsShopEntries.id, id));
    return row;
  },

  /** Locks an entry's row for an admin change. */
  async lockEntry(tx: Tx, id: number): Promise<EntryRow | undefined> {
    const [row] = await tx.select().from(pointsShopEntries).where(eq(pointsShopEntries.id, id)).for('update');
    return row;
  },

  async insertEntry(tx: Tx | Db, row: typeof pointsShopEntries.$inferInsert): Promise<EntryRow> {
    const [made] = await tx.insert(pointsShopEntries).values(row).returning();
    if (!made) throw new Error('points shop entry not inserted');
    return made;
  },

  async updateEntry(tx: Tx, id: number, set: Partial<typeof pointsShopEntries.$inferInsert>): Promise<EntryRow> {
    const [row] = await tx.update(pointsShopEntries).set(set).where(eq(pointsShopEntries.id, id)).returning();
    if (!row) throw new Error(`points shop entry ${id} vanished`);
    return row;
  },

  /** Raises a limited entry's stock by `add` (an increment: purchases meanwhile are not lost). */
  async addStock(tx: Tx, id: number, add: number, now: Date): Promise<EntryRow> {
    const [row] = await tx
      .update(pointsShopEntries)
      .set({ stock: sql`${pointsShopEntries.stock} + ${add}`, updatedAt: now })
      .where(eq(pointsShopEntries.id, id))
      .returning();
    if (!row) throw new Error(`points shop entry ${id} vanished`);
    return row;
  },

  /** The player's counts of these entries. */
  async counts(db: Db, userId: number): Promise<Map<number, CountRow>> {
    const rows = await db.select().from(pointsShopCounts).where(eq(pointsShopCounts.userId, userId));
    return new Map(rows.map((r) => [r.entryId, r]));
  },

  /** One purchase in one statement, on its own or in the caller's transaction (points-shop.sql). */
  async buy(
    db: Db | Tx,
    w: { userId: number; entryId: number; price: number; requestId: string; day: string; now: Date },
  ): Promise<BuyJson> {
    const r = (await db.execute(sql`select kx_points_shop_buy(${w.userId}, ${w.entryId}, ${w.price},
      ${w.requestId}, ${w.day}, ${w.now.toISOString()}::timestamptz) as r`)) as unknown as { rows: { r: BuyJson }[] };
    const out = r.rows[0]?.r;
    if (!out) throw new Error('kx_points_shop_buy answered nothing');
    return out;
  },

  async purchaseByRequest(db: Db, userId: number, requestId: string): Promise<PurchaseRow | undefined> {
    const [row] = await db
      .select()
      .from(pointsShopPurchases)
      .where(and(eq(pointsShopPurchases.userId, userId), eq(pointsShopPurchases.requestId, requestId)));
    return row;
  },

  /** A page of the player's purchases, newest first, with their entries. */
  async purchases(
    db: Db,
    q: { userId: number; limit: number; offset: number },
  ): Promise<{ rows: PurchaseWithEntry[]; total: number }> {
    const where = eq(pointsShopPurchases.userId, q.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ p: pointsShopPurchases, e: pointsShopEntries, ...itemColumns })
        .from(pointsShopPurchases)
        .innerJoin(pointsShopEntries, eq(pointsShopEntries.id, pointsShopPurchases.entryId))
        .leftJoin(itemDefs, eq(itemDefs.id, pointsShopEntries.itemDefId))
        .where(where)
        .orderBy(desc(pointsShopPurchases.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(pointsShopPurchases).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async purchaseWithEntry(db: Db, purchaseId: number): Promise<PurchaseWithEntry | undefined> {
    const [row] = await db
      .select({ p: pointsShopPurchases, e: pointsShopEntries, ...itemColumns })
      .from(pointsShopPurchases)
      .innerJoin(pointsShopEntries, eq(pointsShopEntries.id, pointsShopPurchases.entryId))
      .leftJoin(itemDefs, eq(itemDefs.id, pointsShopEntries.itemDefId))
      .where(eq(pointsShopPurchases.id, purchaseId));
    return row;
  },

  /** Per entry: purchases, the points they paid and their worth in coins. */
  async stats(db: Db | Tx, ids?: readonly number[]) {
    const rows = await db
      .select({
        entryId: pointsShopPurchases.entryId,
        sold: count(),
        points: sql<string>`coalesce(sum(${pointsShopPurchases.pricePoints}), 0)`,
        worth: sql<string>`coalesce(sum(${pointsShopPurchases.worthUnits}), 0)`,
      })
      .from(pointsShopPurchases)
      .where(ids ? inArray(pointsShopPurchases.entryId, [...ids]) : undefined)
      .groupBy(pointsShopPurchases.entryId);
    return new Map(rows.map((r) => [r.entryId, { sold: r.sold, points: Number(r.points), worth: Number(r.worth) }]));
  },

  /** A catalogue item, to check an item entry and name it. */
  async itemDef(db: Db | Tx, id: number) {
    const [row] = await db.select().from(itemDefs).where(eq(itemDefs.id, id));
    return row;
  },
};
