import { LIMIT_RAISE_DELAY_MS } from '@kaixiang/shared/protection';
import { describe, expect, it } from 'vitest';
import { applyLimitChanges, isValidLimit, type Limits } from './protection.rules.ts';

const NONE: Limits = {
  deposit_day: null,
  deposit_week: null,
  deposit_month: null,
  loss_day: null,
  loss_week: null,
  loss_month: null,
};
const NOW = 1_800_000_000_000;

describe('limit changes', () => {
  it('applies a first limit and a cut at once, and drops that field’s waiting raise', () => {
    const first = applyLimitChanges(NONE, {}, { loss_day: 5_000 }, NOW);
    expect(first).toMatchObject({ limits: { loss_day: 5_000 }, pending: {}, applied: ['loss_day'], waiting: [] });
    const pending = { loss_day: { value: 9_000, at: NOW + 1 } };
    const cut = applyLimitChanges(first.limits, pending, { loss_day: 4_000 }, NOW);
    expect(cut).toMatchObject({ limits: { loss_day: 4_000 }, pending: {}, applied: ['loss_day'] });
  });

  it('makes a raise and a removal wait 24 hours, from the last time they were asked', () => {
    const current = { ...NONE, deposit_day: 1_000, deposit_week: 2_000 };
    const r = applyLimitChanges(current, {}, { deposit_day: 3_000, deposit_week: null }, NOW);
    expect(r.limits).toEqual(current);
    expect(r.pending).toEqual({
      deposit_day: { value: 3_000, at: NOW + LIMIT_RAISE_DELAY_MS },
      deposit_week: { value: null, at: NOW + LIMIT_RAISE_DELAY_MS },
    });
    const again = applyLimitChanges(current, r.pending, { deposit_day: 3_000 }, NOW + 60_000);
    expect(again.pending.deposit_day?.at).toBe(NOW + 60_000 + LIMIT_RAISE_DELAY_MS);
    expect(again.pending.deposit_week).toEqual(r.pending.deposit_week);
  });

  it('asking for the limit in force drops a waiting raise and changes nothing else', () => {
    const current = { ...NONE, loss_month: 10_000 };
    const r = applyLimitChanges(current, { loss_month: { value: 20_000, at: NOW + 5 } }, { loss_month: 10_000 }, NOW);
    expect(r).toEqual({ limits: current, pending: {}, applied: [], waiting: [] });
  });

  it('takes whole cents from ¥0.01 to ¥10,000,000, or null', () => {
    for (const ok of [null, 100, 12_300, 100_000_000_000]) expect(isValidLimit(ok)).toBe(true);
    for (const bad of [0, 99, 150, -100, 100_000_000_100, 1.5, Number.NaN, '100', undefined]) {
      expect(isValidLimit(bad)).toBe(false);
    }
  });
});
