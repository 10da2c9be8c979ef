import type { DepositStatus } from '@kaixiang/shared/admin-payments';
import { and, asc, count, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { cryptoDeposits, cryptoOrders } from '../../../db/schema/crypto.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../../db/schema/ledger.ts';
import { payModes, rechargeOrders } from '../../../db/schema/payments.ts';
import { users } from '../../../db/schema/users.ts';

export interface OrderFilter {
  status?: number | undefined;
  payMode?: string | undefined;
  provider?: string | undefined;
  userId?: number | undefined;
  orderSn?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
}

function orderWhere(f: OrderFilter): SQL | undefined {
  const o = rechargeOrders;
  const conds: SQL[] = [];
  if (f.status !== undefined) conds.push(eq(o.status, f.status));
  if (f.payMode) conds.push(eq(o.payMode, f.payMode));
  if (f.provider) conds.push(eq(o.provider, f.provider));
  if (f.userId !== undefined) conds.push(eq(o.userId, f.userId));
  if (f.orderSn) conds.push(eq(o.orderSn, f.orderSn));
  if (f.from) conds.push(gte(o.createdAt, f.from));
  if (f.to) conds.push(lt(o.createdAt, f.to));
  return conds.length ? and(...conds) : undefined;
}

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const paymentsAdminRepo = {
  /** One page of orders, newest first, and the totals of every order the filter matches. */
  async orders(db: Db, f: OrderFilter, page: { limit: number; offset: number }) {
    const o = rechargeOrders;
    const where = orderWhere(f);
    const [rows, [totals]] = await Promise.all([
      db
        .select({ order: o, nickName: users.nickName })
        .from(o)
        .leftJoin(users, eq(users.id, o.userId))
        .where(where)
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(page.limit)
        .offset(page.offset),
      db
        .select({
          orders: count(),
          realPrice: sql<string>`coalesce(sum(${o.realPriceUnits}), 0)`,
          paidOrders: sql<string>`count(*) filter (where ${o.status} = 2)`,
          paidAmount: sql<string>`coalesce(sum(${o.realPriceUnits}) filter (where ${o.status} = 2), 0)`,
        })
        .from(o)
        .where(where),
    ]);
    return {
      rows,
      totals: {
        orders: totals?.orders ?? 0,
        realPrice: Number(totals?.realPrice ?? 0),
        paidOrders: Number(totals?.paidOrders ?? 0),
        paidAmount: Number(totals?.paidAmount ?? 0),
      },
    };
  },

  order: async (db: Db | Tx, orderSn: string) =>
    (
      await db
        .select({ order: rechargeOrders, nickName: users.nickName })
        .from(rechargeOrders)
        .leftJoin(users, eq(users.id, rechargeOrders.userId))
        .where(eq(rechargeOrders.orderSn, orderSn))
    )[0] ?? null,

  /** The transfers memo'd with the order number, and what each moved into the player's coins. */
  transfers: (db: Db, orderSn: string, userId: number) =>
    db
      .select({
        id: ledgerTransfers.id,
        kind: ledgerTransfers.kind,
        idemKey: ledgerTransfers.idemKey,
        createdAt: ledgerTransfers.createdAt,
        amount: sql<string>`coalesce(sum(${ledgerEntries.amount}) filter (where ${ledgerAccounts.owner} = ${`u:${userId}`} and ${ledgerAccounts.currency} = 'coin'), 0)`,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerTransfers.memo, orderSn))
      .groupBy(ledgerTransfers.id)
      .orderBy(asc(ledgerTransfers.id)),

  cryptoOrder: async (db: Db, orderSn: string) =>
    (await db.select().from(cryptoOrders).where(eq(cryptoOrders.orderSn, orderSn)))[0] ?? null,

  /** USDT deposits, newest first, with the matched order's player and status. */
  async deposits(
    db: Db,
    f: { status?: DepositStatus | undefined; chain?: string | undefined; orderSn?: string | undefined },
    page: { limit: number; offset: number },
  ) {
    const d = cryptoDeposits;
    const conds: SQL[] = [];
    if (f.status) conds.push(eq(d.status, f.status));
    if (f.chain) conds.push(eq(d.chain, f.chain));
    if (f.orderSn) conds.push(eq(d.orderSn, f.orderSn));
    const where = conds.length ? and(...conds) : undefined;
    const [rows, [total]] = await Promise.all([
      db
        .select({ deposit: d, userId: rechargeOrders.userId, orderStatus: rechargeOrders.status })
        .from(d)
        .leftJoin(rechargeOrders, eq(rechargeOrders.orderSn, d.orderSn))
        .where(where)
        .orderBy(desc(d.firstSeenAt), desc(d.id))
        .limit(page.limit)
        .offset(page.offset),
      db.select({ n: count() }).from(d).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** The console's records about one order (its provider queries), newest first. */
  actions: (db: Db, target: string) =>
    db
      .select({ a: adminAudit, name: users.nickName })
      .from(adminAudit)
      .leftJoin(users, eq(users.id, adminAudit.adminId))
      .where(and(eq(adminAudit.target, target), like(adminAudit.action, 'payment.%')))
      .orderBy(desc(adminAudit.id))
      .limit(50),

  channels: (db: Db) => db.select().from(payModes).orderBy(desc(payModes.sortId), asc(payModes.id)),

  channelForUpdate: async (tx: Tx, payMode: string) =>
    (await tx.select().from(payModes).where(eq(payModes.payMode, payMode)).for('update'))[0] ?? null,

  setChannel: (tx: Tx, id: number, enabled: boolean) => tx.update(payModes).set({ enabled }).where(eq(payModes.id, id)),
};
