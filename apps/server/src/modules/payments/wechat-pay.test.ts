import { createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Pay from 'wechatpay-node-v3';
import type { IPayRequest } from 'wechatpay-node-v3/dist/lib/pay-request.interface';
import {
  rsaKeys,
  startFakePayGateway,
  wechatEncrypt,
  wechatNotification,
} from '../../../test/support/fake-pay-gateway.ts';
import { createWechatProvider, decryptWechatResource, WECHAT_NOTIFY_MAX_SKEW_MS, wechatHttp } from './wechat-pay.ts';

const APP_ID = 'wx0000000000000001';
const MCH_ID = '1900000001';
const CERT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0119000000012025112100000000000001';
const APIV3_KEY = 'a'.repeat(16) + 'B'.repeat(16);
const NOTIFY_URL = 'https://kx.example/api/trade/v1/notify/wechat';
const merchant = rsaKeys(); // ours
const platform = rsaKeys(); // WeChat Pay's
const stranger = rsaKeys();
const nowMs = Date.UTC(2026, 10, 21, 8, 0, 0);
const clock = { now: () => nowMs };

const provider = (http?: IPayRequest) =>
  createWechatProvider({
    clock,
    config: {
      appId: APP_ID,
      mchId: MCH_ID,
      privateKey: merchant.privateKey,
      certSerial: CERT_SERIAL,
      platformPublicKey: platform.publicKey,
      platformSerial: PLATFORM_SERIAL,
      apiV3Key: APIV3_KEY,
      notifyUrl: NOTIFY_URL,
    },
    ...(http ? { http } : {}),
  });

/** WeChat Pay's side: the SDK holding the platform key signs (sha256WithRsa). */
const wechatSide = (key = platform.privateKey) =>
  new Pay({
    appid: APP_ID,
    mchid: MCH_ID,
    serial_no: PLATFORM_SERIAL,
    privateKey: Buffer.from(key),
    publicKey: Buffer.from(platform.publicKey),
  });

/** The resource encrypted with our APIv3 key, or another. */
const encrypt = (plain: unknown, associated = 'transaction', key = APIV3_KEY) => wechatEncrypt(plain, key, associated);

const transaction = (over: Record<string, unknown> = {}) => ({
  appid: APP_ID,
  mchid: MCH_ID,
  out_trade_no: 'KX20261121160000000000001',
  transaction_id: '4200002026112100000000000001',
  trade_type: 'NATIVE',
  trade_state: 'SUCCESS',
  trade_state_desc: '支付成功',
  bank_type: 'OTHERS',
  success_time: '2026-11-21T16:00:00+08:00',
  payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
  amount: { total: 10_000, payer_total: 10_000, currency: 'CNY', payer_currency: 'CNY' },
  ...over,
});

const refund = (over: Record<string, unknown> = {}) => ({
  mchid: MCH_ID,
  out_trade_no: 'KX20261121160000000000001',
  transaction_id: '4200002026112100000000000001',
  out_refund_no: 'R1',
  refund_id: '50000000382019052709732678859',
  refund_status: 'SUCCESS',
  success_time: '2026-11-21T18:00:00+08:00',
  user_received_account: '招商银行信用卡0403',
  amount: { total: 10_000, refund: 3_000, payer_total: 10_000, payer_refund: 3_000 },
  ...over,
});

/** A notification signed with the platform key (or another) by the SDK, as WeChat Pay signs it. */
const notification = (
  eventType: string,
  resource: ReturnType<typeof encrypt>,
  o: { atMs?: number; key?: string; serial?: string } = {},
) =>
  wechatNotification(eventType, resource, {
    atMs: o.atMs ?? nowMs,
    serial: o.serial ?? PLATFORM_SERIAL,
    sign: (m) => wechatSide(o.key).sha256WithRsa(m),
  });

const paid = (over: Record<string, unknown> = {}, o: Parameters<typeof notification>[2] = {}) =>
  notification('TRANSACTION.SUCCESS', encrypt(transaction(over)), o);

describe('WeChat Pay adapter: notifications', () => {
  it('takes a payment signed with the platform key (by the SDK) as paid; amount.total is fen', async () => {
    expect(await provider().verify(paid())).toEqual({
      ok: true,
      event: 'paid',
      orderSn: 'KX20261121160000000000001',
      txnId: '4200002026112100000000000001',
      amountUnits: 1_000_000,
    });
    expect(await provider().verify(paid({ amount: { total: 1, currency: 'CNY' } }))).toMatchObject({
      amountUnits: 100,
    });
    expect(await provider().verify(paid({ amount: { total: 1_234_567 } }))).toMatchObject({ amountUnits: 123_456_700 });
  });

  it('agrees with the SDK: its verifySign accepts what we accept, and its decipher reads our ciphertext', async () => {
    const n = paid();
    // The SDK looks keys up in its process-wide certificate cache only (a miss downloads
    // certificates); a subclass puts ours there, in place, so this stays offline.
    class OfflinePay extends Pay {
      static trust(serial: string, key: string) {
        OfflinePay.certificates[serial] = key;
      }
    }
    OfflinePay.trust(PLATFORM_SERIAL, platform.publicKey);
    const sdk = wechatSide();
    expect(
      await sdk.verifySign({
        timestamp: n.headers['wechatpay-timestamp'],
        nonce: n.headers['wechatpay-nonce'],
        body: n.body,
        serial: PLATFORM_SERIAL,
        signature: n.headers['wechatpay-signature'],
      }),
    ).toBe(true);
    const r = (JSON.parse(n.body) as { resource: ReturnType<typeof encrypt> }).resource;
    expect(sdk.decipher_gcm(r.ciphertext, r.associated_data, r.nonce, APIV3_KEY)).toEqual(transaction());
    expect(JSON.parse(decryptWechatResource(APIV3_KEY, r) ?? '')).toEqual(transaction());
  });

  it('refuses an amount changed after signing, another key, another serial', async () => {
    const n = paid();
    const forged = JSON.stringify({ ...JSON.parse(n.body), resource: encrypt(transaction({ amount: { total: 1 } })) });
    expect(await provider().verify({ ...n, body: forged })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await provider().verify({ ...n, body: n.body.replace('支付成功', '支付失败') })).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await provider().verify(paid({}, { key: stranger.privateKey }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await provider().verify(paid({}, { serial: 'PUB_KEY_ID_OTHER' }))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    // WeChat's probe carries a signature that can never verify.
    expect(
      await provider().verify({ ...n, headers: { ...n.headers, 'wechatpay-signature': 'WECHATPAY/SIGNTEST/abc' } }),
    ).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a resource not encrypted with our APIv3 key, even when signed', async () => {
    const n = notification('TRANSACTION.SUCCESS', encrypt(transaction(), 'transaction', 'z'.repeat(32)));
    expect(await provider().verify(n)).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('refuses a signature more than 5 minutes off the clock', async () => {
    expect(await provider().verify(paid({}, { atMs: nowMs - WECHAT_NOTIFY_MAX_SKEW_MS + 5_000 }))).toMatchObject({
      ok: true,
    });
    expect(await provider().verify(paid({}, { atMs: nowMs - WECHAT_NOTIFY_MAX_SKEW_MS - 5_000 }))).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(await provider().verify(paid({}, { atMs: nowMs + WECHAT_NOTIFY_MAX_SKEW_MS + 5_000 }))).toEqual({
      ok: false,
      reason: 'stale',
    });
  });

  it('refuses a payment to another app or merchant', async () => {
    expect(await provider().verify(paid({ appid: 'wx0000000000000999' }))).toEqual({
      ok: false,
      reason: 'wrong_merchant',
    });
    expect(await provider().verify(paid({ mchid: '1900000999' }))).toEqual({ ok: false, reason: 'wrong_merchant' });
    expect(await provider().verify(notification('REFUND.SUCCESS', encrypt(refund({ mchid: '1' }), 'refund')))).toEqual({
      ok: false,
      reason: 'wrong_merchant',
    });
  });

  it('maps a refund to reversed (the payment id and total), a closed payment to failed', async () => {
    expect(await provider().verify(notification('REFUND.SUCCESS', encrypt(refund(), 'refund')))).toEqual({
      ok: true,
      event: 'reversed',
      orderSn: 'KX20261121160000000000001',
      txnId: '4200002026112100000000000001',
      amountUnits: 1_000_000,
    });
    expect(
      await provider().verify(
        notification('REFUND.ABNORMAL', encrypt(refund({ refund_status: 'ABNORMAL' }), 'refund')),
      ),
    ).toEqual({ ok: false, reason: 'unsupported' });
    for (const state of ['CLOSED', 'PAYERROR', 'REVOKED']) {
      expect(
        await provider().verify(notification('TRANSACTION.CLOSED', encrypt(transaction({ trade_state: state })))),
      ).toMatchObject({ ok: true, event: 'failed' });
    }
    expect(
      await provider().verify(notification('TRANSACTION.SUCCESS', encrypt(transaction({ trade_state: 'NOTPAY' })))),
    ).toEqual({ ok: false, reason: 'unsupported' });
  });

  it('refuses missing headers or a body that is not a notification', async () => {
    const n = paid();
    const { 'wechatpay-signature': _, ...noSignature } = n.headers;
    expect(await provider().verify({ body: n.body, headers: noSignature })).toEqual({ ok: false, reason: 'malformed' });
    expect(
      await provider().verify({ body: n.body, headers: { ...n.headers, 'wechatpay-timestamp': ['1', '2'] } }),
    ).toEqual({ ok: false, reason: 'malformed' });
  });

  it('answers WeChat in its words', () => {
    expect(provider().ack).toEqual({
      ok: '{"code":"SUCCESS","message":"成功"}',
      fail: '{"code":"FAIL","message":"失败"}',
      contentType: 'application/json',
    });
  });
});

describe('WeChat Pay adapter: the QR (Native)', () => {
  const order = {
    orderSn: 'KX1',
    realPriceUnits: 1_000_000,
    payMode: 'wechat_pay' as const,
    expiresAtMs: nowMs + 15 * 60 * 1000,
    subject: '开箱 充值 ¥100',
  };

  it('asks for a Native code_url in fen, signed by the SDK with our merchant key', async () => {
    const sent: { url: string; params: Record<string, unknown>; headers: Record<string, string> }[] = [];
    const http: IPayRequest = {
      post: async (url, params, headers) => {
        sent.push({ url, params, headers });
        return { status: 200, data: { code_url: 'weixin://wxpay/bizpayurl?pr=abc' } };
      },
      get: async () => ({ status: 500 }),
      upload: async () => ({ status: 500 }),
    };
    expect(await provider(http).payAddress(order)).toBe('weixin://wxpay/bizpayurl?pr=abc');
    const [req] = sent;
    expect(req?.url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(req?.params).toEqual({
      appid: APP_ID,
      mchid: MCH_ID,
      description: '开箱 充值 ¥100',
      out_trade_no: 'KX1',
      time_expire: '2026-11-21T16:15:00+08:00',
      notify_url: NOTIFY_URL,
      amount: { total: 10_000, currency: 'CNY' },
    });
    // Authorization per WeChat: SHA256withRSA over "POST\n/v3/pay/transactions/native\nts\nnonce\nbody\n".
    const auth = req?.headers.Authorization ?? '';
    const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    expect(f).toMatchObject({ mchid: MCH_ID, serial_no: CERT_SERIAL });
    const message = `POST\n/v3/pay/transactions/native\n${f.timestamp}\n${f.nonce_str}\n${JSON.stringify(req?.params)}\n`;
    expect(
      createVerify('RSA-SHA256')
        .update(message)
        .verify(merchant.publicKey, f.signature ?? '', 'base64'),
    ).toBe(true);
  });

  it('fails when WeChat refuses', async () => {
    const http: IPayRequest = {
      post: async () => ({ status: 400, error: '{"code":"PARAM_ERROR"}' }),
      get: async () => ({ status: 500 }),
      upload: async () => ({ status: 500 }),
    };
    await expect(provider(http).payAddress(order)).rejects.toThrow(/PARAM_ERROR/);
  });

  describe('over HTTP', () => {
    let gw: Awaited<ReturnType<typeof startFakePayGateway>>;
    const alipay = rsaKeys();
    beforeAll(async () => {
      gw = await startFakePayGateway({
        alipayPrivateKey: alipay.privateKey,
        appPublicKey: alipay.publicKey,
        wechatPlatformPrivateKey: platform.privateKey,
        wechatPlatformSerial: PLATFORM_SERIAL,
        merchantPublicKey: merchant.publicKey,
      });
    });
    afterAll(() => gw.close());
    const over = (o: { platformPublicKey?: string; privateKey?: string } = {}) =>
      createWechatProvider({
        clock,
        config: {
          appId: APP_ID,
          mchId: MCH_ID,
          privateKey: o.privateKey ?? merchant.privateKey,
          certSerial: CERT_SERIAL,
          platformPublicKey: o.platformPublicKey ?? platform.publicKey,
          platformSerial: PLATFORM_SERIAL,
          apiV3Key: APIV3_KEY,
          apiBase: gw.origin,
          notifyUrl: NOTIFY_URL,
        },
      });

    it("takes a code_url whose answer carries WeChat's signature", async () => {
      expect(await over().payAddress(order)).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=fake/);
    });

    it('refuses an answer not signed with the platform key, and reports a refused request', async () => {
      await expect(over({ platformPublicKey: stranger.publicKey }).payAddress(order)).rejects.toThrow(/not signed/);
      await expect(over({ privateKey: stranger.privateKey }).payAddress(order)).rejects.toThrow(/401.*SIGN_ERROR/);
    });

    it('sends exactly the JSON it signed', async () => {
      const http = wechatHttp({
        apiBase: gw.origin,
        platformPublicKey: platform.publicKey,
        platformSerial: PLATFORM_SERIAL,
      });
      await http
        .post('https://api.mch.weixin.qq.com/v3/pay/transactions/native', { a: '中文' }, {})
        .catch(() => undefined);
      expect(gw.requests.at(-1)?.body).toBe('{"a":"中文"}');
    });
  });
});
