import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAY_MODES } from '@kaixiang/shared/payments';
import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sandboxHeldNotifications } from '../../db/schema/payments.ts';
import type { Clock } from '../../infra/clock.ts';
import type {
  NotificationEvent,
  PaymentProvider,
  ProviderTradeState,
  Rejected,
  VerifiedNotification,
} from './payment-provider.ts';

/**
 * The sandbox payment provider (non-production only) and its cashier: the cashier plays the
 * provider's side, the adapter ours. A notification is JSON
 * `{event, order_sn, txn_id, amount, timestamp, nonce, sign}` with
 * sign = hex HMAC-SHA256(secret, "amount=…&event=…&nonce=…&order_sn=…&timestamp=…&txn_id=…")
 * (keys sorted, sign left out), the way Alipay and WeChat sign theirs. docs/payments.md "Payments".
 */
export const SANDBOX_PROVIDER = 'sandbox';
/** A notification signed longer ago than this is refused as stale (a captured one replayed later). */
export const NOTIFY_MAX_AGE_MS = 5 * 60 * 1000;

export interface SandboxNotification {
  event: NotificationEvent;
  order_sn: string;
  txn_id: string;
  amount: number;
  timestamp: number;
  nonce: string;
  sign: string;
}

export function sandboxCanonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function sandboxSign(secret: string, fields: Record<string, string | number>): string {
  return createHmac('sha256', secret).update(sandboxCanonical(fields)).digest('hex');
}

export function signedSandboxNotification(
  secret: string,
  n: Omit<SandboxNotification, 'sign' | 'nonce'> & { nonce?: string },
): SandboxNotification {
  const unsigned = { ...n, nonce: n.nonce ?? randomBytes(12).toString('hex') };
  return { ...unsigned, sign: sandboxSign(secret, unsigned) };
}

