import { priceUnits } from '@kaixiang/game/price-table';
import type { Quality, WeaponClass, WearGrade } from '@kaixiang/shared/items';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { itemPrices } from '../../db/schema/catalogue.ts';

/** What pricing needs of a catalogue item. */
export interface PricedDef {
  id: number;
  quality: number;
  weaponClass: string;
}

/**
 * The price table's figure for a catalogue item in one wear grade, non-StatTrak (packages/game
 * price-table): what an item costs where the operator has set no price. Pure, so the seeds can
 * check a catalogue without a database; everything else prices through a PriceBook.
 */
export function tablePriceUnits(def: PricedDef, exter: number): number {
  return priceUnits({
    quality: def.quality as Quality,
    weaponClass: def.weaponClass as WeaponClass,
    wearGrade: exter as WearGrade,
    statTrak: false,
    itemId: def.id,
  });
}

/**
 * Item prices as the site uses them (issue 23, the console's item prices): the operator's price of
 * the item in that grade where one is set (`item_prices`), the price table's otherwise. Every place
 * that fixes what an item is worth — a box version's contents, a mail or treasure prize, an
 * official roll room's house item, the mall, the points shop, the wishing well, a command item, the
 * upgrade targets, the catalogue's "from" price — asks a book loaded here, so an item is never one
 * figure in one place and another elsewhere.
 */
export interface PriceBook {
  unitsOf(def: PricedDef, exter: number): number;
  /** Whether the operator has set this grade's price (false: the table's). */
  isSet(itemDefId: number, exter: number): boolean;
}

const keyOf = (itemDefId: number, exter: number) => itemDefId * 8 + exter;

const priceRows = (on: Db | Tx) =>
  on
    .select({ itemDefId: itemPrices.itemDefId, exter: itemPrices.exter, priceUnits: itemPrices.priceUnits })
    .from(itemPrices);

/** A book of the operator's prices of these items (one query; an empty list reads nothing). */
export async function loadPriceBook(on: Db | Tx, itemDefIds: readonly number[]): Promise<PriceBook> {
  const ids = [...new Set(itemDefIds)];
  return priceBookOf(ids.length === 0 ? [] : await priceRows(on).where(inArray(itemPrices.itemDefId, ids)));
}

/** A book over rows already read (all of `item_prices`, for a seed). */
export function priceBookOf(rows: readonly { itemDefId: number; exter: number; priceUnits: number }[]): PriceBook {
  const set = new Map(rows.map((r) => [keyOf(r.itemDefId, r.exter), r.priceUnits]));
  return {
    unitsOf: (def, exter) => set.get(keyOf(def.id, exter)) ?? tablePriceUnits(def, exter),
    isSet: (itemDefId, exter) => set.has(keyOf(itemDefId, exter)),
  };
}

/** Every operator price, for the seeds that price the whole catalogue at once. */
export async function loadAllPrices(on: Db | Tx): Promise<PriceBook> {
  return priceBookOf(await priceRows(on));
}

/** One item's price in one grade. */
export async function itemPriceUnits(on: Db | Tx, def: PricedDef, exter: number): Promise<number> {
  return (await loadPriceBook(on, [def.id])).unitsOf(def, exter);
}
