import { ERRORS } from '@kaixiang/shared/errors';
import {
  MOCK_RECHARGE_MAX_UNITS,
  type MockRechargeResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { COMMAND_PATHS, type CommandListResponse, VIP_PATHS, type VipConfigResponse } from '@kaixiang/shared/vip';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { rechargeOrders } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { MOCK_PROVIDER } from './payments.service.ts';

const Y = 10_000;

describe('test mock recharge (development only)', () => {
  const clock = fakeClock();
  let t: TestApp;
  let tiers: RechargeListResponse['elems'];
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { FIRST_RECHARGE_BONUS_BP: '1000' } });
    const u = await registerUser(t);
    tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body.data
      .elems;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const tierOf = (yuan: number) => {
    const tier = tiers.find((x) => x.money === yuan * Y);
    if (!tier) throw new Error(`no tier of ${yuan}`);
    return tier;
  };
  const mock = (u: TestUser, body: unknown, lang?: string) =>
    t.api<MockRechargeResponse>('POST', PAYMENT_PATHS.testMockRecharge, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  /** What the player's account change record shows for one order: kind and amount per transfer. */
  const transfersOf = async (orderSn: string) =>
    (
      await t.rt.database.db
        .select({ kind: ledgerTransfers.kind, key: ledgerTransfers.idemKey })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.memo, orderSn))
    )
      .map((r) => r.kind)
      .sort();
  const detail = async (u: TestUser) =>
    (
      await asUser<{ vip_level: number; is_recharged: number | boolean }>(
        t,
        u.tokens.access_token,
        'GET',
        '/usercenter/v1/user/detail',
      )
    ).body.data;

  it('needs a login', async () => {
    const res = await t.api('POST', PAYMENT_PATHS.testMockRecharge, { body: { money: 100 * Y, pay_mode: 'alipay' } });
    expect(res.body.code).toBe(401);
  });

  it('credits a tier like a real payment: recharge, tier bonus, first-recharge bonus; the VIP level follows at once', async () => {
    const u = await registerUser(t);
    const res = await mock(u, { recharge_id: tierOf(200).id, pay_mode: 'alipay' });
    expect(res.body.code).toBe(200);
    // 200 CNY + the tier's 5 % + the 10 % first-recharge bonus; V1 (100 CNY) reached.
    expect(res.body.data).toMatchObject({
      status: ORDER_STATUS.paid,
      price: 200 * Y,
      extra_std_money: 10 * Y,
      money: 200 * Y + 10 * Y + 20 * Y,
      vip_level: 1,
    });
    expect(await coins(u)).toBe(230 * Y);
    expect(await transfersOf(res.body.data.order_sn)).toEqual(['recharge', 'recharge_bonus', 'recharge_bonus']);
    // The order is a real, paid order of provider 'mock', visible as such to the player.
    const [order] = await t.rt.database.db
      .select()
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderSn, res.body.data.order_sn));
    expect(order).toMatchObject({
      userId: u.userId,
      provider: MOCK_PROVIDER,
      payMode: 'alipay',
      tierId: tierOf(200).id,
      status: ORDER_STATUS.paid,
      providerTxnId: `mock:${res.body.data.order_sn}`,
    });
    const status = await asUser<{ status: number }>(
      t,
      u.tokens.access_token,
      'GET',
      `${PAYMENT_PATHS.payStatus}?order_sn=${res.body.data.order_sn}`,
    );
    expect(status.body.data.status).toBe(ORDER_STATUS.paid);
    // The badge column is up to date without waiting for a detail read.
    const [row] = await t.rt.database.db.select({ vip: users.vipLevel }).from(users).where(eq(users.id, u.userId));
    expect(row?.vip).toBe(1);
    expect((await detail(u)).vip_level).toBe(1);
    const vip = await asUser<VipConfigResponse>(t, u.tokens.access_token, 'GET', VIP_PATHS.config);
    expect(vip.body.data.vip_level).toBe(1);
    const first = await asUser<{ first_recharge: boolean }>(
      t,
      u.tokens.access_token,
      'GET',
      PAYMENT_PATHS.isFirstRecharge,
    );
    expect(first.body.data.first_recharge).toBe(false);
  });

  it('takes a custom amount without a tier, or with a tier’s bonus share; no 5 s throttle between them', async () => {
    const u = await registerUser(t);
    const custom = await mock(u, { money: 123_4567, pay_mode: 'wechat_pay' });
    expect(custom.body.data).toMatchObject({ price: 123_4567, extra_std_money: 0, vip_level: 1 });
    // Same instant (the fake clock did not move): a real order would be RECHARGE_TOO_FREQUENT.
    const withTier = await mock(u, { money: 3_000 * Y, recharge_id: tierOf(1000).id, pay_mode: 'union_pay' });
    expect(withTier.body.code).toBe(200);
    // V1 at order time: 0.5 % VIP bonus besides the tier's 8 %; no first-recharge bonus any more.
    expect(withTier.body.data).toMatchObject({ price: 3_000 * Y, extra_std_money: 240 * Y + 15 * Y, vip_level: 4 });
    const firstBonus = 12_3456; // 10 % of 123.4567 CNY, floored
    expect(await coins(u)).toBe(123_4567 + firstBonus + 3_000 * Y + 255 * Y);
    expect(withTier.body.data.money).toBe(await coins(u));
    const [order] = await t.rt.database.db
      .select({ tierId: rechargeOrders.tierId })
      .from(rechargeOrders)
      .where(eq(rechargeOrders.orderSn, custom.body.data.order_sn));
    expect(order?.tierId).toBe(0);
  });

  it('pays the inviter’s rebate and counts for command codes, like any recharge', async () => {
    const inviter = await registerUser(t);
    const code = (
      await asUser<{ super_invite_code: string }>(t, inviter.tokens.access_token, 'GET', '/usercenter/v1/user/detail')
    ).body.data.super_invite_code;
    const invitee = await registerUser(t, { invite_code: code });
    const before = await asUser<CommandListResponse>(t, invitee.tokens.access_token, 'GET', COMMAND_PATHS.list);
    expect(before.body.data.recharge_list_info.every((c) => c.key === '')).toBe(true);
    const res = await mock(invitee, { money: 500 * Y, pay_mode: 'alipay' });
    expect(res.body.code).toBe(200);
    // 5 % (the default invite_rebate_bp) of the money.
    expect(await coins(inviter)).toBe(25 * Y);
    const after = await asUser<CommandListResponse>(t, invitee.tokens.access_token, 'GET', COMMAND_PATHS.list);
    expect(after.body.data.day_recharge).toBe(500 * Y);
    const daily = after.body.data.recharge_list_info.filter((c) => c.type === 1);
    expect(daily.map((c) => c.key)).toEqual(['KX-DAY-100', 'KX-DAY-500']);
  });

  it('reaches V10 with one top-up at the cap, and refuses one unit more', async () => {
    const u = await registerUser(t);
    const over = await mock(u, { money: MOCK_RECHARGE_MAX_UNITS + 1, pay_mode: 'alipay' });
    expect(over.body).toMatchObject({
      code: ERRORS.MOCK_RECHARGE_AMOUNT_TOO_LARGE.code,
      msg: '单笔测试充值最多500000元',
    });
    const max = await mock(u, { money: MOCK_RECHARGE_MAX_UNITS, pay_mode: 'crypto_pay' });
    expect(max.body.data.vip_level).toBe(10);
  });

  it('refuses bad input with its own message in three languages, and changes nothing', async () => {
    const u = await registerUser(t);
    const cases: [unknown, keyof typeof ERRORS][] = [
      [{ pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_REQUIRED'],
      [{ money: 0, pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
      [{ money: -100 * Y, pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
      [{ money: 10.5, pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
      [{ money: 1e300, pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_TOO_LARGE'],
      [{ money: 100 * Y, pay_mode: 'paypal' }, 'MOCK_RECHARGE_PAY_MODE_INVALID'],
      [{ money: 100 * Y, pay_mode: '' }, 'MOCK_RECHARGE_PAY_MODE_INVALID'],
      [{ recharge_id: 987_654, pay_mode: 'alipay' }, 'MOCK_RECHARGE_TIER_INVALID'],
      // An emptied amount field is no amount; anything else that is not a number a wrong one
      // (as create-coin-order answers, issue 20), never the generic 参数不正确.
      [{ money: null, pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_REQUIRED'],
      [{ money: '', pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_REQUIRED'],
      [{ money: '  ', pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_REQUIRED'],
      [{ money: '100', pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
      [{ money: 'abc', pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
      [{ money: [100 * Y], pay_mode: 'alipay' }, 'MOCK_RECHARGE_AMOUNT_INVALID'],
    ];
    for (const [body, error] of cases) {
      const res = await mock(u, body);
      expect({ body, status: res.status, code: res.body.code, error: res.body.error }).toEqual({
        body,
        status: ERRORS[error].http,
        code: ERRORS[error].code,
        error,
      });
    }
    const msg = async (lang: string, money: unknown = 0) =>
      (await mock(u, { money, pay_mode: 'alipay' }, lang)).body.msg;
    expect([await msg('zh-CN'), await msg('zh-TW'), await msg('en-US')]).toEqual([
      '测试充值金额必须大于0',
      '測試儲值金額必須大於0',
      'The test amount must be more than 0',
    ]);
    expect([await msg('zh-CN', ''), await msg('zh-TW', null), await msg('en-US', ' ')]).toEqual([
      '请输入测试充值金额或选择充值档位',
      '請輸入測試儲值金額或選擇儲值檔位',
      'Enter a test amount or choose a tier',
    ]);
    expect(await coins(u)).toBe(0);
    const orders = await t.rt.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, u.userId));
    expect(orders).toEqual([]);
    expect((await detail(u)).vip_level).toBe(0);
  });

  it('has no notify endpoint: nobody can settle a mock order from outside', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/trade/v1/notify/${MOCK_PROVIDER}`,
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(res.statusCode).toBe(404);
  });
});
