import { ERRORS } from '@kaixiang/shared/errors';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  ORDER_STATUS_EVENT,
  ORDER_TTL_MS,
  PAYMENT_PATHS,
  type PayModeEntry,
  type RechargeListResponse,
  type RechargeRecordsResponse,
} from '@kaixiang/shared/payments';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, SANDBOX_SECRET as SECRET, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { moneyTiers, payModes } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { unpaidRechargeBlocker } from '../inventory/inventory.hooks.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { createSandboxCashier, signedSandboxNotification } from './sandbox-pay.ts';

describe('payments: tiers, channels, orders and the sandbox cashier', () => {
  const clock = fakeClock();
  let t: TestApp;
  let tiers: RechargeListResponse['elems'];
  const pushes: { room: string; type: string; data: unknown }[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { FIRST_RECHARGE_BONUS_BP: '1000' } });
    t.rt.bus.subscribe((m) => pushes.push(m));
    const u = await registerUser(t);
    tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body.data
      .elems;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const tierOf = (yuan: number) => {
    const tier = tiers.find((x) => x.money === yuan * 10_000);
    if (!tier) throw new Error(`no tier of ${yuan}`);
    return tier;
  };
  const create = (u: TestUser, body: Record<string, unknown>) =>
    asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, { ...AGREED, ...body });
  const order = async (u: TestUser, yuan: number, pay_model = 'alipay') => {
    clock.advance(THROTTLE_GAP_MS);
    const res = await create(u, { coin_recharge_id: tierOf(yuan).id, pay_model });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const status = async (u: TestUser, sn: string) =>
    (await asUser<{ status: number }>(t, u.tokens.access_token, 'GET', `${PAYMENT_PATHS.payStatus}?order_sn=${sn}`))
      .body.data.status;
  /** Past ORDER_TTL_MS the 15-minute access token has expired too: log in again. */
  const relogin = async (u: TestUser) => {
    const res = await login(t, u.mobile, u.password);
    if (res.body.code !== 200) throw new Error(`login: ${JSON.stringify(res.body)}`);
    u.tokens = res.body.data;
  };
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const cashier = (sn: string, action: string) => t.app.inject({ method: 'POST', url: `/dev/cashier/${sn}/${action}` });
  const notify = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it('needs a login', async () => {
    for (const path of [PAYMENT_PATHS.rechargeList, PAYMENT_PATHS.payModes, PAYMENT_PATHS.isFirstRecharge]) {
      expect((await t.api('GET', path)).body.code).toBe(401);
    }
    expect(
      (await t.api('POST', PAYMENT_PATHS.createOrder, { body: { coin_recharge_id: 1, pay_model: 'alipay' } })).body
        .code,
    ).toBe(401);
  });

  it('lists the tiers with their bonus shares and the USDT rate, and the channels by sort_id descending', async () => {
    const u = await registerUser(t);
    const list = await asUser<RechargeListResponse>(
      t,
      u.tokens.access_token,
      'GET',
      `${PAYMENT_PATHS.rechargeList}?pay_mode=alipay&device=1`,
    );
    expect(list.body.data.exchange_rate).toBe(76_000);
    expect(list.body.data.elems.map((e) => e.money)).toEqual(
      [10, 50, 100, 200, 500, 1000, 2000, 5000].map((y) => y * 10_000),
    );
    expect(list.body.data.elems[3]).toMatchObject({ addition_money: 500, avatar_title: '黄金' });
    const modes = await asUser<{ list: PayModeEntry[] }>(
      t,
      u.tokens.access_token,
      'GET',
      `${PAYMENT_PATHS.payModes}?platform=1`,
    );
    // crypto_pay is on where a chain watcher serves it: the sandbox chain here (crypto/usdt.int.test.ts).
    expect(modes.body.data.list.map((m) => m.pay_mode)).toEqual(['alipay', 'wechat_pay', 'union_pay', 'crypto_pay']);
    const sorts = modes.body.data.list.map((m) => m.sort_id);
    expect(sorts).toEqual([...sorts].sort((a, b) => b - a));
  });

  it('refuses an order without the 18+ box or any of the three conditions, with the spec message', async () => {
    const u = await registerUser(t);
    const base = { coin_recharge_id: tierOf(100).id, pay_model: 'alipay' };
    const send = (body: Record<string, unknown>) =>
      asUser(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, body);
    const cases: [Record<string, unknown>, keyof typeof ERRORS, string][] = [
      [
        { ...base, conditions: AGREED.conditions },
        'RECHARGE_ADULT_REQUIRED',
        '请确认已满18周岁,且具备完全行为能力,充值即代表同意《用户协议》和《隐私条款》',
      ],
      [
        { ...base, adult: 0, conditions: AGREED.conditions },
        'RECHARGE_ADULT_REQUIRED',
        '请确认已满18周岁,且具备完全行为能力,充值即代表同意《用户协议》和《隐私条款》',
      ],
      [{ ...base, adult: 1 }, 'RECHARGE_CONDITION_RESALE', '请同意并勾选网站内禁止转售饰品'],
      [
        { ...base, adult: 1, conditions: ['resale', 'afford'] },
        'RECHARGE_CONDITION_RATIONAL',
        '请同意并勾选盲盒娱乐，请理性消费',
      ],
      [
        { ...base, adult: 1, conditions: ['rational', 'resale'] },
        'RECHARGE_CONDITION_AFFORD',
        '请同意并勾选本人仅在经济承受范围内消费，且将为消费行为承担后果',
      ],
    ];
    for (const [body, error, msg] of cases) {
      const res = await send(body);
      expect(res.body).toMatchObject({ code: ERRORS[error].code, msg });
    }
    // Nothing was made: the next real order is not throttled by any of those.
    const ok = await send({ ...base, ...AGREED });
    expect(ok.body.code).toBe(200);
  });

  it('refuses a second order within 5 s with 操作频繁，请稍微再试', async () => {
    const u = await registerUser(t);
    const first = await order(u, 100);
    expect(first).toMatchObject({ price: 1_000_000, real_price: 1_000_000, extra_std_money: 30_000 });
    expect(first.expire_time).toBe(clock.now() + ORDER_TTL_MS);
    expect(first.pay_data_url).toBe(`/dev/cashier/${first.order_sn}`);
    clock.advance(4_000);
    const again = await create(u, { coin_recharge_id: tierOf(100).id, pay_model: 'alipay' });
    expect(again.body).toMatchObject({ code: ERRORS.RECHARGE_TOO_FREQUENT.code, msg: '操作频繁，请稍微再试' });
    clock.advance(1_000);
    expect((await create(u, { coin_recharge_id: tierOf(100).id, pay_model: 'alipay' })).body.code).toBe(200);
  });

  it('refuses a tier below 10 CNY, an unknown tier and an unknown coupon card', async () => {
    const u = await registerUser(t);
    const [small] = await t.rt.database.db
      .insert(moneyTiers)
      .values({ moneyUnits: 50_000, avatarTitle: '小额', enabled: true })
      .returning();
    clock.advance(THROTTLE_GAP_MS);
    expect((await create(u, { coin_recharge_id: small?.id, pay_model: 'alipay' })).body.code).toBe(
      ERRORS.RECHARGE_BELOW_MINIMUM.code,
    );
    await t.rt.database.db
      .update(moneyTiers)
      .set({ enabled: false })
      .where(eq(moneyTiers.id, small?.id as number));
    expect((await create(u, { coin_recharge_id: 999_999, pay_model: 'alipay' })).body).toMatchObject({
      code: ERRORS.RECHARGE_TIER_REQUIRED.code,
      msg: '请选择充值金额',
    });
    expect(
      (await create(u, { coin_recharge_id: tierOf(10).id, pay_model: 'alipay', card_coupon_id: 7 })).body.code,
    ).toBe(ERRORS.COUPON_UNAVAILABLE.code);
  });

  it('keeps WeChat Pay within 9000 CNY a day, expired orders not counted, other channels free', async () => {
    const u = await registerUser(t);
    const big = await order(u, 5000, 'wechat_pay');
    await order(u, 2000, 'wechat_pay');
    await order(u, 2000, 'wechat_pay'); // 9000 exactly
    clock.advance(THROTTLE_GAP_MS);
    const over = await create(u, { coin_recharge_id: tierOf(10).id, pay_model: 'wechat_pay' });
    expect(over.body.code).toBe(ERRORS.WECHAT_DAILY_LIMIT.code);
    await order(u, 5000, 'alipay');
    // An order that expired unpaid frees its share of the limit.
    clock.advance(ORDER_TTL_MS);
    await relogin(u);
    await t.app.payments.service.expireOrders();
    expect(await status(u, big.order_sn)).toBe(ORDER_STATUS.expired);
    await order(u, 5000, 'wechat_pay');
  });

  it('answers 暂无可用支付渠道，请稍后重试 for a channel that is off, and when every channel is off', async () => {
    const u = await registerUser(t);
    clock.advance(THROTTLE_GAP_MS);
    const db = t.rt.database.db;
    const before = await db.select().from(payModes);
    await db.update(payModes).set({ enabled: false }).where(eq(payModes.payMode, 'crypto_pay'));
    try {
      const crypto = await create(u, {
        coin_recharge_id: tierOf(100).id,
        pay_model: 'crypto_pay',
        chain: 'trc20',
        amount: 1_000_000,
      });
      expect(crypto.body).toMatchObject({
        code: ERRORS.PAY_CHANNEL_UNAVAILABLE.code,
        msg: '暂无可用支付渠道，请稍后重试',
      });
      await db.update(payModes).set({ enabled: false });
      const modes = await asUser<{ list: PayModeEntry[] }>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.payModes);
      expect(modes.body.data.list).toEqual([]);
      expect((await create(u, { coin_recharge_id: tierOf(100).id, pay_model: 'alipay' })).body.code).toBe(
        ERRORS.PAY_CHANNEL_UNAVAILABLE.code,
      );
    } finally {
      for (const m of before) await db.update(payModes).set({ enabled: m.enabled }).where(eq(payModes.id, m.id));
    }
  });

  it('credits a sandbox payment once though notified twice: money, tier bonus, first-recharge bonus; pushes order_status 2', async () => {
    const u = await registerUser(t);
    expect(
      (await asUser<{ first_recharge: boolean }>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.isFirstRecharge)).body
        .data.first_recharge,
    ).toBe(true);
    const o = await order(u, 200);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    const page = await t.app.inject({ method: 'GET', url: `/dev/cashier/${o.order_sn}` });
    expect(page.body).toContain('沙箱收银台');
    const paid = await cashier(o.order_sn, 'pay');
    expect(paid.statusCode).toBe(200);
    const deliveries = (paid.json() as { data: { deliveries: { status: number; text: string }[] } }).data.deliveries;
    expect(deliveries).toEqual([
      { status: 200, text: 'success' },
      { status: 200, text: 'success' },
    ]);
    // 200 + 5 % tier bonus + 10 % first-recharge bonus.
    expect(await coins(u)).toBe(2_000_000 + 100_000 + 200_000);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    await new Promise((r) => setTimeout(r, 10));
    const mine = pushes.filter((p) => p.room === `user:${u.userId}` && p.type === ORDER_STATUS_EVENT);
    expect(mine.map((p) => p.data)).toEqual([{ order_sn: o.order_sn, status: 2 }]);
    expect(
      (await asUser<{ first_recharge: boolean }>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.isFirstRecharge)).body
        .data.first_recharge,
    ).toBe(false);

    // The second recharge gets the tier bonus and, the player being V1 now (200 CNY recharged),
    // V1's 0.5 % recharge bonus; no first-recharge bonus.
    const next = await order(u, 50);
    expect(next.extra_std_money).toBe(10_000 + 2_500);
    await cashier(next.order_sn, 'pay');
    expect(await coins(u)).toBe(2_300_000 + 500_000 + 10_000 + 2_500);
    // The record shows the kinds the player can read.
    const { body } = await asUser<{ list: { kind: string; amount: number; memo: string }[] }>(
      t,
      u.tokens.access_token,
      'GET',
      '/usercenter/v1/user/get-account-change-record',
    );
    expect(body.data.list.map((e) => e.kind).sort()).toEqual([
      'recharge',
      'recharge',
      'recharge_bonus',
      'recharge_bonus',
      'recharge_bonus',
      'vip_recharge_bonus',
    ]);
  });

  it("pays the inviter's rebate in the payment's own transaction, once", async () => {
    const inviter = await registerUser(t);
    const detail = await asUser<{ super_invite_code: string }>(
      t,
      inviter.tokens.access_token,
      'GET',
      '/usercenter/v1/user/detail',
    );
    const invitee = await registerUser(t, { invite_code: detail.body.data.super_invite_code });
    const o = await order(invitee, 100);
    await cashier(o.order_sn, 'pay');
    await cashier(o.order_sn, 'pay');
    // 5 % (the default invite_rebate_bp) of the tier money, bonuses not included.
    expect(await coins(inviter)).toBe(50_000);
  });

  it('lets an anchor settle their own pending order from the anchor credit account, once, never as a recharge', async () => {
    const player = await registerUser(t);
    const anchorUser = await registerUser(t);
    await t.rt.database.db.update(users).set({ accountType: 2 }).where(eq(users.id, anchorUser.userId));
    const quick = (u: TestUser, order_sn: string) =>
      asUser<{ status: number; money: number }>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.anchorQuickRecharge, {
        order_sn,
      });
    const mine = await order(player, 100);
    expect((await quick(player, mine.order_sn)).body.code).toBe(ERRORS.FORBIDDEN.code);
    const o = await order(anchorUser, 100);
    expect((await quick(anchorUser, mine.order_sn)).body.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    // The tier money and its bonus, as a paid order would give.
    const credited = o.price + o.extra_std_money;
    expect(credited).toBeGreaterThan(1_000_000);
    const first = await quick(anchorUser, o.order_sn);
    expect(first.body.data).toEqual({ order_sn: o.order_sn, status: 2, money: credited });
    expect((await quick(anchorUser, o.order_sn)).body.data.money).toBe(credited);
    // A real payment arriving for the same order afterwards credits nothing more.
    await cashier(o.order_sn, 'pay');
    expect(await coins(anchorUser)).toBe(credited);
    // Coins that were never paid for cannot leave as items: retrieval is blocked for the anchor.
    const blocker = unpaidRechargeBlocker(t.rt.database.db);
    expect(await blocker(anchorUser.userId)).toBe('RETRIEVE_BLOCKED_ANCHOR');
    expect(await blocker(player.userId)).toBeNull();
    const kinds = await asUser<{ list: { kind: string }[] }>(
      t,
      anchorUser.tokens.access_token,
      'GET',
      '/usercenter/v1/user/get-account-change-record',
    );
    expect(kinds.body.data.list.map((e) => e.kind)).toEqual(['anchor_recharge']);
    // Not a recharge: still a first recharge to come.
    expect(
      (
        await asUser<{ first_recharge: boolean }>(
          t,
          anchorUser.tokens.access_token,
          'GET',
          PAYMENT_PATHS.isFirstRecharge,
        )
      ).body.data.first_recharge,
    ).toBe(true);
  });

  it('credits nothing for a tampered, wrongly signed, stale, wrong-amount or unknown-order notification', async () => {
    const u = await registerUser(t);
    const o = await order(u, 100);
    const base = { event: 'paid' as const, order_sn: o.order_sn, txn_id: 'T-forged-1', amount: o.real_price };
    const good = signedSandboxNotification(SECRET, { ...base, timestamp: clock.now() });
    const tampered = JSON.stringify({ ...good, amount: 50_000_000 });
    const otherOrder = JSON.stringify({ ...good, order_sn: 'KX000' });
    const wrongKey = JSON.stringify(
      signedSandboxNotification('someone-elses-secret-key', { ...base, timestamp: clock.now() }),
    );
    const stale = JSON.stringify(signedSandboxNotification(SECRET, { ...base, timestamp: clock.now() - 10 * 60_000 }));
    const wrongAmount = JSON.stringify(
      signedSandboxNotification(SECRET, { ...base, amount: 1, timestamp: clock.now() }),
    );
    const unknown = JSON.stringify(
      signedSandboxNotification(SECRET, { ...base, order_sn: 'KX404', timestamp: clock.now() }),
    );
    for (const payload of [
      tampered,
      otherOrder,
      wrongKey,
      stale,
      wrongAmount,
      unknown,
      '{"event":"paid"}',
      'nonsense',
    ]) {
      const res = await notify(payload);
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await coins(u)).toBe(0);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    // The untouched one is accepted.
    expect((await notify(JSON.stringify(good))).body).toBe('success');
    expect(await coins(u)).toBe(1_000_000 + 30_000 + 100_000);
  });

  it('marks a failed payment 4 and a pending order past its expiry 3 (订单已过期), pushed to the player', async () => {
    const u = await registerUser(t);
    const failed = await order(u, 10);
    expect((await cashier(failed.order_sn, 'fail')).statusCode).toBe(200);
    expect(await status(u, failed.order_sn)).toBe(ORDER_STATUS.failed);
    const o = await order(u, 10);
    clock.advance(ORDER_TTL_MS - 1);
    await relogin(u);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.pending);
    clock.advance(1);
    await relogin(u);
    // pay-status says 3 at once; the job then writes it and pushes it.
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.expired);
    await t.app.payments.tick();
    await new Promise((r) => setTimeout(r, 10));
    const mine = pushes
      .filter((p) => p.room === `user:${u.userId}` && p.type === ORDER_STATUS_EVENT)
      .map((p) => p.data);
    expect(mine).toEqual([
      { order_sn: failed.order_sn, status: 4 },
      { order_sn: o.order_sn, status: 3 },
    ]);
    expect(await coins(u)).toBe(0);
  });

  it('still credits a payment that arrives after its order expired (the written rule), once', async () => {
    const u = await registerUser(t);
    const o = await order(u, 500);
    const late = await cashier(o.order_sn, 'late');
    expect(late.statusCode).toBe(200);
    // Held in the database: another process (or this one after a restart) sees it too.
    const elsewhere = createSandboxCashier({
      secret: SECRET,
      clock,
      db: t.rt.database.db,
      deliver: async () => ({ status: 500, text: 'not this one' }),
    });
    expect(await elsewhere.held()).toEqual([{ order_sn: o.order_sn, due_at: o.expire_time + 1_000 }]);
    clock.advance(ORDER_TTL_MS);
    await relogin(u);
    await t.app.payments.service.expireOrders();
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.expired);
    expect(await coins(u)).toBe(0);
    clock.advance(1_000);
    const due = await t.app.inject({ method: 'POST', url: '/dev/cashier/deliver-due' });
    expect((due.json() as { data: { delivered: number } }).data.delivered).toBe(1);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.paid);
    expect(await coins(u)).toBe(5_000_000 + 300_000 + 500_000);
    // Delivered again (a provider retry): nothing more.
    expect((await t.app.inject({ method: 'POST', url: '/dev/cashier/deliver-due' })).json()).toMatchObject({
      data: { delivered: 0 },
    });
    expect(await coins(u)).toBe(5_800_000);
  });

  it('a reversed (charged-back) recharge blocks item retrieval; the credit itself stays', async () => {
    const u = await registerUser(t);
    const blocker = unpaidRechargeBlocker(t.rt.database.db);
    const o = await order(u, 10);
    await cashier(o.order_sn, 'pay');
    expect(await blocker(u.userId)).toBeNull();
    expect((await cashier(o.order_sn, 'reverse')).statusCode).toBe(200);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.reversed);
    expect(await blocker(u.userId)).toBe('RETRIEVE_BLOCKED_UNPAID');
    expect(await coins(u)).toBe(100_000 + 10_000);
  });

  it('lists the player’s own orders newest first: status as the player sees it, bonus credited, filter and pages', async () => {
    const u = await registerUser(t);
    const other = await registerUser(t);
    await order(other, 10);
    const paid = await order(u, 200); // first recharge: 5 % tier + 10 % first-recharge bonus
    await cashier(paid.order_sn, 'pay');
    const failed = await order(u, 50);
    await cashier(failed.order_sn, 'fail');
    const stale = await order(u, 100);
    const open = await order(u, 500);
    // `stale` expires (not yet marked by the job), `open` is still payable.
    clock.advance(ORDER_TTL_MS - THROTTLE_GAP_MS + 1);
    await relogin(u);
    const records = async (query = '') =>
      (
        await asUser<RechargeRecordsResponse>(
          t,
          u.tokens.access_token,
          'GET',
          `${PAYMENT_PATHS.rechargeRecords}${query}`,
        )
      ).body.data;
    const all = await records();
    expect(all.total).toBe(4);
    expect(all.list.map((r) => [r.order_sn, r.status])).toEqual([
      [open.order_sn, ORDER_STATUS.pending],
      [stale.order_sn, ORDER_STATUS.expired],
      [failed.order_sn, ORDER_STATUS.failed],
      [paid.order_sn, ORDER_STATUS.paid],
    ]);
    expect(all.list[3]).toMatchObject({
      pay_mode: 'alipay',
      chain: null,
      crypto_amount: null,
      price: 2_000_000,
      real_price: 2_000_000,
      extra_std_money: 100_000 + 200_000,
      expire_time: paid.expire_time,
    });
    expect(all.list[3]?.paid_at).toEqual(expect.any(Number));
    expect(all.list[0]).toMatchObject({ extra_std_money: open.extra_std_money, paid_at: null });
    expect((await records('?status=3')).list.map((r) => r.order_sn)).toEqual([stale.order_sn]);
    expect((await records('?status=1')).list.map((r) => r.order_sn)).toEqual([open.order_sn]);
    const page2 = await records('?page=2&page_size=3');
    expect(page2).toMatchObject({ total: 4, list: [{ order_sn: paid.order_sn }] });
    expect(
      (await asUser(t, u.tokens.access_token, 'GET', `${PAYMENT_PATHS.rechargeRecords}?page_size=500`)).body.code,
    ).toBe(ERRORS.VALIDATION_FAILED.code);
  });

  it('shows an order to its owner only', async () => {
    const u = await registerUser(t);
    const v = await registerUser(t);
    const o = await order(u, 10);
    const res = await asUser(t, v.tokens.access_token, 'GET', `${PAYMENT_PATHS.payStatus}?order_sn=${o.order_sn}`);
    expect(res.body.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
  });
});
