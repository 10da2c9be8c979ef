import { describe, expect, it } from 'vitest';
import { formatRate, rateHundredths, sanitiseUsdtAmount, usdtAmountProblem, usdtQuantity } from './usdt.ts';

describe('USDT amounts', () => {
  it('keeps whole yuan only, clamps at 20000 and caps the input at 7 characters', () => {
    expect(sanitiseUsdtAmount('0012a3.5')).toBe('1235');
    expect(sanitiseUsdtAmount('20001')).toBe('20000');
    expect(sanitiseUsdtAmount('99999999')).toBe('20000');
    expect(sanitiseUsdtAmount('')).toBe('');
  });

  it('refuses empty or zero, then anything under 100', () => {
    expect(usdtAmountProblem('')).toBe('errors.amount');
    expect(usdtAmountProblem('0')).toBe('errors.amount');
    expect(usdtAmountProblem('99')).toBe('errors.minimum');
    expect(usdtAmountProblem('100')).toBeNull();
  });

  it('truncates the rate to 2 decimals, 7.60 by default, and the quantity to 6 plus the 1 USDT fee', () => {
    expect(formatRate(rateHundredths(0))).toBe('7.60');
    expect(formatRate(rateHundredths(72_399))).toBe('7.23');
    expect(usdtQuantity(100, rateHundredths(76_000))).toBe('14.157894');
    expect(usdtQuantity(20_000, rateHundredths(72_399))).toBe('2767.251728');
  });
});
