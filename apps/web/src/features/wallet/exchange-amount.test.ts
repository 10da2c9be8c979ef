import { describe, expect, it } from 'vitest';
import { exchangeAmountUnits, maxExchangeAmount, sanitiseExchangeAmount } from './exchange-amount.ts';

const QUOTA = 1_234_5678; // 1234.5678 of mall quota
const clean = (raw: string, quota = QUOTA) => sanitiseExchangeAmount(raw, quota);

describe('exchange amount input (spec 1 §5)', () => {
  it('keeps only digits and one decimal point', () => {
    expect(clean('12a3')).toBe('123');
    expect(clean('1.2.3')).toBe('1.23');
    expect(clean('-5')).toBe('5');
    expect(clean('1e3')).toBe('13');
    expect(clean('１２')).toBe('');
  });

  it('allows at most 2 decimals', () => {
    expect(clean('3.14159')).toBe('3.14');
    expect(clean('3.1')).toBe('3.1');
    expect(clean('3.')).toBe('3.');
  });

  it('removes leading zeros', () => {
    expect(clean('007')).toBe('7');
    expect(clean('00.50')).toBe('0.50');
    expect(clean('0')).toBe('0');
    expect(clean('.5')).toBe('0.5');
  });

  it('caps at the available quota, floored to 2 decimals', () => {
    expect(clean('1234.56')).toBe('1234.56');
    expect(clean('1234.57')).toBe('1234.56');
    expect(clean('99999')).toBe('1234.56');
    expect(clean('99999999999999999999')).toBe('1234.56');
    expect(clean('5', 0)).toBe('');
  });

  it('clears what is not an amount', () => {
    expect(clean('abc')).toBe('');
    expect(clean('.')).toBe('0.');
    expect(clean('')).toBe('');
  });
});

describe('exchange amount in units', () => {
  it('is exact where floats are not', () => {
    expect(exchangeAmountUnits('0.57')).toBe(5700);
    expect(0.57 * 10000).not.toBe(5700);
    expect(exchangeAmountUnits('1.1')).toBe(11_000);
    expect(exchangeAmountUnits('8.')).toBe(80_000);
    expect(exchangeAmountUnits('')).toBeNull();
    expect(exchangeAmountUnits('1.234')).toBeNull();
  });

  it('max is the quota floored to 2 decimals', () => {
    expect(maxExchangeAmount(QUOTA)).toBe('1234.56');
    expect(maxExchangeAmount(0)).toBe('');
  });
});
