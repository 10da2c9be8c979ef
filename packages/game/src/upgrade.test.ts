import { createHmac } from 'node:crypto';
import { UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import { describe, expect, it } from 'vitest';
import { serverSeedHash } from './fair.ts';
import {
  assertRules,
  DEFAULT_UPGRADE_RULES,
  maxTargetUnits,
  nominalRtpPpm,
  pickByShowRate,
  quote,
  rollUpgrade,
  stakeForRate,
  stakeValue,
  type UpgradeRules,
  upgradeWins,
  verifyUpgrade,
} from './upgrade.ts';

const RULES = DEFAULT_UPGRADE_RULES; // edge 5 %, 1 % … 75 %
const SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';

/**
 * The roll by an independent route: node:crypto's HMAC, 52-bit chunks parsed from 13 hex digits
 * (chunk k starts at hex digit 13k), rejection against the largest multiple of the scale.
 */
function referenceRoll(serverSeed: string, clientSeed: string, nonce: number): number {
  const limit = 2n ** 52n - (2n ** 52n % BigInt(UPGRADE_RATE_SCALE));
  for (let cursor = 0; ; cursor++) {
    const hex = createHmac('sha256', serverSeed).update(`upgrade:${clientSeed}:${nonce}:${cursor}`).digest('hex');
    for (let k = 0; k < 4; k++) {
      const v = BigInt(`0x${hex.slice(13 * k, 13 * k + 13)}`);
      if (v < limit) return Number(v % BigInt(UPGRADE_RATE_SCALE));
    }
  }
}

describe('the chance', () => {
  it('is stake ÷ target × (1 − edge), floored to a ppm', () => {
    // ¥10 on ¥100 at a 5 % edge: 9.5 %.
    expect(quote(100_000, 1_000_000, RULES)).toEqual({
      ok: true,
      value: {
        stakeUnits: 100_000,
        targetUnits: 1_000_000,
        rawRatePpm: 95_000,
        ratePpm: 95_000,
        capped: false,
        rtpPpm: 950_000,
      },
    });
    // 1/3 × 0.95 = 0.316666…: floored, so this upgrade returns a hair under 95 %.
    const third = quote(1, 3, RULES);
    expect(third.ok && third.value).toMatchObject({ ratePpm: 316_666, rtpPpm: 949_998 });
  });

  it('caps at the max rate and says so, with the lower return of that upgrade', () => {
    // ¥90 on ¥100: raw 85.5 %, capped at 75 %; the player gets 75 × 100 / 90 = 83.33 % back.
    const q = quote(900_000, 1_000_000, RULES);
    expect(q.ok && q.value).toMatchObject({ rawRatePpm: 855_000, ratePpm: 750_000, capped: true, rtpPpm: 833_333 });
  });

  it('refuses an empty stake, a stake worth the target or more, and a chance below the min rate', () => {
    expect(quote(0, 1_000, RULES)).toEqual({ ok: false, error: 'STAKE_EMPTY' });
    expect(quote(1_000, 1_000, RULES)).toEqual({ ok: false, error: 'STAKE_NOT_BELOW_TARGET' });
    expect(quote(1_001, 1_000, RULES)).toEqual({ ok: false, error: 'STAKE_NOT_BELOW_TARGET' });
    // 1 % needs stake × 0.95 ≥ 1 % of the target: ¥1 on ¥95 is exactly 1 %, on ¥95.0001 it is not.
    expect(quote(10_000, 950_000, RULES).ok).toBe(true);
    expect(quote(10_000, 950_001, RULES)).toEqual({ ok: false, error: 'RATE_TOO_LOW' });
  });

  it('shows RTP = 1 − edge', () => {
    expect(nominalRtpPpm(RULES)).toBe(950_000);
    expect(nominalRtpPpm({ ...RULES, houseEdgePpm: 0 })).toBe(UPGRADE_RATE_SCALE);
  });

  it('stays exact for stakes whose product with the scale passes 2^53', () => {
    // ¥1,000,000 on ¥1,500,000: stake × 950,000 ≈ 9.5e15 > 2^53.
    const q = quote(10_000_000_000, 15_000_000_000, RULES);
    expect(q.ok && q.value.rawRatePpm).toBe(633_333);
  });

  it('finds the stake for a rate and the dearest reachable target', () => {
    // 1 % of ¥100 at 95 %: ¥1.0526…, so 10,527 units; 10,526 falls short.
    expect(stakeForRate(1_000_000, 10_000, RULES)).toBe(10_527);
    expect(quote(10_527, 1_000_000, RULES).ok).toBe(true);
    expect(quote(10_526, 1_000_000, RULES)).toEqual({ ok: false, error: 'RATE_TOO_LOW' });
    // The max rate on ¥100: ¥78.9473…, so 789,474 units reach 75 %.
    expect(stakeForRate(1_000_000, 750_000, RULES)).toBe(789_474);
    expect(maxTargetUnits(10_000, RULES)).toBe(950_000);
  });

  it('adds a stake of items and balance, refusing what is not a safe integer', () => {
    expect(stakeValue([100, 250], 1_000)).toBe(1_350);
    expect(stakeValue([], 0)).toBe(0);
    expect(() => stakeValue([1.5], 0)).toThrow(RangeError);
    expect(() => stakeValue([], -1)).toThrow(RangeError);
    expect(() => stakeValue([2 ** 53 - 1], 1)).toThrow(RangeError);
  });

  it('refuses rules that make no sense', () => {
    const bad: UpgradeRules[] = [
      { ...RULES, houseEdgePpm: -1 },
      { ...RULES, houseEdgePpm: UPGRADE_RATE_SCALE },
      { ...RULES, minRatePpm: 0 },
      { ...RULES, maxRatePpm: UPGRADE_RATE_SCALE },
      { ...RULES, minRatePpm: 500_000, maxRatePpm: 400_000 },
      { ...RULES, houseEdgePpm: 0.5 },
    ];
    for (const r of bad) expect(() => assertRules(r)).toThrow(RangeError);
    expect(() => assertRules(RULES)).not.toThrow();
  });
});

describe('the roll', () => {
  it('is the fair.ts roll with game "upgrade", as an independent implementation computes it', () => {
    for (const [client, nonce] of [
      ['a', 0],
      ['a', 1],
      ['player-seed_42', 7],
      ['x', 123_456],
    ] as const) {
      expect(rollUpgrade({ serverSeed: SEED, clientSeed: client, nonce }).roll).toBe(
        referenceRoll(SEED, client, nonce),
      );
    }
  });

  it('wins below the rate only', () => {
    expect(upgradeWins(0, 1)).toBe(true);
    expect(upgradeWins(1, 1)).toBe(false);
    expect(upgradeWins(749_999, 750_000)).toBe(true);
    expect(upgradeWins(750_000, 750_000)).toBe(false);
  });

  it('verifies from the revealed seed and catches every altered claim', () => {
    const nonce = 3;
    const { roll } = rollUpgrade({ serverSeed: SEED, clientSeed: 'c', nonce });
    const honest = {
      serverSeed: SEED,
      serverSeedHash: serverSeedHash(SEED),
      clientSeed: 'c',
      nonce,
      ratePpm: roll + 1,
      roll,
      success: true,
    };
    expect(verifyUpgrade(honest)).toEqual({ seedMatchesHash: true, roll, success: true, valid: true });
    expect(verifyUpgrade({ ...honest, ratePpm: roll }).valid).toBe(false); // the roll loses at that rate
    expect(verifyUpgrade({ ...honest, roll: roll + 1 }).valid).toBe(false);
    expect(verifyUpgrade({ ...honest, nonce: 4 }).valid).toBe(false);
    expect(verifyUpgrade({ ...honest, serverSeedHash: serverSeedHash('other') })).toMatchObject({
      seedMatchesHash: false,
      valid: false,
    });
  });
});

describe('the random pick', () => {
  it('gives every entry exactly as many of the draws as its show_rate', () => {
    const entries = [{ showRate: 3 }, { showRate: 0 }, { showRate: 1 }, { showRate: 2 }];
    const counts = [0, 0, 0, 0];
    for (let r = 0; r < 6; r++) counts[pickByShowRate(entries, r)]! += 1;
    expect(counts).toEqual([3, 0, 1, 2]);
    expect(() => pickByShowRate(entries, 6)).toThrow(RangeError);
    expect(pickByShowRate([{ showRate: 0 }], 0)).toBe(-1);
  });
});
