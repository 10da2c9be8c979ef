import { randomBytes } from 'node:crypto';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type PayModeEntry,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { AlipaySdk } from 'alipay-sdk';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Pay from 'wechatpay-node-v3';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import {
  REAL_PAY_IDS,
  realPayFixture,
  realPayKeys,
  type startFakePayGateway,
  wechatEncrypt,
  wechatNotification,
} from '../../../test/support/fake-pay-gateway.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { rechargeOrders } from '../../db/schema/payments.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { formatChinaTime } from './alipay-pay.ts';

const {
  alipayAppId: ALIPAY_APP_ID,
  wechatAppId: WECHAT_APP_ID,
  mchId: MCH_ID,
  platformSerial: PLATFORM_SERIAL,
  apiV3Key: APIV3_KEY,
} = REAL_PAY_IDS;

/** Real Alipay and WeChat Pay adapters, end to end: their QR from a fake provider, their notifications signed by the SDKs. */
describe('payments: real Alipay and WeChat Pay adapters', () => {
  const clock = fakeClock();
  const keys = realPayKeys();
  const { alipay, platform } = keys;
  let gw: Awaited<ReturnType<typeof startFakePayGateway>>;
  let t: TestApp;
  let tiers: RechargeListResponse['elems'];

  beforeAll(async () => {
    const pay = await realPayFixture(keys);
    gw = pay.gateway;
    t = await startTestApp({ clock, env: pay.env });
    const u = await registerUser(t);
    tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body.data
      .elems;
  });
  afterAll(async () => {
    await t?.close();
    await gw?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const order = async (u: TestUser, yuan: number, pay_model: string) => {
    clock.advance(THROTTLE_GAP_MS);
    const tier = tiers.find((x) => x.money === yuan * 10_000);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tier?.id,
      pay_model,
    });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const status = async (u: TestUser, sn: string) =>
    (await asUser<{ status: number }>(t, u.tokens.access_token, 'GET', `${PAYMENT_PATHS.payStatus}?order_sn=${sn}`))
      .body.data.status;

  /** Alipay's side, through alipay-sdk holding Alipay's key (see alipay-pay.test.ts on sdkExecute). */
  const alipaySide = new AlipaySdk({ appId: ALIPAY_APP_ID, privateKey: alipay.privateKey, keyType: 'PKCS8' });
  const alipayNotify = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload,
    });
  const alipayPaid = (sn: string, amount: string, over: Record<string, string> = {}) =>
    alipaySide.sdkExecute('alipay.trade.notify', {
      notify_time: formatChinaTime(clock.now()),
      notify_type: 'trade_status_sync',
      notify_id: randomBytes(8).toString('hex'),
      app_id: ALIPAY_APP_ID,
      trade_no: `2026112122001${randomBytes(6).toString('hex')}`,
      out_trade_no: sn,
      trade_status: 'TRADE_SUCCESS',
      total_amount: amount,
      ...over,
    });

  /** WeChat Pay's side: the SDK signs with the platform key; the resource is AES-256-GCM as documented. */
  const wechatSide = new Pay({
    appid: WECHAT_APP_ID,
    mchid: MCH_ID,
    serial_no: PLATFORM_SERIAL,
    privateKey: Buffer.from(platform.privateKey),
    publicKey: Buffer.from(platform.publicKey),
  });
  const wechatPaid = (sn: string, fen: number, txnId = `42000020261121${randomBytes(6).toString('hex')}`) =>
    wechatNotification(
      'TRANSACTION.SUCCESS',
      wechatEncrypt(
        {
          appid: WECHAT_APP_ID,
          mchid: MCH_ID,
          out_trade_no: sn,
          transaction_id: txnId,
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          amount: { total: fen, currency: 'CNY' },
        },
        APIV3_KEY,
      ),
      { atMs: clock.now(), serial: PLATFORM_SERIAL, sign: (m) => wechatSide.sha256WithRsa(m) },
    );
  const wechatNotify = (n: { body: string; headers: Record<string, string> }) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/wechat',
      headers: { ...n.headers, 'content-type': 'application/json' },
      payload: n.body,
    });

  it('offers Alipay and WeChat Pay through the real adapters, the other channels through the sandbox', async () => {
    const u = await registerUser(t);
    const modes = await asUser<{ list: PayModeEntry[] }>(
      t,
      u.tokens.access_token,
      'GET',
      `${PAYMENT_PATHS.payModes}?platform=1`,
    );
    expect(modes.body.data.list.map((m) => m.pay_mode)).toEqual(
      expect.arrayContaining(['alipay', 'wechat_pay', 'union_pay']),
    );
    expect((await order(u, 10, 'union_pay')).pay_data_url).toMatch(/\/dev\/cashier\//);
  });

  it('Alipay: the QR comes from alipay.trade.precreate; a signed notification credits once; a tampered one nothing', async () => {
    const u = await registerUser(t);
    const before = await coins(u);
    const o = await order(u, 100, 'alipay');
    expect(o.pay_data_url).toBe(`https://qr.alipay.com/fake-${o.order_sn}`);
    const precreate = gw.requests.findLast((r) => r.path === '/gateway.do');
    expect(precreate?.query).toMatchObject({
      method: 'alipay.trade.precreate',
      notify_url: 'https://kx.example/api/trade/v1/notify/alipay',
    });
    expect(JSON.parse(new URLSearchParams(precreate?.body).get('biz_content') ?? '{}')).toMatchObject({
      out_trade_no: o.order_sn,
      total_amount: '100.00',
    });

    const notification = alipayPaid(o.order_sn, '100.00');
    const first = await alipayNotify(notification);
    expect([first.statusCode, first.body]).toEqual([200, 'success']);
    expect(first.headers['content-type']).toMatch(/^text\/plain/);
    const credited = (await coins(u)) - before;
    expect(credited).toBeGreaterThanOrEqual(o.price + o.extra_std_money);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.paid);

    // Alipay retries until it reads "success": the same notification again moves nothing.
    const again = await alipayNotify(notification);
    expect([again.statusCode, again.body]).toEqual([200, 'success']);
    expect((await coins(u)) - before).toBe(credited);

    // Paid 0.01, claimed 100.00 after signing: refused, nothing credited, the order still waits.
    const o2 = await order(u, 100, 'alipay');
    const tampered = alipayPaid(o2.order_sn, '0.01').replace('total_amount=0.01', 'total_amount=100.00');
    const refused = await alipayNotify(tampered);
    expect([refused.statusCode, refused.body]).toEqual([400, 'fail']);
    expect((await coins(u)) - before).toBe(credited);
    expect(await status(u, o2.order_sn)).toBe(ORDER_STATUS.pending);
  });

  it('answers 暂无可用支付渠道 when the provider cannot make a QR, and closes that order as failed', async () => {
    const u = await registerUser(t);
    gw.setDown(true);
    try {
      for (const pay_model of ['alipay', 'wechat_pay']) {
        clock.advance(THROTTLE_GAP_MS);
        const res = await asUser(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
          ...AGREED,
          coin_recharge_id: tiers[2]?.id,
          pay_model,
        });
        expect(res.body).toMatchObject({
          code: ERRORS.PAY_CHANNEL_UNAVAILABLE.code,
          msg: '暂无可用支付渠道，请稍后重试',
        });
      }
    } finally {
      gw.setDown(false);
    }
    const rows = await t.rt.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.userId, u.userId));
    expect(rows.map((r) => r.status)).toEqual([ORDER_STATUS.failed, ORDER_STATUS.failed]);
    // The channel works again once the provider is back.
    expect((await order(u, 100, 'alipay')).pay_data_url).toMatch(/^https:\/\/qr\.alipay\.com\//);
  });

  it('Alipay: a refund of a paid order reverses it (the credit stays for an operator to settle)', async () => {
    const u = await registerUser(t);
    const o = await order(u, 50, 'alipay');
    const tradeNo = `2026112122001${randomBytes(6).toString('hex')}`;
    expect((await alipayNotify(alipayPaid(o.order_sn, '50.00', { trade_no: tradeNo }))).body).toBe('success');
    const paid = await coins(u);
    clock.advance(60_000);
    const refund = alipayPaid(o.order_sn, '50.00', {
      trade_no: tradeNo,
      trade_status: 'TRADE_CLOSED',
      refund_fee: '50.00',
      gmt_refund: formatChinaTime(clock.now() - 1_000),
    });
    const res = await alipayNotify(refund);
    expect([res.statusCode, res.body]).toEqual([200, 'success']);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.reversed);
    expect(await coins(u)).toBe(paid);
  });

  it('WeChat Pay: the code_url comes from Native pay; a signed notification credits once; a tampered one nothing', async () => {
    const u = await registerUser(t);
    const before = await coins(u);
    const o = await order(u, 50, 'wechat_pay');
    expect(o.pay_data_url).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=fake/);
    const native = gw.requests.findLast((r) => r.path === '/v3/pay/transactions/native');
    expect(JSON.parse(native?.body ?? '{}')).toMatchObject({
      appid: WECHAT_APP_ID,
      mchid: MCH_ID,
      out_trade_no: o.order_sn,
      notify_url: 'https://kx.example/api/trade/v1/notify/wechat',
      amount: { total: 5_000, currency: 'CNY' },
    });

    const txnId = `42000020261121${randomBytes(6).toString('hex')}`;
    const n = wechatPaid(o.order_sn, 5_000, txnId);
    const first = await wechatNotify(n);
    expect([first.statusCode, first.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    const credited = (await coins(u)) - before;
    expect(credited).toBeGreaterThanOrEqual(o.price + o.extra_std_money);
    expect(await status(u, o.order_sn)).toBe(ORDER_STATUS.paid);

    // WeChat re-signs each retry; the same payment again moves nothing.
    clock.advance(60_000);
    const retry = await wechatNotify(wechatPaid(o.order_sn, 5_000, txnId));
    expect([retry.statusCode, retry.json()]).toEqual([200, { code: 'SUCCESS', message: '成功' }]);
    expect((await coins(u)) - before).toBe(credited);

    // Another order's notification with its ciphertext swapped for one claiming more: refused.
    const o2 = await order(u, 50, 'wechat_pay');
    const genuine = wechatPaid(o2.order_sn, 1);
    const swapped = JSON.parse(genuine.body) as { resource: unknown };
    swapped.resource = (JSON.parse(wechatPaid(o2.order_sn, 5_000).body) as { resource: unknown }).resource;
    const refused = await wechatNotify({ ...genuine, body: JSON.stringify(swapped) });
    expect([refused.statusCode, refused.json()]).toEqual([400, { code: 'FAIL', message: '失败' }]);
    expect((await coins(u)) - before).toBe(credited);
    expect(await status(u, o2.order_sn)).toBe(ORDER_STATUS.pending);
  });
});
