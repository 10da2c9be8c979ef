import { TURNTABLE_INNER_WEIGHTS, TURNTABLE_OUTER_WEIGHTS } from '@kaixiang/game/turntable';
import { describe, expect, it } from 'vitest';
import { angleAt, INNER_SECTORS, iconUnderPointer, landingPoint, OUTER_SECTORS, restAngle, spinTo } from './wheel.ts';

describe('the wheels', () => {
  it('give each icon a sector as wide as its weight, closing the circle', () => {
    expect(OUTER_SECTORS.map((s) => s.icon)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(INNER_SECTORS.map((s) => s.icon)).toEqual([9, 10, 11, 12]);
    expect(OUTER_SECTORS.map((s) => s.endDeg - s.startDeg)).toEqual(
      TURNTABLE_OUTER_WEIGHTS.map((w) => expect.closeTo((w / 50) * 360, 9)),
    );
    expect(INNER_SECTORS.map((s) => s.endDeg - s.startDeg)).toEqual(
      TURNTABLE_INNER_WEIGHTS.map((w) => expect.closeTo((w / 100) * 360, 9)),
    );
    expect(OUTER_SECTORS.at(-1)?.endDeg).toBe(360);
  });

  it('rest with the drawn icon under the pointer, away from its borders, the same for every screen', () => {
    for (let roundId = 1; roundId < 400; roundId += 7) {
      for (const [sectors, icons] of [
        [OUTER_SECTORS, [0, 1, 2, 3, 4, 5, 6, 7, 8]],
        [INNER_SECTORS, [9, 10, 11, 12]],
      ] as const) {
        for (const icon of icons) {
          expect(iconUnderPointer(sectors, restAngle(sectors, icon, roundId))).toBe(icon);
          const s = sectors.find((x) => x.icon === icon)!;
          const at = landingPoint(sectors, icon, roundId);
          const width = s.endDeg - s.startDeg;
          expect(at).toBeGreaterThanOrEqual(s.startDeg + width / 4);
          expect(at).toBeLessThanOrEqual(s.endDeg - width / 4);
          expect(restAngle(sectors, icon, roundId)).toBe(restAngle(sectors, icon, roundId));
        }
      }
    }
  });

  it('spin whole turns one way and stop on the target', () => {
    const cw = spinTo(100, 40, 5, 1);
    expect(cw.toDeg - cw.fromDeg).toBeCloseTo(5 * 360 + 300);
    expect(((cw.toDeg % 360) + 360) % 360).toBeCloseTo(40);
    const ccw = spinTo(100, 40, 3, -1);
    expect(ccw.toDeg - ccw.fromDeg).toBeCloseTo(-(3 * 360 + 60));
    expect(((ccw.toDeg % 360) + 360) % 360).toBeCloseTo(40);
    expect(angleAt(cw, 0, 6_000)).toBe(100);
    expect(angleAt(cw, 6_000, 6_000)).toBe(cw.toDeg);
    expect(angleAt(cw, 60_000, 6_000)).toBe(cw.toDeg);
    // Slowing down: the first half of the time covers far more than half the way.
    expect(angleAt(cw, 3_000, 6_000) - 100).toBeGreaterThan(0.9 * (cw.toDeg - 100));
  });
});
