import { createDecipheriv, createPublicKey, createVerify, type KeyObject } from 'node:crypto';
import Pay from 'wechatpay-node-v3';
import type { IPayRequest } from 'wechatpay-node-v3/dist/lib/pay-request.interface';
import type { Clock } from '../../infra/clock.ts';
import type { PaymentProvider, ProviderTradeState, Rejected, VerifiedNotification } from './payment-provider.ts';

/**
 * WeChat Pay APIv3, Native (QR): `transactions_native` makes the code_url; WeChat notifies JSON
 * signed SHA256-RSA with WeChat Pay's key, the payload AES-256-GCM encrypted with our APIv3 key
 * (docs/payments.md "Real payment adapters").
 *
 * The SDK (wechatpay-node-v3) signs our requests. Notifications are checked here with node:crypto,
 * following WeChat's documented algorithm, because the SDK can do neither offline nor safely:
 * its verifySign looks the key up in a process-wide cache it fills by downloading platform
 * certificates (it cannot be handed a configured WeChat Pay public key), and its decipher_gcm
 * never calls final(), so the GCM tag is never checked.
 */
export const WECHAT_PROVIDER = 'wechat';
/** WeChat's own advice: a signature more than 5 minutes off our clock is refused (a replay). */
export const WECHAT_NOTIFY_MAX_SKEW_MS = 5 * 60 * 1000;
export const WECHAT_DEFAULT_API_BASE = 'https://api.mch.weixin.qq.com';
const SIGNATURE_TYPE = 'WECHATPAY2-SHA256-RSA2048';

export interface WechatPayConfig {
  appId: string;
  mchId: string;
  /** Merchant API private key, PKCS#8 PEM. */
  privateKey: string;
  /** Serial of the merchant API certificate (goes into our Authorization header). */
  certSerial: string;
  /** WeChat Pay public key (or the platform certificate's), SPKI PEM. */
  platformPublicKey: string;
  /** Its id / certificate serial, as Wechatpay-Serial carries it. */
  platformSerial: string;
  /** The 32-character APIv3 key. */
  apiV3Key: string;
  /** API origin (default https://api.mch.weixin.qq.com). */
  apiBase?: string;
  /** Absolute URL of our notify endpoint for this adapter. */
  notifyUrl: string;
}

/** The signed message of a WeChat Pay notification or response: "timestamp\nnonce\nbody\n". */
export function wechatSignedMessage(timestamp: string, nonce: string, body: string): string {
  return `${timestamp}\n${nonce}\n${body}\n`;
}

export function verifyWechatSignature(
  publicKey: KeyObject,
  m: { timestamp: string; nonce: string; body: string; signature: string },
): boolean {
  try {
    return createVerify('RSA-SHA256')
      .update(wechatSignedMessage(m.timestamp, m.nonce, m.body))
      .verify(publicKey, m.signature, 'base64');
  } catch {
    return false;
  }
}

