import { ERRORS } from '@kaixiang/shared/errors';
import { type CreateOrderResponse, PAYMENT_PATHS, type RechargeListResponse } from '@kaixiang/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, SANDBOX_SECRET as SECRET } from '../../../test/support/payments.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { signedSandboxNotification } from './sandbox-pay.ts';

/** Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('one notification delivered many times on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('credits once when delivered 50 times in parallel and 50 times in sequence', async () => {
    const u = await registerUser(t);
    const tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
    const tier = tiers.find((x) => x.money === 1_000_000);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tier?.id,
      pay_model: 'alipay',
    });
    const o = res.body.data;
    const n = { event: 'paid' as const, order_sn: o.order_sn, txn_id: 'T-parallel-1', amount: o.real_price };
    const send = (payload: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trade/v1/notify/sandbox',
        headers: { 'content-type': 'application/json' },
        payload,
      });
    // The same bytes 25 times and 25 fresh signatures (a provider's retries), all at once.
    const same = JSON.stringify(signedSandboxNotification(SECRET, { ...n, timestamp: t.rt.clock.now() }));
    const parallel = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(i % 2 ? same : JSON.stringify(signedSandboxNotification(SECRET, { ...n, timestamp: t.rt.clock.now() }))),
      ),
    );
    expect(parallel.map((r) => r.body)).toEqual(Array(50).fill('success'));
    for (let i = 0; i < 50; i++) {
      expect((await send(same)).body).toBe('success');
    }
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(1_000_000 + 30_000);
    await expectLedgerBalanced(t);
  });

  it('makes one order out of 10 sent at once (the 5 s throttle holds under concurrency)', async () => {
    const u = await registerUser(t);
    const tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        asUser(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
          ...AGREED,
          coin_recharge_id: tiers[0]?.id,
          pay_model: 'wechat_pay',
        }),
      ),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, ...Array(9).fill(ERRORS.RECHARGE_TOO_FREQUENT.code)]);
  });
});
