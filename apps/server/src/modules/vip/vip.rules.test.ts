import { describe, expect, it } from 'vitest';
import { completion, type LevelDef, levelFor, monthStart, periodStart, retentionDeduction } from './vip.rules.ts';

const Y = 10_000;
const levels: LevelDef[] = [0, 100, 500, 1000].map((cny, level) => ({
  id: level + 1,
  level,
  thresholdUnits: cny * Y,
  rewardUnits: level === 0 ? 0 : level * Y,
}));

describe('vip rules', () => {
  it('finds the level a given experience reaches', () => {
    expect(levelFor(levels, 0)).toBe(0);
    expect(levelFor(levels, 100 * Y - 1)).toBe(0);
    expect(levelFor(levels, 100 * Y)).toBe(1);
    expect(levelFor(levels, 999 * Y)).toBe(2);
    expect(levelFor(levels, 5000 * Y)).toBe(3);
  });

  it('marks levels claimable, claimed and not reached', () => {
    const [l0, l1, , l3] = levels as [LevelDef, LevelDef, LevelDef, LevelDef];
    expect(completion(l0, 0, false)).toBe(1);
    expect(completion(l1, 2, false)).toBe(0);
    expect(completion(l1, 2, true)).toBe(1);
    expect(completion(l3, 2, false)).toBe(2);
  });

  it('keeps a level with 30 % of its threshold recharged in the month, else drops exactly one', () => {
    // Level 3 (1000 CNY): 300 CNY keeps it.
    expect(retentionDeduction(levels, 1200 * Y, 300 * Y)).toBe(0);
    // 299.99 CNY does not: experience falls to level 2's threshold.
    expect(retentionDeduction(levels, 1200 * Y, 300 * Y - 100)).toBe(700 * Y);
    expect(levelFor(levels, 1200 * Y - 700 * Y)).toBe(2);
    expect(retentionDeduction(levels, 50 * Y, 0)).toBe(0);
  });

  it('starts periods at China midnight, Monday and the 1st', () => {
    // Saturday 2026-11-21 08:00 UTC = 16:00 China time.
    const now = Date.UTC(2026, 10, 21, 8);
    expect(new Date(periodStart(1, now)).toISOString()).toBe('2026-11-20T16:00:00.000Z');
    expect(new Date(periodStart(2, now)).toISOString()).toBe('2026-11-15T16:00:00.000Z');
    expect(new Date(periodStart(3, now)).toISOString()).toBe('2026-10-31T16:00:00.000Z');
    // 2026-11-30 17:00 UTC is already December 1st in China.
    expect(new Date(periodStart(3, Date.UTC(2026, 10, 30, 17))).toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(new Date(monthStart(now, -1)).toISOString()).toBe('2026-09-30T16:00:00.000Z');
    // A Monday in China is its own week start.
    expect(new Date(periodStart(2, Date.UTC(2026, 10, 15, 16, 30))).toISOString()).toBe('2026-11-15T16:00:00.000Z');
  });
});
