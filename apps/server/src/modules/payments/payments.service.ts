import { randomInt } from 'node:crypto';
import { formatUnits } from '@kaixiang/shared/money';
import {
  ANCHOR_ACCOUNT_TYPES,
  type CreateOrderRequest,
  type CreateOrderResponse,
  DEFAULT_EXCHANGE_RATE,
  MIN_RECHARGE_UNITS,
  ORDER_STATUS,
  ORDER_STATUS_EVENT,
  ORDER_TTL_MS,
  type OrderStatusPush,
  PAY_MODES,
  type PayMode,
  RECHARGE_CONDITIONS,
  RECHARGE_THROTTLE_MS,
  type RechargeCondition,
  WECHAT_DAILY_LIMIT_UNITS,
} from '@kaixiang/shared/payments';
import { userRoom } from '@kaixiang/shared/socket';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { balancesOf, type Ledger, type LedgerTx } from '../ledger/ledger.ts';
import type { PaymentProvider, VerifiedNotification } from './payment-provider.ts';
import { paymentsRepo as repo } from './payments.repo.ts';

const CONDITION_ERRORS = {
  resale: 'RECHARGE_CONDITION_RESALE',
  rational: 'RECHARGE_CONDITION_RATIONAL',
  afford: 'RECHARGE_CONDITION_AFFORD',
} as const satisfies Record<RechargeCondition, string>;

/** China's calendar day (UTC+8) bounds the WeChat daily limit. */
const CN_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PaymentsDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  bus: EventBus;
  /**
   * The configured adapters; a channel is served by the first one listing it. Empty when none may
   * take payments here (production without real adapters configured).
   */
  providers: readonly PaymentProvider[];
  /** First-recharge bonus in 1/10000 of the tier money (0: none). */
  firstRechargeBonusBp: number;
  /**
   * Runs inside the crediting transaction after the recharge transfers (invite rebates...), so
   * whatever it posts commits or rolls back with the payment.
   */
  onPaid?: (lt: LedgerTx, paid: { userId: number; amountUnits: number; orderSn: string }) => Promise<unknown>;
}

/** Outcome of one notification, for the notify route's answer and the tests. */
export type NotifyOutcome =
  | { result: 'credited' | 'duplicate' | 'failed_recorded' | 'reversed' | 'ignored' }
  | { result: 'rejected'; reason: string };

/**
 * Recharge: tiers, channels, orders and provider notifications (spec 2 §3, §4, §5;
 * docs/_parts/payments.md).
 */
