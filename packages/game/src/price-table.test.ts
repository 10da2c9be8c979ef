import { QUALITIES as ALL_QUALITIES, WEAPON_CLASSES } from '@kaixiang/shared/items';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PRICE_TABLE,
  type PriceInput,
  type PriceQuality,
  type PriceWeaponClass,
  type PriceWearGrade,
  priceUnits,
  spreadPermille,
} from './price-table.ts';

const QUALITIES: readonly PriceQuality[] = ALL_QUALITIES;
const CLASSES: readonly PriceWeaponClass[] = WEAPON_CLASSES;
const PAINTED: PriceWearGrade[] = [1, 2, 3, 4, 5];
const ITEM_IDS = Array.from({ length: 300 }, (_, i) => i * 37 + 1);

function price(partial: Partial<PriceInput>): number {
  return priceUnits({ quality: 2, weaponClass: 'rifle', wearGrade: 1, statTrak: false, itemId: 1, ...partial });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

describe('priceUnits', () => {
  it('is a positive safe integer in whole fen for every tier, class, grade and StatTrak flag', () => {
    const bad: number[] = [];
    for (const quality of QUALITIES) {
      for (const weaponClass of CLASSES) {
        for (const wearGrade of [...PAINTED, 6] as PriceWearGrade[]) {
          for (const statTrak of [false, true]) {
            for (const itemId of ITEM_IDS.slice(0, 20)) {
              const units = priceUnits({ quality, weaponClass, wearGrade, statTrak, itemId });
              if (!Number.isSafeInteger(units) || units <= 0 || units % 100 !== 0) bad.push(units);
            }
          }
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it('gives the same price for the same input, and pins the formula with known answers', () => {
    const input: PriceInput = { quality: 5, weaponClass: 'rifle', wearGrade: 3, statTrak: false, itemId: 229 };
    expect(priceUnits(input)).toBe(priceUnits({ ...input }));
    // Changing these numbers changes every price on the site: do it on purpose, in the table.
    expect(KNOWN_ANSWERS.map(([input]) => priceUnits(input))).toEqual(KNOWN_ANSWERS.map(([, units]) => units));
  });

  it('never prices a worse exterior above a better one of the same item', () => {
    const misordered: unknown[] = [];
    for (const quality of QUALITIES) {
      for (const weaponClass of CLASSES) {
        for (const itemId of ITEM_IDS) {
          for (const statTrak of [false, true]) {
            const byGrade = PAINTED.map((wearGrade) =>
              priceUnits({ quality, weaponClass, wearGrade, statTrak, itemId }),
            );
            const ordered = byGrade.every((units, i) => i === 0 || byGrade[i - 1]! >= units);
            if (!ordered || byGrade[0]! <= byGrade[4]!) misordered.push({ quality, weaponClass, itemId, byGrade });
          }
        }
      }
    }
    expect(misordered).toEqual([]);
  });

  it('prices StatTrak strictly above the plain item, about ×1.9', () => {
    for (const quality of QUALITIES) {
      for (const weaponClass of CLASSES) {
        for (const wearGrade of PAINTED) {
          for (const itemId of ITEM_IDS.slice(0, 30)) {
            const plain = priceUnits({ quality, weaponClass, wearGrade, statTrak: false, itemId });
            const statTrak = priceUnits({ quality, weaponClass, wearGrade, statTrak: true, itemId });
            expect(statTrak).toBeGreaterThan(plain);
            if (plain >= 100_000) expect(statTrak / plain).toBeCloseTo(1.9, 2);
          }
        }
      }
    }
  });

  it('puts the cheapest Covert above the median Mil-Spec, and ★ above every Covert', () => {
    const all = (quality: PriceQuality, classes: PriceWeaponClass[]) =>
      classes.flatMap((weaponClass) =>
        PAINTED.flatMap((wearGrade) =>
          ITEM_IDS.map((itemId) => priceUnits({ quality, weaponClass, wearGrade, statTrak: false, itemId })),
        ),
      );
    const guns = CLASSES.filter((c) => c !== 'knife' && c !== 'gloves');
    expect(Math.min(...all(5, guns))).toBeGreaterThan(median(all(2, guns)));
    expect(Math.min(...all(7, ['knife', 'gloves']))).toBeGreaterThan(Math.max(...all(5, guns)));
  });

  it('makes a better tier dearer than a worse one at the same exterior, whatever the weapon', () => {
    for (const wearGrade of PAINTED) {
      for (let quality = 1; quality <= 5; quality++) {
        const at = (q: number) =>
          CLASSES.flatMap((weaponClass) =>
            ITEM_IDS.map((itemId) =>
              priceUnits({ quality: q as PriceQuality, weaponClass, wearGrade, statTrak: false, itemId }),
            ),
          );
        expect(Math.min(...at(quality))).toBeGreaterThan(Math.max(...at(quality - 1)));
      }
    }
  });

  it('prices rifles above pistols of the same tier and item, and spreads items of one tier apart', () => {
    for (const itemId of ITEM_IDS) {
      expect(price({ weaponClass: 'rifle', itemId })).toBeGreaterThan(price({ weaponClass: 'pistol', itemId }));
      expect(price({ weaponClass: 'sniper', itemId })).toBeGreaterThan(price({ weaponClass: 'smg', itemId }));
    }
    const distinct = new Set(ITEM_IDS.map((itemId) => price({ quality: 5, itemId })));
    expect(distinct.size).toBeGreaterThan(100);
    for (const itemId of ITEM_IDS) {
      const spread = spreadPermille(itemId);
      expect(spread).toBeGreaterThanOrEqual(750);
      expect(spread).toBeLessThanOrEqual(1250);
    }
  });

  it('follows an edited table', () => {
    const doubled = {
      ...DEFAULT_PRICE_TABLE,
      baseUnits: { ...DEFAULT_PRICE_TABLE.baseUnits, 5: DEFAULT_PRICE_TABLE.baseUnits[5] * 2 },
    };
    const input: PriceInput = { quality: 5, weaponClass: 'rifle', wearGrade: 1, statTrak: false, itemId: 308 };
    expect(Math.abs(priceUnits(input, doubled) - 2 * priceUnits(input))).toBeLessThanOrEqual(100);
  });

  it('refuses inputs outside the table', () => {
    expect(() => price({ quality: 8 as PriceQuality })).toThrow(RangeError);
    expect(() => price({ weaponClass: 'bazooka' as PriceWeaponClass })).toThrow(RangeError);
    expect(() => price({ wearGrade: 0 as PriceWearGrade })).toThrow(RangeError);
    expect(() => price({ itemId: -1 })).toThrow(RangeError);
    expect(() => price({ itemId: 1.5 })).toThrow(RangeError);
  });
});

// [input, units]: ¥3.80 Mil-Spec pistol FN; ¥128.84 StatTrak Classified rifle FT; ...
const KNOWN_ANSWERS: [PriceInput, number][] = [
  [{ quality: 2, weaponClass: 'pistol', wearGrade: 1, statTrak: false, itemId: 183 }, 38_000],
  [{ quality: 4, weaponClass: 'rifle', wearGrade: 3, statTrak: true, itemId: 229 }, 1_288_400],
  [{ quality: 5, weaponClass: 'sniper', wearGrade: 2, statTrak: false, itemId: 308 }, 4_047_500],
  [{ quality: 7, weaponClass: 'knife', wearGrade: 1, statTrak: false, itemId: 1234 }, 29_250_000],
  [{ quality: 7, weaponClass: 'knife', wearGrade: 6, statTrak: true, itemId: 37 }, 51_026_400],
  [{ quality: 7, weaponClass: 'gloves', wearGrade: 5, statTrak: false, itemId: 1712 }, 15_655_200],
  [{ quality: 0, weaponClass: 'shotgun', wearGrade: 5, statTrak: false, itemId: 1 }, 700],
];
