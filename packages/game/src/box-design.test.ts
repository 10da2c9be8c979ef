import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import type { Quality } from '@kaixiang/shared/items';
import { describe, expect, it } from 'vitest';
import {
  type CaseItem,
  CS2_CASE_ODDS,
  cs2CaseOdds,
  DEFAULT_RTP_BP,
  expectedValue,
  priceForRtp,
  rtpBpOf,
  weightedOdds,
} from './box-design.ts';
import { type OddsEntry, validateOdds } from './fair.ts';

/** `count` items of one quality, ids quality×100 + 1, 2, … */
function tier(quality: Quality, count: number): CaseItem[] {
  return Array.from({ length: count }, (_, i) => ({ itemId: quality * 100 + i + 1, exter: 1, quality }));
}

function ticketsByQuality(items: readonly CaseItem[], entries: readonly OddsEntry[]): Record<number, number> {
  const sums: Record<number, number> = {};
  items.forEach((item, i) => {
    sums[item.quality] = (sums[item.quality] ?? 0) + entries[i]!.tickets;
  });
  return sums;
}

describe('CS2_CASE_ODDS', () => {
  it('is the published 79.92 / 15.98 / 3.20 / 0.64 / 0.26 % in tickets of a million', () => {
    const percent = Object.values(CS2_CASE_ODDS).map((tickets) => (tickets * 100) / BOX_TICKETS);
    expect(percent).toEqual([79.92, 15.98, 3.2, 0.64, 0.26]);
    expect(Object.values(CS2_CASE_ODDS).reduce((a, b) => a + b, 0)).toBe(BOX_TICKETS);
  });
});

describe('cs2CaseOdds', () => {
  const FULL = [...tier(2, 7), ...tier(3, 5), ...tier(4, 3), ...tier(5, 2), ...tier(7, 5)];

  it('gives each tier its CS2 share, split evenly with the remainder to the first items', () => {
    const entries = cs2CaseOdds(FULL);
    validateOdds(entries, BOX_TICKETS);
    expect(ticketsByQuality(FULL, entries)).toEqual(CS2_CASE_ODDS);
    // 799,200 / 7 = 114,171 remainder 3.
    expect(entries.slice(0, 7).map((e) => e.tickets)).toEqual([
      114_172, 114_172, 114_172, 114_171, 114_171, 114_171, 114_171,
    ]);
    expect(entries.slice(17).map((e) => e.tickets)).toEqual([520, 520, 520, 520, 520]);
  });

  it('keeps the order and the wear grade of the items given', () => {
    const items: CaseItem[] = [
      { itemId: 9, exter: 6, quality: 7 },
      { itemId: 3, exter: 2, quality: 2 },
      { itemId: 5, exter: 4, quality: 3 },
    ];
    expect(cs2CaseOdds(items)).toEqual([
      { itemId: 9, exter: 6, tickets: 2_600 },
      { itemId: 3, exter: 2, tickets: 799_200 },
      // Classified and Covert are missing: their shares fall to Restricted.
      { itemId: 5, exter: 4, tickets: 159_800 + 32_000 + 6_400 },
    ]);
  });

  it('moves a missing tier to the nearest lower tier, never up to the rarer ones', () => {
    const noCovert = [...tier(2, 2), ...tier(4, 1), ...tier(7, 1)];
    expect(ticketsByQuality(noCovert, cs2CaseOdds(noCovert))).toEqual({
      2: 799_200 + 159_800, // Restricted's share falls to Mil-Spec
      4: 32_000 + 6_400, // Covert's to Classified
      7: 2_600,
    });
    const noSpecial = [...tier(2, 1), ...tier(3, 1), ...tier(4, 1), ...tier(5, 1)];
    expect(ticketsByQuality(noSpecial, cs2CaseOdds(noSpecial))[5]).toBe(6_400 + 2_600);
  });

  it('moves a missing lowest tier up to the lowest tier present', () => {
    const onlyHigh = [...tier(4, 2), ...tier(7, 1)];
    expect(ticketsByQuality(onlyHigh, cs2CaseOdds(onlyHigh))).toEqual({ 4: 997_400, 7: 2_600 });
    expect(cs2CaseOdds(tier(7, 3)).map((e) => e.tickets)).toEqual([333_334, 333_333, 333_333]);
  });

  it('refuses an empty case and qualities a case does not drop', () => {
    expect(() => cs2CaseOdds([])).toThrow(RangeError);
    for (const quality of [0, 1, 6] as Quality[]) {
      expect(() => cs2CaseOdds([...tier(2, 1), { itemId: 1, exter: 1, quality }])).toThrow(RangeError);
    }
  });
});

