import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import { PAYMENT_PATHS, type RechargeListResponse, type RechargeRecordsResponse } from '@kaixiang/shared/payments';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * Issue 20: create-coin-order answered an amount or tier omitted, null or "" with the generic
 * 参数不正确. Each gets the spec's own message, in the player's language, and orders nothing.
 */
const MESSAGES: Partial<Record<ErrorKey, Record<string, string>>> = {
  USDT_AMOUNT_INVALID: {
    'zh-CN': '请输入正确的充值金额',
    'zh-TW': '請輸入正確的儲值金額',
    'en-US': 'Please enter a valid amount',
  },
  RECHARGE_TIER_REQUIRED: { 'zh-CN': '请选择充值金额', 'zh-TW': '請選擇儲值金額', 'en-US': 'Please choose an amount' },
};

describe('create-coin-order: a missing or malformed amount gets the spec message', () => {
  const clock = fakeClock();
  let t: TestApp;
  let tierId: number;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    const u = await registerUser(t);
    const list = await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList);
    tierId = list.body.data.elems[0]?.id ?? 0;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  /** Sends each body in each language and expects the refusal `error` with its own words. */
  async function expectRefused(u: TestUser, bodies: Record<string, unknown>[], error: ErrorKey) {
    for (const body of bodies) {
      for (const [lang, msg] of Object.entries(MESSAGES[error] ?? {})) {
        clock.advance(THROTTLE_GAP_MS);
        const res = await t.api('POST', PAYMENT_PATHS.createOrder, {
          headers: { authorization: `Bearer ${u.tokens.access_token}` },
          lang,
          body: { ...AGREED, ...body },
        });
        expect({ body, lang, status: res.status, reply: res.body }).toMatchObject({
          body,
          lang,
          status: ERRORS[error].http,
          reply: { code: ERRORS[error].code, error, msg },
        });
      }
    }
    const records = await asUser<RechargeRecordsResponse>(
      t,
      u.tokens.access_token,
      'GET',
      PAYMENT_PATHS.rechargeRecords,
    );
    expect(records.body.data.total).toBe(0);
  }

  it('USDT: an amount omitted, null, empty, blank, negative or not a number is 请输入正确的充值金额', async () => {
    const u = await registerUser(t);
    // The tier is ignored for USDT (docs/payments.md), so a body without one is a whole order.
    const usdt = { pay_model: 'crypto_pay', chain: 'trc20' };
    await expectRefused(
      u,
      [
        { ...usdt },
        { ...usdt, amount: null },
        { ...usdt, amount: '' },
        { ...usdt, amount: '   ' },
        { ...usdt, amount: -1_000_000 },
        { ...usdt, amount: 'abc' },
        { ...usdt, amount: '1000000' },
        { ...usdt, amount: [1_000_000] },
        { ...usdt, coin_recharge_id: tierId, amount: '' },
        { ...usdt, coin_recharge_id: null, chain: 'erc20', amount: null },
      ],
      'USDT_AMOUNT_INVALID',
    );
    // The rule itself still passes a right amount.
    clock.advance(THROTTLE_GAP_MS);
    const good = await asUser(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      ...usdt,
      amount: 1_000_000,
    });
    expect(good.body).toMatchObject({ code: 200 });
  });

  it('a tier channel: a tier omitted, null, empty, a word or past the id range is 请选择充值金额', async () => {
    const u = await registerUser(t);
    const alipay = { pay_model: 'alipay' };
    await expectRefused(
      u,
      [
        { ...alipay },
        { ...alipay, coin_recharge_id: null },
        { ...alipay, coin_recharge_id: '' },
        { ...alipay, coin_recharge_id: ' ' },
        { ...alipay, coin_recharge_id: 'abc' },
        { ...alipay, coin_recharge_id: String(tierId) },
        { ...alipay, coin_recharge_id: -1 },
        { ...alipay, coin_recharge_id: 1.5 },
        { ...alipay, coin_recharge_id: 2 ** 40 },
      ],
      'RECHARGE_TIER_REQUIRED',
    );
    clock.advance(THROTTLE_GAP_MS);
    const good = await asUser(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      ...alipay,
      coin_recharge_id: tierId,
    });
    expect(good.body).toMatchObject({ code: 200 });
  });
});
