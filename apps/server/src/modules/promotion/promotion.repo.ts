import { and, asc, count, desc, eq, gte, inArray, lt, ne, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { inviteRebates, pickupPrizes } from '../../db/schema/promotion.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { users } from '../../db/schema/users.ts';

type Exec = Db | Tx;

/** The items that count as "picked up" in [start, end): every source but house gifts ('reward'). */
const pickedUp = (start: Date, end: Date) =>
  and(gte(userItems.createdAt, start), lt(userItems.createdAt, end), ne(userItems.source, 'reward'));

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const promotionRepo = {
  async setting(db: Exec, key: string): Promise<unknown> {
    const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, key));
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  },

  /**
   * The top players by value picked up in [start, end). Ties go to whoever reached the sum first
   * (the earlier last item), then the lower user id, so the order never flickers.
   */
  async ranking(db: Exec, start: Date, end: Date, limit: number) {
    const value = sum(userItems.priceUnits).mapWith(Number);
    const lastAt = sql<Date>`max(${userItems.createdAt})`;
    return db
      .select({ userId: userItems.userId, valueUnits: value })
      .from(userItems)
      .where(pickedUp(start, end))
      .groupBy(userItems.userId)
      .orderBy(desc(value), asc(lastAt), asc(userItems.userId))
      .limit(limit);
  },

  /** Each listed player's most valuable item picked up in [start, end). */
  async bestItems(db: Exec, userIds: number[], start: Date, end: Date) {
    if (userIds.length === 0) return [];
    return db
      .selectDistinctOn([userItems.userId], {
        userId: userItems.userId,
        itemDefId: userItems.itemDefId,
        priceUnits: userItems.priceUnits,
        zhCn: itemDefs.nameZhCn,
        zhTw: itemDefs.nameZhTw,
        en: itemDefs.nameEn,
        image: itemDefs.image,
        quality: itemDefs.quality,
      })
      .from(userItems)
      .innerJoin(itemDefs, eq(itemDefs.id, userItems.itemDefId))
      .where(and(inArray(userItems.userId, userIds), pickedUp(start, end)))
      .orderBy(asc(userItems.userId), desc(userItems.priceUnits), asc(userItems.id));
  },

  users(db: Exec, ids: number[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return db
      .select({
        id: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        vipLevel: users.vipLevel,
        inviteUserId: users.inviteUserId,
      })
      .from(users)
      .where(inArray(users.id, ids));
  },

  async inviterOf(db: Exec, userId: number): Promise<number | null> {
    const [row] = await db.select({ inviter: users.inviteUserId }).from(users).where(eq(users.id, userId));
    return row?.inviter ?? null;
  },

  /** false when this order's rebate was recorded before. */
  async insertRebate(tx: Tx, row: typeof inviteRebates.$inferInsert): Promise<boolean> {
    const made = await tx.insert(inviteRebates).values(row).onConflictDoNothing().returning({ id: inviteRebates.id });
    return made.length > 0;
  },

  async rebates(db: Exec, inviterId: number, limit: number, offset: number) {
    const where = eq(inviteRebates.inviterId, inviterId);
    const [rows, [totals]] = await Promise.all([
      db
        .select({
          inviteeId: inviteRebates.inviteeId,
          nickName: users.nickName,
          avatar: users.avatar,
          vipLevel: users.vipLevel,
          orderSn: inviteRebates.orderSn,
          rechargeUnits: inviteRebates.rechargeUnits,
          rebateUnits: inviteRebates.rebateUnits,
          createdAt: inviteRebates.createdAt,
        })
        .from(inviteRebates)
        .leftJoin(users, eq(users.id, inviteRebates.inviteeId))
        .where(where)
        .orderBy(desc(inviteRebates.createdAt), desc(inviteRebates.id))
        .limit(limit)
        .offset(offset),
      db
        .select({
          n: count(),
          recharge: sum(inviteRebates.rechargeUnits).mapWith(Number),
          rebate: sum(inviteRebates.rebateUnits).mapWith(Number),
        })
        .from(inviteRebates)
        .where(where),
    ]);
    return {
      rows,
      total: totals?.n ?? 0,
      totalRecharge: totals?.recharge ?? 0,
      totalRebate: totals?.rebate ?? 0,
    };
  },

  /** false when this day and rank were paid before. */
  async insertPrize(tx: Tx, row: typeof pickupPrizes.$inferInsert): Promise<boolean> {
    const made = await tx.insert(pickupPrizes).values(row).onConflictDoNothing().returning({ id: pickupPrizes.id });
    return made.length > 0;
  },

  async prizesOf(db: Exec, day: string) {
    return db.select().from(pickupPrizes).where(eq(pickupPrizes.day, day)).orderBy(asc(pickupPrizes.rank));
  },
};
