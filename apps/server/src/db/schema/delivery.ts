import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The Steam bots' CS2 assets (issue 24 §1, modules/delivery/steam): refreshed from each bot's
 * inventory, mapped to our catalogue by market hash name (English name + wear). An offer takes its
 * assets by setting `reserved_offer_id` under the row lock, so two offers never send one asset;
 * an asset whose market hash name is not ours (StatTrak, Souvenir, stickers) keeps null ids.
 */
export const steamBotAssets = pgTable(
  'steam_bot_assets',
  {
    /** The bot's account name (STEAM_BOTS). */
    bot: text('bot').notNull(),
    /** Steam's asset id in the bot's inventory (app 730, context 2). */
    assetId: text('asset_id').notNull(),
    marketHashName: text('market_hash_name').notNull(),
    /** item_defs id and wear grade this asset stands for; null when none. */
    itemDefId: integer('item_def_id'),
    exter: smallint('exter'),
    /** trade_offers id of the offer sending it; null while free. */
    reservedOfferId: integer('reserved_offer_id'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bot, t.assetId] }),
    index('steam_bot_assets_free_idx').on(t.itemDefId, t.exter, t.bot).where(sql`${t.reservedOfferId} is null`),
    index('steam_bot_assets_offer_idx').on(t.reservedOfferId),
  ],
);

/**
 * One Steam trade offer sent for one of our trade_offers: which bot sent it (only that bot's
 * session may poll or cancel it, also after a restart) and the security code written in its
 * message, which the site shows so the player can tell our offer from a scammer's copy.
 */
export const steamOffers = pgTable(
  'steam_offers',
  {
    /** trade_offers id. */
    offerId: integer('offer_id').primaryKey(),
    bot: text('bot').notNull(),
    /** Steam's tradeofferid (trade_offers.bot_offer_id). */
    steamOfferId: text('steam_offer_id').notNull().unique(),
    securityCode: text('security_code').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('steam_offers_bot_idx').on(t.bot)],
);
