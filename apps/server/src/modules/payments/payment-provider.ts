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
  /**
   * Asks the provider what became of an order (the console's "query provider" for a stuck order).
   * Throws when the provider cannot be reached or answers an error; a trade it does not know is
   * `not_found` (Alipay creates a precreated trade only once it is scanned). Absent on an adapter
   * that has nothing to ask: USDT deposits are found on the chain by the watcher.
   */
  query?(order: { orderSn: string }): Promise<ProviderTradeState>;
}

/**
 * The provider's answer about one order. `paid`: money came in (settled through the notification
 * path); `refunded`: paid then refunded; `closed`: closed unpaid; `unpaid`: open, not paid yet;
 * `not_found`: the provider has no such trade. `providerState` is the provider's own word for it.
 */
export type ProviderTradeState =
  | { state: 'paid' | 'refunded'; txnId: string; amountUnits: number; providerState: string }
  | { state: 'unpaid' | 'closed' | 'not_found'; providerState: string };

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
