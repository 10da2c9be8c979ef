import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** One catalogue item an attachment gives; the price is fixed when the mail is sent. */
export interface MailItemSpec {
  itemDefId: number;
  exter: number;
  priceUnits: number;
}

/**
 * A player's mail (spec 1 §2 mail page, §7 mail calls). Title and content are stored per language
 * (zh_cn required; the others fall back to it when empty). The attachment (coins and/or items)
 * pays once: receiving sets `received_at` with a conditional UPDATE, and the coin transfer's
 * idempotency key is `mail_appendix:<id>`.
 */
export const mails = pgTable(
  'mails',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    titleZhCn: text('title_zh_cn').notNull(),
    titleZhTw: text('title_zh_tw').notNull().default(''),
    titleEn: text('title_en').notNull().default(''),
    contentZhCn: text('content_zh_cn').notNull().default(''),
    contentZhTw: text('content_zh_tw').notNull().default(''),
    contentEn: text('content_en').notNull().default(''),
    coinsUnits: bigint('coins_units', { mode: 'number' }).notNull().default(0),
    items: jsonb('items').$type<MailItemSpec[]>().notNull().default([]),
    /** Coupon templates (coupons.id) the attachment gives, one card each. */
    coupons: jsonb('coupons').$type<number[]>().notNull().default([]),
    /** Lucky bag campaigns (bag_campaigns.id) the attachment gives, one bag each. */
    bags: jsonb('bags').$type<number[]>().notNull().default([]),
    hasAppendix: boolean('has_appendix').notNull(),
    /** Why it was sent: 'redeem' | 'system' | another module's name. */
    source: text('source').notNull(),
    /** Unique per source event (e.g. redeem:<code id>:<user id>): sending twice makes one mail. */
    sourceKey: text('source_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('mails_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('mails_source_key_uq').on(t.sourceKey),
    check('mails_coins_ck', sql`${t.coinsUnits} >= 0`),
  ],
);

/**
 * Redeem codes (spec 1 §2 redemption dialog, §7 get-token-receiving-item). `code` is stored
 * upper-case; players type it in any case. `used_count` only grows by a guarded UPDATE (`where
 * used_count < usage_limit`), so concurrent redemptions never exceed the limit.
 */
export const redeemCodes = pgTable(
  'redeem_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    coinsUnits: bigint('coins_units', { mode: 'number' }).notNull().default(0),
    items: jsonb('items').$type<MailItemSpec[]>().notNull().default([]),
    /** Coupon templates the redeem mail gives. */
    coupons: jsonb('coupons').$type<number[]>().notNull().default([]),
    /** Lucky bag campaigns the redeem mail gives, one bag each. */
    bags: jsonb('bags').$type<number[]>().notNull().default([]),
    /** null: unlimited. */
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('redeem_codes_code_uq').on(t.code),
    check('redeem_codes_usage_ck', sql`${t.usageLimit} is null or ${t.usedCount} <= ${t.usageLimit}`),
    check('redeem_codes_coins_ck', sql`${t.coinsUnits} >= 0`),
  ],
);

/** One row per player and code: the unique index is the "once per player" rule. */
export const redeemCodeUses = pgTable(
  'redeem_code_uses',
  {
    id: serial('id').primaryKey(),
    codeId: integer('code_id').notNull(),
    userId: integer('user_id').notNull(),
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('redeem_code_uses_uq').on(t.codeId, t.userId)],
);
