import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { itemDefs } from '../../../db/schema/catalogue.ts';
import { loadPriceBook } from '../../catalogue/item-prices.ts';
import type { OfferItem } from './market-bot.ts';
import { marketHashName } from './market-rules.ts';

/**
 * The two lookups the marketplace adapter takes, read from the catalogue: an item's value as the
 * site prices it today (the PriceBook: the operator's price, else the price table's) and its Steam
 * market hash name. The lead passes these to createMarketplaceBot.
 */
export function catalogueLookups(db: Db) {
  async function defsOf(items: readonly OfferItem[]) {
    const ids = [...new Set(items.map((i) => i.itemDefId))];
    const rows = ids.length
      ? await db
          .select({
            id: itemDefs.id,
            nameEn: itemDefs.nameEn,
            quality: itemDefs.quality,
            weaponClass: itemDefs.weaponClass,
          })
          .from(itemDefs)
          .where(inArray(itemDefs.id, ids))
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return items.map((i) => {
      const def = byId.get(i.itemDefId);
      if (!def) throw new Error(`no catalogue item ${i.itemDefId}`);
      return def;
    });
  }

  return {
    async priceOf(items: readonly OfferItem[]): Promise<number[]> {
      const defs = await defsOf(items);
      const book = await loadPriceBook(
        db,
        defs.map((d) => d.id),
      );
      return items.map((item, i) => book.unitsOf(defs[i] as (typeof defs)[number], item.exter));
    },
    async marketNameOf(items: readonly OfferItem[]): Promise<string[]> {
      const defs = await defsOf(items);
      return items.map((item, i) => marketHashName(defs[i] as (typeof defs)[number], item.exter));
    },
  };
}
