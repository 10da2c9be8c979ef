import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { describe, expect, it } from 'vitest';
import { cs2CaseOdds } from './box-design.ts';
import { type OddsEntry, rollBox } from './fair.ts';
import { sha256Hex } from './sha256.ts';

/**
 * Goodness of fit of a million box openings to the published odds. The exact-count test in
 * fair.test.ts proves the mapping unbiased; this one catches what it cannot see, such as the
 * roll reading the same bits twice or a broken HMAC whose output is not uniform.
 */

/** A case shaped like CS2's recent ones: 7 Mil-Spec, 5 Restricted, 3 Classified, 2 Covert, 5 ★. */
const CASE = cs2CaseOdds([
  ...[1, 2, 3, 4, 5, 6, 7].map((i) => ({ itemId: 200 + i, exter: 3, quality: 2 as const })),
  ...[1, 2, 3, 4, 5].map((i) => ({ itemId: 300 + i, exter: 2, quality: 3 as const })),
  ...[1, 2, 3].map((i) => ({ itemId: 400 + i, exter: 1, quality: 4 as const })),
  ...[1, 2].map((i) => ({ itemId: 500 + i, exter: 4, quality: 5 as const })),
  ...[1, 2, 3, 4, 5].map((i) => ({ itemId: 700 + i, exter: 6, quality: 7 as const })),
]);

const OPENINGS = 1_000_000;
/** z such that P(Z > z) = 0.01 for a standard normal Z. */
const Z_99 = 2.326_347_874;

/**
 * The χ² critical value at α = 0.01 by the Wilson–Hilferty approximation: (χ²/k)^(1/3) is close
 * to normal with mean 1 − 2/(9k) and variance 2/(9k). Within 0.3 % of the table from k = 10 up.
 */
function chiSquareCritical99(df: number): number {
  const v = 2 / (9 * df);
  return df * (1 - v + Z_99 * Math.sqrt(v)) ** 3;
}

/**
 * Pearson's statistic of `observed` against the table's expected counts, after merging adjacent
 * entries until every bin expects at least 5 (the usual condition for the χ² approximation).
 */
function chiSquare(observed: readonly number[], entries: readonly OddsEntry[], n: number) {
  const bins: { observed: number; expected: number }[] = [];
  let open = { observed: 0, expected: 0 };
  for (const [i, entry] of entries.entries()) {
    open.observed += observed[i]!;
    open.expected += (n * entry.tickets) / BOX_TICKETS;
    if (open.expected >= 5) {
      bins.push(open);
      open = { observed: 0, expected: 0 };
    }
  }
  if (open.expected > 0) {
    const last = bins[bins.length - 1]!;
    last.observed += open.observed;
    last.expected += open.expected;
  }
  const statistic = bins.reduce((sum, b) => sum + (b.observed - b.expected) ** 2 / b.expected, 0);
  return { statistic, df: bins.length - 1 };
}

describe('rollBox distribution', () => {
  it('approximates the χ² table at α = 0.01', () => {
    // From NIST/SEMATECH e-Handbook 1.3.6.7.4, upper 1 % points.
    const table: [number, number][] = [
      [10, 23.209],
      [15, 30.578],
      [20, 37.566],
      [21, 38.932],
      [30, 50.892],
      [50, 76.154],
    ];
    for (const [df, critical] of table) expect(Math.abs(chiSquareCritical99(df) / critical - 1)).toBeLessThan(0.003);
  });

  it('fits the published odds of a CS2-style case over a million openings', () => {
    const serverSeed = sha256Hex('kaixiang chi-square server seed');
    const observed = new Array<number>(CASE.length).fill(0);
    for (let nonce = 0; nonce < OPENINGS; nonce++) {
      observed[rollBox({ serverSeed, clientSeed: 'chi-square', nonce }, CASE).index]!++;
    }

    const fit = chiSquare(observed, CASE, OPENINGS);
    expect(fit.df).toBe(CASE.length - 1);
    expect(fit.statistic).toBeLessThan(chiSquareCritical99(fit.df));

    // The same counts must fail against a table off by 2,000 tickets (0.2 %) between two items,
    // or the check above could not have caught anything of that size.
    const skewed = CASE.map((e, i) => ({ ...e, tickets: e.tickets + (i === 0 ? 2000 : i === 1 ? -2000 : 0) }));
    expect(chiSquare(observed, skewed, OPENINGS).statistic).toBeGreaterThan(chiSquareCritical99(fit.df));
  }, 60_000);
});