/** AEAD_AES_256_GCM: ciphertext is base64(encrypted ‖ 16-byte tag); null when the tag fails. */
export function decryptWechatResource(
  apiV3Key: string,
  r: { ciphertext: string; associated_data?: string; nonce: string },
): string | null {
  try {
    const data = Buffer.from(r.ciphertext, 'base64');
    if (data.length <= 16) return null;
    const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(r.nonce, 'utf8'));
    decipher.setAuthTag(data.subarray(data.length - 16));
    decipher.setAAD(Buffer.from(r.associated_data ?? '', 'utf8'));
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** RFC 3339 in China time, the form WeChat's time_expire takes: 2026-11-21T16:15:00+08:00. */
export function wechatTime(ms: number): string {
  return `${new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 19)}+08:00`;
}

const header = (h: Record<string, string | string[] | undefined>, name: string) => {
  const v = h[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/**
 * The SDK's HTTP port, over fetch: the configured origin (a local fake provider in tests), a
 * timeout, and WeChat's signature on the answer checked — a forged code_url would send the
 * player's money elsewhere.
 */
export function wechatHttp(config: Pick<WechatPayConfig, 'apiBase' | 'platformPublicKey' | 'platformSerial'>) {
  const base = config.apiBase ?? WECHAT_DEFAULT_API_BASE;
  // Parsed once here, not on every answer.
  const platformKey = createPublicKey(config.platformPublicKey);
  const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, body?: string) => {
    const res = await fetch(url.replace(WECHAT_DEFAULT_API_BASE, base), {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await res.text();
    if (!res.ok) return { status: res.status, error: text };
    const signed =
      res.headers.get('wechatpay-serial') === config.platformSerial &&
      verifyWechatSignature(platformKey, {
        timestamp: res.headers.get('wechatpay-timestamp') ?? '',
        nonce: res.headers.get('wechatpay-nonce') ?? '',
        body: text,
        signature: res.headers.get('wechatpay-signature') ?? '',
      });
    if (!signed) throw new Error(`WeChat Pay answer to ${url} is not signed by the configured key`);
    return { status: res.status, data: text ? JSON.parse(text) : {} };
  };
  return {
    // The SDK signed JSON.stringify(params): send exactly that string.
    post: (url, params, headers) => call('POST', url, headers, JSON.stringify(params)),
    get: (url, headers) => call('GET', url, headers),
    upload: async () => {
      throw new Error('not used');
    },
  } satisfies IPayRequest;
}

type Transaction = {
  appid?: unknown;
  mchid?: unknown;
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  refund_status?: unknown;
  amount?: { total?: unknown; currency?: unknown };
};

export function createWechatProvider(deps: {
  config: WechatPayConfig;
  clock: Clock;
  /** Replaces the HTTP client the SDK calls through (tests). */
  http?: IPayRequest;
}): PaymentProvider {
  const { config, clock } = deps;
  const pay = new Pay({
    appid: config.appId,
    mchid: config.mchId,
    serial_no: config.certSerial,
    privateKey: Buffer.from(config.privateKey),
    // The SDK insists on a "publicKey" but reads it only to work out serial_no, which we give.
    publicKey: Buffer.from(config.platformPublicKey),
    key: config.apiV3Key,
  });
  pay.createHttp(deps.http ?? wechatHttp(config));
  // Parsed once: every notification is checked against it.
  const platformKey = createPublicKey(config.platformPublicKey);
  const reject = (reason: Rejected['reason']): Rejected => ({ ok: false, reason });

  return {
    name: WECHAT_PROVIDER,
    payModes: ['wechat_pay'],
    // WeChat: 200/204 means received; anything else is retried. The 4xx answer carries FAIL.
    ack: {
      ok: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
      fail: JSON.stringify({ code: 'FAIL', message: '失败' }),
      contentType: 'application/json',
    },

    async payAddress(order) {
      if (order.realPriceUnits % 100 !== 0) throw new Error(`not a whole number of fen: ${order.realPriceUnits}`);
      const res = await pay.transactions_native({
        // description is at most 127 bytes; ours is short.
        description: order.subject,
        out_trade_no: order.orderSn,
        time_expire: wechatTime(order.expiresAtMs),
        notify_url: config.notifyUrl,
        amount: { total: order.realPriceUnits / 100, currency: 'CNY' },
      });
      const codeUrl = res.status === 200 ? (res.data as { code_url?: unknown } | undefined)?.code_url : undefined;
      if (typeof codeUrl !== 'string' || !codeUrl) {
        throw new Error(`WeChat Pay transactions/native failed: ${res.status} ${String(res.error ?? '')}`);
      }
      return codeUrl;
    },

    /**
     * GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=… (the SDK's query, through the
     * HTTP port above, so the answer's signature is checked). 404 ORDER_NOT_EXIST is `not_found`.
     */
    async query(order): Promise<ProviderTradeState> {
      const res = await pay.query({ out_trade_no: order.orderSn });
      if (res.status === 404) return { state: 'not_found', providerState: 'ORDER_NOT_EXIST' };
      const t = (res.status === 200 ? res.data : undefined) as Transaction | undefined;
      if (!t || typeof t.trade_state !== 'string') {
        throw new Error(`WeChat Pay query failed: ${res.status} ${String(res.error ?? '')}`);
      }
      // Another merchant's or order's answer is no answer about ours.
      if (t.mchid !== config.mchId || t.out_trade_no !== order.orderSn) {
        throw new Error('WeChat Pay query answered about another order');
      }
      const state = t.trade_state;
      switch (state) {
        case 'SUCCESS':
        case 'REFUND': {
          const total = t.amount?.total;
          if (typeof t.transaction_id !== 'string' || !t.transaction_id || !Number.isSafeInteger(total)) {
            throw new Error(`WeChat Pay query: malformed ${state} answer`);
          }
          return {
            state: state === 'SUCCESS' ? 'paid' : 'refunded',
            txnId: t.transaction_id,
            // Fen to units (1/10000 yuan).
            amountUnits: (total as number) * 100,
            providerState: state,
          };
        }
        case 'NOTPAY':
        case 'USERPAYING':
          return { state: 'unpaid', providerState: state };
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { state: 'closed', providerState: state };
        default:
          throw new Error(`WeChat Pay query: unknown trade_state ${state}`);
      }
    },

    async verify(raw): Promise<VerifiedNotification | Rejected> {
      const timestamp = header(raw.headers, 'wechatpay-timestamp');
      const nonce = header(raw.headers, 'wechatpay-nonce');
      const signature = header(raw.headers, 'wechatpay-signature');
      const serial = header(raw.headers, 'wechatpay-serial');
      const type = header(raw.headers, 'wechatpay-signature-type');
      if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !nonce || !signature || !serial) return reject('malformed');
      // Another serial is a key we do not hold (or WeChat's probe, "WECHATPAY/SIGNTEST/…").
      if (serial !== config.platformSerial || (type !== undefined && type !== SIGNATURE_TYPE)) {
        return reject('bad_signature');
      }
      if (!verifyWechatSignature(platformKey, { timestamp, nonce, body: raw.body, signature })) {
        return reject('bad_signature');
      }
      // WeChat signs each retry afresh, so a genuine delivery is always recent.
      if (Math.abs(clock.now() - Number(timestamp) * 1000) > WECHAT_NOTIFY_MAX_SKEW_MS) return reject('stale');

      let n: { event_type?: unknown; resource?: Record<string, unknown> };
      try {
        n = JSON.parse(raw.body);
      } catch {
        return reject('malformed');
      }
      const r = n.resource;
      if (
        typeof n.event_type !== 'string' ||
        !r ||
        r.algorithm !== 'AEAD_AES_256_GCM' ||
        typeof r.ciphertext !== 'string' ||
        typeof r.nonce !== 'string' ||
        (r.associated_data !== undefined && typeof r.associated_data !== 'string')
      ) {
        return reject('malformed');
      }
      const plain = decryptWechatResource(config.apiV3Key, {
        ciphertext: r.ciphertext,
        nonce: r.nonce,
        ...(typeof r.associated_data === 'string' ? { associated_data: r.associated_data } : {}),
      });
      // The GCM tag failed: not encrypted with our APIv3 key.
      if (plain === null) return reject('bad_signature');
      let t: Transaction;
      try {
        t = JSON.parse(plain);
      } catch {
        return reject('malformed');
      }

      const refund = n.event_type.startsWith('REFUND.');
      // A refund notification names the merchant only; a payment names the app too.
      if (t.mchid !== config.mchId || (!refund && t.appid !== config.appId)) return reject('wrong_merchant');
      const total = t.amount?.total;
      if (
        typeof t.out_trade_no !== 'string' ||
        typeof t.transaction_id !== 'string' ||
        !Number.isSafeInteger(total) ||
        (total as number) <= 0 ||
        (t.amount?.currency !== undefined && t.amount.currency !== 'CNY')
      ) {
        return reject('malformed');
      }
      // amount.total is fen; on a refund it is the whole payment (the refunded part is amount.refund).
      const fact = {
        ok: true as const,
        orderSn: t.out_trade_no,
        txnId: t.transaction_id,
        amountUnits: (total as number) * 100,
      };
      if (refund) {
        return n.event_type === 'REFUND.SUCCESS' && t.refund_status === 'SUCCESS'
          ? { ...fact, event: 'reversed' }
          : reject('unsupported');
      }
      if (!n.event_type.startsWith('TRANSACTION.')) return reject('unsupported');
      switch (t.trade_state) {
        case 'SUCCESS':
          return n.event_type === 'TRANSACTION.SUCCESS' ? { ...fact, event: 'paid' } : reject('malformed');
        case 'CLOSED':
        case 'REVOKED':
        case 'PAYERROR':
          return { ...fact, event: 'failed' };
        default:
          return reject('unsupported');
      }
    },
  };
}
