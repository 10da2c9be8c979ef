import { ITEM_STATUS, type ItemStatus } from '@kaixiang/shared/inventory';
import type { Locale } from '@kaixiang/shared/locale';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, type SQL, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { steamOffers } from '../../db/schema/delivery.ts';
import { userItems } from '../../db/schema/items.ts';
import { tradeOffers } from '../../db/schema/trade.ts';
import { users } from '../../db/schema/users.ts';

/** States an item can be sold, recycled or retrieved from (ARCHITECTURE.md §Items). */
export const USABLE_STATUSES: readonly ItemStatus[] = [ITEM_STATUS.normal, ITEM_STATUS.retrieveFailed];

export type ItemRow = typeof userItems.$inferSelect;
export type OfferRow = typeof tradeOffers.$inferSelect;

export interface ListedItem {
  item: ItemRow;
  names: { zhCn: string; zhTw: string; en: string };
  image: string;
  quality: number;
  offerExpiresAt: Date | null;
  offerState: string | null;
  /** The code in the Steam offer's message (steam_offers), when a Steam bot sent it. */
  offerSecurityCode: string | null;
}

const SORTS = {
  time_desc: [desc(userItems.createdAt), desc(userItems.id)],
  time_asc: [asc(userItems.createdAt), asc(userItems.id)],
  price_desc: [desc(userItems.priceUnits), desc(userItems.id)],
  price_asc: [asc(userItems.priceUnits), asc(userItems.id)],
  /** Most recently changed first (retrieval records). */
  updated_desc: [desc(userItems.updatedAt), desc(userItems.id)],
} as const;

const nameColumn = (locale: Locale) =>
  locale === 'en-US' ? itemDefs.nameEn : locale === 'zh-TW' ? itemDefs.nameZhTw : itemDefs.nameZhCn;

