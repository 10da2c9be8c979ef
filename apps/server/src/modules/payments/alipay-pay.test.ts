import { createSign } from 'node:crypto';
import { AlipaySdk } from 'alipay-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaKeys, startFakePayGateway } from '../../../test/support/fake-pay-gateway.ts';
import {
  ALIPAY_NOTIFY_MAX_AGE_MS,
  type AlipayExec,
  createAlipayProvider,
  formatChinaTime,
  parseChinaTime,
  unitsToYuan,
  yuanToUnits,
} from './alipay-pay.ts';

const APP_ID = '2021000000000001';
const NOTIFY_URL = 'https://kx.example/api/trade/v1/notify/alipay';
const app = rsaKeys(); // ours
const alipay = rsaKeys(); // Alipay's
const stranger = rsaKeys();
const nowMs = Date.UTC(2026, 10, 21, 8, 0, 0);
const clock = { now: () => nowMs };

const provider = (exec?: AlipayExec, gateway?: string) =>
  createAlipayProvider({
    clock,
    config: {
      appId: APP_ID,
      privateKey: app.privateKey,
      alipayPublicKey: alipay.publicKey,
      notifyUrl: NOTIFY_URL,
      ...(gateway ? { gateway } : {}),
    },
    ...(exec ? { exec } : {}),
  });

const paidFields = (over: Record<string, string> = {}) => ({
  notify_time: formatChinaTime(nowMs),
  notify_type: 'trade_status_sync',
  notify_id: '2026112100222080000012345678',
  app_id: APP_ID,
  trade_no: '2026112122001400000000000001',
  out_trade_no: 'KX20261121160000000000001',
  trade_status: 'TRADE_SUCCESS',
  total_amount: '100.00',
  receipt_amount: '100.00',
  gmt_payment: formatChinaTime(nowMs - 5_000),
  subject: '开箱 充值 ¥100',
  ...over,
});

/**
 * Signed by alipay-sdk itself, holding Alipay's key. The SDK has no notification signer; its
 * sdkExecute signs a parameter set with the same RSA2 scheme Alipay signs notifications with
 * (sorted k=v&…, SHA256withRSA, base64) and returns it form-encoded, as a notification arrives.
 * It adds its request fields (method, timestamp, version, charset, sign_type) and signs sign_type
 * too; the SDK's check accepts both forms.
 */
const sdkSigned = (fields: Record<string, string>, key = alipay.privateKey, signType: 'RSA2' | 'RSA' = 'RSA2') =>
  new AlipaySdk({ appId: APP_ID, privateKey: key, keyType: 'PKCS8', signType }).sdkExecute(
    'alipay.trade.notify',
    fields,
  );

/**
 * Alipay's documented notification signature (异步通知验签): every field but sign and sign_type,
 * sorted, k=v joined by &, SHA256withRSA — posted form-encoded, spaces as '+'.
 */
const documentedSigned = (fields: Record<string, string>, key = alipay.privateKey) => {
  const all: Record<string, string> = { ...fields, charset: 'utf-8', version: '1.0' };
  const content = Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&');
  const sign = createSign('RSA-SHA256').update(content).sign(key, 'base64');
  return new URLSearchParams({ ...all, sign_type: 'RSA2', sign }).toString();
};

const verify = (body: string) => provider().verify({ body, headers: {} });

