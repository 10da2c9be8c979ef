import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * A trade offer sending a player's items to their trade link (spec 1 §4 item lifecycle;
 * modules/inventory). Written in the transaction that moves the items to retrieving, sent to the
 * trade bot after commit; an outcome is applied once, and only from `pending`.
 */
export const tradeOffers = pgTable(
  'trade_offers',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').notNull(),
    /** user_items ids in the offer. */
    itemIds: integer('item_ids').array().notNull(),
    /** The trade link the offer went to (the user's link at the time). */
    tradeLink: text('trade_link').notNull(),
    /** pending | accepted | declined | failed | expired */
    state: text('state').notNull().default('pending'),
    /** OFFER_FAILURES when declined, failed or expired. */
    failure: text('failure'),
    /** The bot's own id of the offer, once sent; null while sending (or when sending failed). */
    botOfferId: text('bot_offer_id'),
    /** Which adapter sent it (sandbox...). */
    bot: text('bot').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** createdAt + OFFER_TTL_MS: a pending offer past this is cancelled and the items return. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('trade_offers_bot_offer_uq').on(t.bot, t.botOfferId),
    index('trade_offers_user_idx').on(t.userId, t.id),
    index('trade_offers_pending_idx').on(t.expiresAt).where(sql`${t.state} = 'pending'`),
    check('trade_offers_state_ck', sql`${t.state} in ('pending', 'accepted', 'declined', 'failed', 'expired')`),
  ],
);
