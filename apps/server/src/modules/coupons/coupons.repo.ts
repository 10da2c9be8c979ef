import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { coupons, userCards } from '../../db/schema/coupons.ts';

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const couponsRepo = {
  template: async (db: Db | Tx, id: number) => (await db.select().from(coupons).where(eq(coupons.id, id)))[0] ?? null,

  templates: (db: Db | Tx, ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .select()
          .from(coupons)
          .where(inArray(coupons.id, [...ids])),

  /** A card issued once per source key: a second issue with the same key returns null. */
  insertCard: async (tx: Tx, row: typeof userCards.$inferInsert) =>
    (await tx.insert(userCards).values(row).onConflictDoNothing().returning())[0] ?? null,

  /** Cards still usable at `now`, soonest expiry first, with their template's names. */
  usable: (db: Db | Tx, userId: number, now: Date) =>
    db
      .select({
        id: userCards.id,
        awardType: userCards.awardType,
        value: userCards.value,
        minRechargeUnits: userCards.minRechargeUnits,
        expiresAt: userCards.expiresAt,
        zhCn: coupons.nameZhCn,
        zhTw: coupons.nameZhTw,
        en: coupons.nameEn,
      })
      .from(userCards)
      .innerJoin(coupons, eq(coupons.id, userCards.couponId))
      .where(and(eq(userCards.userId, userId), isNull(userCards.usedAt), gt(userCards.expiresAt, now)))
      .orderBy(asc(userCards.expiresAt), asc(userCards.id)),

  cardForUpdate: async (tx: Tx, id: number) =>
    (await tx.select().from(userCards).where(eq(userCards.id, id)).for('update'))[0] ?? null,

  hold: (tx: Tx, id: number, orderId: number) => tx.update(userCards).set({ orderId }).where(eq(userCards.id, id)),

  /** Uses the card up for this order if it still holds it; true when it did. */
  useFor: async (tx: Tx, id: number, orderId: number, now: Date) =>
    (
      await tx
        .update(userCards)
        .set({ usedAt: now })
        .where(and(eq(userCards.id, id), eq(userCards.orderId, orderId), isNull(userCards.usedAt)))
        .returning({ id: userCards.id })
    ).length > 0,
};
