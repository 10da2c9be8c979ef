import { wearGradesFor } from '@kaixiang/shared/items';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { mallItems } from '../../db/schema/mall.ts';
import { loadAllPrices } from '../catalogue/item-prices.ts';

/**
 * The mall's products (docs/money-and-items.md "Wallet and mall"): a spread over the catalogue's qualities, each in
 * its best grade at the site's price of it (catalogue/item-prices.ts), 1 quota unit per coin unit. ★ items are limited.
 */
const PLAN: { pick: (r: typeof itemDefs.$inferSelect) => boolean; count: number; stock: number | null }[] = [
  { pick: (r) => r.quality === 2, count: 5, stock: null },
  { pick: (r) => r.quality === 3, count: 5, stock: null },
  { pick: (r) => r.quality === 4, count: 5, stock: null },
  { pick: (r) => r.quality === 5, count: 5, stock: 20 },
  { pick: (r) => r.weaponClass === 'knife', count: 2, stock: 5 },
  { pick: (r) => r.weaponClass === 'gloves', count: 2, stock: 5 },
];

/** `count` items spread evenly over `rows` (the same ones on every machine: rows are by id). */
function spread<T>(rows: T[], count: number): T[] {
  if (rows.length <= count) return rows;
  return Array.from({ length: count }, (_, i) => rows[Math.floor(((i + 0.5) * rows.length) / count)] as T);
}

/** Adds the products once; a product already there (same item and grade) is left as it is. */
export async function seedMall(db: Db): Promise<number> {
  const defs = await db.select().from(itemDefs).orderBy(asc(itemDefs.id));
  const prices = await loadAllPrices(db);
  const products = PLAN.flatMap((plan) =>
    spread(defs.filter(plan.pick), plan.count).map((r) => {
      const [exter] = wearGradesFor(r.wearMin, r.wearMax);
      if (exter === undefined) throw new Error(`item ${r.id} has no wear grade`);
      const price = prices.unitsOf(r, exter);
      return { itemDefId: r.id, exter, priceUnits: price, stock: plan.stock };
    }),
  );
  if (products.length === 0) return 0;
  products.sort((a, b) => a.priceUnits - b.priceUnits || a.itemDefId - b.itemDefId);
  const rows = products.map((p, i) => ({ ...p, sort: i + 1, onSale: true }));
  const made = await db
    .insert(mallItems)
    .values(rows)
    .onConflictDoNothing({ target: [mallItems.itemDefId, mallItems.exter] })
    .returning({ id: mallItems.id });
  return made.length;
}
