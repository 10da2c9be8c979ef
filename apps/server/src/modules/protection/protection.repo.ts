import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { identities } from '../../db/schema/accounts.ts';
import { rechargeOrders } from '../../db/schema/payments.ts';
import { playerProtection, protectionLog, protectionUsage } from '../../db/schema/protection.ts';
import { users } from '../../db/schema/users.ts';
import { rowsOf } from '../../db/tx.ts';

export type ProtectionRow = typeof playerProtection.$inferSelect;

/** Snake-case row of kx_protection_settle, as both drivers answer it. */
interface SettledRow {
  user_id: number;
  deposit_day: string | number | null;
  deposit_week: string | number | null;
  deposit_month: string | number | null;
  loss_day: string | number | null;
  loss_week: string | number | null;
  loss_month: string | number | null;
  pending: unknown;
  reality_minutes: number;
  session_started_at: string | Date | null;
  session_last_at: string | Date | null;
  session_next_check_at: string | Date | null;
  session_staked: string | number;
  session_returned: string | number;
  cool_off_until: string | Date | null;
  excluded_until: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
}

const num = (v: string | number | null): number | null => (v === null ? null : Number(v));
const time = (v: string | Date | null): Date | null => (v === null ? null : new Date(v));

function rowOf(r: SettledRow): ProtectionRow {
  return {
    userId: r.user_id,
    depositDay: num(r.deposit_day),
    depositWeek: num(r.deposit_week),
    depositMonth: num(r.deposit_month),
    lossDay: num(r.loss_day),
    lossWeek: num(r.loss_week),
    lossMonth: num(r.loss_month),
    pending: typeof r.pending === 'string' ? JSON.parse(r.pending) : r.pending,
    realityMinutes: r.reality_minutes,
    sessionStartedAt: time(r.session_started_at),
    sessionLastAt: time(r.session_last_at),
    sessionNextCheckAt: time(r.session_next_check_at),
    sessionStaked: Number(r.session_staked),
    sessionReturned: Number(r.session_returned),
    coolOffUntil: time(r.cool_off_until),
    excludedUntil: time(r.excluded_until),
    createdAt: new Date(r.created_at),
    updatedAt: new Date(r.updated_at),
  };
}

