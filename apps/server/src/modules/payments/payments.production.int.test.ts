import { PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { PRODUCTION_ENV, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

/** What a production configuration refuses: no sandbox cashier, no test top-up, no orders without a real adapter. */
describe('payments in production', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: PRODUCTION_ENV });
  });
  afterAll(() => t.close());

  it('has no sandbox cashier and takes no orders without a real adapter', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/dev/cashier/KX1' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/trade/v1/notify/sandbox', payload: {} })).statusCode).toBe(
      404,
    );
  });

  it('has no test mock recharge (404), so nothing can be credited without a payment', async () => {
    // Signed like the web's calls; outside production the same call answers 401 (no login).
    const res = await t.api('POST', PAYMENT_PATHS.testMockRecharge, {
      body: { money: 100 * 10_000, pay_mode: 'alipay' },
    });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('NOT_FOUND');
    await expectLedgerBalanced(t);
  });
});
