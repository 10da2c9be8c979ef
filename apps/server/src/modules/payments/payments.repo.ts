import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cryptoOrders } from '../../db/schema/crypto.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { moneyTiers, payModes, rechargeOrders } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';

/** The provider txn id of an order an anchor settled with anchor credit (no money came in). */
export const ANCHOR_TXN_PREFIX = 'anchor:';
const anchorSettled = sql`coalesce(${rechargeOrders.providerTxnId}, '') like ${`${ANCHOR_TXN_PREFIX}%`}`;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const paymentsRepo = {
  tiers: (db: Db | Tx) =>
    db.select().from(moneyTiers).where(eq(moneyTiers.enabled, true)).orderBy(asc(moneyTiers.sort), asc(moneyTiers.id)),

  tier: async (db: Db | Tx, id: number) =>
    (
      await db
        .select()
        .from(moneyTiers)
        .where(and(eq(moneyTiers.id, id), eq(moneyTiers.enabled, true)))
    )[0] ?? null,

  enabledModes: (db: Db | Tx) =>
    db.select().from(payModes).where(eq(payModes.enabled, true)).orderBy(desc(payModes.sortId), asc(payModes.id)),

  /** Serialises one player's order creation (the 5 s throttle and the WeChat limit read then write). */
  lockUser: async (tx: Tx, userId: number) =>
    (await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')).length > 0,

  lastOrderAt: async (tx: Tx, userId: number) => {
    const [row] = await tx
      .select({ at: rechargeOrders.createdAt })
      .from(rechargeOrders)
      .where(eq(rechargeOrders.userId, userId))
      .orderBy(desc(rechargeOrders.createdAt))
      .limit(1);
    return row?.at ?? null;
  },

  /** Pending and paid amounts of one channel since a moment (expired and failed orders do not count). */
  channelTotalSince: async (tx: Tx, userId: number, payMode: string, since: Date) => {
    const [row] = await tx
      .select({ total: sql<string>`coalesce(sum(${rechargeOrders.realPriceUnits}), 0)` })
      .from(rechargeOrders)
      .where(
        and(
          eq(rechargeOrders.userId, userId),
          eq(rechargeOrders.payMode, payMode),
          gte(rechargeOrders.createdAt, since),
          inArray(rechargeOrders.status, [1, 2]),
        ),
      );
    return Number(row?.total ?? 0);
  },

  insertOrder: async (tx: Tx, row: typeof rechargeOrders.$inferInsert) =>
    (await tx.insert(rechargeOrders).values(row).returning())[0] as typeof rechargeOrders.$inferSelect,

  order: async (db: Db | Tx, orderSn: string) =>
    (await db.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, orderSn)))[0] ?? null,

  orderForUpdate: async (tx: Tx, orderSn: string) =>
    (await tx.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, orderSn)).for('update'))[0] ?? null,

  setStatus: (tx: Tx, id: number, set: Partial<typeof rechargeOrders.$inferInsert>) =>
    tx.update(rechargeOrders).set(set).where(eq(rechargeOrders.id, id)),

  /**
   * One page of a player's orders, newest first, with a USDT order's chain and quantity. `status`
   * filters as the player sees it: 1 = pending and not expired, 3 = expired or pending past expiry.
   */
  async records(db: Db, userId: number, q: { status?: number | undefined; now: Date; limit: number; offset: number }) {
    const o = rechargeOrders;
    const conds: SQL[] = [eq(o.userId, userId)];
    if (q.status === 1) conds.push(eq(o.status, 1), gt(o.expiresAt, q.now));
    else if (q.status === 3) conds.push(or(eq(o.status, 3), and(eq(o.status, 1), lte(o.expiresAt, q.now))) as SQL);
    else if (q.status !== undefined) conds.push(eq(o.status, q.status));
    const where = and(...conds);
    const [rows, [total]] = await Promise.all([
      db
        .select({ order: o, chain: cryptoOrders.chain, quantityMicro: cryptoOrders.quantityMicro })
        .from(o)
        .leftJoin(cryptoOrders, eq(cryptoOrders.orderSn, o.orderSn))
        .where(where)
        .orderBy(desc(o.createdAt), desc(o.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(o).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /**
   * What each of these orders actually credited the player beside its money: the player's own
   * coin entries memo'd with the order number, other than the recharge itself (an invite rebate
   * goes to the inviter and is not counted).
   */
  async creditedBonuses(db: Db, userId: number, orderSns: readonly string[]): Promise<Map<string, number>> {
    if (orderSns.length === 0) return new Map();
    const rows = await db
      .select({ sn: ledgerTransfers.memo, total: sql<string>`sum(${ledgerEntries.amount})` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerAccounts.owner, `u:${userId}`),
          eq(ledgerAccounts.currency, 'coin'),
          inArray(ledgerTransfers.memo, [...orderSns]),
          ne(ledgerTransfers.kind, 'recharge'),
          ne(ledgerTransfers.kind, 'anchor_recharge'),
        ),
      )
      .groupBy(ledgerTransfers.memo);
    return new Map(rows.map((r) => [r.sn, Number(r.total)]));
  },

  failIfPending: (db: Db | Tx, id: number) =>
    db
      .update(rechargeOrders)
      .set({ status: 4 })
      .where(and(eq(rechargeOrders.id, id), eq(rechargeOrders.status, 1))),

  hasPaidOrder: async (db: Db | Tx, userId: number) =>
    (
      await db
        .select({ id: rechargeOrders.id })
        .from(rechargeOrders)
        .where(
          and(
            eq(rechargeOrders.userId, userId),
            inArray(rechargeOrders.status, [2, 5]),
            // An anchor's quick recharge settles an order without real money: not a recharge.
            sql`not ${anchorSettled}`,
          ),
        )
        .limit(1)
    ).length > 0,

  /** Whether the player has a reversed order, and an order settled by anchor credit. */
  unpaidFlags: async (db: Db | Tx, userId: number) => {
    const [row] = await db
      .select({
        reversed: sql<boolean | null>`bool_or(${rechargeOrders.status} = 5)`,
        anchor: sql<boolean | null>`bool_or(${rechargeOrders.status} = 2 and ${anchorSettled})`,
      })
      .from(rechargeOrders)
      .where(and(eq(rechargeOrders.userId, userId), inArray(rechargeOrders.status, [2, 5])));
    return { reversed: row?.reversed === true, anchor: row?.anchor === true };
  },

  /** Pending orders past their expiry become expired; returns them (for the pushes). */
  expireDue: (db: Db | Tx, now: Date, limit: number) =>
    db
      .update(rechargeOrders)
      .set({ status: 3 })
      .where(
        and(
          // Re-checked on the row itself: a payment that settled it meanwhile wins.
          eq(rechargeOrders.status, 1),
          inArray(
            rechargeOrders.id,
            db
              .select({ id: rechargeOrders.id })
              .from(rechargeOrders)
              .where(and(eq(rechargeOrders.status, 1), lte(rechargeOrders.expiresAt, now)))
              .limit(limit),
          ),
        ),
      )
      .returning({ userId: rechargeOrders.userId, orderSn: rechargeOrders.orderSn }),
};
