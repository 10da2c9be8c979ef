import type { AccountChange, Currency } from '@kaixiang/shared/wallet';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { quotaExchanges } from '../../db/schema/mall.ts';

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const walletRepo = {
  /** A page of the user's own ledger entries, newest first. */
  async entries(
    db: Db,
    q: { userId: number; currency?: Currency | undefined; limit: number; offset: number },
  ): Promise<{ list: AccountChange[]; total: number }> {
    // The user's accounts first (at most one per currency): the entries are then read through
    // ledger_entries_account_idx (account_id, id), and nobody else's account can slip in.
    const conds = [eq(ledgerAccounts.owner, `u:${q.userId}`)];
    if (q.currency) conds.push(eq(ledgerAccounts.currency, q.currency));
    const accounts = await db
      .select({ id: ledgerAccounts.id })
      .from(ledgerAccounts)
      .where(and(...conds));
    if (accounts.length === 0) return { list: [], total: 0 };
    const where = inArray(
      ledgerEntries.accountId,
      accounts.map((a) => a.id),
    );
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: ledgerEntries.id,
          kind: ledgerTransfers.kind,
          currency: ledgerEntries.currency,
          amount: ledgerEntries.amount,
          balanceAfter: ledgerEntries.balanceAfter,
          memo: ledgerTransfers.memo,
          createdAt: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
        .where(where)
        .orderBy(desc(ledgerEntries.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(ledgerEntries).where(where),
    ]);
    return {
      list: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        currency: r.currency as Currency,
        amount: r.amount,
        balance_after: r.balanceAfter ?? 0,
        memo: r.memo,
        created_at: r.createdAt.getTime(),
      })),
      total: total?.n ?? 0,
    };
  },

  /**
   * Claims (user, request id) for an exchange: the new row's id, or null when the pair was taken
   * before (a concurrent claim waits for the first to commit or roll back).
   */
  async claimExchange(tx: Tx, row: typeof quotaExchanges.$inferInsert): Promise<number | null> {
    const [made] = await tx
      .insert(quotaExchanges)
      .values(row)
      .onConflictDoNothing({ target: [quotaExchanges.userId, quotaExchanges.requestId] })
      .returning({ id: quotaExchanges.id });
    return made?.id ?? null;
  },

  async exchangeByRequest(db: Db, userId: number, requestId: string) {
    const [row] = await db
      .select()
      .from(quotaExchanges)
      .where(and(eq(quotaExchanges.userId, userId), eq(quotaExchanges.requestId, requestId)));
    return row ?? null;
  },
};
