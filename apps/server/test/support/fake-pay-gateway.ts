import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** An RSA-2048 key pair as PEM (SPKI public, PKCS#8 private), the way a test makes a provider's keys. */
export function rsaKeys(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

/**
 * The Wechatpay-* headers WeChat Pay puts on what it sends (an API answer or a notification):
 * `sign` is SHA256withRSA with the platform key over "timestamp\nnonce\nbody\n".
 */
export function wechatSignedHeaders(
  body: string,
  o: { atMs: number; serial: string; sign: (message: string) => string },
) {
  const timestamp = String(Math.floor(o.atMs / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': timestamp,
    'wechatpay-nonce': nonce,
    'wechatpay-serial': o.serial,
    'wechatpay-signature': o.sign(`${timestamp}\n${nonce}\n${body}\n`),
  };
}

/** A notification's resource, AEAD_AES_256_GCM as WeChat Pay documents it (the SDK decrypts but has no encrypter). */
export function wechatEncrypt(plain: unknown, apiV3Key: string, associated = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key), Buffer.from(nonce));
  cipher.setAAD(Buffer.from(associated));
  const data = Buffer.concat([cipher.update(JSON.stringify(plain), 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    original_type: associated,
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    associated_data: associated,
    nonce,
  };
}

/** A notification as WeChat Pay POSTs it: the JSON body and its signed Wechatpay-* headers. */
export function wechatNotification(
  eventType: string,
  resource: ReturnType<typeof wechatEncrypt>,
  o: Parameters<typeof wechatSignedHeaders>[1],
) {
  const body = JSON.stringify({
    id: `EV-${randomBytes(6).toString('hex')}`,
    create_time: '2026-11-21T16:00:05+08:00',
    resource_type: 'encrypt-resource',
    event_type: eventType,
    summary: '支付成功',
    resource,
  });
  return {
    body,
    headers: { ...wechatSignedHeaders(body, o), 'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048' },
  };
}

/**
 * What the fake provider knows about one trade, for its query APIs: paid, refunded (paid and
 * then refunded in full), unpaid (scanned, not paid) or closed. A trade it was never told about
 * answers "no such trade", as a QR nobody scanned does.
 */
export interface FakeTrade {
  state: 'paid' | 'refunded' | 'unpaid' | 'closed';
  /** The provider's transaction id (Alipay trade_no, WeChat transaction_id). */
  tradeNo: string;
  fen: number;
}

const ALIPAY_TRADE_STATUS = {
  paid: 'TRADE_SUCCESS',
  refunded: 'TRADE_CLOSED',
  unpaid: 'WAIT_BUYER_PAY',
  closed: 'TRADE_CLOSED',
} as const;
const WECHAT_TRADE_STATE = { paid: 'SUCCESS', refunded: 'REFUND', unpaid: 'NOTPAY', closed: 'CLOSED' } as const;

export interface FakeGatewayRequest {
  path: string;
  query: Record<string, string>;
  body: string;
  headers: IncomingHttpHeaders;
}

/**
 * Alipay's OpenAPI gateway and WeChat Pay's API on 127.0.0.1, answering the two calls our adapters
 * make the way the providers document them: Alipay's answer signed RSA2 over the *_response JSON,
 * WeChat's with the Wechatpay-* headers over "timestamp\nnonce\nbody\n". Each incoming request's
 * own signature is checked against our public keys, so a wrongly signed request gets the
 * provider's error instead of a QR.
 */
export async function startFakePayGateway(keys: {
  alipayPrivateKey: string;
  /** Our application public key, to check the request signature. */
  appPublicKey: string;
  wechatPlatformPrivateKey: string;
  wechatPlatformSerial: string;
  /** Our merchant public key, to check the Authorization header. */
  merchantPublicKey: string;
}) {
  const requests: FakeGatewayRequest[] = [];
  /** Trades by out_trade_no, as the test set them (setTrade). */
  const trades = new Map<string, FakeTrade>();
  /** While true every call answers 503, like a provider outage. */
  let down = false;
  const server = createServer((req, res) => {
    if (down) {
      req.resume();
      res.writeHead(503, { 'content-type': 'text/plain' });
      res.end('service unavailable');
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const body = Buffer.concat(chunks).toString('utf8');
      requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), body, headers: req.headers });
      if (url.pathname === '/gateway.do') {
        const params: Record<string, string> = {
          ...Object.fromEntries(url.searchParams),
          ...Object.fromEntries(new URLSearchParams(body)),
        };
        const signed = Object.keys(params)
          .filter((k) => k !== 'sign')
          .sort()
          .map((k) => `${k}=${params[k]}`)
          .join('&');
        const ok = createVerify('RSA-SHA256')
          .update(signed)
          .verify(keys.appPublicKey, params.sign ?? '', 'base64');
        const biz = JSON.parse(params.biz_content ?? '{}') as { out_trade_no?: string };
        const trade = trades.get(biz.out_trade_no ?? '');
        const queried = params.method === 'alipay.trade.query';
        const inner = JSON.stringify(
          !ok
            ? { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' }
            : queried && !trade
              ? { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' }
              : queried && trade
                ? {
                    code: '10000',
                    msg: 'Success',
                    trade_no: trade.tradeNo,
                    out_trade_no: biz.out_trade_no,
                    buyer_logon_id: 'kx***@example.com',
                    trade_status: ALIPAY_TRADE_STATUS[trade.state],
                    total_amount: (trade.fen / 100).toFixed(2),
                    ...(trade.state === 'paid' || trade.state === 'refunded'
                      ? { send_pay_date: '2026-11-21 16:00:05' }
                      : {}),
                  }
                : {
                    code: '10000',
                    msg: 'Success',
                    out_trade_no: biz.out_trade_no,
                    qr_code: `https://qr.alipay.com/fake-${biz.out_trade_no}`,
                  },
        );
        const sign = createSign('RSA-SHA256').update(inner).sign(keys.alipayPrivateKey, 'base64');
        const responseKey = `${String(params.method ?? 'alipay.trade.precreate').replaceAll('.', '_')}_response`;
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"${responseKey}":${inner},"sign":"${sign}"}`);
        return;
      }
      const queryPath = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(url.pathname);
      if (queryPath && req.method === 'GET') {
        // WeChat Pay's query by out_trade_no; a GET is signed over an empty body line.
        const auth = String(req.headers.authorization ?? '');
        const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        const ok =
          auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
          createVerify('RSA-SHA256')
            .update(`GET\n${url.pathname}${url.search}\n${f.timestamp}\n${f.nonce_str}\n\n`)
            .verify(keys.merchantPublicKey, f.signature ?? '', 'base64');
        const sn = decodeURIComponent(queryPath[1] as string);
        const trade = trades.get(sn);
        const status = !ok ? 401 : trade ? 200 : 404;
        const answer = JSON.stringify(
          !ok
            ? { code: 'SIGN_ERROR', message: '签名错误' }
            : !trade
              ? { code: 'ORDER_NOT_EXIST', message: '订单不存在' }
              : {
                  appid: 'wx0000000000000001',
                  mchid: url.searchParams.get('mchid'),
                  out_trade_no: sn,
                  transaction_id: trade.tradeNo,
                  trade_type: 'NATIVE',
                  trade_state: WECHAT_TRADE_STATE[trade.state],
                  trade_state_desc: trade.state,
                  amount: { total: trade.fen, payer_total: trade.fen, currency: 'CNY', payer_currency: 'CNY' },
                },
        );
        res.writeHead(status, {
          'content-type': 'application/json',
          ...wechatSignedHeaders(answer, {
            atMs: Date.now(),
            serial: keys.wechatPlatformSerial,
            sign: (m) => createSign('RSA-SHA256').update(m).sign(keys.wechatPlatformPrivateKey, 'base64'),
          }),
        });
        res.end(answer);
        return;
      }
      if (url.pathname === '/v3/pay/transactions/native' && req.method === 'POST') {
        // Authorization: WECHATPAY2-SHA256-RSA2048 mchid="…",nonce_str="…",timestamp="…",serial_no="…",signature="…"
        const auth = String(req.headers.authorization ?? '');
        const f = Object.fromEntries([...auth.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
        const ok =
          auth.startsWith('WECHATPAY2-SHA256-RSA2048 ') &&
          createVerify('RSA-SHA256')
            .update(`POST\n${url.pathname}\n${f.timestamp}\n${f.nonce_str}\n${body}\n`)
            .verify(keys.merchantPublicKey, f.signature ?? '', 'base64');
        const answer = ok
          ? JSON.stringify({ code_url: `weixin://wxpay/bizpayurl?pr=fake${randomBytes(4).toString('hex')}` })
          : JSON.stringify({ code: 'SIGN_ERROR', message: '签名错误' });
        res.writeHead(ok ? 200 : 401, {
          'content-type': 'application/json',
          ...wechatSignedHeaders(answer, {
            atMs: Date.now(),
            serial: keys.wechatPlatformSerial,
            sign: (m) => createSign('RSA-SHA256').update(m).sign(keys.wechatPlatformPrivateKey, 'base64'),
          }),
        });
        res.end(answer);
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    alipayGateway: `${origin}/gateway.do`,
    requests,
    setDown: (value: boolean) => {
      down = value;
    },
    /** What the provider will answer when asked about this order (both providers' query APIs). */
    setTrade: (outTradeNo: string, trade: FakeTrade) => {
      trades.set(outTradeNo, trade);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The merchant identities the real adapters are configured with in tests. */
export const REAL_PAY_IDS = {
  alipayAppId: '2021000000000001',
  wechatAppId: 'wx0000000000000001',
  mchId: '1900000001',
  certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  platformSerial: 'PUB_KEY_ID_0119000000012025112100000000000001',
  apiV3Key: 'kaixiang-test-apiv3-key-32-bytes',
} as const;

/** Keys for realPayFixture, made apart when a test needs them before its gateway starts. */
export function realPayKeys() {
  return { app: rsaKeys(), alipay: rsaKeys(), merchant: rsaKeys(), platform: rsaKeys() };
}

/**
 * A fake Alipay + WeChat Pay gateway with keys made for the test, and the environment that
 * configures both real adapters against it: `app` is our Alipay application key, `alipay`
 * Alipay's, `merchant` our WeChat Pay merchant key, `platform` WeChat Pay's.
 */
export async function realPayFixture(keys = realPayKeys()) {
  const gateway = await startFakePayGateway({
    alipayPrivateKey: keys.alipay.privateKey,
    appPublicKey: keys.app.publicKey,
    wechatPlatformPrivateKey: keys.platform.privateKey,
    wechatPlatformSerial: REAL_PAY_IDS.platformSerial,
    merchantPublicKey: keys.merchant.publicKey,
  });
  // PEM on one line, with literal \n, the way an environment variable carries it.
  const oneLine = (pem: string) => pem.trim().replace(/\n/g, '\\n');
  const env: Record<string, string> = {
    PUBLIC_ORIGIN: 'https://kx.example',
    ALIPAY_APP_ID: REAL_PAY_IDS.alipayAppId,
    ALIPAY_PRIVATE_KEY: oneLine(keys.app.privateKey),
    ALIPAY_PUBLIC_KEY: oneLine(keys.alipay.publicKey),
    ALIPAY_GATEWAY: gateway.alipayGateway,
    WECHATPAY_APP_ID: REAL_PAY_IDS.wechatAppId,
    WECHATPAY_MCH_ID: REAL_PAY_IDS.mchId,
    WECHATPAY_PRIVATE_KEY: oneLine(keys.merchant.privateKey),
    WECHATPAY_CERT_SERIAL: REAL_PAY_IDS.certSerial,
    WECHATPAY_PLATFORM_PUBLIC_KEY: oneLine(keys.platform.publicKey),
    WECHATPAY_PLATFORM_SERIAL: REAL_PAY_IDS.platformSerial,
    WECHATPAY_APIV3_KEY: REAL_PAY_IDS.apiV3Key,
    WECHATPAY_API_BASE: gateway.origin,
  };
  return { keys, gateway, env };
}
