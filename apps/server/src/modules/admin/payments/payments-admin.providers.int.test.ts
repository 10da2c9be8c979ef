import { randomBytes } from 'node:crypto';
import { ADMIN_PAYMENT_PATHS, type AdminQueryResponse } from '@kaixiang/shared/admin-payments';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  type CreateOrderResponse,
  ORDER_STATUS,
  PAYMENT_PATHS,
  type RechargeListResponse,
} from '@kaixiang/shared/payments';
import { AlipaySdk } from 'alipay-sdk';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import Pay from 'wechatpay-node-v3';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import {
  REAL_PAY_IDS,
  realPayFixture,
  realPayKeys,
  type startFakePayGateway,
  wechatEncrypt,
  wechatNotification,
} from '../../../../test/support/fake-pay-gateway.ts';
import { expectLedgerBalanced } from '../../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { balancesOf } from '../../ledger/ledger.ts';
import { formatChinaTime } from '../../payments/alipay-pay.ts';

/**
 * "Query provider" against Alipay's alipay.trade.query and WeChat Pay's query by out_trade_no, on
 * the fake gateway the real adapters' tests use; a paid answer and the provider's own
 * notification credit once between them.
 */
describe('console payments: querying Alipay and WeChat Pay', () => {
  const clock = fakeClock();
  const keys = realPayKeys();
  let gw: Awaited<ReturnType<typeof startFakePayGateway>>;
  let t: TestApp;
  let admin: TestUser;
  let tiers: RechargeListResponse['elems'];

  beforeAll(async () => {
    const pay = await realPayFixture(keys);
    gw = pay.gateway;
    t = await startTestApp({ clock, env: pay.env });
    admin = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'finance');
    tiers = (await asUser<RechargeListResponse>(t, admin.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
  });
  afterAll(async () => {
    await t?.close();
    await gw?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const order = async (u: TestUser, yuan: number, pay_model: string) => {
    clock.advance(THROTTLE_GAP_MS);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tiers.find((x) => x.money === yuan * 10_000)?.id,
      pay_model,
    });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const query = (order_sn: string) =>
    t.api<AdminQueryResponse>('POST', ADMIN_PAYMENT_PATHS.query, {
      headers: bearer(admin.tokens.access_token),
      lang: 'en-US',
      body: { order_sn, reason: 'stuck order' },
    });
  const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const statusOf = async (sn: string) =>
    (await t.rt.database.db.select().from(rechargeOrders).where(eq(rechargeOrders.orderSn, sn)))[0]?.status;

  const alipaySide = new AlipaySdk({
    appId: REAL_PAY_IDS.alipayAppId,
    privateKey: keys.alipay.privateKey,
    keyType: 'PKCS8',
  });
  const alipayNotify = (sn: string, tradeNo: string, amount: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/alipay',
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      payload: alipaySide.sdkExecute('alipay.trade.notify', {
        notify_time: formatChinaTime(clock.now()),
        notify_type: 'trade_status_sync',
        notify_id: randomBytes(8).toString('hex'),
        app_id: REAL_PAY_IDS.alipayAppId,
        trade_no: tradeNo,
        out_trade_no: sn,
        trade_status: 'TRADE_SUCCESS',
        total_amount: amount,
      }),
    });
  const wechatSide = new Pay({
    appid: REAL_PAY_IDS.wechatAppId,
    mchid: REAL_PAY_IDS.mchId,
    serial_no: REAL_PAY_IDS.platformSerial,
    privateKey: Buffer.from(keys.platform.privateKey),
    publicKey: Buffer.from(keys.platform.publicKey),
  });
  const wechatNotify = (sn: string, txnId: string, fen: number) => {
    const n = wechatNotification(
      'TRANSACTION.SUCCESS',
      wechatEncrypt(
        {
          appid: REAL_PAY_IDS.wechatAppId,
          mchid: REAL_PAY_IDS.mchId,
          out_trade_no: sn,
          transaction_id: txnId,
          trade_type: 'NATIVE',
          trade_state: 'SUCCESS',
          amount: { total: fen, currency: 'CNY' },
        },
        REAL_PAY_IDS.apiV3Key,
      ),
      { atMs: clock.now(), serial: REAL_PAY_IDS.platformSerial, sign: (m) => wechatSide.sha256WithRsa(m) },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/trade/v1/notify/wechat',
      headers: { ...n.headers, 'content-type': 'application/json' },
      payload: n.body,
    });
  };

  it('Alipay: no trade yet, then waiting, then paid: credited once, and its notification after moves nothing', async () => {
    const u = await registerUser(t);
    const o = await order(u, 100, 'alipay');
    const before = await coins(u);

    const none = await query(o.order_sn);
    expect(none.body.data).toMatchObject({
      provider: 'alipay',
      answer: { state: 'not_found', provider_state: 'ACQ.TRADE_NOT_EXIST' },
      settlement: 'none',
      status: ORDER_STATUS.pending,
    });
    const asked = gw.requests.findLast((r) => r.path === '/gateway.do');
    expect(asked?.query.method).toBe('alipay.trade.query');
    expect(JSON.parse(new URLSearchParams(asked?.body).get('biz_content') ?? '{}')).toEqual({
      out_trade_no: o.order_sn,
    });

    gw.setTrade(o.order_sn, { state: 'unpaid', tradeNo: '2026112122001000001', fen: 10_000 });
    expect((await query(o.order_sn)).body.data.answer).toMatchObject({
      state: 'unpaid',
      provider_state: 'WAIT_BUYER_PAY',
    });
    expect(await coins(u)).toBe(before);

    const tradeNo = `2026112122001${randomBytes(6).toString('hex')}`;
    gw.setTrade(o.order_sn, { state: 'paid', tradeNo, fen: 10_000 });
    const paid = await query(o.order_sn);
    expect(paid.body.data).toMatchObject({
      answer: { state: 'paid', provider_state: 'TRADE_SUCCESS', txn_id: tradeNo, amount: o.real_price },
      settlement: 'credited',
      status: ORDER_STATUS.paid,
    });
    const credited = (await coins(u)) - before;
    expect(credited).toBe(o.price + o.extra_std_money);
    const late = await alipayNotify(o.order_sn, tradeNo, '100.00');
    expect([late.statusCode, late.body]).toEqual([200, 'success']);
    expect((await coins(u)) - before).toBe(credited);
  });

  it('Alipay: a paid answer for another amount is refused and credits nothing', async () => {
    const u = await registerUser(t);
    const o = await order(u, 100, 'alipay');
    gw.setTrade(o.order_sn, { state: 'paid', tradeNo: `2026112122001${randomBytes(6).toString('hex')}`, fen: 1 });
    const res = await query(o.order_sn);
    expect(res.body.data).toMatchObject({
      settlement: 'rejected',
      refused: 'amount_mismatch',
      status: ORDER_STATUS.pending,
    });
    expect(await coins(u)).toBe(0);
  });

  it('WeChat Pay: its notification first, then the query finds it settled; a refund answer reverses', async () => {
    const u = await registerUser(t);
    const o = await order(u, 50, 'wechat_pay');
    expect((await query(o.order_sn)).body.data.answer).toMatchObject({
      state: 'not_found',
      provider_state: 'ORDER_NOT_EXIST',
    });
    const txnId = `42000020261121${randomBytes(6).toString('hex')}`;
    expect((await wechatNotify(o.order_sn, txnId, 5_000)).statusCode).toBe(200);
    const credited = await coins(u);
    expect(credited).toBe(o.price + o.extra_std_money);

    gw.setTrade(o.order_sn, { state: 'paid', tradeNo: txnId, fen: 5_000 });
    const again = await query(o.order_sn);
    expect(again.body.data).toMatchObject({
      answer: { state: 'paid', provider_state: 'SUCCESS', txn_id: txnId, amount: o.real_price },
      settlement: 'duplicate',
    });
    const asked = gw.requests.findLast((r) => r.path.startsWith('/v3/pay/transactions/out-trade-no/'));
    expect(asked).toMatchObject({
      path: `/v3/pay/transactions/out-trade-no/${o.order_sn}`,
      query: { mchid: REAL_PAY_IDS.mchId },
    });

    gw.setTrade(o.order_sn, { state: 'refunded', tradeNo: txnId, fen: 5_000 });
    const refunded = await query(o.order_sn);
    expect(refunded.body.data).toMatchObject({ settlement: 'reversed', status: ORDER_STATUS.reversed });
    // The credit stays for an operator to settle, as with a refund notification.
    expect(await coins(u)).toBe(credited);
    expect(await statusOf(o.order_sn)).toBe(ORDER_STATUS.reversed);
  });

  it('a provider that cannot be reached: the query is refused, recorded, and nothing changes', async () => {
    const u = await registerUser(t);
    const o = await order(u, 10, 'alipay');
    gw.setDown(true);
    try {
      const res = await query(o.order_sn);
      expect([res.status, res.body.code, res.body.msg]).toEqual([
        502,
        ERRORS.PAYMENT_PROVIDER_QUERY_FAILED.code,
        'The payment provider could not be asked; try again later',
      ]);
    } finally {
      gw.setDown(false);
    }
    expect(await statusOf(o.order_sn)).toBe(ORDER_STATUS.pending);
    const [record] = await t.rt.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'payment.query'), eq(adminAudit.target, `order:${o.order_sn}`)));
    expect(record).toMatchObject({ adminId: admin.userId, after: { provider: 'alipay' } });
    expect((record?.after as { error?: string } | undefined)?.error).toMatch(/./);
  });
});
