import type { PayMode } from '@kaixiang/shared/payments';

/**
 * The payment provider port (STYLE.md §4). An adapter makes the pay address for an order and
 * turns a provider's notification into a verified fact, or says why it is not one. Each channel
 * (pay mode) is served by at most one configured adapter; the order remembers which.
 */
export interface PaymentProvider {
  /** Adapter name: the `:provider` of the notify path and recharge_orders.provider. */
  readonly name: string;
  /** The channels this adapter serves. */
  readonly payModes: readonly PayMode[];
  /** What the QR shows for a new order. */
  payAddress(order: {
    orderSn: string;
    realPriceUnits: number;
    payMode: PayMode;
    expiresAtMs: number;
    /** What the player buys, for the provider's receipt ("开箱 充值 ¥100"). */
    subject: string;
  }): Promise<string>;
  /** Verifies a raw notification (signature, freshness); never trusts a field before that. */
  verify(raw: {
    /** The request body exactly as received (JSON or form-encoded, whichever the provider sends). */
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }): Promise<VerifiedNotification | Rejected>;
  /** What the provider expects back once a notification was handled (so it stops retrying). */
  readonly ack: { ok: string; fail: string; contentType: string };
}

export type NotificationEvent = 'paid' | 'failed' | 'reversed';

export interface VerifiedNotification {
  ok: true;
  event: NotificationEvent;
  orderSn: string;
  txnId: string;
  amountUnits: number;
}

export interface Rejected {
  ok: false;
  /**
   * wrong_merchant: authentic but for another app / merchant id; unsupported: authentic but an
   * event we take no action on (the provider retries it until it gives up; it shows in the logs).
   */
  reason: 'bad_signature' | 'stale' | 'malformed' | 'wrong_merchant' | 'unsupported';
}
