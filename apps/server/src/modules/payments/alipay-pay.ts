import { yuanToUnits as exactYuanToUnits, formatUnits } from '@kaixiang/shared/money';
import { AlipaySdk } from 'alipay-sdk';
import type { Clock } from '../../infra/clock.ts';
import type { PaymentProvider, ProviderTradeState, Rejected, VerifiedNotification } from './payment-provider.ts';

/**
 * Alipay 当面付 (face-to-face, QR): `alipay.trade.precreate` makes the QR, Alipay notifies the
 * outcome form-encoded, signed RSA2 with Alipay's key (docs/payments.md "Real payment adapters"). Signing and
 * verification are the SDK's own (alipay-sdk: request signing, response `validateSign`,
 * `checkNotifySignV2`); this file adds what the SDK leaves to us: RSA2 only, our app id,
 * freshness, and turning fields into a fact with exact amounts.
 */
export const ALIPAY_PROVIDER = 'alipay';
/**
 * Alipay retries an unanswered notification for about 25 h (4m 10m 10m 1h 2h 6h 15h): one dated
 * more than 48 h ago is a replay, not a retry. More than 5 minutes ahead of our clock is a forgery
 * or a broken clock either way.
 */
export const ALIPAY_NOTIFY_MAX_AGE_MS = 48 * 60 * 60 * 1000;
export const ALIPAY_NOTIFY_MAX_AHEAD_MS = 5 * 60 * 1000;

/** Alipay's times (notify_time, gmt_*) are China time, UTC+8, without a zone. */
const CN_OFFSET_MS = 8 * 60 * 60 * 1000;

export interface AlipayConfig {
  appId: string;
  /** Our application private key, PKCS#8 PEM (config.ts normalises it). */
  privateKey: string;
  /** Alipay's public key, SPKI PEM. */
  alipayPublicKey: string;
  /** OpenAPI gateway (the SDK's default when unset). */
  gateway?: string;
  /** Absolute URL of our notify endpoint for this adapter. */
  notifyUrl: string;
}

/** The SDK call that reaches Alipay: injectable so a unit test never touches the network. */
export type AlipayExec = AlipaySdk['exec'];

/**
 * "100.00" → 1_000_000 units (1/10000 CNY), or null. Stricter than the shared reader, which does
 * the arithmetic: Alipay writes plain yuan with at most 2 decimals, so anything else is malformed.
 */
export function yuanToUnits(yuan: string): number | null {
  return /^(0|[1-9]\d{0,9})(\.\d{1,2})?$/.test(yuan) ? exactYuanToUnits(yuan) : null;
}

/** 1_000_000 units → "100.00". Alipay takes fen at most: a finer amount is a programmer error. */
export function unitsToYuan(units: number): string {
  if (!Number.isSafeInteger(units) || units <= 0 || units % 100 !== 0) {
    throw new Error(`not a whole number of fen: ${units} units`);
  }
  return formatUnits(units, 2);
}

/** "2026-11-21 16:00:00" (China time) → epoch ms, or null. */
export function parseChinaTime(text: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
  const ms = Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) - CN_OFFSET_MS;
  // Date.UTC rolls "02-31" over into March: a date that does not round-trip is malformed.
  return formatChinaTime(ms) === text ? ms : null;
}

