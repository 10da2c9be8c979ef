import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';

/**
 * Real recharges as the ledger records them, read by VIP, command codes and inventory retention:
 * one definition of "recharged", so those rules cannot disagree.
 */

/** The ledger kind the payments module posts a real recharge under (payments_in → user coin). */
export const RECHARGE_KIND = 'recharge';

/**
 * What a player has recharged, in units: the sum of the entries of kind 'recharge' on their coin
 * account, from `sinceMs` (inclusive) to `untilMs` (exclusive) when given. Bonuses, coupons and
 * anchor credits are other kinds and do not count; a correcting transfer of kind 'recharge'
 * (negative) would. The ledger is the only source: no second counter that could disagree.
 */
export async function rechargedSince(db: Db | Tx, userId: number, sinceMs?: number, untilMs?: number): Promise<number> {
  const conds: SQL[] = [
    eq(ledgerAccounts.owner, `u:${userId}`),
    eq(ledgerAccounts.currency, 'coin'),
    eq(ledgerTransfers.kind, RECHARGE_KIND),
  ];
  if (sinceMs !== undefined) conds.push(gte(ledgerEntries.createdAt, new Date(sinceMs)));
  if (untilMs !== undefined) conds.push(lt(ledgerEntries.createdAt, new Date(untilMs)));
  const [row] = await db
    .select({ total: sql<string | null>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(and(...conds));
  return Number(row?.total ?? 0);
}

/**
 * Per player who recharged before `untilMs`: the lifetime total before it and the part from
 * `sinceMs` on (the monthly retention job reads both in one pass).
 */
export async function rechargeTotalsBefore(
  db: Db,
  untilMs: number,
  sinceMs: number,
  minTotalUnits: number,
): Promise<{ userId: number; totalUnits: number; periodUnits: number }[]> {
  const until = new Date(untilMs);
  const since = new Date(sinceMs);
  const total = sql<string>`sum(${ledgerEntries.amount})`;
  const rows = await db
    .select({
      userId: ledgerAccounts.userId,
      total,
      period: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerEntries.createdAt} >= ${since.toISOString()}::timestamptz), 0)`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
    .where(
      and(
        eq(ledgerTransfers.kind, RECHARGE_KIND),
        eq(ledgerAccounts.currency, 'coin'),
        sql`${ledgerAccounts.userId} is not null`,
        lt(ledgerEntries.createdAt, until),
      ),
    )
    .groupBy(ledgerAccounts.userId)
    .having(sql`sum(${ledgerEntries.amount}) >= ${minTotalUnits}`)
    .orderBy(ledgerAccounts.userId);
  return rows.map((r) => ({ userId: r.userId as number, totalUnits: Number(r.total), periodUnits: Number(r.period) }));
}

/**
 * Whether the player ever recharged: a ledger transfer of kind `recharge` credited one of their
 * accounts (the same entries rechargedSince sums). It decides the inventory retention period
 * (8 hours vs 30 days). Walks the player's entries via ledger_entries_account_idx.
 */
export async function hasRecharged(db: Db | Tx, userId: number): Promise<boolean> {
  const r = await db.execute(sql`
    select 1 from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.user_id = ${userId} and t.kind = ${RECHARGE_KIND} and e.amount > 0
    limit 1`);
  return ((r as unknown as { rows: unknown[] }).rows ?? []).length > 0;
}

/** The same condition as SQL over a user id column, for the retention job's candidate query. */
export const rechargedSql = (userIdColumn: SQL) => sql`exists (
    select 1 from ledger_accounts a
    join ledger_entries e on e.account_id = a.id
    join ledger_transfers t on t.id = e.transfer_id
    where a.user_id = ${userIdColumn} and t.kind = ${RECHARGE_KIND} and e.amount > 0)`;