/** LIKE wildcards in a player's keyword are literal characters. */
const likeLiteral = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const inventoryRepo = {
  async list(
    db: Db,
    q: {
      userId: number;
      statuses: readonly number[] | null;
      /** Only items from this source (e.g. 'mall'). */
      source?: string | undefined;
      quality?: number | undefined;
      keyword?: string | undefined;
      locale: Locale;
      sort: keyof typeof SORTS;
      limit: number;
      offset: number;
    },
  ): Promise<{ rows: ListedItem[]; total: number }> {
    const conds: SQL[] = [eq(userItems.userId, q.userId)];
    if (q.statuses) conds.push(inArray(userItems.status, [...q.statuses]));
    if (q.source !== undefined) conds.push(eq(userItems.source, q.source));
    if (q.quality !== undefined) conds.push(eq(itemDefs.quality, q.quality));
    const keyword = q.keyword?.trim();
    if (keyword) conds.push(ilike(nameColumn(q.locale), likeLiteral(keyword)));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          item: userItems,
          zhCn: itemDefs.nameZhCn,
          zhTw: itemDefs.nameZhTw,
          en: itemDefs.nameEn,
          image: itemDefs.image,
          quality: itemDefs.quality,
          offerExpiresAt: tradeOffers.expiresAt,
          offerState: tradeOffers.state,
          offerSecurityCode: steamOffers.securityCode,
        })
        .from(userItems)
        .innerJoin(itemDefs, eq(itemDefs.id, userItems.itemDefId))
        .leftJoin(tradeOffers, eq(tradeOffers.id, userItems.offerId))
        .leftJoin(steamOffers, eq(steamOffers.offerId, userItems.offerId))
        .where(where)
        .orderBy(...SORTS[q.sort])
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(userItems).innerJoin(itemDefs, eq(itemDefs.id, userItems.itemDefId)).where(where),
    ]);
    return {
      rows: rows.map((r) => ({
        item: r.item,
        names: { zhCn: r.zhCn, zhTw: r.zhTw, en: r.en },
        image: r.image,
        quality: r.quality,
        offerExpiresAt: r.offerExpiresAt,
        offerState: r.offerState,
        offerSecurityCode: r.offerSecurityCode,
      })),
      total: total?.n ?? 0,
    };
  },

  /** Sum of the prices of the player's normal items. */
  async normalTotal(db: Db, userId: number): Promise<number> {
    const [row] = await db
      .select({ total: sum(userItems.priceUnits) })
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.status, ITEM_STATUS.normal)));
    return Number(row?.total ?? 0);
  },

  /** Ids of the player's normal items above `afterId`, in id order, at most `limit`. */
  async normalIds(db: Db, userId: number, limit: number, afterId: number): Promise<number[]> {
    const rows = await db
      .select({ id: userItems.id })
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.status, ITEM_STATUS.normal), gt(userItems.id, afterId)))
      .orderBy(asc(userItems.id))
      .limit(limit);
    return rows.map((r) => r.id);
  },

  /**
   * Locks the player's rows among `ids` in id order (two requests over overlapping items lock in
   * the same order and cannot deadlock). Rows of other players are not returned.
   */
  async lockOwn(tx: Tx, userId: number, ids: readonly number[]): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(userItems)
      .where(and(eq(userItems.userId, userId), inArray(userItems.id, [...ids])))
      .orderBy(asc(userItems.id))
      .for('update');
  },

  async lockById(tx: Tx, ids: readonly number[]): Promise<ItemRow[]> {
    if (ids.length === 0) return [];
    return tx
      .select()
      .from(userItems)
      .where(inArray(userItems.id, [...ids]))
      .orderBy(asc(userItems.id))
      .for('update');
  },

  async update(tx: Tx, ids: readonly number[], set: Partial<typeof userItems.$inferInsert>): Promise<void> {
    if (ids.length === 0) return;
    await tx
      .update(userItems)
      .set(set)
      .where(inArray(userItems.id, [...ids]));
  },

  async names(db: Db, defIds: readonly number[]): Promise<Map<number, string>> {
    if (defIds.length === 0) return new Map();
    const rows = await db
      .select({ id: itemDefs.id, name: itemDefs.nameZhCn })
      .from(itemDefs)
      .where(inArray(itemDefs.id, [...new Set(defIds)]));
    return new Map(rows.map((r) => [r.id, r.name]));
  },

  async steamLink(tx: Tx | Db, userId: number): Promise<string> {
    const [row] = await tx.select({ link: users.steamLink }).from(users).where(eq(users.id, userId));
    return row?.link ?? '';
  },

  async insertOffer(tx: Tx, values: typeof tradeOffers.$inferInsert): Promise<OfferRow> {
    const [row] = await tx.insert(tradeOffers).values(values).returning();
    if (!row) throw new Error('trade offer not written');
    return row;
  },

  async setBotOfferId(db: Db, offerId: number, bot: string, botOfferId: string): Promise<void> {
    await db.update(tradeOffers).set({ bot, botOfferId }).where(eq(tradeOffers.id, offerId));
  },

  async lockOffer(tx: Tx, where: { id: number } | { bot: string; botOfferId: string }): Promise<OfferRow | undefined> {
    const cond =
      'id' in where
        ? eq(tradeOffers.id, where.id)
        : and(eq(tradeOffers.bot, where.bot), eq(tradeOffers.botOfferId, where.botOfferId));
    const [row] = await tx.select().from(tradeOffers).where(cond).for('update');
    return row;
  },

  async resolveOffer(tx: Tx, id: number, set: { state: string; failure: string | null; resolvedAt: Date }) {
    await tx.update(tradeOffers).set(set).where(eq(tradeOffers.id, id));
  },

  async findOffer(db: Db, where: { bot: string; botOfferId: string }): Promise<OfferRow | undefined> {
    const [row] = await db
      .select()
      .from(tradeOffers)
      .where(and(eq(tradeOffers.bot, where.bot), eq(tradeOffers.botOfferId, where.botOfferId)));
    return row;
  },

  /** Pending offers past their expiry, or never handed to the bot by `unsentBefore`. */
  async overdueOffers(db: Db, now: Date, unsentBefore: Date, limit: number): Promise<OfferRow[]> {
    return db
      .select()
      .from(tradeOffers)
      .where(
        and(
          eq(tradeOffers.state, 'pending'),
          sql`(${tradeOffers.expiresAt} <= ${now} or (${tradeOffers.botOfferId} is null and ${lt(tradeOffers.createdAt, unsentBefore)}))`,
        ),
      )
      .orderBy(asc(tradeOffers.expiresAt))
      .limit(limit);
  },

  async offerById(db: Db, id: number): Promise<OfferRow | undefined> {
    const [row] = await db.select().from(tradeOffers).where(eq(tradeOffers.id, id));
    return row;
  },

  async recentOffers(db: Db, limit: number): Promise<OfferRow[]> {
    return db.select().from(tradeOffers).orderBy(desc(tradeOffers.id)).limit(limit);
  },
};
