import { describe, expect, it } from 'vitest';
import { energyWeekOf } from './energy.week.ts';

describe('energyWeekOf', () => {
  it('starts on Monday 00:00 China time (Sunday 16:00 UTC)', () => {
    // 2026-11-23 is a Monday; 00:00 in China is 2026-11-22T16:00Z.
    const w = energyWeekOf(Date.parse('2026-11-25T10:00:00Z'));
    expect(w.week).toBe('2026-11-23');
    expect(w.start.toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(w.end.toISOString()).toBe('2026-11-29T16:00:00.000Z');
  });

  it('puts the last instant of Sunday (China) in the old week and Monday 00:00 in the new one', () => {
    expect(energyWeekOf(Date.parse('2026-11-29T15:59:59.999Z')).week).toBe('2026-11-23');
    expect(energyWeekOf(Date.parse('2026-11-29T16:00:00.000Z')).week).toBe('2026-11-30');
  });

  it('counts a UTC Sunday evening as the China Monday', () => {
    // Sunday 2026-11-22 20:00 UTC is Monday 04:00 in China.
    expect(energyWeekOf(Date.parse('2026-11-22T20:00:00Z')).week).toBe('2026-11-23');
  });
});
