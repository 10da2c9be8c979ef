import { randomInt } from 'node:crypto';
import { formatUnits } from '@kaixiang/shared/money';
import {
  ANCHOR_ACCOUNT_TYPES,
  type CreateOrderInput,
  type CreateOrderResponse,
  checkMockRecharge,
  DEFAULT_EXCHANGE_RATE,
  MIN_RECHARGE_UNITS,
  type MockRechargeRequest,
  type MockRechargeResponse,
  mockRechargeMoney,
  ORDER_STATUS,
  ORDER_STATUS_EVENT,
  ORDER_TTL_MS,
  type OrderStatusPush,
  PAY_MODES,
  type PayMode,
  RECHARGE_CONDITIONS,
  RECHARGE_THROTTLE_MS,
  type RechargeCondition,
  type UsdtChain,
  WECHAT_DAILY_LIMIT_UNITS,
} from '@kaixiang/shared/payments';
import { isRecordId } from '@kaixiang/shared/record-id';
import { userRoom } from '@kaixiang/shared/socket';
import { formatMicroUsdt } from '@kaixiang/shared/usdt';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { coupons } from '../coupons/coupons.service.ts';
import { balancesOf, type Ledger, type LedgerTx } from '../ledger/ledger.ts';
import { RECHARGE_KIND } from '../ledger/recharges.ts';
import { vipStatusOf } from '../vip/vip.service.ts';
import type { CryptoOrders } from './crypto/crypto-orders.ts';
import type { PaymentProvider, VerifiedNotification } from './payment-provider.ts';
import { ANCHOR_TXN_PREFIX, paymentsRepo as repo } from './payments.repo.ts';

const CONDITION_ERRORS = {
  resale: 'RECHARGE_CONDITION_RESALE',
  rational: 'RECHARGE_CONDITION_RATIONAL',
  afford: 'RECHARGE_CONDITION_AFFORD',
} as const satisfies Record<RechargeCondition, string>;

/** The provider name of test mock recharge orders (development only). */
export const MOCK_PROVIDER = 'mock';

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
  /** USDT orders (crypto/crypto-orders.ts), when a chain watcher is configured. */
  crypto?: Pick<CryptoOrders, 'createOrder' | 'exchangeRate'>;
  /** First-recharge bonus in 1/10000 of the tier money (0: none). */
  firstRechargeBonusBp: number;
  /**
   * Runs inside the crediting transaction after the recharge transfers (invite rebates...), so
   * whatever it posts commits or rolls back with the payment.
   */
  /**
   * The player's VIP recharge bonus (1/10000 of the money) read inside the order's transaction; it
   * is fixed on the order and credited with the payment. Absent: no VIP bonus.
   */
  vipBonusBp?: (tx: Tx, userId: number) => Promise<number>;
  /**
   * Player protection (issue 24 §2), inside the order's transaction after the user lock: refuses
   * an order during a cool-off or an exclusion, or past the player's deposit limit.
   */
  checkDeposit?: (tx: Tx, userId: number, amountUnits: number, now: Date) => Promise<void>;
  log?: { warn: (obj: object, msg: string) => void };
  onPaid?: (lt: LedgerTx, paid: { userId: number; amountUnits: number; orderSn: string }) => Promise<unknown>;
}

/**
 * The bonus coins an order credits besides its money when paid (extra_std_money): the tier bonus
 * unless an award_type 2 coupon replaces it, the coupon's and the VIP level's.
 */
function bonusesOf(o: {
  bonusUnits: number;
  couponBonusUnits: number;
  couponReplacesBonus: boolean;
  vipBonusUnits: number;
}): number {
  return (o.couponReplacesBonus ? 0 : o.bonusUnits) + o.couponBonusUnits + o.vipBonusUnits;
}

/** An order's status as the player sees it: a pending order past its expiry is expired (3) even before the job marks it. */
function statusSeen(o: { status: number; expiresAt: Date }, nowMs: number): number {
  return o.status === ORDER_STATUS.pending && o.expiresAt.getTime() <= nowMs ? ORDER_STATUS.expired : o.status;
}

/** Outcome of one notification, for the notify route's answer and the tests. */
export type NotifyOutcome =
  | { result: 'credited' | 'duplicate' | 'failed_recorded' | 'reversed' | 'ignored' }
  | { result: 'rejected'; reason: string };

