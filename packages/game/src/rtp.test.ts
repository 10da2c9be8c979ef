import { describe, expect, it } from 'vitest';
import {
  addMoments,
  chanceRange,
  insideRange,
  NO_MOMENTS,
  oddsMoments,
  realisedRtp,
  turntableRoundMoments,
  upgradeMoments,
} from './rtp.ts';
import { TURNTABLE_AREAS } from './turntable-wheel.ts';

/** Tickets 1, 1, 2 of 4 paying 0, 400, 100: by hand μ = 150, σ² = 5,625 + 15,625 + 1,250 = 22,500. */
const SMALL = [
  { tickets: 1, priceUnits: 0 },
  { tickets: 1, priceUnits: 400 },
  { tickets: 2, priceUnits: 100 },
];

const areas = (stakes: Record<number, number>) =>
  Array.from({ length: TURNTABLE_AREAS }, (_, area) => stakes[area] ?? 0);

describe('the statistics of the realised RTP page', () => {
  it('computes one opening’s mean and variance from an odds table', () => {
    const m = oddsMoments(SMALL);
    expect(m.mean).toBeCloseTo(150, 9);
    expect(m.variance).toBeCloseTo(22_500, 6);
    // Tickets need not sum to a million: probabilities are tickets over their total.
    expect(oddsMoments([{ tickets: 3, priceUnits: 10 }]).variance).toBe(0);
    expect(() => oddsMoments([])).toThrow(RangeError);
  });

  it('gives the 3σ range of 100 openings at 200 units: (15,000 ± 3 × 1,500) / 20,000', () => {
    const total = addMoments(NO_MOMENTS, oddsMoments(SMALL), 100);
    expect(total.mean).toBeCloseTo(15_000, 6);
    expect(total.variance).toBeCloseTo(2_250_000, 3);
    const range = chanceRange(total.mean, total.variance, 20_000);
    expect(range?.low).toBeCloseTo(0.525, 9);
    expect(range?.high).toBeCloseTo(0.975, 9);
    expect(insideRange(0.75, range)).toBe(true);
    expect(insideRange(0.98, range)).toBe(false);
    expect(insideRange(0.525, range)).toBe(true);
  });

  it('never goes below 0 and has no range without play', () => {
    expect(chanceRange(10, 10_000, 100)?.low).toBe(0);
    expect(chanceRange(0, 0, 0)).toBeNull();
    expect(realisedRtp(5, 0)).toBeNull();
    expect(realisedRtp(45, 50)).toBe(0.9);
    expect(insideRange(null, { low: 0, high: 1 })).toBeNull();
  });

  it('treats an upgrade as a Bernoulli of its recorded chance', () => {
    const m = upgradeMoments(250_000, 400);
    expect(m.mean).toBeCloseTo(100, 9);
    expect(m.variance).toBeCloseTo(0.25 * 0.75 * 160_000, 6);
  });

  it('computes a turntable round over the joint draw, not as independent bets', () => {
    // 100 on 轻装组 (area 13, outer 0–3: 24 of 50) pays 200: mean 96, variance 0.48 × 0.52 × 200².
    const light = turntableRoundMoments(areas({ 13: 100 }));
    expect(light.mean).toBeCloseTo(96, 9);
    expect(light.variance).toBeCloseTo(9_984, 6);
    // 100 on each group: 200 back unless the outer C4 (2 of 50). Far less variable than two
    // independent bets (2 × 9,984): the two areas are one draw.
    const both = turntableRoundMoments(areas({ 13: 100, 14: 100 }));
    expect(both.mean).toBeCloseTo(192, 9);
    expect(both.variance).toBeCloseTo(0.04 * 0.96 * 200 ** 2, 6);
    // Every area returns 96 %: the mean of a round is 0.96 × its stakes, whatever they are.
    const mixed = turntableRoundMoments(areas({ 0: 10_000, 8: 30_000, 9: 5_000, 12: 70_000, 14: 1_000 }));
    expect(mixed.mean).toBeCloseTo(0.96 * 116_000, 6);
    expect(() => turntableRoundMoments([1, 2])).toThrow(RangeError);
  });
});
