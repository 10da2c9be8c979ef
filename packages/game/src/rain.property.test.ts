import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  generatePackets,
  generatePacketsWithDraws,
  packetsHash,
  RAIN_MAX_PACKETS,
  RAIN_MIN_PACKET_FLOOR_UNITS,
  type RainParams,
  rainParamsError,
  rainTimingError,
  rainWindows,
} from './rain.ts';

const seedArb = fc.stringMatching(/^[0-9a-f]{64}$/);
const beaconArb = fc.stringMatching(/^[0-9a-f]{16,64}$/);

/** Valid parameters: a count, a minimum and a pool of at least count × minimum (often exactly that). */
const paramsArb: fc.Arbitrary<RainParams> = fc
  .record({
    count: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 400 })),
    minUnits: fc.oneof(
      fc.constant(RAIN_MIN_PACKET_FLOOR_UNITS),
      fc.integer({ min: RAIN_MIN_PACKET_FLOOR_UNITS, max: 50_000 }),
    ),
    extra: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 10 }), fc.integer({ min: 0, max: 100_000_000 })),
  })
  .map(({ count, minUnits, extra }) => ({ count, minUnits, poolUnits: count * minUnits + extra }));

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('rain packets (double-mean method)', () => {
  it('sum exactly to the pool, each at least the minimum, as many as asked', () => {
    fc.assert(
      fc.property(
        seedArb,
        beaconArb,
        fc.integer({ min: 1, max: 1_000_000 }),
        paramsArb,
        (serverSeed, publicSeed, roomId, p) => {
          const packets = generatePackets({ serverSeed, publicSeed, roomId }, p);
          expect(packets).toHaveLength(p.count);
          expect(sum(packets)).toBe(p.poolUnits);
          for (const x of packets) {
            expect(Number.isSafeInteger(x)).toBe(true);
            expect(x).toBeGreaterThanOrEqual(p.minUnits);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('draw each extra within twice the mean of what is left', () => {
    fc.assert(
      fc.property(seedArb, beaconArb, paramsArb, (serverSeed, publicSeed, p) => {
        const { packets, draws } = generatePacketsWithDraws({ serverSeed, publicSeed, roomId: 7 }, p);
        let surplus = p.poolUnits - p.count * p.minUnits;
        draws.forEach((d, i) => {
          expect(d.bound).toBe(Math.floor((2 * surplus) / (p.count - i)));
          expect(d.roll).toBeGreaterThanOrEqual(0);
          expect(d.roll).toBeLessThanOrEqual(d.bound);
          expect(packets[i]).toBe(p.minUnits + d.roll);
          surplus -= d.roll;
        });
        expect(packets[p.count - 1]).toBe(p.minUnits + surplus);
      }),
      { numRuns: 200 },
    );
  });

  it('are the same list for the same inputs, and another for another seed, beacon or room', () => {
    fc.assert(
      fc.property(seedArb, seedArb, beaconArb, (a, b, beacon) => {
        fc.pre(a !== b);
        const p = { poolUnits: 10_000_000, count: 20, minUnits: 100 };
        const list = generatePackets({ serverSeed: a, publicSeed: beacon, roomId: 3 }, p);
        expect(generatePackets({ serverSeed: a, publicSeed: beacon, roomId: 3 }, p)).toEqual(list);
        expect(generatePackets({ serverSeed: b, publicSeed: beacon, roomId: 3 }, p)).not.toEqual(list);
        expect(generatePackets({ serverSeed: a, publicSeed: beacon, roomId: 4 }, p)).not.toEqual(list);
        expect(packetsHash(3, list)).not.toBe(packetsHash(4, list));
      }),
      { numRuns: 50 },
    );
  });

  it('hold at the largest count', () => {
    const p = { poolUnits: RAIN_MAX_PACKETS * 100 + 12_345_678, count: RAIN_MAX_PACKETS, minUnits: 100 };
    const packets = generatePackets({ serverSeed: 'ab'.repeat(32), publicSeed: 'cd'.repeat(16), roomId: 1 }, p);
    expect(packets).toHaveLength(RAIN_MAX_PACKETS);
    expect(sum(packets)).toBe(p.poolUnits);
    expect(Math.min(...packets)).toBeGreaterThanOrEqual(100);
  });

  it('refuse what cannot make a list', () => {
    fc.assert(
      fc.property(paramsArb, fc.integer({ min: 1, max: 1000 }), (p, short) => {
        fc.pre(p.count * p.minUnits - short > 0);
        expect(rainParamsError({ ...p, poolUnits: p.count * p.minUnits - short })).toBe('RAIN_POOL_TOO_SMALL');
        expect(rainParamsError(p)).toBeNull();
      }),
    );
  });
});

describe('rain windows', () => {
  const timingArb = fc.oneof(
    fc
      .record({
        anchorMs: fc.integer({ min: 0, max: 2e12 }),
        durationMs: fc.integer({ min: 10_000, max: 3_600_000 }),
        gap: fc.integer({ min: 1, max: 86_400_000 }),
      })
      .map(({ anchorMs, durationMs, gap }) => ({
        kind: 'every' as const,
        anchorMs,
        durationMs,
        everyMs: durationMs + gap,
      })),
    fc.uniqueArray(fc.integer({ min: 0, max: 23 }), { minLength: 1, maxLength: 6 }).map((hours) => ({
      kind: 'daily' as const,
      times: hours.map((h) => `${String(h).padStart(2, '0')}:30`),
      durationMs: 60_000,
    })),
  );

  it('are valid, ordered, never overlap and cover the asked span', () => {
    fc.assert(
      fc.property(
        timingArb,
        fc.integer({ min: 1e12, max: 2e12 }),
        fc.integer({ min: 1, max: 3 * 86_400_000 }),
        (t, from, span) => {
          expect(rainTimingError(t)).toBeNull();
          const ws = rainWindows(t, from, from + span);
          ws.forEach((w, i) => {
            expect(w.endMs).toBeGreaterThan(from);
            expect(w.startMs).toBeLessThan(from + span);
            if (i > 0) expect(w.startMs).toBeGreaterThanOrEqual((ws[i - 1] as { endMs: number }).endMs);
          });
        },
      ),
    );
  });
});