export function createPaymentsService(deps: PaymentsDeps) {
  const { db, ledger, clock, bus, providers } = deps;
  const providerFor = (mode: PayMode) => providers.find((p) => p.payModes.includes(mode)) ?? null;

  const publishStatus = (userId: number, push: OrderStatusPush) =>
    bus.publish(userRoom(userId), ORDER_STATUS_EVENT, push).catch(() => undefined);

  /** A channel is usable when the operator enabled it and the configured adapter serves it. */
  const usableModes = async () => {
    const rows = await repo.enabledModes(db);
    return rows.filter((r) => PAY_MODES.includes(r.payMode as PayMode) && providerFor(r.payMode as PayMode) !== null);
  };

  const newOrderSn = (nowMs: number) => {
    const d = new Date(nowMs + CN_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
    return `KX${d}${String(randomInt(0, 1e9)).padStart(9, '0')}`;
  };

  return {
    async rechargeList() {
      const tiers = await repo.tiers(db);
      return {
        elems: tiers.map((t) => ({
          id: t.id,
          money: t.moneyUnits,
          addition_money: t.additionBp,
          avatar: t.avatar,
          avatar_title: t.avatarTitle,
          days: t.days,
        })),
        exchange_rate: DEFAULT_EXCHANGE_RATE,
      };
    },

    async payModes() {
      const rows = await usableModes();
      return { list: rows.map((r) => ({ id: r.id, pay_mode: r.payMode as PayMode, sort_id: r.sortId })) };
    },

    async isFirstRecharge(userId: number) {
      return { first_recharge: !(await repo.hasPaidOrder(db, userId)) };
    },

    async createOrder(userId: number, input: CreateOrderRequest): Promise<CreateOrderResponse> {
      // The 18+ box and the three conditions (spec 2 §5), checked here too: a client that skips
      // the dialog's checks gets the same message and no order.
      if (input.adult !== 1) throw new AppError('RECHARGE_ADULT_REQUIRED');
      for (const c of RECHARGE_CONDITIONS) {
        if (!input.conditions?.includes(c)) throw new AppError(CONDITION_ERRORS[c]);
      }
      const modes = await usableModes();
      const provider = providerFor(input.pay_model);
      if (!provider || !modes.some((m) => m.payMode === input.pay_model)) throw new AppError('PAY_CHANNEL_UNAVAILABLE');
      // Coupons are not built yet: one sent is refused rather than silently not applied.
      if (input.card_coupon_id) throw new AppError('COUPON_UNAVAILABLE');
      const tier = await repo.tier(db, input.coin_recharge_id);
      if (!tier) throw new AppError('RECHARGE_TIER_REQUIRED');
      if (tier.moneyUnits < MIN_RECHARGE_UNITS) throw new AppError('RECHARGE_BELOW_MINIMUM');
      const bonus = Math.floor((tier.moneyUnits * tier.additionBp) / 10_000);

      const order = await ledger.transaction(async ({ tx, now }) => {
        // The user row lock makes the throttle and the daily limit hold for concurrent requests
        // (and across processes): the second one waits, then sees the first one's order.
        await repo.lockUser(tx, userId);
        const last = await repo.lastOrderAt(tx, userId);
        if (last && now.getTime() - last.getTime() < RECHARGE_THROTTLE_MS) throw new AppError('RECHARGE_TOO_FREQUENT');
        if (input.pay_model === 'wechat_pay') {
          const dayStart = new Date(Math.floor((now.getTime() + CN_OFFSET_MS) / DAY_MS) * DAY_MS - CN_OFFSET_MS);
          const used = await repo.channelTotalSince(tx, userId, 'wechat_pay', dayStart);
          if (used + tier.moneyUnits > WECHAT_DAILY_LIMIT_UNITS) throw new AppError('WECHAT_DAILY_LIMIT');
        }
        return repo.insertOrder(tx, {
          orderSn: newOrderSn(now.getTime()),
          userId,
          tierId: tier.id,
          payMode: input.pay_model,
          provider: provider.name,
          amountUnits: tier.moneyUnits,
          realPriceUnits: tier.moneyUnits,
          bonusUnits: bonus,
          status: ORDER_STATUS.pending,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        });
      });
      const expiresAtMs = order.expiresAt.getTime();
      return {
        order_sn: order.orderSn,
        pay_data_url: await provider.payAddress({
          orderSn: order.orderSn,
          realPriceUnits: order.realPriceUnits,
          payMode: input.pay_model,
          expiresAtMs,
          subject: `开箱 充值 ¥${formatUnits(order.realPriceUnits)}`,
        }),
        real_price: order.realPriceUnits,
        extra_std_money: order.bonusUnits,
        price: order.amountUnits,
        expire_time: expiresAtMs,
      };
    },

    /** A pending order past its expiry answers 3 even before the job has marked it. */
    async payStatus(userId: number, orderSn: string) {
      const order = await repo.order(db, orderSn);
      if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
      const expired = order.status === ORDER_STATUS.pending && order.expiresAt.getTime() <= clock.now();
      return { order_sn: order.orderSn, status: expired ? ORDER_STATUS.expired : order.status };
    },

    /** The order a sandbox cashier page shows (dev only). */
    order: (orderSn: string) => repo.order(db, orderSn),

    /**
     * Anchor quick recharge (spec 2 §4): an anchor (account_type 2 or 3) settles their own
     * pending order from the `anchor_credit` account, kind anchor_recharge — never a recharge, so
     * it counts for neither VIP, first-recharge bonus, invite rebate nor retention. The ledger key
     * is the order's recharge key: an order is credited once, by the anchor or by a payment.
     */
    async anchorQuickRecharge(userId: number, orderSn: string) {
      const txnId = `anchor:${orderSn}`;
      const done = await ledger.transaction(async ({ tx, now, post }) => {
        const [u] = await tx.select({ accountType: users.accountType }).from(users).where(eq(users.id, userId));
        if (!u || !ANCHOR_ACCOUNT_TYPES.includes(u.accountType)) throw new AppError('FORBIDDEN');
        const order = await repo.orderForUpdate(tx, orderSn);
        if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
        if (order.status === ORDER_STATUS.paid && order.providerTxnId === txnId) return { order, fresh: false };
        if (order.status !== ORDER_STATUS.pending || order.expiresAt.getTime() <= now.getTime()) {
          throw new AppError('ORDER_EXPIRED');
        }
        const amount = order.amountUnits + order.bonusUnits;
        await post({
          kind: 'anchor_recharge',
          key: `recharge:${order.orderSn}`,
          currency: 'coin',
          memo: order.orderSn,
          legs: [
            { account: { house: 'anchor_credit' }, amount: -amount },
            { account: { userId }, amount },
          ],
        });
        await repo.setStatus(tx, order.id, { status: ORDER_STATUS.paid, providerTxnId: txnId, paidAt: now });
        return { order, fresh: true };
      });
      if (done.fresh) await publishStatus(userId, { order_sn: orderSn, status: ORDER_STATUS.paid });
      return { order_sn: orderSn, status: ORDER_STATUS.paid, money: (await balancesOf(db, userId)).coin };
    },

    /** Marks pending orders past their expiry as expired (status 3) and tells their players. */
    async expireOrders(limit = 500): Promise<number> {
      const rows = await repo.expireDue(db, new Date(clock.now()), limit);
      for (const r of rows) await publishStatus(r.userId, { order_sn: r.orderSn, status: ORDER_STATUS.expired });
      return rows.length;
    },

    /**
     * One verified notification. Idempotent: the order row lock serialises deliveries, the order
     * status and (provider, txn id) say whether it was settled, and the ledger keys derived from
     * the order make a replayed credit move nothing. Rule (docs/_parts/payments.md): money that
     * arrives is credited whatever the order's state — pending, expired or failed alike.
     */
    async handleNotification(providerName: string, n: VerifiedNotification): Promise<NotifyOutcome> {
      const outcome = await ledger.transaction(async ({ tx, now, post }) => {
        const order = await repo.orderForUpdate(tx, n.orderSn);
        if (!order || order.provider !== providerName) return { result: 'rejected', reason: 'unknown_order' } as const;
        if (n.amountUnits !== order.realPriceUnits) return { result: 'rejected', reason: 'amount_mismatch' } as const;
        const userId = order.userId;

        if (n.event === 'failed') {
          if (order.status !== ORDER_STATUS.pending) return { result: 'ignored', userId } as const;
          await repo.setStatus(tx, order.id, { status: ORDER_STATUS.failed });
          return { result: 'failed_recorded', userId, status: ORDER_STATUS.failed } as const;
        }
        if (n.event === 'reversed') {
          if (order.status !== ORDER_STATUS.paid || order.providerTxnId !== n.txnId) {
            return { result: 'ignored', userId } as const;
          }
          // The credit stays (the coins may be spent already); the reversal blocks item retrieval
          // until an operator settles it with a correcting transfer.
          await repo.setStatus(tx, order.id, { status: ORDER_STATUS.reversed });
          return { result: 'reversed', userId, status: ORDER_STATUS.reversed } as const;
        }

        if (order.status === ORDER_STATUS.paid || order.status === ORDER_STATUS.reversed) {
          if (order.providerTxnId === n.txnId) return { result: 'duplicate', userId } as const;
          // A second, different payment for a settled order: refused (the provider keeps retrying and
          // it shows in the logs) so an operator refunds or credits it; never silently taken.
          return { result: 'rejected', reason: 'order_already_paid' } as const;
        }

        const firstPaid = !(await repo.hasPaidOrder(tx, userId));
        await repo.setStatus(tx, order.id, { status: ORDER_STATUS.paid, providerTxnId: n.txnId, paidAt: now });
        const key = `recharge:${order.orderSn}`;
        const memo = order.orderSn;
        await post({
          kind: 'recharge',
          key,
          currency: 'coin',
          memo,
          legs: [
            { account: { house: 'payments_in' }, amount: -order.amountUnits },
            { account: { userId }, amount: order.amountUnits },
          ],
        });
        if (order.bonusUnits > 0) {
          await post({
            kind: 'recharge_bonus',
            key: `${key}:bonus`,
            currency: 'coin',
            memo,
            legs: [
              { account: { house: 'promotions' }, amount: -order.bonusUnits },
              { account: { userId }, amount: order.bonusUnits },
            ],
          });
        }
        const firstBonus = Math.floor((order.amountUnits * deps.firstRechargeBonusBp) / 10_000);
        if (firstPaid && firstBonus > 0) {
          await post({
            kind: 'recharge_bonus',
            // Keyed on the player: two first orders paid at once still give one first-recharge bonus.
            key: `recharge_first:u:${userId}`,
            currency: 'coin',
            memo,
            legs: [
              { account: { house: 'promotions' }, amount: -firstBonus },
              { account: { userId }, amount: firstBonus },
            ],
          });
        }
        await deps.onPaid?.({ tx, now, post }, { userId, amountUnits: order.amountUnits, orderSn: order.orderSn });
        return { result: 'credited', userId, status: ORDER_STATUS.paid } as const;
      });
      if ('status' in outcome && outcome.status !== undefined && outcome.userId !== undefined) {
        await publishStatus(outcome.userId, { order_sn: n.orderSn, status: outcome.status });
      }
      return outcome.result === 'rejected' ? outcome : { result: outcome.result };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