export function createSandboxProvider(deps: {
  secret: string;
  clock: Clock;
  /** Prefix of pay_data_url (the public origin), '' for a path the web resolves itself. */
  origin: string;
  /** Where the cashier keeps what it holds back: what `query` reads. Without it nothing is held. */
  db?: Db;
}): PaymentProvider {
  return {
    name: SANDBOX_PROVIDER,
    payModes: PAY_MODES.filter((m) => m !== 'crypto_pay'),
    ack: { ok: 'success', fail: 'fail', contentType: 'text/plain' },
    payAddress: async (order) => `${deps.origin}/dev/cashier/${encodeURIComponent(order.orderSn)}`,
    /**
     * The sandbox's own state: a payment made with 延迟 (held, its notification not delivered yet)
     * is paid at the provider; anything else it has no payment for. A payment notified at once
     * left nothing behind here, as a delivered notification needs nothing more.
     */
    async query(order): Promise<ProviderTradeState> {
      if (!deps.db) return { state: 'unpaid', providerState: 'NO_PAYMENT' };
      const [held] = await deps.db
        .select()
        .from(sandboxHeldNotifications)
        .where(and(eq(sandboxHeldNotifications.orderSn, order.orderSn), eq(sandboxHeldNotifications.event, 'paid')))
        .orderBy(asc(sandboxHeldNotifications.id))
        .limit(1);
      return held
        ? { state: 'paid', txnId: held.txnId, amountUnits: held.amountUnits, providerState: 'PAID_HELD' }
        : { state: 'unpaid', providerState: 'NO_PAYMENT' };
    },
    async verify(raw): Promise<VerifiedNotification | Rejected> {
      let n: Partial<SandboxNotification>;
      try {
        n = JSON.parse(raw.body) as Partial<SandboxNotification>;
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const { event, order_sn, txn_id, amount, timestamp, nonce, sign } = n;
      if (
        (event !== 'paid' && event !== 'failed' && event !== 'reversed') ||
        typeof order_sn !== 'string' ||
        typeof txn_id !== 'string' ||
        !/^[\w-]{1,64}$/.test(txn_id) ||
        !Number.isSafeInteger(amount) ||
        !Number.isSafeInteger(timestamp) ||
        typeof nonce !== 'string' ||
        typeof sign !== 'string'
      ) {
        return { ok: false, reason: 'malformed' };
      }
      const expected = Buffer.from(
        sandboxSign(deps.secret, {
          event,
          order_sn,
          txn_id,
          amount: amount as number,
          timestamp: timestamp as number,
          nonce,
        }),
        'hex',
      );
      const given = Buffer.from(sign, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        return { ok: false, reason: 'bad_signature' };
      if (Math.abs(deps.clock.now() - (timestamp as number)) > NOTIFY_MAX_AGE_MS) return { ok: false, reason: 'stale' };
      return { ok: true, event, orderSn: order_sn, txnId: txn_id, amountUnits: amount as number };
    },
  };
}

/** Posts a notification body to our notify endpoint, as the provider's server would. */
export type Deliver = (body: string) => Promise<{ status: number; text: string }>;

/** A held notification not acknowledged is offered again this long after it was taken, like a provider retry. */
const HELD_RETRY_MS = 60_000;

/**
 * The provider side of the sandbox: what happens when a person presses 支付, 失败 or 延迟 on the
 * cashier page. A payment is notified twice (providers retry until acknowledged, and do send
 * duplicates); a late one is held (in the database: a restart or another process still delivers
 * it) until the order's expiry has passed and then delivered by deliverDue() (the payments job
 * calls it). A held delivery that was not acknowledged is retried a minute later.
 */
export function createSandboxCashier(deps: { secret: string; clock: Clock; deliver: Deliver; db: Db }) {
  const { db } = deps;
  const send = (n: Omit<SandboxNotification, 'sign' | 'nonce' | 'timestamp'>) =>
    // Each delivery is signed when sent, with its own nonce and time, as a provider's retry is.
    deps.deliver(JSON.stringify(signedSandboxNotification(deps.secret, { ...n, timestamp: deps.clock.now() })));
  const txnId = () => `SBX${deps.clock.now()}${randomBytes(6).toString('hex')}`;

  return {
    async pay(order: { orderSn: string; realPriceUnits: number }) {
      const n = { event: 'paid' as const, order_sn: order.orderSn, txn_id: txnId(), amount: order.realPriceUnits };
      const first = await send(n);
      const second = await send(n);
      return { txn_id: n.txn_id, deliveries: [first, second] };
    },
    async fail(order: { orderSn: string; realPriceUnits: number }) {
      const n = { event: 'failed' as const, order_sn: order.orderSn, txn_id: txnId(), amount: order.realPriceUnits };
      return { txn_id: n.txn_id, deliveries: [await send(n)] };
    },
    /** Pays now but notifies only after the order expired (plus a second). */
    async late(order: { orderSn: string; realPriceUnits: number; expiresAtMs: number }) {
      const id = txnId();
      const dueAtMs = order.expiresAtMs + 1_000;
      await db.insert(sandboxHeldNotifications).values({
        orderSn: order.orderSn,
        event: 'paid',
        txnId: id,
        amountUnits: order.realPriceUnits,
        dueAt: new Date(dueAtMs),
      });
      return { txn_id: id, deliver_after: dueAtMs };
    },
    /** The provider takes a paid order's money back (a chargeback). */
    async reverse(order: { orderSn: string; realPriceUnits: number; txnId: string }) {
      const n = {
        event: 'reversed' as const,
        order_sn: order.orderSn,
        txn_id: order.txnId,
        amount: order.realPriceUnits,
      };
      return { txn_id: n.txn_id, deliveries: [await send(n)] };
    },
    /**
     * Delivers held notifications whose time has come; returns how many were acknowledged. Each is
     * taken by moving its time a minute on (so two processes never send one at once, and one lost
     * in a crash comes back), and deleted once our endpoint acknowledged it.
     */
    async deliverDue(): Promise<number> {
      const now = deps.clock.now();
      const taken = await db
        .update(sandboxHeldNotifications)
        .set({ dueAt: new Date(now + HELD_RETRY_MS) })
        .where(
          inArray(
            sandboxHeldNotifications.id,
            db
              .select({ id: sandboxHeldNotifications.id })
              .from(sandboxHeldNotifications)
              .where(lte(sandboxHeldNotifications.dueAt, new Date(now)))
              .limit(100)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      let delivered = 0;
      for (const h of taken) {
        const event = h.event as NotificationEvent;
        const res = await send({ event, order_sn: h.orderSn, txn_id: h.txnId, amount: h.amountUnits });
        if (res.status === 200) {
          await db.delete(sandboxHeldNotifications).where(eq(sandboxHeldNotifications.id, h.id));
          delivered++;
        }
      }
      return delivered;
    },
    held: async () =>
      (await db.select().from(sandboxHeldNotifications).orderBy(sandboxHeldNotifications.dueAt)).map((h) => ({
        order_sn: h.orderSn,
        due_at: h.dueAt.getTime(),
      })),
  };
}

export type SandboxCashier = ReturnType<typeof createSandboxCashier>;
