import { describe, expect, it } from 'vitest';
import { chinaDayBefore, chinaDayOf, chinaDayRange } from './china-day.ts';

describe('China day', () => {
  it('turns at 16:00 UTC', () => {
    expect(chinaDayOf(Date.UTC(2026, 10, 21, 15, 59, 59, 999))).toBe('2026-11-21');
    expect(chinaDayOf(Date.UTC(2026, 10, 21, 16, 0, 0))).toBe('2026-11-22');
    expect(chinaDayBefore(Date.UTC(2026, 10, 21, 16, 0, 0), 1)).toBe('2026-11-21');
  });

  it('spans 24 hours from 16:00 UTC the day before', () => {
    const { start, end } = chinaDayRange('2026-11-22');
    expect(start.toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(end.toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });
});