/** Reads and writes of player protection (db/functions/protection.sql holds the ledger's side). */
export const protectionRepo = {
  /**
   * Locks the player's row and applies the raises whose 24 hours have passed; null when the player
   * never set anything. Lock order: a player's ledger account before this row (the ledger's
   * guard takes them so), so a caller that guards the account does that first.
   */
  settle: async (tx: Tx, userId: number, now: Date): Promise<ProtectionRow | null> => {
    const res = await tx.execute(sql`select * from kx_protection_settle(${userId}, ${now.toISOString()}::timestamptz)`);
    const [row] = rowsOf<SettledRow>(res);
    return row ? rowOf(row) : null;
  },

  /** Makes the row if missing (nothing set yet). */
  ensure: (tx: Tx, userId: number, now: Date) =>
    tx.insert(playerProtection).values({ userId, createdAt: now, updatedAt: now }).onConflictDoNothing(),

  /** Starts guarding the player's coin account (kx_protection_guard: idempotent, locks the account). */
  guard: (tx: Tx, userId: number, now: Date) =>
    tx.execute(sql`select kx_protection_guard(${userId}, ${now.toISOString()}::timestamptz)`),

  update: (tx: Tx, userId: number, set: Partial<typeof playerProtection.$inferInsert>) =>
    tx.update(playerProtection).set(set).where(eq(playerProtection.userId, userId)),

  log: (tx: Tx, userId: number, kind: string, detail: Record<string, unknown>, now: Date) =>
    tx.insert(protectionLog).values({ userId, kind, detail, createdAt: now }),

  /** Whether the player's coin account is guarded (its play counted in protection_usage). */
  guarded: async (db: Db, userId: number): Promise<boolean> => {
    const res = await db.execute(
      sql`select guarded from ledger_accounts where owner = ${`u:${userId}`} and currency = 'coin'`,
    );
    return rowsOf<{ guarded: boolean }>(res)[0]?.guarded === true;
  },

  /** Net loss (staked − returned) since each start, from protection_usage (guarded players). */
  lossFromUsage: async (db: Db, userId: number, from: { day: string; week: string; month: string }) => {
    const d = sql`${protectionUsage.staked} - ${protectionUsage.returned}`;
    const [row] = await db
      .select({
        day: sql<string>`coalesce(sum(${d}) filter (where ${protectionUsage.day} >= ${from.day}), 0)`,
        week: sql<string>`coalesce(sum(${d}) filter (where ${protectionUsage.day} >= ${from.week}), 0)`,
        month: sql<string>`coalesce(sum(${d}) filter (where ${protectionUsage.day} >= ${from.month}), 0)`,
      })
      .from(protectionUsage)
      .where(
        and(
          eq(protectionUsage.userId, userId),
          gte(protectionUsage.day, from.week < from.month ? from.week : from.month),
        ),
      );
    return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) };
  },

  /** The same figures read from the ledger itself (players not guarded: nothing keeps a copy). */
  lossFromLedger: async (db: Db, userId: number, from: { day: string; week: string; month: string }, since: Date) => {
    const res = await db.execute(sql`
      select coalesce(sum(staked - returned) filter (where day >= ${from.day}::date), 0) as day,
             coalesce(sum(staked - returned) filter (where day >= ${from.week}::date), 0) as week,
             coalesce(sum(staked - returned) filter (where day >= ${from.month}::date), 0) as month
        from kx_protection_play(${userId}, ${since.toISOString()}::timestamptz)`);
    const row = rowsOf<{ day: string; week: string; month: string }>(res)[0];
    return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) };
  },

  /** What recharge orders paid or still payable (pending, paid) ask since each start, units. */
  deposits: async (db: Db, userId: number, from: { day: Date; week: Date; month: Date }) => {
    const p = rechargeOrders.realPriceUnits;
    const at = rechargeOrders.createdAt;
    const [row] = await db
      .select({
        day: sql<string>`coalesce(sum(${p}) filter (where ${at} >= ${from.day.toISOString()}::timestamptz), 0)`,
        week: sql<string>`coalesce(sum(${p}) filter (where ${at} >= ${from.week.toISOString()}::timestamptz), 0)`,
        month: sql<string>`coalesce(sum(${p}) filter (where ${at} >= ${from.month.toISOString()}::timestamptz), 0)`,
      })
      .from(rechargeOrders)
      .where(
        and(
          eq(rechargeOrders.userId, userId),
          inArray(rechargeOrders.status, [1, 2]),
          gte(rechargeOrders.createdAt, from.week < from.month ? from.week : from.month),
        ),
      );
    return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0), month: Number(row?.month ?? 0) };
  },

  /** The player's real-name ID hash (null when not verified). */
  idHashOf: async (db: Db, userId: number): Promise<string | null> => {
    const [row] = await db.select({ hash: users.idNumberHash }).from(users).where(eq(users.id, userId));
    return row?.hash ?? null;
  },

  /** Locks the ID's row (accounts.repo lockIdentity takes it first in a verification). */
  lockIdentity: (tx: Tx, idHash: string) =>
    tx
      .select({ hash: identities.idNumberHash })
      .from(identities)
      .where(eq(identities.idNumberHash, idHash))
      .for('update'),

  /** Every account verified with the ID, ascending (the order their rows are locked in). */
  accountsOfId: async (db: Db, idHash: string): Promise<number[]> =>
    (await db.select({ id: users.id }).from(users).where(eq(users.idNumberHash, idHash)).orderBy(users.id)).map(
      (r) => r.id,
    ),

  /** The latest exclusion end among these accounts (null: none was ever excluded). */
  latestExclusion: async (db: Db, userIds: readonly number[]): Promise<Date | null> => {
    const [row] = await db
      .select({ until: sql<string | null>`max(${playerProtection.excludedUntil})` })
      .from(playerProtection)
      .where(inArray(playerProtection.userId, [...userIds]));
    return row?.until ? new Date(row.until) : null;
  },

  /** The player's row as stored (no lock, pending not applied): the cheap read of a refusal check. */
  peek: async (db: Db, userId: number) =>
    (await db.select().from(playerProtection).where(eq(playerProtection.userId, userId)))[0] ?? null,
};
