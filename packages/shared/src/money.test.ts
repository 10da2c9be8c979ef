import { describe, expect, it } from 'vitest';
import { formatUnits, money, yuanToUnits } from './money.ts';

describe('money', () => {
  it('converts yuan to integer units exactly', () => {
    expect(yuanToUnits('12.34')).toBe(123_400);
    expect(yuanToUnits(0.1)).toBe(1_000);
    expect(yuanToUnits('0.0001')).toBe(1);
    expect(() => yuanToUnits('1.23456')).toThrow();
    expect(() => yuanToUnits('abc')).toThrow();
  });

  it('floors to two decimals for display', () => {
    expect(formatUnits(123_456)).toBe('12.34');
    expect(formatUnits(99)).toBe('0.00');
    expect(formatUnits(-15_000)).toBe('-1.50');
    expect(formatUnits(90_000_000)).toBe('9000.00');
  });

  it('refuses non-integers', () => {
    expect(() => money(1.5)).toThrow(RangeError);
    expect(() => formatUnits(Number.MAX_SAFE_INTEGER + 2)).toThrow(RangeError);
  });
});
