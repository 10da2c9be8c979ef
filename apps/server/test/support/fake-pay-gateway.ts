import { createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
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
        const inner = JSON.stringify(
          ok
            ? {
                code: '10000',
                msg: 'Success',
                out_trade_no: biz.out_trade_no,
                qr_code: `https://qr.alipay.com/fake-${biz.out_trade_no}`,
              }
            : { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' },
        );
        const sign = createSign('RSA-SHA256').update(inner).sign(keys.alipayPrivateKey, 'base64');
        res.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        res.end(`{"alipay_trade_precreate_response":${inner},"sign":"${sign}"}`);
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
        const timestamp = String(Math.floor(Date.now() / 1000));
        const nonce = randomBytes(16).toString('hex');
        res.writeHead(ok ? 200 : 401, {
          'content-type': 'application/json',
          'wechatpay-timestamp': timestamp,
          'wechatpay-nonce': nonce,
          'wechatpay-serial': keys.wechatPlatformSerial,
          'wechatpay-signature': createSign('RSA-SHA256')
            .update(`${timestamp}\n${nonce}\n${answer}\n`)
            .sign(keys.wechatPlatformPrivateKey, 'base64'),
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