export function formatChinaTime(ms: number): string {
  return new Date(ms + CN_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function createAlipayProvider(deps: { config: AlipayConfig; clock: Clock; exec?: AlipayExec }): PaymentProvider {
  const { config, clock } = deps;
  const sdk = new AlipaySdk({
    appId: config.appId,
    privateKey: config.privateKey.trim(),
    keyType: 'PKCS8',
    alipayPublicKey: config.alipayPublicKey.trim(),
    signType: 'RSA2',
    ...(config.gateway ? { gateway: config.gateway } : {}),
  });
  const exec: AlipayExec = deps.exec ?? sdk.exec.bind(sdk);
  const reject = (reason: Rejected['reason']): Rejected => ({ ok: false, reason });

  return {
    name: ALIPAY_PROVIDER,
    payModes: ['alipay'],
    ack: { ok: 'success', fail: 'fail', contentType: 'text/plain' },

    async payAddress(order) {
      // Whole minutes, rounded down: Alipay closes the trade no later than our order expires.
      const minutes = Math.max(1, Math.floor((order.expiresAtMs - clock.now()) / 60_000));
      const res = await exec(
        'alipay.trade.precreate',
        {
          notify_url: config.notifyUrl,
          bizContent: {
            out_trade_no: order.orderSn,
            total_amount: unitsToYuan(order.realPriceUnits),
            subject: order.subject,
            product_code: 'FACE_TO_FACE_PAYMENT',
            timeout_express: `${minutes}m`,
          },
        },
        // The answer is signed by Alipay too: a forged QR would send the player's money elsewhere.
        { validateSign: true },
      );
      // The SDK camel-cases the response (qr_code → qrCode).
      if (res.code !== '10000' || typeof res.qrCode !== 'string' || !res.qrCode) {
        throw new Error(
          `alipay.trade.precreate failed: ${res.code} ${res.msg} ${res.subCode ?? ''} ${res.subMsg ?? ''}`,
        );
      }
      return res.qrCode;
    },

    /**
     * alipay.trade.query by out_trade_no. A precreated trade exists at Alipay only once the QR was
     * scanned: before that Alipay answers ACQ.TRADE_NOT_EXIST, which is `not_found`, not an error.
     */
    async query(order): Promise<ProviderTradeState> {
      const res = await exec(
        'alipay.trade.query',
        { bizContent: { out_trade_no: order.orderSn } },
        // Signed like every answer: a forged "paid" would credit coins nobody paid for.
        { validateSign: true },
      );
      if (res.code === '40004' && res.subCode === 'ACQ.TRADE_NOT_EXIST') {
        return { state: 'not_found', providerState: 'ACQ.TRADE_NOT_EXIST' };
      }
      const status = typeof res.tradeStatus === 'string' ? res.tradeStatus : '';
      if (res.code !== '10000' || !status || res.outTradeNo !== order.orderSn) {
        throw new Error(`alipay.trade.query failed: ${res.code} ${res.msg} ${res.subCode ?? ''} ${res.subMsg ?? ''}`);
      }
      if (status === 'WAIT_BUYER_PAY') return { state: 'unpaid', providerState: status };
      const amountUnits = typeof res.totalAmount === 'string' ? yuanToUnits(res.totalAmount) : null;
      const paid = status === 'TRADE_SUCCESS' || status === 'TRADE_FINISHED';
      // A fully refunded trade is TRADE_CLOSED with the trade number and the money it took.
      const refunded = status === 'TRADE_CLOSED' && typeof res.tradeNo === 'string' && res.sendPayDate !== undefined;
      if (paid || refunded) {
        if (typeof res.tradeNo !== 'string' || !res.tradeNo || amountUnits === null || amountUnits <= 0) {
          throw new Error(`alipay.trade.query: malformed ${status} answer`);
        }
        return { state: paid ? 'paid' : 'refunded', txnId: res.tradeNo, amountUnits, providerState: status };
      }
      if (status === 'TRADE_CLOSED') return { state: 'closed', providerState: status };
      throw new Error(`alipay.trade.query: unknown trade_status ${status}`);
    },

    async verify(raw): Promise<VerifiedNotification | Rejected> {
      const f: Record<string, string> = {};
      for (const [k, v] of new URLSearchParams(raw.body)) {
        // A repeated field would be read one way by the signature check and another by us.
        if (Object.hasOwn(f, k)) return reject('malformed');
        f[k] = v;
      }
      // RSA2 only: the SDK would honour a notification's own sign_type=RSA (SHA-1).
      if (!f.sign || f.sign_type !== 'RSA2') return reject('bad_signature');
      let signed = false;
      try {
        // V2: the values are already URL-decoded once (URLSearchParams); decoding again would
        // throw on a '%' and verify a different string than Alipay signed.
        signed = sdk.checkNotifySignV2(f);
      } catch {
        signed = false;
      }
      if (!signed) return reject('bad_signature');

      if (f.app_id !== config.appId) return reject('wrong_merchant');
      const notifiedAtMs = f.notify_time ? parseChinaTime(f.notify_time) : null;
      if (notifiedAtMs === null) return reject('malformed');
      const now = clock.now();
      if (notifiedAtMs < now - ALIPAY_NOTIFY_MAX_AGE_MS || notifiedAtMs > now + ALIPAY_NOTIFY_MAX_AHEAD_MS) {
        return reject('stale');
      }
      if (f.notify_type !== 'trade_status_sync') return reject('unsupported');
      const amountUnits = f.total_amount ? yuanToUnits(f.total_amount) : null;
      if (!f.out_trade_no || !f.trade_no || amountUnits === null || amountUnits <= 0) return reject('malformed');
      const fact = { ok: true as const, orderSn: f.out_trade_no, txnId: f.trade_no, amountUnits };

      // A refund notifies on the same trade (TRADE_SUCCESS after a partial refund, TRADE_CLOSED
      // after a full one) and carries refund_fee / gmt_refund: the money went back, whatever the status.
      if (f.refund_fee !== undefined || f.gmt_refund !== undefined) return { ...fact, event: 'reversed' };
      switch (f.trade_status) {
        case 'TRADE_SUCCESS':
        case 'TRADE_FINISHED':
          return { ...fact, event: 'paid' };
        case 'TRADE_CLOSED':
          return { ...fact, event: 'failed' };
        default:
          return reject('unsupported');
      }
    },
  };
}
