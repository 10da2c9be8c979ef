import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { steamBotAssets, steamOffers } from '../../../db/schema/delivery.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';

/** An asset of a bot's inventory, mapped (or not) to a catalogue item. */
export interface BotAsset {
  assetId: string;
  marketHashName: string;
  itemDefId: number | null;
  exter: number | null;
}

/** What one offer item needs from a bot. */
export interface ItemKey {
  itemDefId: number;
  exter: number;
}

export type SteamOfferRow = typeof steamOffers.$inferSelect;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const steamAssetsRepo = {
  /** Catalogue rows by English name (an asset's market hash name without ★ and wear). */
  async catalogueByName(db: Db, names: string[]): Promise<{ id: number; nameEn: string; quality: number }[]> {
    if (names.length === 0) return [];
    return db
      .select({ id: itemDefs.id, nameEn: itemDefs.nameEn, quality: itemDefs.quality })
      .from(itemDefs)
      .where(inArray(itemDefs.nameEn, names));
  },

  /**
   * Makes a bot's rows match its inventory: assets seen are upserted (a reservation is kept),
   * free assets no longer there are deleted. A reserved asset stays until its offer is resolved.
   */
  async replaceInventory(tx: Tx, bot: string, assets: BotAsset[], now: Date): Promise<void> {
    if (assets.length > 0) {
      await tx
        .insert(steamBotAssets)
        .values(assets.map((a) => ({ bot, ...a, updatedAt: now })))
        .onConflictDoUpdate({
          target: [steamBotAssets.bot, steamBotAssets.assetId],
          set: {
            marketHashName: sql`excluded.market_hash_name`,
            itemDefId: sql`excluded.item_def_id`,
            exter: sql`excluded.exter`,
            updatedAt: now,
          },
        });
    }
    const seen = assets.map((a) => a.assetId);
    await tx
      .delete(steamBotAssets)
      .where(
        and(
          eq(steamBotAssets.bot, bot),
          isNull(steamBotAssets.reservedOfferId),
          ...(seen.length ? [notInArray(steamBotAssets.assetId, seen)] : []),
        ),
      );
  },

  /**
   * Reserves one free asset of `bot` for `item`, or null when the bot has none left. The row is
   * taken with FOR UPDATE SKIP LOCKED and re-checked as free under that lock, so two offers racing
   * for the last copy never both get it: the loser moves on to the next copy or gets null.
   */
  async reserveOne(tx: Tx, bot: string, offerId: number, item: ItemKey): Promise<string | null> {
    const rows = await tx.execute<{ asset_id: string }>(sql`
      update ${steamBotAssets} set reserved_offer_id = ${offerId}
      where bot = ${bot} and asset_id = (
        select asset_id from ${steamBotAssets}
        where bot = ${bot} and item_def_id = ${item.itemDefId} and exter = ${item.exter}
          and reserved_offer_id is null
        order by asset_id
        limit 1
        for update skip locked
      ) and reserved_offer_id is null
      returning asset_id`);
    return (rows as unknown as { rows: { asset_id: string }[] }).rows[0]?.asset_id ?? null;
  },

  /** Frees an offer's assets (declined, failed, cancelled, or a send that did not happen). */
  async release(db: Db, offerId: number): Promise<void> {
    await db.update(steamBotAssets).set({ reservedOfferId: null }).where(eq(steamBotAssets.reservedOfferId, offerId));
  },

  /** An accepted offer's assets left the bot. */
  async removeSent(db: Db, offerId: number): Promise<void> {
    await db.delete(steamBotAssets).where(eq(steamBotAssets.reservedOfferId, offerId));
  },

  /**
   * Frees assets reserved for offers that are no longer pending: a crash between a resolution and
   * the release. Accepted offers' assets are deleted instead (they are gone from the bot).
   */
  async releaseResolved(db: Db): Promise<void> {
    const resolved = db
      .select({ id: tradeOffers.id })
      .from(tradeOffers)
      .where(and(ne(tradeOffers.state, 'pending'), ne(tradeOffers.state, 'accepted')));
    await db
      .update(steamBotAssets)
      .set({ reservedOfferId: null })
      .where(inArray(steamBotAssets.reservedOfferId, resolved));
    const accepted = db.select({ id: tradeOffers.id }).from(tradeOffers).where(eq(tradeOffers.state, 'accepted'));
    await db.delete(steamBotAssets).where(inArray(steamBotAssets.reservedOfferId, accepted));
  },

  /** Free assets per bot and item, among `bots`. */
  async freeCounts(
    db: Db,
    bots: string[],
    items: ItemKey[],
  ): Promise<{ bot: string; itemDefId: number; exter: number; n: number }[]> {
    if (bots.length === 0 || items.length === 0) return [];
    const rows = await db
      .select({
        bot: steamBotAssets.bot,
        itemDefId: steamBotAssets.itemDefId,
        exter: steamBotAssets.exter,
        n: sql<number>`count(*)::int`,
      })
      .from(steamBotAssets)
      .where(
        and(
          inArray(steamBotAssets.bot, bots),
          isNull(steamBotAssets.reservedOfferId),
          inArray(steamBotAssets.itemDefId, [...new Set(items.map((i) => i.itemDefId))]),
        ),
      )
      .groupBy(steamBotAssets.bot, steamBotAssets.itemDefId, steamBotAssets.exter);
    return rows.flatMap((r) =>
      r.itemDefId === null || r.exter === null ? [] : [{ ...r, itemDefId: r.itemDefId, exter: r.exter }],
    );
  },

  async insertOffer(db: Db, row: SteamOfferRow): Promise<void> {
    await db.insert(steamOffers).values(row);
  },

  async offerBySteamId(db: Db, steamOfferId: string): Promise<SteamOfferRow | null> {
    const [row] = await db.select().from(steamOffers).where(eq(steamOffers.steamOfferId, steamOfferId));
    return row ?? null;
  },

  async offerById(db: Db, offerId: number): Promise<SteamOfferRow | null> {
    const [row] = await db.select().from(steamOffers).where(eq(steamOffers.offerId, offerId));
    return row ?? null;
  },

  /** Steam offers whose trade_offers row (sent by adapter `botName`) is still pending: what a poll asks about. */
  async pending(db: Db, botName: string): Promise<SteamOfferRow[]> {
    return db
      .select({
        offerId: steamOffers.offerId,
        bot: steamOffers.bot,
        steamOfferId: steamOffers.steamOfferId,
        securityCode: steamOffers.securityCode,
        createdAt: steamOffers.createdAt,
      })
      .from(steamOffers)
      .innerJoin(tradeOffers, eq(tradeOffers.id, steamOffers.offerId))
      .where(and(eq(tradeOffers.state, 'pending'), eq(tradeOffers.bot, botName)));
  },
};
