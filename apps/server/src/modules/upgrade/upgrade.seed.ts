import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { upgradeItems } from '../../db/schema/games.ts';
import { typicalGrade } from '../boxes/boxes.seed.ts';
import { loadAllPrices } from '../catalogue/item-prices.ts';

/** Every target's weight in the random pick until someone edits it (spec 1 §3 show_rate). */
export const DEFAULT_SHOW_RATE = 100;

/**
 * The upgrade's targets (docs/games/upgrade.md "Upgrade"): every catalogue item at the wear grade it
 * drops at in our boxes, at the site's price of it (catalogue/item-prices.ts; a price set in the
 * console later is written to the target too), so a won target is worth what the catalogue says. Added once; a target already there (same item and
 * grade) is left as it is, with whatever price, weight or sale flag it has been given since.
 */
export async function seedUpgrade(db: Db): Promise<number> {
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id));
  const prices = await loadAllPrices(db);
  const rows = defs.map((d) => {
    const exter = typicalGrade(d);
    const price = prices.unitsOf(d, exter);
    return { itemDefId: d.id, exter, priceUnits: price, showRate: DEFAULT_SHOW_RATE, onSale: true };
  });
  if (rows.length === 0) return 0;
  const made = await db
    .insert(upgradeItems)
    .values(rows)
    .onConflictDoNothing({ target: [upgradeItems.itemDefId, upgradeItems.exter] })
    .returning({ id: upgradeItems.id });
  return made.length;
}