/**
 * Recharge: tiers, channels, orders and provider notifications (spec 2 §3, §4, §5;
 * docs/payments.md "Payments").
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

  /**
   * First thing in an order's transaction: the user row lock makes the throttle (and the daily
   * limit) hold for concurrent requests and across processes: the second one waits, then sees the
   * first one's order.
   */
  const guardOrder = async (tx: Tx, userId: number, now: Date, amountUnits: number) => {
    await repo.lockUser(tx, userId);
    const last = await repo.lastOrderAt(tx, userId);
    if (last && now.getTime() - last.getTime() < RECHARGE_THROTTLE_MS) throw new AppError('RECHARGE_TOO_FREQUENT');
    await deps.checkDeposit?.(tx, userId, amountUnits, now);
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
        exchange_rate: (await deps.crypto?.exchangeRate()) ?? DEFAULT_EXCHANGE_RATE,
      };
    },

    async payModes() {
      const rows = await usableModes();
      return { list: rows.map((r) => ({ id: r.id, pay_mode: r.payMode as PayMode, sort_id: r.sortId })) };
    },

    async isFirstRecharge(userId: number) {
      return { first_recharge: !(await repo.hasPaidOrder(db, userId)) };
    },

    async createOrder(userId: number, input: CreateOrderInput): Promise<CreateOrderResponse> {
      // The 18+ box and the three conditions (spec 2 §5), checked here too: a client that skips
      // the dialog's checks gets the same message and no order.
      if (input.adult !== 1) throw new AppError('RECHARGE_ADULT_REQUIRED');
      for (const c of RECHARGE_CONDITIONS) {
        if (!input.conditions?.includes(c)) throw new AppError(CONDITION_ERRORS[c]);
      }
      const modes = await usableModes();
      const provider = providerFor(input.pay_model);
      if (!provider || !modes.some((m) => m.payMode === input.pay_model)) throw new AppError('PAY_CHANNEL_UNAVAILABLE');
      if (input.pay_model === 'crypto_pay') {
        // USDT (docs/payments.md "USDT recharge"): the player's own amount, a deposit address lent to the order.
        if (!deps.crypto) throw new AppError('PAY_CHANNEL_UNAVAILABLE');
        if (input.card_coupon_id) throw new AppError('COUPON_UNAVAILABLE');
        return deps.crypto.createOrder(userId, input, {
          providerName: provider.name,
          guard: guardOrder,
          newOrderSn,
          ...(deps.vipBonusBp ? { vipBonusBp: deps.vipBonusBp } : {}),
        });
      }
      // A tier omitted, null, "" or past the id column's range names no tier: '请选择充值金额'.
      const tierId = input.coin_recharge_id;
      const tier = typeof tierId === 'number' && isRecordId(tierId) ? await repo.tier(db, tierId) : null;
      if (!tier) throw new AppError('RECHARGE_TIER_REQUIRED');
      if (tier.moneyUnits < MIN_RECHARGE_UNITS) throw new AppError('RECHARGE_BELOW_MINIMUM');
      const bonus = Math.floor((tier.moneyUnits * tier.additionBp) / 10_000);

      const order = await ledger.transaction(async ({ tx, now }) => {
        await guardOrder(tx, userId, now, tier.moneyUnits);
        if (input.pay_model === 'wechat_pay') {
          const dayStart = new Date(Math.floor((now.getTime() + CN_OFFSET_MS) / DAY_MS) * DAY_MS - CN_OFFSET_MS);
          const used = await repo.channelTotalSince(tx, userId, 'wechat_pay', dayStart);
          if (used + tier.moneyUnits > WECHAT_DAILY_LIMIT_UNITS) throw new AppError('WECHAT_DAILY_LIMIT');
        }
        // Locked after the user row (the one lock order of this transaction), so two orders naming
        // one card take it in turn: the newer one holds it.
        const coupon = input.card_coupon_id
          ? await coupons.forOrder(tx, userId, input.card_coupon_id, tier.moneyUnits, now)
          : null;
        const vipBp = deps.vipBonusBp ? await deps.vipBonusBp(tx, userId) : 0;
        const row = await repo.insertOrder(tx, {
          orderSn: newOrderSn(now.getTime()),
          userId,
          tierId: tier.id,
          payMode: input.pay_model,
          provider: provider.name,
          amountUnits: tier.moneyUnits,
          realPriceUnits: tier.moneyUnits,
          bonusUnits: bonus,
          userCardId: coupon?.cardId ?? null,
          couponBonusUnits: coupon?.bonusUnits ?? 0,
          couponReplacesBonus: coupon?.replacesBonus ?? false,
          vipBonusUnits: Math.floor((tier.moneyUnits * vipBp) / 10_000),
          status: ORDER_STATUS.pending,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        });
        if (coupon) await coupons.hold(tx, coupon.cardId, row.id);
        return row;
      });
      const expiresAtMs = order.expiresAt.getTime();
      let payDataUrl: string;
      try {
        payDataUrl = await provider.payAddress({
          orderSn: order.orderSn,
          realPriceUnits: order.realPriceUnits,
          payMode: input.pay_model,
          expiresAtMs,
          subject: `开箱 充值 ¥${formatUnits(order.realPriceUnits)}`,
        });
      } catch (err) {
        // The provider could not make a QR (down, refused): the order can never be paid, so it is
        // closed as failed (status 4, its coupon free again for the next order) and the player is
        // told no channel is available rather than shown a server error.
        deps.log?.warn({ err, order_sn: order.orderSn, provider: provider.name }, 'pay address failed');
        await repo.failIfPending(db, order.id);
        throw new AppError('PAY_CHANNEL_UNAVAILABLE');
      }
      return {
        order_sn: order.orderSn,
        pay_data_url: payDataUrl,
        real_price: order.realPriceUnits,
        extra_std_money: bonusesOf(order),
        price: order.amountUnits,
        expire_time: expiresAtMs,
      };
    },

    /**
     * The player's orders for the recharge records page, newest first. A pending order past its
     * expiry reads 3 (as pay-status says). The bonus shown is what the ledger credited for a paid
     * order (a coupon taken over by a newer order is not in it), else what the order would credit.
     */
    async records(userId: number, q: { page: number; page_size: number; status?: number | undefined }) {
      const now = new Date(clock.now());
      const { rows, total } = await repo.records(db, userId, {
        status: q.status,
        now,
        limit: q.page_size,
        offset: (q.page - 1) * q.page_size,
      });
      const settled = (o: { status: number }) => o.status === ORDER_STATUS.paid || o.status === ORDER_STATUS.reversed;
      const credited = await repo.creditedBonuses(
        db,
        userId,
        rows.filter((r) => settled(r.order)).map((r) => r.order.orderSn),
      );
      const bonusOf = (o: (typeof rows)[number]['order']) => {
        // An anchor's credit is one transfer of money + tier bonus: its bonus is the order's.
        if (o.providerTxnId?.startsWith(ANCHOR_TXN_PREFIX)) return o.bonusUnits;
        return settled(o) ? (credited.get(o.orderSn) ?? 0) : bonusesOf(o);
      };
      return {
        list: rows.map(({ order: o, chain, quantityMicro }) => {
          return {
            order_sn: o.orderSn,
            pay_mode: o.payMode,
            chain: (chain as UsdtChain | null) ?? null,
            crypto_amount: quantityMicro === null ? null : formatMicroUsdt(quantityMicro),
            price: o.amountUnits,
            real_price: o.realPriceUnits,
            extra_std_money: bonusOf(o),
            status: statusSeen(o, now.getTime()),
            created_at: o.createdAt.getTime(),
            paid_at: o.paidAt?.getTime() ?? null,
            expire_time: o.expiresAt.getTime(),
          };
        }),
        total,
      };
    },

    /** A pending order past its expiry answers 3 even before the job has marked it. */
    async payStatus(userId: number, orderSn: string) {
      const order = await repo.order(db, orderSn);
      if (!order || order.userId !== userId) throw new AppError('ORDER_NOT_FOUND');
      return { order_sn: order.orderSn, status: statusSeen(order, clock.now()) };
    },

    /** The order a sandbox cashier page shows (dev only). */
    order: (orderSn: string) => repo.order(db, orderSn),

    /**
     * Test mock recharge (development only: its route is never registered in production). An
     * order of provider 'mock', settled at once through handleNotification — the very path of a
     * real payment (recharge, tier bonus, first-recharge and VIP bonus, invite rebate) — so VIP
     * levels and command codes can be tried without a provider. Neither the 5 s throttle nor the
     * WeChat daily limit applies: both protect a provider's cashier, and there is none here.
     * Only 'mock' may settle a 'mock' order: no notify endpoint has that provider.
     */
    async mockRecharge(userId: number, input: MockRechargeRequest): Promise<MockRechargeResponse> {
      const bad = checkMockRecharge(input);
      if (bad) throw new AppError(bad);
      // An id past the column's range names no tier; asking the database would fail the query.
      const tier =
        input.recharge_id === undefined || !isRecordId(input.recharge_id)
          ? null
          : await repo.tier(db, input.recharge_id);
      if (input.recharge_id !== undefined && !tier) throw new AppError('MOCK_RECHARGE_TIER_INVALID');
      // checkMockRecharge let through only a positive whole number, or no amount with a tier.
      const given = mockRechargeMoney(input);
      const money = typeof given === 'number' ? given : (tier?.moneyUnits ?? 0);
      const order = await ledger.transaction(async ({ tx, now }) => {
        // No throttle here (see above), but the player's own limits hold for every recharge.
        await repo.lockUser(tx, userId);
        await deps.checkDeposit?.(tx, userId, money, now);
        const vipBp = deps.vipBonusBp ? await deps.vipBonusBp(tx, userId) : 0;
        return repo.insertOrder(tx, {
          orderSn: newOrderSn(now.getTime()),
          userId,
          // 0: a custom amount without a tier (and so without a tier bonus).
          tierId: tier?.id ?? 0,
          payMode: input.pay_mode,
          provider: MOCK_PROVIDER,
          amountUnits: money,
          realPriceUnits: money,
          bonusUnits: tier ? Math.floor((money * tier.additionBp) / 10_000) : 0,
          vipBonusUnits: Math.floor((money * vipBp) / 10_000),
          status: ORDER_STATUS.pending,
          expiresAt: new Date(now.getTime() + ORDER_TTL_MS),
          createdAt: now,
        });
      });
      const settled = await this.handleNotification(MOCK_PROVIDER, {
        ok: true,
        event: 'paid',
        orderSn: order.orderSn,
        txnId: `mock:${order.orderSn}`,
        amountUnits: order.realPriceUnits,
      });
      // A fresh order of our own cannot be refused: if it is, that is a bug, not a user error.
      if (settled.result !== 'credited') throw new Error(`mock recharge ${order.orderSn}: ${settled.result}`);
      // Brings users.vip_level (the badge beside the name everywhere) up to date at once.
      const [balances, vip] = await Promise.all([balancesOf(db, userId), vipStatusOf(db, userId)]);
      return {
        order_sn: order.orderSn,
        status: ORDER_STATUS.paid,
        price: order.amountUnits,
        extra_std_money: order.bonusUnits + order.vipBonusUnits,
        money: balances.coin,
        vip_level: vip.level,
      };
    },

    /**
     * Anchor quick recharge (spec 2 §4): an anchor (account_type 2 or 3) settles their own
     * pending order from the `anchor_credit` account, kind anchor_recharge — never a recharge, so
     * it counts for neither VIP, first-recharge bonus, invite rebate nor retention. The ledger key
     * is the order's recharge key: an order is credited once, by the anchor or by a payment.
     */
    async anchorQuickRecharge(userId: number, orderSn: string) {
      const txnId = `${ANCHOR_TXN_PREFIX}${orderSn}`;
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
     * the order make a replayed credit move nothing. Rule (docs/payments.md "Payments"): money that
     * arrives is credited whatever the order's state — pending, expired or failed alike.
     */
    async handleNotification(
      providerName: string,
      n: VerifiedNotification,
      /**
       * Runs in the same transaction once the outcome is known (the console's audit record of a
       * settlement it asked for commits with the settlement, or not at all).
       */
      within?: (tx: Tx, now: Date, outcome: NotifyOutcome) => Promise<void>,
    ): Promise<NotifyOutcome> {
      const outcome = await ledger.transaction(async (lt) => {
        const result = await settle(lt);
        await within?.(lt.tx, lt.now, result.result === 'rejected' ? result : { result: result.result });
        return result;
      });
      if ('status' in outcome && outcome.status !== undefined && outcome.userId !== undefined) {
        await publishStatus(outcome.userId, { order_sn: n.orderSn, status: outcome.status });
      }
      return outcome.result === 'rejected' ? outcome : { result: outcome.result };

      async function settle({ tx, now, post }: LedgerTx) {
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
        /** One coin transfer from a house account to the player; nothing when the amount is 0. */
        const credit = async (kind: string, idemKey: string, from: 'payments_in' | 'promotions', amount: number) => {
          if (amount <= 0) return;
          await post({
            kind,
            key: idemKey,
            currency: 'coin',
            memo,
            legs: [
              { account: { house: from }, amount: -amount },
              { account: { userId }, amount },
            ],
          });
        };
        await credit(RECHARGE_KIND, key, 'payments_in', order.amountUnits);
        // The coupon counts only if this order still holds its card (a newer order may have taken
        // it over): then it is used up here, in the crediting transaction.
        const couponUsed = order.userCardId !== null && (await coupons.useFor(tx, order.userCardId, order.id, now));
        if (!(couponUsed && order.couponReplacesBonus)) {
          await credit('recharge_bonus', `${key}:bonus`, 'promotions', order.bonusUnits);
        }
        if (couponUsed) await credit('coupon_bonus', `${key}:coupon`, 'promotions', order.couponBonusUnits);
        await credit('vip_recharge_bonus', `${key}:vip`, 'promotions', order.vipBonusUnits);
        if (firstPaid) {
          // Keyed on the player: two first orders paid at once still give one first-recharge bonus.
          const firstBonus = Math.floor((order.amountUnits * deps.firstRechargeBonusBp) / 10_000);
          await credit('recharge_bonus', `recharge_first:u:${userId}`, 'promotions', firstBonus);
        }
        await deps.onPaid?.({ tx, now, post }, { userId, amountUnits: order.amountUnits, orderSn: order.orderSn });
        return { result: 'credited', userId, status: ORDER_STATUS.paid } as const;
      }
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
