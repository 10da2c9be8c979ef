import { LIMIT_MAX_UNITS } from '@kaixiang/shared/protection';
import { describe, expect, it } from 'vitest';
import { changedLimits, limitInputs, parseLimit } from './limits.ts';

const NONE = {
  deposit_day: null,
  deposit_week: null,
  deposit_month: null,
  loss_day: null,
  loss_week: null,
  loss_month: null,
};

describe('limits as typed', () => {
  it('reads yuan with up to two decimals as units, and an empty field as no limit', () => {
    expect(parseLimit(' 12.5 ')).toBe(125_000);
    expect(parseLimit('0.01')).toBe(100);
    expect(parseLimit('')).toBeNull();
    expect(parseLimit('10000000')).toBe(LIMIT_MAX_UNITS);
  });

  it('refuses what the server would refuse: zero, three decimals, signs, words, above the maximum', () => {
    for (const text of ['0', '0.00', '1.234', '-5', '+5', '5元', '1e3', '10000000.01']) {
      expect(parseLimit(text), text).toBeUndefined();
    }
  });

  it('sends only the fields that differ from the limits in force', () => {
    const inForce = { ...NONE, deposit_day: 1_000_000, loss_week: 2_000_000 };
    const inputs = { ...limitInputs(inForce), deposit_day: '100', deposit_week: '50', loss_week: '' };
    expect(changedLimits(inForce, inputs)).toEqual({ ok: true, limits: { deposit_week: 500_000, loss_week: null } });
    expect(changedLimits(inForce, limitInputs(inForce))).toEqual({ ok: true, limits: {} });
    expect(changedLimits(inForce, { ...inputs, loss_day: 'abc' })).toEqual({ ok: false, invalid: ['loss_day'] });
  });
});
