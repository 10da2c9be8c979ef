import {
  ADMIN_PAYMENT_PATHS,
  type AdminChannelsResponse,
  type AdminDepositsResponse,
  type AdminOrderDetail,
  type AdminOrdersResponse,
  type AdminQueryResponse,
} from '@kaixiang/shared/admin-payments';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type PayModeEntry,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { formatMicroUsdt } from '@kaixiang/shared/usdt';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../../test/support/money.ts';
import { AGREED, SANDBOX_SECRET, THROTTLE_GAP_MS } from '../../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { cryptoOrders } from '../../../db/schema/crypto.ts';
import { payModes, rechargeOrders } from '../../../db/schema/payments.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { signedSandboxNotification } from '../../payments/sandbox-pay.ts';

/** The console's Payments: orders and their filters, a provider query that settles, channels, USDT deposits, access. */
describe('console payments: orders, provider query, channels, USDT deposits', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let finance: TestUser;
  let support: TestUser;
  let player: TestUser;
  let tiers: RechargeListResponse['elems'];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '运营' });
    finance = await registerUser(t, { nick_name: '财务' });
    support = await registerUser(t, { nick_name: '客服' });
    await setRole(t, admin, 'admin');
    await setRole(t, finance, 'finance');
    await setRole(t, support, 'support');
    player = await registerUser(t, { nick_name: 'Payer' });
    tiers = (await asUser<RechargeListResponse>(t, player.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const call = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    t.api<T>(method, path, { headers: bearer(u.tokens.access_token), lang: 'en-US', ...(body ? { body } : {}) });
  const orders = (u: TestUser, qs: string) =>
    call<AdminOrdersResponse>(u, 'GET', `${ADMIN_PAYMENT_PATHS.orders}?${qs}`);
  const detail = (u: TestUser, sn: string) =>
    call<AdminOrderDetail>(u, 'GET', `${ADMIN_PAYMENT_PATHS.order}?order_sn=${sn}`);
  const query = (u: TestUser, order_sn: string, reason = 'player says paid') =>
    call<AdminQueryResponse>(u, 'POST', ADMIN_PAYMENT_PATHS.query, { order_sn, reason });
  const setChannel = (u: TestUser, pay_mode: string, enabled: boolean, reason = 'provider maintenance') =>
    call<AdminChannelsResponse>(u, 'POST', ADMIN_PAYMENT_PATHS.channel, { pay_mode, enabled, reason });
  const order = async (u: TestUser, yuan: number, pay_model = 'alipay') => {
    clock.advance(THROTTLE_GAP_MS);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tiers.find((x) => x.money === yuan * 10_000)?.id,
      pay_model,
    });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** The sandbox provider's notification, as its cashier posts it to our endpoint. */
  const notify = (sn: string, txn_id: string, amount: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(
        signedSandboxNotification(SANDBOX_SECRET, {
          event: 'paid',
          order_sn: sn,
          txn_id,
          amount,
          timestamp: clock.now(),
        }),
      ),
    });
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const audits = (action: string, target: string) =>
    t.rt.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.target, target)));
  const orderRow = async (sn: string) =>
    (await t.rt.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, sn)))[0];

  it('asks payments.manage on every route: admin and finance pass, support and a player get 403', async () => {
    const o = await order(player, 10);
    const calls: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', `${ADMIN_PAYMENT_PATHS.orders}?user_id=${player.userId}`],
      ['GET', `${ADMIN_PAYMENT_PATHS.order}?order_sn=${o.order_sn}`],
      ['POST', ADMIN_PAYMENT_PATHS.query, { order_sn: o.order_sn, reason: 'look' }],
      ['GET', ADMIN_PAYMENT_PATHS.channels],
      ['POST', ADMIN_PAYMENT_PATHS.channel, { pay_mode: 'union_pay', enabled: false, reason: 'off' }],
      ['GET', ADMIN_PAYMENT_PATHS.deposits],
    ];
    for (const u of [support, player]) {
      for (const [method, path, body] of calls) {
        const res = await call(u, method, path, body);
        expect([path, res.status]).toEqual([path, 403]);
      }
    }
    // Nothing the refused calls asked for happened.
    expect(await audits('payment.query', `order:${o.order_sn}`)).toEqual([]);
    expect(await audits('payment.channel', 'pay_mode:union_pay')).toEqual([]);
    for (const u of [admin, finance]) {
      for (const [method, path, body] of calls.filter(([m]) => m === 'GET')) {
        const res = await call(u, method, path, body);
        expect([path, res.status, res.body.code]).toEqual([path, 200, 200]);
      }
    }
    const asked = await query(finance, o.order_sn);
    expect(asked.body.code).toBe(200);
    expect((await audits('payment.query', `order:${o.order_sn}`))[0]?.adminId).toBe(finance.userId);
  });

  it('lists orders newest first, filtered, with totals over the whole filter', async () => {
    const u = await registerUser(t, { nick_name: 'Filter' });
    const from = clock.now();
    const a = await order(u, 10, 'alipay');
    const w = await order(u, 50, 'wechat_pay');
    const un = await order(u, 100, 'union_pay');
    expect((await notify(w.order_sn, 'SBX-filter-1', w.real_price)).body).toBe('success');
    const to = clock.now() + 1;

    const all = await orders(admin, `user_id=${u.userId}&page_size=2`);
    expect(all.body.data.list.map((r) => r.order_sn)).toEqual([un.order_sn, w.order_sn]);
    expect(all.body.data).toMatchObject({
      total: 3,
      totals: {
        orders: 3,
        real_price: a.real_price + w.real_price + un.real_price,
        paid_orders: 1,
        paid_amount: w.real_price,
      },
    });
    expect(all.body.data.list[1]).toMatchObject({
      user_id: u.userId,
      nick_name: 'Filter',
      pay_mode: 'wechat_pay',
      provider: 'sandbox',
      status: ORDER_STATUS.paid,
      provider_txn_id: 'SBX-filter-1',
      overdue: false,
    });
    const sns = async (qs: string) =>
      (await orders(admin, `user_id=${u.userId}&${qs}`)).body.data.list.map((r) => r.order_sn);
    expect(await sns(`status=${ORDER_STATUS.paid}`)).toEqual([w.order_sn]);
    expect(await sns('pay_mode=alipay')).toEqual([a.order_sn]);
    expect(await sns(`order_sn=${un.order_sn}`)).toEqual([un.order_sn]);
    expect(await sns('provider=alipay')).toEqual([]);
    expect(await sns(`from=${from}&to=${to}`)).toHaveLength(3);
    expect(await sns(`from=${to}`)).toEqual([]);
    expect(
      (await orders(admin, `user_id=${u.userId}&page=2&page_size=2`)).body.data.list.map((r) => r.order_sn),
    ).toEqual([a.order_sn]);

    // Bad filters answer in the caller's language.
    const backwards = await orders(admin, `from=${to}&to=${from}`);
    expect([backwards.status, backwards.body.code, backwards.body.msg]).toEqual([
      400,
      ERRORS.PAYMENT_RANGE_INVALID.code,
      'The start of the range is after its end',
    ]);
    const badStatus = await orders(admin, 'status=9');
    expect([badStatus.status, badStatus.body.code]).toEqual([400, ERRORS.VALIDATION_FAILED.code]);
    const badMode = await orders(admin, 'pay_mode=paypal');
    expect(badMode.status).toBe(400);
  });

  it('shows a paid order with the ledger transfers that credited it', async () => {
    const o = await order(player, 100, 'union_pay');
    expect((await notify(o.order_sn, 'SBX-detail-1', o.real_price)).body).toBe('success');
    const res = await detail(admin, o.order_sn);
    expect(res.body.data.order).toMatchObject({ order_sn: o.order_sn, status: ORDER_STATUS.paid });
    expect(res.body.data.transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'recharge', idem_key: `recharge:${o.order_sn}`, amount: o.price }),
      ]),
    );
    expect(res.body.data.queryable).toBe(true);
    expect(res.body.data.usdt).toBeNull();
    const missing = await detail(admin, 'KX0000');
    expect([missing.status, missing.body.code, missing.body.msg]).toEqual([
      404,
      ERRORS.PAYMENT_ORDER_NOT_FOUND.code,
      'No such recharge order',
    ]);
  });

  it('query: an expired order the provider holds as paid is credited once, whatever arrives after', async () => {
    const u = await registerUser(t, { nick_name: 'Late' });
    const o = await order(u, 100, 'alipay');
    // 延迟 at the sandbox cashier: paid there, its notification held back past the expiry.
    const held = await t.app.payments.cashier?.late({
      orderSn: o.order_sn,
      realPriceUnits: o.real_price,
      expiresAtMs: o.expire_time,
    });
    if (!held) throw new Error('no sandbox cashier');
    // Its expiry passed (moved back on the row: advancing the clock 15 minutes would end the
    // staff members' sessions too), and the expiry job marked it.
    await t.rt.database.db
      .update(rechargeOrders)
      .set({ expiresAt: new Date(clock.now() - 1) })
      .where(eq(rechargeOrders.orderSn, o.order_sn));
    await t.app.payments.service.expireOrders();
    expect((await orderRow(o.order_sn))?.status).toBe(ORDER_STATUS.expired);
    const listed = await orders(admin, `order_sn=${o.order_sn}`);
    expect(listed.body.data.list[0]?.status).toBe(ORDER_STATUS.expired);

    const before = await coins(u);
    const first = await query(admin, o.order_sn, 'player sent a receipt');
    expect(first.body.data).toEqual({
      order_sn: o.order_sn,
      provider: 'sandbox',
      answer: { state: 'paid', provider_state: 'PAID_HELD', txn_id: held.txn_id, amount: o.real_price },
      settlement: 'credited',
      refused: null,
      status: ORDER_STATUS.paid,
    });
    const credited = (await coins(u)) - before;
    expect(credited).toBe(o.price + o.extra_std_money);

    // Asked again, and then the provider's held notification arrives: nothing more moves.
    expect((await query(finance, o.order_sn)).body.data.settlement).toBe('duplicate');
    expect((await notify(o.order_sn, held.txn_id, o.real_price)).body).toBe('success');
    expect((await coins(u)) - before).toBe(credited);

    const records = await audits('payment.query', `order:${o.order_sn}`);
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({
      adminId: admin.userId,
      reason: 'player sent a receipt',
      before: { status: ORDER_STATUS.expired, provider_txn_id: null },
      after: { provider: 'sandbox', answer: { state: 'paid', txn_id: held.txn_id }, outcome: { result: 'credited' } },
    });
    expect(records[1]?.after).toMatchObject({ outcome: { result: 'duplicate' } });
    // The order page shows both queries, newest first.
    const page = await detail(admin, o.order_sn);
    expect(page.body.data.actions.map((a) => a.admin_id)).toEqual([finance.userId, admin.userId]);
  });

  it('query: an unpaid answer is recorded and changes nothing; bad input changes nothing', async () => {
    const o = await order(player, 10, 'wechat_pay');
    const before = await coins(player);
    const res = await query(admin, o.order_sn);
    expect(res.body.data).toMatchObject({
      answer: { state: 'unpaid', provider_state: 'NO_PAYMENT', txn_id: null, amount: null },
      settlement: 'none',
      status: ORDER_STATUS.pending,
    });
    expect(await coins(player)).toBe(before);
    expect(await audits('payment.query', `order:${o.order_sn}`)).toHaveLength(1);

    const noReason = await query(admin, o.order_sn, '   ');
    expect([noReason.status, noReason.body.code, noReason.body.msg]).toEqual([
      400,
      ERRORS.PAYMENT_REASON_INVALID.code,
      'Give a reason (1–200 characters)',
    ]);
    const unknown = await query(admin, 'KX-nope');
    expect(unknown.body.code).toBe(ERRORS.PAYMENT_ORDER_NOT_FOUND.code);
    expect(await audits('payment.query', `order:${o.order_sn}`)).toHaveLength(1);

    // A test mock recharge has no provider to ask.
    const mock = await asUser<{ order_sn: string }>(
      t,
      player.tokens.access_token,
      'POST',
      PAYMENT_PATHS.testMockRecharge,
      {
        money: 100_000,
        pay_mode: 'alipay',
      },
    );
    expect(mock.body.code).toBe(200);
    const refused = await query(admin, mock.body.data.order_sn);
    expect([refused.status, refused.body.code]).toEqual([409, ERRORS.PAYMENT_QUERY_UNSUPPORTED.code]);
  });

  it('switches a channel off and on: audited, and the player’s recharge follows at once', async () => {
    const modes = async () =>
      (
        await asUser<{ list: PayModeEntry[] }>(
          t,
          player.tokens.access_token,
          'GET',
          `${PAYMENT_PATHS.payModes}?platform=1`,
        )
      ).body.data.list.map((m) => m.pay_mode);
    const listed = await call<AdminChannelsResponse>(admin, 'GET', ADMIN_PAYMENT_PATHS.channels);
    expect(listed.body.data.list.find((c) => c.pay_mode === 'union_pay')).toMatchObject({
      enabled: true,
      provider: 'sandbox',
    });
    expect(await modes()).toContain('union_pay');

    const off = await setChannel(admin, 'union_pay', false, 'bank maintenance');
    expect(off.body.data.list.find((c) => c.pay_mode === 'union_pay')?.enabled).toBe(false);
    expect(await modes()).not.toContain('union_pay');
    clock.advance(THROTTLE_GAP_MS);
    const refused = await asUser(t, player.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tiers[0]?.id,
      pay_model: 'union_pay',
    });
    expect(refused.body.code).toBe(ERRORS.PAY_CHANNEL_UNAVAILABLE.code);
    const [record] = await audits('payment.channel', 'pay_mode:union_pay');
    expect(record).toMatchObject({
      adminId: admin.userId,
      before: { enabled: true },
      after: { enabled: false },
      reason: 'bank maintenance',
    });

    // Bad input changes nothing.
    const noReason = await setChannel(admin, 'union_pay', true, '');
    expect(noReason.body.code).toBe(ERRORS.PAYMENT_REASON_INVALID.code);
    const unknown = await setChannel(admin, 'paypal', true);
    expect(unknown.status).toBe(400);
    const [row] = await t.rt.database.db.select().from(payModes).where(eq(payModes.payMode, 'union_pay'));
    expect(row?.enabled).toBe(false);

    await setChannel(finance, 'union_pay', true, 'back');
    expect(await modes()).toContain('union_pay');
    expect(await audits('payment.channel', 'pay_mode:union_pay')).toHaveLength(2);
  });

  it('lists USDT deposits with confirmations, tx hash, the order and player they matched', async () => {
    const u = await registerUser(t, { nick_name: 'Usdt' });
    clock.advance(THROTTLE_GAP_MS);
    const created = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: 1,
      pay_model: 'crypto_pay',
      device: 1,
      chain: 'trc20',
      amount: 100 * 10_000,
    });
    expect(created.body.code).toBe(200);
    const sn = created.body.data.order_sn;
    const [terms] = await t.rt.database.db.select().from(cryptoOrders).where(eq(cryptoOrders.orderSn, sn));
    if (!terms) throw new Error('no USDT terms');
    // Less than the order asks: it waits for its confirmations, then for an operator.
    const short = formatMicroUsdt(terms.quantityMicro - 1_000_000);
    const sent = await t.app.inject({
      method: 'POST',
      url: '/dev/chain/deposit',
      payload: { chain: 'trc20', address: terms.address, amount: short },
    });
    expect(sent.statusCode).toBe(200);
    const txHash = (sent.json() as { data: { transfer: { tx_hash: string } } }).data.transfer.tx_hash;
    const pending = await call<AdminDepositsResponse>(admin, 'GET', `${ADMIN_PAYMENT_PATHS.deposits}?status=pending`);
    expect(pending.body.data.list.find((d) => d.tx_hash === txHash)).toMatchObject({
      chain: 'trc20',
      address: terms.address,
      order_sn: sn,
      user_id: u.userId,
      order_status: ORDER_STATUS.pending,
      confirmations: 1,
      status: 'pending',
    });
    const mined = await t.app.inject({ method: 'POST', url: '/dev/chain/mine', payload: { blocks: 30 } });
    expect(mined.statusCode).toBe(200);
    const underpaid = await call<AdminDepositsResponse>(
      finance,
      'GET',
      `${ADMIN_PAYMENT_PATHS.deposits}?status=underpaid&chain=trc20`,
    );
    const row = underpaid.body.data.list.find((d) => d.tx_hash === txHash);
    expect(row?.status).toBe('underpaid');
    expect(row?.confirmations).toBeGreaterThan(1);
    expect(
      (
        await call<AdminDepositsResponse>(admin, 'GET', `${ADMIN_PAYMENT_PATHS.deposits}?status=credited`)
      ).body.data.list.some((d) => d.tx_hash === txHash),
    ).toBe(false);
    // The order's page carries its USDT terms and the deposit; a USDT order is not queried.
    const page = await detail(admin, sn);
    expect(page.body.data.usdt).toMatchObject({ chain: 'trc20', address: terms.address });
    expect(page.body.data.usdt?.deposits.map((d) => d.tx_hash)).toEqual([txHash]);
    expect(page.body.data.queryable).toBe(false);
    expect((await query(admin, sn)).body.code).toBe(ERRORS.PAYMENT_QUERY_UNSUPPORTED.code);
  });
});
