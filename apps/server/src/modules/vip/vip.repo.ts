import { and, asc, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import {
  commandClaims,
  commandLocks,
  commandTiers,
  vipClaims,
  vipLevels,
  vipMembers,
  vipRedPackets,
} from '../../db/schema/vip.ts';

type Exec = Db | Tx;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const vipRepo = {
  levels: (db: Exec) => db.select().from(vipLevels).orderBy(asc(vipLevels.level)),

  async deducted(db: Exec, userId: number): Promise<number> {
    const [row] = await db
      .select({ d: vipMembers.deductedUnits })
      .from(vipMembers)
      .where(eq(vipMembers.userId, userId));
    return row?.d ?? 0;
  },

  /** The member row under a row lock, made first if missing (retention job). */
  async lockMember(tx: Tx, userId: number) {
    await tx.insert(vipMembers).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(vipMembers).where(eq(vipMembers.userId, userId)).for('update');
    if (!row) throw new Error(`vip member ${userId} missing`);
    return row;
  },

  async updateMember(tx: Tx, userId: number, set: { deductedUnits: number; retainedMonth: Date }) {
    await tx.update(vipMembers).set(set).where(eq(vipMembers.userId, userId));
  },

  /** Keeps users.vip_level (the badge everywhere) equal to the computed level; writes only on change. */
  async syncUserLevel(db: Exec, userId: number, level: number) {
    await db
      .update(users)
      .set({ vipLevel: level })
      .where(and(eq(users.id, userId), ne(users.vipLevel, level)));
  },

  /** The red packet row's id, or null when this month's was claimed before (a concurrent claim waits). */
  async insertRedPacket(tx: Tx, row: typeof vipRedPackets.$inferInsert): Promise<number | null> {
    const [made] = await tx
      .insert(vipRedPackets)
      .values(row)
      .onConflictDoNothing({ target: [vipRedPackets.userId, vipRedPackets.monthStart] })
      .returning({ id: vipRedPackets.id });
    return made?.id ?? null;
  },

  redPacketClaimed: async (db: Exec, userId: number, monthStart: Date) =>
    (
      await db
        .select({ id: vipRedPackets.id })
        .from(vipRedPackets)
        .where(and(eq(vipRedPackets.userId, userId), eq(vipRedPackets.monthStart, monthStart)))
    ).length > 0,

  claimedLevels: async (db: Exec, userId: number) =>
    new Set(
      (await db.select({ level: vipClaims.level }).from(vipClaims).where(eq(vipClaims.userId, userId))).map(
        (r) => r.level,
      ),
    ),

  /** The claim row's id, or null when (user, level) was claimed before (a concurrent claim waits). */
  async insertClaim(tx: Tx, row: typeof vipClaims.$inferInsert): Promise<number | null> {
    const [made] = await tx
      .insert(vipClaims)
      .values(row)
      .onConflictDoNothing({ target: [vipClaims.userId, vipClaims.level] })
      .returning({ id: vipClaims.id });
    return made?.id ?? null;
  },

  async claims(db: Exec, userId: number, limit: number, offset: number) {
    const where = eq(vipClaims.userId, userId);
    const [rows, [total]] = await Promise.all([
      db.select().from(vipClaims).where(where).orderBy(desc(vipClaims.id)).limit(limit).offset(offset),
      db.select({ n: count() }).from(vipClaims).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  commandTiers: (db: Exec) =>
    db
      .select()
      .from(commandTiers)
      .where(eq(commandTiers.enabled, true))
      .orderBy(asc(commandTiers.type), asc(commandTiers.sort), asc(commandTiers.id)),

  async commandTierByKey(db: Exec, key: string) {
    const [row] = await db
      .select()
      .from(commandTiers)
      .where(and(eq(commandTiers.key, key), eq(commandTiers.enabled, true)));
    return row ?? null;
  },

  /** Claims of this player whose period started at or after `sinceStart` (the current month covers every period). */
  commandClaimsSince: (db: Exec, userId: number, sinceStart: Date) =>
    db
      .select()
      .from(commandClaims)
      .where(
        and(
          eq(commandClaims.userId, userId),
          sql`${commandClaims.periodStart} >= ${sinceStart.toISOString()}::timestamptz`,
        ),
      ),

  async insertCommandClaim(tx: Tx, row: typeof commandClaims.$inferInsert): Promise<number | null> {
    const [made] = await tx
      .insert(commandClaims)
      .values(row)
      .onConflictDoNothing({ target: [commandClaims.userId, commandClaims.tierId, commandClaims.periodStart] })
      .returning({ id: commandClaims.id });
    return made?.id ?? null;
  },

  /**
   * Takes the player's submit lock until `until` unless it is held past `now`. One statement: of
   * concurrent attempts exactly one sees its row returned (the others re-check the updated row).
   */
  async takeCommandLock(db: Exec, userId: number, now: Date, until: Date): Promise<boolean> {
    const rows = await db
      .insert(commandLocks)
      .values({ userId, lockedUntil: until })
      .onConflictDoUpdate({
        target: commandLocks.userId,
        set: { lockedUntil: until },
        setWhere: lte(commandLocks.lockedUntil, now),
      })
      .returning({ userId: commandLocks.userId });
    return rows.length === 1;
  },
};