describe('weightedOdds', () => {
  const priced = (prices: number[]) => prices.map((price, i) => ({ itemId: i + 1, exter: 1, price }));

  it('shares the tickets in inverse proportion to price^exponent, by largest remainder', () => {
    // Weights 1 and 1/2 share 999,998 free tickets: 666,665.33 and 333,332.67; the spare one goes
    // to the larger fraction.
    expect(weightedOdds(priced([100, 200]), 1).map((e) => e.tickets)).toEqual([666_666, 333_334]);
    // Equal remainders: the spare ticket goes to the earlier item.
    expect(weightedOdds(priced([500, 700, 900]), 0).map((e) => e.tickets)).toEqual([333_334, 333_333, 333_333]);
  });

  it('sums to the box total, gives every item a ticket, and never makes a dearer item likelier', () => {
    const prices = [50_000, 80_000, 220_000, 900_000, 4_000_000, 30_000_000, 600_000_000, 2_000_000_000];
    for (const exponent of [0, 0.5, 1, 1.5, 3, 10]) {
      const entries = weightedOdds(priced(prices), exponent);
      validateOdds(entries, BOX_TICKETS);
      const tickets = entries.map((e) => e.tickets);
      expect(tickets.every((t, i) => i === 0 || t <= tickets[i - 1]!)).toBe(true);
    }
    expect(weightedOdds(priced(prices), 10).at(-1)!.tickets).toBe(1);
  });

  it('stays within a ticket of the exact share of the tickets left after the guaranteed one', () => {
    const prices = [1_200, 3_400, 3_400, 56_700, 89_000, 123_400, 5_000_000];
    const entries = weightedOdds(priced(prices), 1.2);
    const weights = prices.map((p) => p ** -1.2);
    const sum = weights.reduce((a, b) => a + b, 0);
    entries.forEach((entry, i) => {
      const exact = 1 + ((BOX_TICKETS - prices.length) * weights[i]!) / sum;
      expect(Math.abs(entry.tickets - exact)).toBeLessThan(1);
    });
  });

  it('refuses no items, a price that is not a positive integer and a negative exponent', () => {
    expect(() => weightedOdds([], 1)).toThrow(RangeError);
    expect(() => weightedOdds(priced([0]), 1)).toThrow(RangeError);
    expect(() => weightedOdds(priced([1.5]), 1)).toThrow(RangeError);
    expect(() => weightedOdds(priced([100]), -1)).toThrow(RangeError);
    expect(() => weightedOdds(priced([100]), Number.NaN)).toThrow(RangeError);
  });
});

describe('expectedValue', () => {
  const entries = (tickets: number[]) => tickets.map((t, i) => ({ itemId: i + 1, exter: 1, tickets: t }));

  it('is Σ tickets × price / total, rounded down', () => {
    expect(expectedValue(entries([750_000, 250_000]), [100, 1_000])).toBe(325);
    expect(expectedValue(entries([999_999, 1]), [0, 1])).toBe(0);
    expect(expectedValue(entries([3, 7]), [10, 1], 10)).toBe(3);
  });

  it('stays exact where the sum passes 2^53', () => {
    // 999,999 × (2^53 − 1) = 9,007,190,247,541,736,259,009.
    expect(expectedValue(entries([999_999, 1]), [Number.MAX_SAFE_INTEGER, 0])).toBe(9_007_190_247_541_736);
  });

  it('needs one price per entry', () => {
    expect(() => expectedValue(entries([1_000_000]), [])).toThrow(RangeError);
    expect(() => expectedValue(entries([1_000_000]), [-1])).toThrow(RangeError);
  });
});

describe('box price for a return to player', () => {
  it('defaults to 90 %', () => {
    expect(DEFAULT_RTP_BP).toBe(9000);
    expect(priceForRtp(90_000)).toBe(100_000);
  });

  it('rounds up to a whole fen, so the return never exceeds the target', () => {
    // ¥9.0001 at 90 % needs at least 100,001.1 units; the next whole fen is 100,100.
    expect(priceForRtp(90_001, 9000)).toBe(100_100);
    expect(rtpBpOf(90_001, 100_100)).toBe(8991);
    expect(priceForRtp(0, 9000)).toBe(100);
  });

  it('is the cheapest whole-fen price at or under the target, for many values and targets', () => {
    const problems: string[] = [];
    for (let ev = 0; ev < 5_000_000; ev += 9_973) {
      for (const rtpBp of [5000, 8500, 9000, 9500, 10_000, 12_000]) {
        const price = priceForRtp(ev, rtpBp);
        const withinTarget = ev * 10_000 <= rtpBp * price;
        const cheaperIsOver = price === 100 || ev * 10_000 > rtpBp * (price - 100);
        if (price % 100 !== 0 || !withinTarget || !cheaperIsOver) problems.push(`${ev}@${rtpBp}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('reports the return in basis points, rounded down', () => {
    expect(rtpBpOf(90_000, 100_000)).toBe(9000);
    expect(rtpBpOf(89_999, 100_000)).toBe(8999);
    expect(rtpBpOf(0, 100)).toBe(0);
    expect(() => rtpBpOf(1, 0)).toThrow(RangeError);
  });

  it('prices a CS2-odds case near its target', () => {
    const items = [...tier(2, 7), ...tier(3, 5), ...tier(4, 3), ...tier(5, 2), ...tier(7, 5)];
    const entries = cs2CaseOdds(items);
    const base: Record<number, number> = { 2: 50_000, 3: 220_000, 4: 900_000, 5: 4_000_000, 7: 30_000_000 };
    const ev = expectedValue(
      entries,
      items.map((item) => base[item.quality]!),
    );
    const price = priceForRtp(ev);
    expect(rtpBpOf(ev, price)).toBeLessThanOrEqual(DEFAULT_RTP_BP);
    expect(rtpBpOf(ev, price)).toBeGreaterThanOrEqual(DEFAULT_RTP_BP - 10);
  });
});
