import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { type MailItemSpec, mails, redeemCodes, redeemCodeUses } from '../../db/schema/mail.ts';

type Exec = Db | Tx;
export type MailRow = typeof mails.$inferSelect;
export type RedeemCodeRow = typeof redeemCodes.$inferSelect;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const mailRepo = {
  /** Inserts a mail; with a source key already used, inserts nothing and returns the earlier id. */
  async insert(db: Exec, row: typeof mails.$inferInsert): Promise<{ id: number; created: boolean }> {
    const [made] = await db.insert(mails).values(row).onConflictDoNothing().returning({ id: mails.id });
    if (made) return { id: made.id, created: true };
    if (!row.sourceKey) throw new Error('mail insert wrote no row');
    const [prior] = await db.select({ id: mails.id }).from(mails).where(eq(mails.sourceKey, row.sourceKey));
    if (!prior) throw new Error(`mail ${row.sourceKey} neither inserted nor found`);
    return { id: prior.id, created: false };
  },

  async unreadCount(db: Exec, userId: number): Promise<number> {
    const [r] = await db
      .select({ n: count() })
      .from(mails)
      .where(and(eq(mails.userId, userId), isNull(mails.readAt)));
    return r?.n ?? 0;
  },

  async page(db: Exec, userId: number, limit: number, offset: number) {
    const [rows, [total]] = await Promise.all([
      db
        .select()
        .from(mails)
        .where(eq(mails.userId, userId))
        .orderBy(desc(mails.createdAt), desc(mails.id))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(mails).where(eq(mails.userId, userId)),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  async byId(db: Exec, userId: number, id: number): Promise<MailRow | undefined> {
    const [row] = await db
      .select()
      .from(mails)
      .where(and(eq(mails.id, id), eq(mails.userId, userId)));
    return row;
  },

  async markRead(db: Exec, userId: number, id: number, now: Date): Promise<boolean> {
    const rows = await db
      .update(mails)
      .set({ readAt: sql`coalesce(${mails.readAt}, ${now.toISOString()}::timestamptz)` })
      .where(and(eq(mails.id, id), eq(mails.userId, userId)))
      .returning({ id: mails.id });
    return rows.length > 0;
  },

  /**
   * Claims unreceived attachments (one mail, or all of the user's): the UPDATE's row lock and its
   * `received_at is null` condition let exactly one of any number of concurrent calls have a mail.
   */
  claimAppendix(tx: Tx, userId: number, now: Date, id?: number): Promise<MailRow[]> {
    const conds = [eq(mails.userId, userId), isNull(mails.receivedAt), eq(mails.hasAppendix, true)];
    if (id !== undefined) conds.push(eq(mails.id, id));
    const nowIso = now.toISOString();
    return tx
      .update(mails)
      .set({ receivedAt: now, readAt: sql`coalesce(${mails.readAt}, ${nowIso}::timestamptz)` })
      .where(and(...conds))
      .returning();
  },

  /** Catalogue rows for the items of a set of attachments. */
  async itemDefs(db: Exec, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .select({
        id: itemDefs.id,
        zhCn: itemDefs.nameZhCn,
        zhTw: itemDefs.nameZhTw,
        en: itemDefs.nameEn,
        image: itemDefs.image,
        quality: itemDefs.quality,
        weaponClass: itemDefs.weaponClass,
        wearMin: itemDefs.wearMin,
      })
      .from(itemDefs)
      .where(inArray(itemDefs.id, [...new Set(ids)]));
  },

  async insertItems(
    tx: Tx,
    userId: number,
    mail: { id: number; name: string; items: MailItemSpec[] },
    now: Date,
  ): Promise<number[]> {
    if (mail.items.length === 0) return [];
    const rows = await tx
      .insert(userItems)
      .values(
        mail.items.map((it) => ({
          userId,
          itemDefId: it.itemDefId,
          exter: it.exter,
          priceUnits: it.priceUnits,
          source: 'reward',
          sourceId: mail.id,
          sourceName: mail.name,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: userItems.id });
    return rows.map((r) => r.id);
  },

  async codeByText(db: Exec, code: string): Promise<RedeemCodeRow | undefined> {
    const [row] = await db.select().from(redeemCodes).where(eq(redeemCodes.code, code));
    return row;
  },

  /** undefined when the code exists already. */
  async insertCode(db: Exec, row: typeof redeemCodes.$inferInsert): Promise<RedeemCodeRow | undefined> {
    const [made] = await db.insert(redeemCodes).values(row).onConflictDoNothing().returning();
    return made;
  },

  /** false when this player used the code before (the unique index decides, even concurrently). */
  async claimUse(tx: Tx, codeId: number, userId: number, now: Date): Promise<number | null> {
    const [row] = await tx
      .insert(redeemCodeUses)
      .values({ codeId, userId, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: redeemCodeUses.id });
    return row?.id ?? null;
  },

  async setUseMail(tx: Tx, useId: number, mailId: number): Promise<void> {
    await tx.update(redeemCodeUses).set({ mailId }).where(eq(redeemCodeUses.id, useId));
  },

  /**
   * Counts one use unless the limit is reached. Concurrent calls queue on the row lock and each
   * re-checks the condition against the committed count, so a limit of 3 admits exactly 3.
   */
  async countUse(tx: Tx, codeId: number): Promise<boolean> {
    const rows = await tx
      .update(redeemCodes)
      .set({ usedCount: sql`${redeemCodes.usedCount} + 1` })
      .where(
        and(
          eq(redeemCodes.id, codeId),
          sql`(${redeemCodes.usageLimit} is null or ${redeemCodes.usedCount} < ${redeemCodes.usageLimit})`,
        ),
      )
      .returning({ id: redeemCodes.id });
    return rows.length > 0;
  },
};
