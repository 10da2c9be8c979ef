/**
 * Our own price list for catalogue items (docs/money-and-items.md, Items). Pure and deterministic: the
 * same item, grade and StatTrak flag always cost the same, on every machine, with no market feed.
 *
 *   price = base[quality] × class[weaponClass] × wear[wearGrade] × spread(itemId)  (× StatTrak)
 *
 * rounded half-up to a whole fen. Every factor is an integer in per-mille and the product is
 * taken in BigInt, so no float ever touches a price.
 *
 * The item vocabulary (qualities, weapon classes, wear grades) is the shared contract's.
 */
import type { Quality, WeaponClass, WearGrade } from '@kaixiang/shared/items';

export type PriceQuality = Quality;
export type PriceWeaponClass = WeaponClass;
export type PriceWearGrade = WearGrade;

export interface PriceInput {
  quality: PriceQuality;
  weaponClass: PriceWeaponClass;
  wearGrade: PriceWearGrade;
  statTrak: boolean;
  itemId: number;
}

export interface PriceTable {
  /** Factory New, non-StatTrak, class ×1, spread ×1, in units (1 unit = 1/10000 yuan). */
  readonly baseUnits: Readonly<Record<PriceQuality, number>>;
  readonly classPermille: Readonly<Record<PriceWeaponClass, number>>;
  readonly wearPermille: Readonly<Record<PriceWearGrade, number>>;
  readonly statTrakPermille: number;
  /** The per-item spread is drawn from [1000 - spreadPermille, 1000 + spreadPermille]. */
  readonly spreadPermille: number;
}

const UNITS_PER_FEN = 100;

/**
 * Base prices grow by at least ×4 per tier (0..5), more than the widest class × spread swing
 * (1400/600 × 1250/750 ≈ ×3.9), so at the same wear a better tier always costs more, whatever the
 * weapon. Contraband (the Howl) is dearer than most ★ items, as on the real market.
 */
export const DEFAULT_PRICE_TABLE: PriceTable = {
  baseUnits: {
    0: 3_000, // ¥0.30 Consumer
    1: 12_000, // ¥1.20 Industrial
    2: 50_000, // ¥5 Mil-Spec
    3: 220_000, // ¥22 Restricted
    4: 900_000, // ¥90 Classified
    5: 4_000_000, // ¥400 Covert
    6: 60_000_000, // ¥6,000 Contraband
    7: 30_000_000, // ¥3,000 ★ knives and gloves
  },
  classPermille: {
    pistol: 800,
    smg: 700,
    rifle: 1300,
    sniper: 1400,
    shotgun: 600,
    machinegun: 600,
    knife: 1000,
    // Gloves never come as StatTrak, and their FN floats are rare; the market prices them a bit
    // above a knife of the same grade.
    gloves: 1100,
    other: 700,
  },
  wearPermille: {
    1: 1000, // Factory New
    2: 760, // Minimal Wear
    3: 560, // Field-Tested
    4: 460, // Well-Worn
    5: 400, // Battle-Scarred
    6: 800, // vanilla ★: no float, priced like a good-condition knife
  },
  statTrakPermille: 1900,
  spreadPermille: 250,
};

/** Price of one item in one grade, in units; always a positive whole number of fen. */
export function priceUnits(input: PriceInput, table: PriceTable = DEFAULT_PRICE_TABLE): number {
  const { quality, weaponClass, wearGrade, statTrak, itemId } = input;
  const baseUnits = table.baseUnits[quality];
  const classPermille = table.classPermille[weaponClass];
  const wearPermille = table.wearPermille[wearGrade];
  if (baseUnits === undefined) throw new RangeError(`unknown quality ${quality}`);
  if (classPermille === undefined) throw new RangeError(`unknown weapon class ${weaponClass}`);
  if (wearPermille === undefined) throw new RangeError(`unknown wear grade ${wearGrade}`);
  if (!Number.isSafeInteger(itemId) || itemId < 0) throw new RangeError(`invalid item id ${itemId}`);

  const normalUnits = roundToFen(
    BigInt(baseUnits) * BigInt(classPermille) * BigInt(wearPermille) * BigInt(spreadPermille(itemId, table)),
    1_000_000_000n,
  );
  if (!statTrak) return normalUnits;
  // At the cheapest end rounding could make StatTrak equal to the plain item; it must cost more.
  const statTrakUnits = roundToFen(BigInt(normalUnits) * BigInt(table.statTrakPermille), 1000n);
  return Math.max(statTrakUnits, normalUnits + UNITS_PER_FEN);
}

/**
 * The item's own price factor in per-mille, from a hash of its id: items of one tier and class
 * should not all cost the same, and the same item must cost the same forever.
 */
export function spreadPermille(itemId: number, table: PriceTable = DEFAULT_PRICE_TABLE): number {
  const width = 2 * table.spreadPermille + 1;
  return 1000 - table.spreadPermille + (hash32(itemId) % width);
}

/** `numerator / denominator` rounded half-up to a multiple of 100 units, at least 1 fen. */
function roundToFen(numerator: bigint, denominator: bigint): number {
  const fenDenominator = denominator * BigInt(UNITS_PER_FEN);
  const fen = (numerator * 2n + fenDenominator) / (fenDenominator * 2n);
  const units = Number(fen) * UNITS_PER_FEN;
  if (!Number.isSafeInteger(units)) throw new RangeError(`price out of range: ${fen} fen`);
  return Math.max(units, UNITS_PER_FEN);
}

/** lowbias32 (Chris Wellons): a well-mixed 32-bit integer hash, stable across platforms. */
function hash32(value: number): number {
  let x = value >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x7feb352d);
  x = Math.imul(x ^ (x >>> 15), 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}
