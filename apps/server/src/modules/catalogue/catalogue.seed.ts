import { readFileSync } from 'node:fs';
import { wearGradesFor } from '@kaixiang/shared/items';
import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { caseDefs, itemDefs } from '../../db/schema/catalogue.ts';
import { serverPath } from '../../server-root.ts';
import type { Catalogue, CatalogueItem } from './catalogue.types.ts';
import { loadAllPrices, type PriceBook, priceBookOf } from './item-prices.ts';

export type ItemDefRow = typeof itemDefs.$inferInsert;
export type CaseDefRow = typeof caseDefs.$inferInsert;

const CATALOGUE_FILE = serverPath('src/modules/catalogue/catalogue.json');

// Postgres caps a statement at 65,535 bind parameters; 12 columns × 500 rows stays far below it
// while keeping the whole catalogue to a handful of round trips.
const BATCH_SIZE = 500;

let cached: Catalogue | undefined;

/** The committed catalogue.json, parsed once per process. */
export function loadCatalogue(): Catalogue {
  if (!cached) {
    const parsed = JSON.parse(readFileSync(CATALOGUE_FILE, 'utf8')) as Catalogue;
    if (!Array.isArray(parsed.items) || !Array.isArray(parsed.cases) || typeof parsed.imageBaseUrl !== 'string') {
      throw new Error(`${CATALOGUE_FILE} is not a catalogue; run npm run catalogue:extract`);
    }
    cached = parsed;
  }
  return cached;
}

/**
 * The price list's "from" price: the best exterior the item drops in, without StatTrak, at the
 * site's price of it (the operator's where set, catalogue/item-prices.ts; the price table's with no book).
 */
export function basePriceUnits(item: CatalogueItem, prices: PriceBook = priceBookOf([])): number {
  const [bestGrade] = wearGradesFor(item.wearMin, item.wearMax);
  if (bestGrade === undefined) throw new Error(`item ${item.id} has no wear grade`);
  return prices.unitsOf(item, bestGrade);
}

/** The catalogue as rows of item_defs and case_defs, images as full CDN addresses. */
export function catalogueRows(
  catalogue: Catalogue = loadCatalogue(),
  prices: PriceBook = priceBookOf([]),
): {
  itemDefs: ItemDefRow[];
  caseDefs: CaseDefRow[];
} {
  const url = (path: string) => `${catalogue.imageBaseUrl}${path}`;
  return {
    itemDefs: catalogue.items.map((item) => ({
      id: item.id,
      nameZhCn: item.name['zh-CN'],
      nameZhTw: item.name['zh-TW'],
      nameEn: item.name['en-US'],
      weaponClass: item.weaponClass,
      quality: item.quality,
      wearMin: item.wearMin,
      wearMax: item.wearMax,
      statTrak: item.statTrak,
      special: item.special,
      image: url(item.image),
      basePriceUnits: basePriceUnits(item, prices),
    })),
    caseDefs: catalogue.cases.map((box) => ({
      id: box.id,
      nameZhCn: box.name['zh-CN'],
      nameZhTw: box.name['zh-TW'],
      nameEn: box.name['en-US'],
      image: url(box.image),
      specialsImage: box.specialsImage === null ? null : url(box.specialsImage),
      itemIds: box.itemIds,
      specialItemIds: box.specialItemIds,
    })),
  };
}

/**
 * Upserts the whole catalogue; running it again (every start, after a library bump) changes only
 * what changed. All or nothing, so a failed seed never leaves a case pointing at missing items.
 * Rows the new catalogue no longer has are left alone: players' items still refer to them.
 *
 * base_price_units is written from the site's prices: the price table's, or the operator's where
 * the console set one (read in the same transaction, so a seed never writes back an old figure).
 */
export async function seedCatalogue(db: Db): Promise<{ items: number; cases: number }> {
  let count = { items: 0, cases: 0 };
  await db.transaction(async (tx) => {
    const rows = catalogueRows(loadCatalogue(), await loadAllPrices(tx));
    count = { items: rows.itemDefs.length, cases: rows.caseDefs.length };
    for (let i = 0; i < rows.itemDefs.length; i += BATCH_SIZE) {
      await tx
        .insert(itemDefs)
        .values(rows.itemDefs.slice(i, i + BATCH_SIZE))
        .onConflictDoUpdate({ target: itemDefs.id, set: updateFromExcluded(itemDefs) });
    }
    for (let i = 0; i < rows.caseDefs.length; i += BATCH_SIZE) {
      await tx
        .insert(caseDefs)
        .values(rows.caseDefs.slice(i, i + BATCH_SIZE))
        .onConflictDoUpdate({ target: caseDefs.id, set: updateFromExcluded(caseDefs) });
    }
  });
  return count;
}

/** `SET col = excluded.col` for every column but the key, so a new column is never forgotten. */
function updateFromExcluded(table: PgTable): Record<string, ReturnType<typeof sql.raw>> {
  const set: Record<string, ReturnType<typeof sql.raw>> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (column.primary) continue;
    set[key] = sql.raw(`excluded."${column.name}"`);
  }
  return set;
}
