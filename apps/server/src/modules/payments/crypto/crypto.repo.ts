import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { cryptoAddresses, cryptoDeposits, cryptoOrders } from '../../../db/schema/crypto.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import type { IncomingTransfer } from './chain-watcher.ts';

type Exec = Db | Tx;
export type CryptoDeposit = typeof cryptoDeposits.$inferSelect;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const cryptoRepo = {
  /** site_settings.exchange_rate (JSON number, CNY per USDT × 10000), if an operator set one. */
  async exchangeRate(db: Exec): Promise<number | null> {
    const [row] = await db
      .select({ value: siteSettings.value })
      .from(siteSettings)
      .where(eq(siteSettings.key, 'exchange_rate'));
    if (!row) return null;
    const v = JSON.parse(row.value) as unknown;
    return typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : null;
  },

  /** Adds addresses to the pool; ones already there are left as they are. */
  addAddresses: (db: Exec, rows: { chain: string; address: string }[]) =>
    rows.length === 0 ? Promise.resolve() : db.insert(cryptoAddresses).values(rows).onConflictDoNothing(),

  countAddresses: async (db: Exec, chain: string) =>
    (
      await db.select({ n: sql<number>`count(*)::int` }).from(cryptoAddresses).where(eq(cryptoAddresses.chain, chain))
    )[0]?.n ?? 0,

  /**
   * Lends a free address of the chain to an order: the longest-free one first (a late deposit for
   * its previous order is least likely then). SKIP LOCKED lets concurrent orders take different
   * rows instead of queueing on one; the unique order_sn index backs it up.
   */
  async lend(tx: Tx, chain: string, orderSn: string, now: Date): Promise<string | null> {
    const [free] = await tx
      .select({ id: cryptoAddresses.id, address: cryptoAddresses.address })
      .from(cryptoAddresses)
      .where(and(eq(cryptoAddresses.chain, chain), isNull(cryptoAddresses.orderSn)))
      .orderBy(sql`${cryptoAddresses.releasedAt} asc nulls first`, asc(cryptoAddresses.id))
      .limit(1)
      .for('update', { skipLocked: true });
    if (!free) return null;
    const taken = await tx
      .update(cryptoAddresses)
      .set({ orderSn, lentAt: now })
      .where(and(eq(cryptoAddresses.id, free.id), isNull(cryptoAddresses.orderSn)))
      .returning({ id: cryptoAddresses.id });
    return taken.length === 1 ? free.address : null;
  },

  insertOrder: (tx: Tx, row: typeof cryptoOrders.$inferInsert) => tx.insert(cryptoOrders).values(row),

  order: async (db: Exec, orderSn: string) =>
    (await db.select().from(cryptoOrders).where(eq(cryptoOrders.orderSn, orderSn)))[0] ?? null,

  /** Addresses out on loan, with their orders (the watch list and the dev page). */
  lent: (db: Exec) =>
    db
      .select({
        chain: cryptoAddresses.chain,
        address: cryptoAddresses.address,
        orderSn: rechargeOrders.orderSn,
        lentAt: cryptoAddresses.lentAt,
        quantityMicro: cryptoOrders.quantityMicro,
        status: rechargeOrders.status,
        expiresAt: rechargeOrders.expiresAt,
        userId: rechargeOrders.userId,
      })
      .from(cryptoAddresses)
      .innerJoin(rechargeOrders, eq(rechargeOrders.orderSn, cryptoAddresses.orderSn))
      .innerJoin(cryptoOrders, eq(cryptoOrders.orderSn, cryptoAddresses.orderSn))
      .orderBy(desc(cryptoAddresses.lentAt)),

  /**
   * Returns addresses to the pool: an order paid (or reversed) over `paidHoldMs` ago, or unpaid
   * and expired over `graceMs` ago. Returns how many.
   */
  async release(db: Exec, now: Date, paidHoldMs: number, graceMs: number): Promise<number> {
    const done = db
      .select({ sn: rechargeOrders.orderSn })
      .from(rechargeOrders)
      .innerJoin(cryptoAddresses, eq(cryptoAddresses.orderSn, rechargeOrders.orderSn))
      .where(
        or(
          and(inArray(rechargeOrders.status, [2, 5]), lte(rechargeOrders.paidAt, new Date(now.getTime() - paidHoldMs))),
          and(
            inArray(rechargeOrders.status, [1, 3, 4]),
            lte(rechargeOrders.expiresAt, new Date(now.getTime() - graceMs)),
          ),
        ),
      );
    const rows = await db
      .update(cryptoAddresses)
      .set({ orderSn: null, lentAt: null, releasedAt: now })
      .where(inArray(cryptoAddresses.orderSn, done))
      .returning({ id: cryptoAddresses.id });
    return rows.length;
  },

  /** The borrower of an address now, if any. */
  borrower: async (db: Exec, chain: string, address: string) =>
    (
      await db
        .select({ orderSn: cryptoAddresses.orderSn, lentAt: cryptoAddresses.lentAt })
        .from(cryptoAddresses)
        .where(
          and(
            eq(cryptoAddresses.chain, chain),
            eq(cryptoAddresses.address, address),
            isNotNull(cryptoAddresses.orderSn),
          ),
        )
    )[0] ?? null,

  /**
   * Records a transfer the first time it is seen (with the order it is meant for), and its
   * confirmations every time after; the order it was first given to never changes.
   */
  recordTransfer: async (db: Exec, t: IncomingTransfer, orderSn: string | null, now: Date): Promise<CryptoDeposit> =>
    (
      await db
        .insert(cryptoDeposits)
        .values({
          chain: t.chain,
          transferId: t.transferId,
          txHash: t.txHash,
          address: t.address,
          amountMicro: t.amountMicro,
          confirmations: t.confirmations,
          orderSn,
          status: 'pending',
          sentAt: new Date(t.seenAt),
          firstSeenAt: now,
        })
        .onConflictDoUpdate({
          target: [cryptoDeposits.chain, cryptoDeposits.transferId],
          set: { confirmations: sql`greatest(${cryptoDeposits.confirmations}, excluded.confirmations)` },
        })
        .returning()
    )[0] as CryptoDeposit,

  pending: (db: Exec) =>
    db.select().from(cryptoDeposits).where(eq(cryptoDeposits.status, 'pending')).orderBy(asc(cryptoDeposits.id)),

  settle: (db: Exec, id: number, set: { status: string; surplusMicro?: bigint; settledAt: Date }) =>
    db
      .update(cryptoDeposits)
      .set(set)
      .where(and(eq(cryptoDeposits.id, id), eq(cryptoDeposits.status, 'pending'))),

  deposits: (db: Exec, limit = 200) => db.select().from(cryptoDeposits).orderBy(desc(cryptoDeposits.id)).limit(limit),

  depositsOf: (db: Exec, orderSn: string) =>
    db.select().from(cryptoDeposits).where(eq(cryptoDeposits.orderSn, orderSn)).orderBy(asc(cryptoDeposits.id)),
};
