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
 * Recharge coupons (packages/shared/src/coupons.ts; docs/payments.md "Coupons"). A template says
 * what a card gives; a card is one player's copy, with the template's terms copied at issue so an
 * operator's later edit of the template never changes a card already given.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    nameZhCn: text('name_zh_cn').notNull(),
    nameZhTw: text('name_zh_tw').notNull().default(''),
    nameEn: text('name_en').notNull().default(''),
    /** COUPON_AWARD: 1 percent of the tier money on top of the tier bonus, 2 fixed units replacing it. */
    awardType: smallint('award_type').notNull(),
    /** award_type 1: 1/10000 shares; 2: units. */
    value: bigint('value', { mode: 'number' }).notNull(),
    minRechargeUnits: bigint('min_recharge_units', { mode: 'number' }).notNull().default(0),
    /** A card issued from this template expires this many days later. */
    validDays: integer('valid_days').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coupons_name_uq').on(t.nameZhCn),
    check('coupons_award_ck', sql`${t.awardType} in (1, 2) and ${t.value} > 0`),
    check('coupons_days_ck', sql`${t.validDays} > 0`),
  ],
);

export const userCards = pgTable(
  'user_cards',
  {
    /** user_card_id. */
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    couponId: integer('coupon_id').notNull(),
    awardType: smallint('award_type').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
    minRechargeUnits: bigint('min_recharge_units', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * The newest unpaid order that named the card (recharge_orders.id). A newer order naming it takes
     * it over; the payment of the holding order uses it up.
     */
    orderId: integer('order_id'),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Where it came from ('mail', 'dev', an operator) and a key unique per issuing event. */
    source: text('source').notNull(),
    sourceKey: text('source_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('user_cards_user_idx').on(t.userId, t.expiresAt),
    uniqueIndex('user_cards_source_key_uq').on(t.sourceKey),
    check('user_cards_used_ck', sql`${t.usedAt} is null or ${t.orderId} is not null`),
  ],
);
