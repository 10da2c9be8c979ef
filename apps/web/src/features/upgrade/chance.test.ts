import { DEFAULT_UPGRADE_RULES, quote, stakeForRate } from '@kaixiang/game/upgrade';
import { describe, expect, it } from 'vitest';
import { balanceMaxUnits, chanceOf, formatPpm, secureRandomBelow } from './chance.ts';
import { RATES } from './test-fixtures.ts';

describe('the chance the screen shows', () => {
  it('is the server rules’ quote: floor(stake × 95 % ÷ target), capped at the max', () => {
    // ¥30 on ¥100: 30 × 0.95 = 28.5 %.
    expect(chanceOf(300_000, 1_000_000, RATES)).toEqual({
      kind: 'ok',
      ratePpm: 285_000,
      capped: false,
      rtpPpm: 950_000,
    });
    // ¥90 on ¥100 would be 85.5 %: capped at 75 %, and that upgrade returns 75 / 90 = 83.33 %.
    expect(chanceOf(900_000, 1_000_000, RATES)).toEqual({
      kind: 'ok',
      ratePpm: 750_000,
      capped: true,
      rtpPpm: 833_333,
    });
    for (const [stake, target] of [
      [1, 50],
      [12_345, 987_654],
      [999_999, 1_000_000],
    ] as const) {
      const q = quote(stake, target, DEFAULT_UPGRADE_RULES);
      const c = chanceOf(stake, target, RATES);
      expect(c.kind === 'ok' ? c.ratePpm : c.kind === 'refused' ? c.reason : null).toBe(
        q.ok ? q.value.ratePpm : q.error,
      );
    }
  });

  it('says why the server would refuse, and nothing without a target or a stake', () => {
    expect(chanceOf(1_000_000, 1_000_000, RATES)).toEqual({ kind: 'refused', reason: 'STAKE_NOT_BELOW_TARGET' });
    expect(chanceOf(10_000, 10_000_000, RATES)).toEqual({ kind: 'refused', reason: 'RATE_TOO_LOW' });
    expect(chanceOf(0, 1_000_000, RATES)).toEqual({ kind: 'none' });
    expect(chanceOf(300_000, null, RATES)).toEqual({ kind: 'none' });
  });

  it('writes ppm as a percentage, cut rather than rounded up', () => {
    expect(formatPpm(285_000)).toBe('28.50%');
    expect(formatPpm(750_000)).toBe('75.00%');
    expect(formatPpm(10_000)).toBe('1.00%');
    expect(formatPpm(123_456)).toBe('12.34%');
    expect(formatPpm(999_999, 4)).toBe('99.9999%');
    expect(formatPpm(7, 4)).toBe('0.0007%');
  });
});

describe('the balance slider’s right end', () => {
  it('stops at the stake that reaches the max rate, a whole fen, and never under it', () => {
    const atMax = stakeForRate(1_000_000, RATES.max_rate_ppm, DEFAULT_UPGRADE_RULES); // 789,474
    const max = balanceMaxUnits({ moneyUnits: 50_000_000, itemsUnits: 0, targetUnits: 1_000_000, rates: RATES });
    expect(max).toBe(789_500);
    expect(max % RATES.balance_step_units).toBe(0);
    expect(max).toBeGreaterThanOrEqual(atMax);
    expect(max - RATES.balance_step_units).toBeLessThan(atMax);
    expect(chanceOf(max, 1_000_000, RATES)).toMatchObject({ ratePpm: 750_000 });
    expect(chanceOf(max - 100, 1_000_000, RATES)).toMatchObject({ ratePpm: 749_930, capped: false });
  });

  it('counts the staked items, the wallet and the target’s value', () => {
    // ¥30 of items already: ¥48.95 more reaches 75 %.
    expect(balanceMaxUnits({ moneyUnits: 50_000_000, itemsUnits: 300_000, targetUnits: 1_000_000, rates: RATES })).toBe(
      489_500,
    );
    // A wallet of ¥12.3456 offers ¥12.34.
    expect(balanceMaxUnits({ moneyUnits: 123_456, itemsUnits: 0, targetUnits: 1_000_000, rates: RATES })).toBe(123_400);
    // Items already worth the max rate: no balance.
    expect(balanceMaxUnits({ moneyUnits: 50_000_000, itemsUnits: 900_000, targetUnits: 1_000_000, rates: RATES })).toBe(
      0,
    );
    // No target: the wallet.
    expect(balanceMaxUnits({ moneyUnits: 123_456, itemsUnits: 0, targetUnits: null, rates: RATES })).toBe(123_400);
    // A max rate at the RTP would reach the target's value: the slider stays under it.
    const rates = { ...RATES, max_rate_ppm: 950_000 };
    expect(balanceMaxUnits({ moneyUnits: 50_000_000, itemsUnits: 0, targetUnits: 1_000_000, rates })).toBe(999_900);
  });
});

describe('the random pick’s draw', () => {
  it('stays in [0, n)', () => {
    for (const n of [1, 2, 7, 300, 2 ** 32]) {
      for (let i = 0; i < 50; i++) {
        const r = secureRandomBelow(n);
        expect(Number.isInteger(r) && r >= 0 && r < n).toBe(true);
      }
    }
    expect(() => secureRandomBelow(0)).toThrow(RangeError);
  });
});
