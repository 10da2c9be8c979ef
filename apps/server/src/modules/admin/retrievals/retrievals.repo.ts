import type { Locale } from '@kaixiang/shared/locale';
import { and, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { userItems } from '../../../db/schema/items.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { users } from '../../../db/schema/users.ts';

const nameColumn = (locale: Locale) =>
  locale === 'en-US' ? itemDefs.nameEn : locale === 'zh-TW' ? itemDefs.nameZhTw : itemDefs.nameZhCn;

/** SQL of the console's retrieval queue (STYLE.md §1). */
export const retrievalsRepo = {
  /** A page of trade offers, newest first, with the player's nickname. */
  async page(db: Db, q: { state?: string; userId?: number; page: number; pageSize: number }) {
    const where: SQL[] = [];
    if (q.state) where.push(eq(tradeOffers.state, q.state));
    if (q.userId !== undefined) where.push(eq(tradeOffers.userId, q.userId));
    const filter = where.length ? and(...where) : undefined;
    const rows = await db
      .select({ offer: tradeOffers, nickName: users.nickName })
      .from(tradeOffers)
      .leftJoin(users, eq(users.id, tradeOffers.userId))
      .where(filter)
      .orderBy(desc(tradeOffers.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize);
    const [total] = await db.select({ n: count() }).from(tradeOffers).where(filter);
    return { rows, total: Number(total?.n ?? 0) };
  },

  /** The listed user_items with their names in one language. */
  async items(db: Db, ids: readonly number[], locale: Locale) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: userItems.id,
        status: userItems.status,
        offerId: userItems.offerId,
        priceUnits: userItems.priceUnits,
        name: nameColumn(locale),
      })
      .from(userItems)
      .leftJoin(itemDefs, eq(itemDefs.id, userItems.itemDefId))
      .where(inArray(userItems.id, [...ids]));
  },
};
