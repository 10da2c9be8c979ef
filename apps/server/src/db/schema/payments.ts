import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/**
 * Recharge (spec 2 §3 money tier, pay modes, pay request/response; §4 recharge order):
 * docs/payments.md "Payments". Amounts in units (1/10000 yuan).
 */
export const moneyTiers = pgTable(
  'money_tiers',
  {
    id: serial('id').primaryKey(),
    /** Price of the tier and the coins it credits. */
    moneyUnits: bigint('money_units', { mode: 'number' }).notNull(),
    /** Bonus share in 1/10000 of the money (500 = 5 %). */
    additionBp: integer('addition_bp').notNull().default(0),
    avatar: text('avatar').notNull().default(''),
    avatarTitle: text('avatar_title').notNull().default(''),
    days: integer('days').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    // The seed adds one tier per amount, once.
    uniqueIndex('money_tiers_money_uq').on(t.moneyUnits),
    check('money_tiers_money_ck', sql`${t.moneyUnits} > 0`),
    check('money_tiers_addition_ck', sql`${t.additionBp} >= 0`),
  ],
);

export const payModes = pgTable(
  'pay_modes',
  {
    id: serial('id').primaryKey(),
    /** alipay | union_pay | wechat_pay | crypto_pay. */
    payMode: text('pay_mode').notNull(),
    sortId: integer('sort_id').notNull().default(0),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [uniqueIndex('pay_modes_mode_uq').on(t.payMode)],
);

export const rechargeOrders = pgTable(
  'recharge_orders',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull(),
    userId: integer('user_id').notNull(),
    tierId: integer('tier_id').notNull(),
    payMode: text('pay_mode').notNull(),
    /** The adapter that took the order (sandbox today); its notifications alone may settle it. */
    provider: text('provider').notNull(),
    /** Coins credited on payment (the tier's money). */
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    /** Amount payable; a notification must carry exactly this. */
    realPriceUnits: bigint('real_price_units', { mode: 'number' }).notNull(),
    /** Tier bonus credited on payment, fixed when the order is made. */
    bonusUnits: bigint('bonus_units', { mode: 'number' }).notNull().default(0),
    /** The coupon card the order names (user_cards.id), if any. */
    userCardId: integer('user_card_id'),
    /**
     * The card's bonus, fixed when the order is made; credited only if the card is still held by
     * this order when it is paid. An award_type 2 card replaces the tier bonus (then not credited).
     */
    couponBonusUnits: bigint('coupon_bonus_units', { mode: 'number' }).notNull().default(0),
    couponReplacesBonus: boolean('coupon_replaces_bonus').notNull().default(false),
    /** The VIP level's recharge bonus (award_desc / 10000 of the money) at the time of the order. */
    vipBonusUnits: bigint('vip_bonus_units', { mode: 'number' }).notNull().default(0),
    /** 1 pending, 2 paid, 3 expired, 4 failed, 5 reversed (ORDER_STATUS). */
    status: smallint('status').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The provider's transaction id: one payment settles one order, once. */
    providerTxnId: text('provider_txn_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('recharge_orders_sn_uq').on(t.orderSn),
    uniqueIndex('recharge_orders_txn_uq').on(t.provider, t.providerTxnId),
    index('recharge_orders_user_idx').on(t.userId, t.createdAt),
    index('recharge_orders_pending_idx').on(t.status, t.expiresAt),
    // A day's orders by pay mode, for the console dashboard's channel rates (docs/console/dashboard.md).
    index('recharge_orders_created_idx').on(t.createdAt),
    check('recharge_orders_status_ck', sql`${t.status} between 1 and 5`),
    check(
      'recharge_orders_amount_ck',
      sql`${t.amountUnits} > 0 and ${t.realPriceUnits} > 0 and ${t.bonusUnits} >= 0 and ${t.couponBonusUnits} >= 0 and ${t.vipBonusUnits} >= 0`,
    ),
  ],
);

/**
 * The sandbox cashier's held ('late') notifications (non-production only): kept in the database so
 * a restart or another process still delivers them when due. A row is deleted in the transaction
 * that takes it for delivery.
 */
export const sandboxHeldNotifications = pgTable(
  'sandbox_held_notifications',
  {
    id: serial('id').primaryKey(),
    orderSn: text('order_sn').notNull(),
    event: text('event').notNull(),
    txnId: text('txn_id').notNull(),
    amountUnits: bigint('amount_units', { mode: 'number' }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sandbox_held_due_idx').on(t.dueAt)],
);
