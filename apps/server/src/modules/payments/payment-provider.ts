import type { PayMode } from '@kaixiang/shared/payments';

/**
 * The payment provider port (STYLE.md §4). An adapter makes the pay address for an order and
 * turns a provider's notification into a verified fact, or says why it is not one. Real Alipay and
 * WeChat Pay adapters implement the same two methods (not written yet: docs/_parts/payments.md).
 */
export interface PaymentProvider {
  /** Adapter name: the `:provider` of the notify path and recharge_orders.provider. */
  readonly name: string;
  /** The channels this adapter serves. */
  readonly payModes: readonly PayMode[];
  /** What the QR shows for a new order. */
  payAddress(order: { orderSn: string; realPriceUnits: number; payMode: PayMode; expiresAtMs: number }): string;
  /** Verifies a raw notification (signature, freshness); never trusts a field before that. */
  verify(raw: {
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }): VerifiedNotification | Rejected;
  /** What the provider expects back once a notification was handled (so it stops retrying). */
  readonly ack: { ok: string; fail: string };
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
  reason: 'bad_signature' | 'stale' | 'malformed';
}
