import { ADMIN_PAYMENT_PATHS, type AdminQueryResponse } from '@kaixiang/shared/admin-payments';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../../test/support/money.ts';
import { AGREED, SANDBOX_SECRET } from '../../../../test/support/payments.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { ledgerTransfers } from '../../../db/schema/ledger.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { signedSandboxNotification } from '../../payments/sandbox-pay.ts';

/** Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('console payments: a query racing the notification', () => {
  let t: TestApp;
  let admin: TestUser;
  let finance: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, finance, 'finance');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const query = (u: TestUser, order_sn: string) =>
    t.api<AdminQueryResponse>('POST', ADMIN_PAYMENT_PATHS.query, {
      headers: bearer(u.tokens.access_token),
      body: { order_sn, reason: 'stuck order' },
    });
  const notify = (order_sn: string, txn_id: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        signedSandboxNotification(SANDBOX_SECRET, {
          event: 'paid',
          order_sn,
          txn_id,
          amount,
          timestamp: t.rt.clock.now(),
        }),
      ),
    });

  it('credits once when queries by two staff members and the provider’s notifications arrive at once', async () => {
    const u = await registerUser(t);
    const tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tiers.find((x) => x.money === 1_000_000)?.id,
      pay_model: 'alipay',
    });
    expect(res.body.code).toBe(200);
    const o = res.body.data;
    // Paid at the sandbox provider with its notification held back: both the query and the
    // notification now carry the same payment.
    const held = await t.app.payments.cashier?.late({
      orderSn: o.order_sn,
      realPriceUnits: o.real_price,
      expiresAtMs: o.expire_time,
    });
    if (!held) throw new Error('no sandbox cashier');

    const [queries, notifications] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => query(i % 2 ? admin : finance, o.order_sn))),
      Promise.all(Array.from({ length: 10 }, () => notify(o.order_sn, held.txn_id, o.real_price))),
    ]);
    expect(queries.map((q) => q.body.code)).toEqual(Array(10).fill(200));
    expect(notifications.map((n) => n.body)).toEqual(Array(10).fill('success'));
    const settlements = queries.map((q) => q.body.data.settlement);
    expect(settlements.every((s) => s === 'credited' || s === 'duplicate')).toBe(true);
    expect(settlements.filter((s) => s === 'credited').length).toBeLessThanOrEqual(1);

    const db = t.rt.database.db;
    const [row] = await db.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, o.order_sn));
    expect(row).toMatchObject({ status: ORDER_STATUS.paid, providerTxnId: held.txn_id });
    const recharges = await db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `recharge:${o.order_sn}%`));
    expect(recharges.filter((r) => r.kind === 'recharge')).toHaveLength(1);
    expect((await balancesOf(db, u.userId)).coin).toBe(o.price + o.extra_std_money);
    // Every query is on record with what it did; at most one of them credited.
    const records = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'payment.query'), eq(adminAudit.target, `order:${o.order_sn}`)));
    expect(records).toHaveLength(10);
    const outcomes = records.map((r) => (r.after as { outcome: { result: string } }).outcome.result);
    expect(outcomes.filter((r) => r === 'credited')).toEqual(settlements.filter((s) => s === 'credited'));
  });
});
