import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generatePacketsWithDraws, packetsHash, rainEligibility, rainTimingError, rainWindows } from './rain.ts';

// 2026-11-27 00:00 China time (UTC+8) = 2026-11-26 16:00 UTC.
const CHINA_MIDNIGHT = Date.UTC(2026, 10, 26, 16);

describe('rain rules', () => {
  it('generates a known list (the recipe the fairness page shows, pinned)', () => {
    const seeds = { serverSeed: 'a'.repeat(64), publicSeed: 'b'.repeat(64), roomId: 42 };
    const { packets, draws } = generatePacketsWithDraws(seeds, { poolUnits: 1_000_000, count: 5, minUnits: 1_000 });
    expect(packets.reduce((a, b) => a + b, 0)).toBe(1_000_000);
    // Surplus 995,000 over 5 packets: the first roll is within [0, 398,000].
    expect(draws[0]?.bound).toBe(398_000);
    expect(packets).toMatchInlineSnapshot(`
      [
        104539,
        93317,
        334428,
        184393,
        283323,
      ]
    `);
    expect(packetsHash(42, packets)).toMatchInlineSnapshot(
      `"456f12b40c768daa490e5355ee2e3a2b956fffe23fc545dddb2bbf0b41a9ba62"`,
    );
  });

  it('draws packet 0 as the recipe says, recomputed with node:crypto', () => {
    const seeds = { serverSeed: 'a'.repeat(64), publicSeed: 'b'.repeat(64), roomId: 42 };
    const { packets, draws } = generatePacketsWithDraws(seeds, { poolUnits: 1_000_000, count: 5, minUnits: 1_000 });
    // HMAC-SHA256(key = seed, msg = "rain:<beacon>:<room>:0:<packet>:<cursor>"), first 52 bits.
    const digest = createHmac('sha256', seeds.serverSeed)
      .update(`rain:${'b'.repeat(64)}:42:0:0:0`)
      .digest();
    const first52 = Number(BigInt(`0x${digest.subarray(0, 7).toString('hex')}`) >> 4n);
    const n = 398_001;
    // The first chunk is taken unless it falls in the last partial run of 2^52 (chance < 1e-10).
    expect(first52).toBeLessThan(2 ** 52 - (2 ** 52 % n));
    expect(draws[0]).toMatchObject({ roll: first52 % n, cursor: 0, chunkIndex: 0 });
    expect(packets[0]).toBe(1_000 + (first52 % n));
  });

  it('gives one packet the whole pool when there is one', () => {
    const { packets, draws } = generatePacketsWithDraws(
      { serverSeed: 'c'.repeat(64), publicSeed: 'd'.repeat(16), roomId: 1 },
      { poolUnits: 5_000, count: 1, minUnits: 100 },
    );
    expect(packets).toEqual([5_000]);
    expect(draws).toEqual([]);
  });

  it('asks the VIP level, then a recent recharge', () => {
    expect(rainEligibility({ minVipLevel: 2, rechargeDays: 7 }, { vipLevel: 1, rechargedUnits: 0 })).toEqual({
      ok: false,
      error: 'RAIN_VIP_TOO_LOW',
    });
    expect(rainEligibility({ minVipLevel: 2, rechargeDays: 7 }, { vipLevel: 2, rechargedUnits: 0 })).toEqual({
      ok: false,
      error: 'RAIN_RECHARGE_REQUIRED',
    });
    expect(rainEligibility({ minVipLevel: 0, rechargeDays: 0 }, { vipLevel: 0, rechargedUnits: 0 }).ok).toBe(true);
    expect(rainEligibility({ minVipLevel: 0, rechargeDays: 3 }, { vipLevel: 0, rechargedUnits: 1 }).ok).toBe(true);
  });

  it('places daily windows on China clock times, over midnight too', () => {
    const t = { kind: 'daily' as const, times: ['23:59', '12:00'], durationMs: 120_000 };
    expect(rainTimingError(t)).toBeNull();
    const ws = rainWindows(t, CHINA_MIDNIGHT, CHINA_MIDNIGHT + 86_400_000);
    expect(ws).toEqual([
      { startMs: CHINA_MIDNIGHT - 60_000, endMs: CHINA_MIDNIGHT + 60_000 },
      { startMs: CHINA_MIDNIGHT + 12 * 3_600_000, endMs: CHINA_MIDNIGHT + 12 * 3_600_000 + 120_000 },
      { startMs: CHINA_MIDNIGHT + 86_400_000 - 60_000, endMs: CHINA_MIDNIGHT + 86_400_000 + 60_000 },
    ]);
  });

  it('refuses windows that overlap, are too short or too long', () => {
    expect(rainTimingError({ kind: 'daily', times: ['12:00', '12:01'], durationMs: 60_000 })).toBe(
      'RAIN_WINDOW_INVALID',
    );
    expect(rainTimingError({ kind: 'daily', times: ['25:00'], durationMs: 60_000 })).toBe('RAIN_WINDOW_INVALID');
    expect(rainTimingError({ kind: 'once', startAtMs: 0, endAtMs: 5_000 })).toBe('RAIN_WINDOW_INVALID');
    expect(rainTimingError({ kind: 'every', anchorMs: 0, everyMs: 60_000, durationMs: 60_000 })).toBe(
      'RAIN_WINDOW_INVALID',
    );
    expect(rainTimingError({ kind: 'once', startAtMs: 0, endAtMs: 7_200_000 })).toBe('RAIN_WINDOW_INVALID');
  });

  it('lists every-N windows from the anchor', () => {
    const t = { kind: 'every' as const, anchorMs: 1_000_000, everyMs: 300_000, durationMs: 60_000 };
    expect(rainWindows(t, 1_000_000 + 370_000, 1_000_000 + 700_000)).toEqual([
      { startMs: 1_600_000, endMs: 1_660_000 },
    ]);
    expect(rainWindows(t, 0, 1_000_001)).toEqual([{ startMs: 1_000_000, endMs: 1_060_000 }]);
  });
});
