import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import { describe, expect, it } from 'vitest';
import { bandPath, degOfPpm, landingDeg, needleDeg, SPIN_MS, SPIN_TURNS, ticksPassed } from './dial.ts';

describe('the dial’s needle', () => {
  it('sets off at 0, only moves forward and lands on the roll after whole turns', () => {
    for (const roll of [0, 1, 284_999, 285_000, 500_000, 999_999]) {
      expect(needleDeg(0, roll)).toBe(0);
      let last = 0;
      for (let ms = 0; ms <= SPIN_MS; ms += 50) {
        const deg = needleDeg(ms, roll);
        expect(deg).toBeGreaterThanOrEqual(last);
        last = deg;
      }
      expect(needleDeg(SPIN_MS, roll)).toBe(landingDeg(roll));
      expect(needleDeg(SPIN_MS + 10_000, roll)).toBe(landingDeg(roll));
      expect(landingDeg(roll) - SPIN_TURNS * 360).toBeCloseTo((roll / UPGRADE_RATE_SCALE) * 360, 9);
    }
  });

  it('stops inside the chance’s arc exactly when the roll wins (roll < rate)', () => {
    const rate = 285_000;
    // The needle rests at degOfPpm(roll), the arc ends at degOfPpm(rate): one formula, monotone.
    for (const roll of [0, 100_000, 284_999, 285_000, 285_001, 999_999]) {
      expect(degOfPpm(roll) < degOfPpm(rate)).toBe(roll < rate);
    }
  });

  it('counts the marks it passes', () => {
    expect(ticksPassed(0, 35)).toBe(0);
    expect(ticksPassed(35, 37)).toBe(1);
    expect(ticksPassed(0, 360)).toBe(10);
    expect(ticksPassed(100, 100)).toBe(0);
  });
});

describe('the ring’s bands', () => {
  /** The points a path visits, in order (M, A and L ends). */
  const points = (d: string) =>
    [...d.matchAll(/[MAL]([^MALZ]+)/g)].map((m) => (m[1] ?? '').trim().split(/\s+/).slice(-2).join(' '));

  it('draws the whole ring and near-whole bands with arcs whose ends differ (an arc that meets itself is dropped)', () => {
    for (const [from, to] of [
      [0, 360],
      [0, 359.99],
      [0, 270],
      [0, 3.6],
    ] as const) {
      const p = points(bandPath(160, 118, 140, from, to));
      expect(p).toHaveLength(6);
      for (const i of [1, 2, 4, 5]) expect(p[i]).not.toBe(p[i - 1]);
    }
  });
});