describe('Alipay adapter: notifications', () => {
  it('takes a payment signed by Alipay (through the SDK) as paid, with the exact amount', async () => {
    expect(await verify(sdkSigned(paidFields()))).toEqual({
      ok: true,
      event: 'paid',
      orderSn: 'KX20261121160000000000001',
      txnId: '2026112122001400000000000001',
      amountUnits: 1_000_000,
    });
  });

  it("takes one signed exactly as Alipay's documentation says (sign_type left out, spaces as '+')", async () => {
    const body = documentedSigned(paidFields());
    expect(body).toContain('notify_time=2026-11-21+16%3A00%3A00');
    expect(await verify(body)).toMatchObject({ ok: true, event: 'paid', amountUnits: 1_000_000 });
  });

  it('reads amounts exactly', async () => {
    for (const [yuan, units] of [
      ['0.01', 100],
      ['100.00', 1_000_000],
      ['12345.67', 123_456_700],
      ['0.10', 1_000],
      ['5', 50_000],
    ] as const) {
      expect(await verify(sdkSigned(paidFields({ total_amount: yuan })))).toMatchObject({
        ok: true,
        amountUnits: units,
      });
    }
  });

  it('refuses an amount changed after signing, another key, and an unsigned or RSA1 notification', async () => {
    const tampered = sdkSigned(paidFields({ total_amount: '100.00' })).replace(
      'total_amount=100.00',
      'total_amount=1000.00',
    );
    expect(tampered).toContain('total_amount=1000.00');
    expect(await verify(tampered)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verify(sdkSigned(paidFields(), stranger.privateKey))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(await verify(documentedSigned(paidFields(), app.privateKey))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
    expect(await verify(new URLSearchParams(paidFields()).toString())).toEqual({ ok: false, reason: 'bad_signature' });
    // Validly signed with Alipay's key, but SHA-1: not accepted.
    expect(await verify(sdkSigned(paidFields(), alipay.privateKey, 'RSA'))).toEqual({
      ok: false,
      reason: 'bad_signature',
    });
  });

  it('refuses a field given twice (the check and the reader could see different values)', async () => {
    const body = sdkSigned(paidFields());
    expect(await verify(`${body}&total_amount=0.01`)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a notification for another app', async () => {
    expect(await verify(sdkSigned(paidFields({ app_id: '2021000000000999' })))).toEqual({
      ok: false,
      reason: 'wrong_merchant',
    });
  });

  it('takes a retry a day later, refuses one older than 48 h or from the future', async () => {
    const at = (ms: number) => sdkSigned(paidFields({ notify_time: formatChinaTime(ms) }));
    expect(await verify(at(nowMs - 25 * 60 * 60 * 1000))).toMatchObject({ ok: true });
    expect(await verify(at(nowMs - ALIPAY_NOTIFY_MAX_AGE_MS - 1_000))).toEqual({ ok: false, reason: 'stale' });
    expect(await verify(at(nowMs + 6 * 60 * 1000))).toEqual({ ok: false, reason: 'stale' });
    expect(await verify(sdkSigned(paidFields({ notify_time: '2026-11-21T16:00:00' })))).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('maps closed to failed, and a refund (partial or full) to reversed', async () => {
    expect(await verify(sdkSigned(paidFields({ trade_status: 'TRADE_CLOSED' })))).toMatchObject({
      ok: true,
      event: 'failed',
    });
    expect(await verify(sdkSigned(paidFields({ trade_status: 'TRADE_FINISHED' })))).toMatchObject({ event: 'paid' });
    const refund = { refund_fee: '30.00', gmt_refund: formatChinaTime(nowMs - 1_000), out_biz_no: 'R1' };
    for (const status of ['TRADE_SUCCESS', 'TRADE_CLOSED']) {
      expect(await verify(sdkSigned(paidFields({ trade_status: status, ...refund })))).toEqual({
        ok: true,
        event: 'reversed',
        orderSn: 'KX20261121160000000000001',
        txnId: '2026112122001400000000000001',
        amountUnits: 1_000_000,
      });
    }
    expect(await verify(sdkSigned(paidFields({ trade_status: 'WAIT_BUYER_PAY' })))).toEqual({
      ok: false,
      reason: 'unsupported',
    });
  });

  it('answers Alipay in its words', () => {
    expect(provider().ack).toEqual({ ok: 'success', fail: 'fail', contentType: 'text/plain' });
  });
});

describe('Alipay adapter: amounts and times', () => {
  it('converts yuan and units without floating point', () => {
    expect(yuanToUnits('0.01')).toBe(100);
    expect(yuanToUnits('12345.67')).toBe(123_456_700);
    for (const bad of ['', '1.234', '-1.00', '1e3', '01.00', '.5', '1,000.00', ' 1.00'])
      expect(yuanToUnits(bad)).toBe(null);
    expect(unitsToYuan(100)).toBe('0.01');
    expect(unitsToYuan(1_000_000)).toBe('100.00');
    expect(unitsToYuan(123_456_700)).toBe('12345.67');
    expect(() => unitsToYuan(150)).toThrow();
  });

  it('reads China time', () => {
    expect(parseChinaTime('2026-11-21 16:00:00')).toBe(Date.UTC(2026, 10, 21, 8, 0, 0));
    expect(parseChinaTime('2026-02-31 16:00:00')).toBe(null);
  });
});

describe('Alipay adapter: the QR (alipay.trade.precreate)', () => {
  it('asks for a 当面付 QR with the amount in yuan, our notify URL and the order expiry', async () => {
    const calls: unknown[][] = [];
    const exec = (async (...args: unknown[]) => {
      calls.push(args);
      return { code: '10000', msg: 'Success', qrCode: 'https://qr.alipay.com/bax01' };
    }) as AlipayExec;
    const qr = await provider(exec).payAddress({
      orderSn: 'KX1',
      realPriceUnits: 1_000_000,
      payMode: 'alipay',
      expiresAtMs: nowMs + 15 * 60 * 1000,
      subject: '开箱 充值 ¥100',
    });
    expect(qr).toBe('https://qr.alipay.com/bax01');
    expect(calls).toEqual([
      [
        'alipay.trade.precreate',
        {
          notify_url: NOTIFY_URL,
          bizContent: {
            out_trade_no: 'KX1',
            total_amount: '100.00',
            subject: '开箱 充值 ¥100',
            product_code: 'FACE_TO_FACE_PAYMENT',
            timeout_express: '15m',
          },
        },
        { validateSign: true },
      ],
    ]);
    const failing = (async () => ({
      code: '40004',
      msg: 'Business Failed',
      subCode: 'ACQ.SYSTEM_ERROR',
    })) as AlipayExec;
    await expect(
      provider(failing).payAddress({
        orderSn: 'KX2',
        realPriceUnits: 100_000,
        payMode: 'alipay',
        expiresAtMs: nowMs,
        subject: 's',
      }),
    ).rejects.toThrow(/ACQ.SYSTEM_ERROR/);
  });

  describe('through the SDK to a gateway', () => {
    let gw: Awaited<ReturnType<typeof startFakePayGateway>>;
    const wechat = rsaKeys();
    beforeAll(async () => {
      gw = await startFakePayGateway({
        alipayPrivateKey: alipay.privateKey,
        appPublicKey: app.publicKey,
        wechatPlatformPrivateKey: wechat.privateKey,
        wechatPlatformSerial: 'PUB_KEY_ID_1',
        merchantPublicKey: wechat.publicKey,
      });
    });
    afterAll(() => gw.close());
    const order = { orderSn: 'KX3', realPriceUnits: 500_000, payMode: 'alipay' as const, subject: 's' };

    it('signs the request and checks the signed answer', async () => {
      const qr = await provider(undefined, gw.alipayGateway).payAddress({ ...order, expiresAtMs: nowMs + 900_000 });
      expect(qr).toBe('https://qr.alipay.com/fake-KX3');
      const req = gw.requests.at(-1);
      expect(req?.query).toMatchObject({ method: 'alipay.trade.precreate', app_id: APP_ID, notify_url: NOTIFY_URL });
    });

    it('refuses an answer not signed by Alipay', async () => {
      const forged = createAlipayProvider({
        clock,
        // The gateway signs with Alipay's key; we expect another one.
        config: {
          appId: APP_ID,
          privateKey: app.privateKey,
          alipayPublicKey: stranger.publicKey,
          notifyUrl: NOTIFY_URL,
          gateway: gw.alipayGateway,
        },
      });
      await expect(forged.payAddress({ ...order, expiresAtMs: nowMs + 900_000 })).rejects.toThrow(/验签失败/);
    });
  });
});
