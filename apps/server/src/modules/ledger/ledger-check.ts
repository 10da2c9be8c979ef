import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface LedgerReport {
  transfers: number;
  entries: number;
  problems: string[];
}

/**
 * Verifies the ledger's invariants on any database (ARCHITECTURE.md §Money): every transfer and
 * every currency sums to zero, every cached balance equals the sum of its account's entries, and
 * no user balance is negative.
 */
export async function checkLedger(db: Db): Promise<LedgerReport> {
  const problems: string[] = [];
  const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  for (const r of await rows<{ currency: string; total: string }>(
    sql`select currency, sum(amount)::text as total from ledger_entries group by currency having sum(amount) <> 0`,
  )) {
    problems.push(`currency ${r.currency} sums to ${r.total}, not 0`);
  }
  for (const r of await rows<{ transfer_id: string; currency: string; total: string }>(
    sql`select transfer_id::text, currency, sum(amount)::text as total from ledger_entries
        group by transfer_id, currency having sum(amount) <> 0 limit 20`,
  )) {
    problems.push(`transfer ${r.transfer_id} sums to ${r.total} in ${r.currency}`);
  }
  for (const r of await rows<{ owner: string; currency: string; balance: string; total: string }>(
    sql`select a.owner, a.currency, a.balance::text, coalesce(sum(e.amount), 0)::text as total
        from ledger_accounts a left join ledger_entries e on e.account_id = a.id
        where a.balance is not null
        group by a.id having a.balance <> coalesce(sum(e.amount), 0) limit 20`,
  )) {
    problems.push(`${r.owner} ${r.currency}: cached balance ${r.balance} but entries sum to ${r.total}`);
  }
  for (const r of await rows<{ owner: string; balance: string }>(
    sql`select owner, balance::text from ledger_accounts where balance < 0 limit 20`,
  )) {
    problems.push(`${r.owner} has a negative balance ${r.balance}`);
  }
  for (const r of await rows<{ id: string }>(
    sql`select t.id::text from ledger_transfers t
        where not exists (select 1 from ledger_entries e where e.transfer_id = t.id) limit 20`,
  )) {
    problems.push(`transfer ${r.id} has no entries`);
  }
  const [counts] = await rows<{ transfers: string; entries: string }>(
    sql`select (select count(*) from ledger_transfers)::text as transfers, (select count(*) from ledger_entries)::text as entries`,
  );
  return { transfers: Number(counts?.transfers ?? 0), entries: Number(counts?.entries ?? 0), problems };
}

/** For tests: throws with every problem listed when the ledger does not balance. */
export async function assertLedgerBalanced(db: Db): Promise<LedgerReport> {
  const report = await checkLedger(db);
  if (report.problems.length > 0) throw new Error(`ledger does not balance:\n  ${report.problems.join('\n  ')}`);
  return report;
}
