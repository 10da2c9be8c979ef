import { describe, expect, it } from 'vitest';
import { breakEndsAt, lengthsLeft } from './break-card.tsx';

const NOW = Date.UTC(2026, 0, 31, 12);
const DAY = 86_400_000;

describe('break lengths', () => {
  it('counts a cool-off in days and a self-exclusion in calendar months', () => {
    expect(breakEndsAt('coolOff', 7, NOW)).toBe(NOW + 7 * DAY);
    expect(new Date(breakEndsAt('exclude', 12, NOW)).toISOString()).toBe('2027-01-31T12:00:00.000Z');
  });

  it('offers every length with none running, and only the longer ones while one runs', () => {
    expect(lengthsLeft('coolOff', null, NOW)).toEqual([1, 3, 7, 14, 30, 42]);
    expect(lengthsLeft('coolOff', NOW + 7 * DAY, NOW)).toEqual([14, 30, 42]);
    expect(lengthsLeft('exclude', NOW + 400 * DAY, NOW)).toEqual([24, 36, 60]);
    expect(lengthsLeft('coolOff', NOW + 60 * DAY, NOW)).toEqual([]);
  });
});
