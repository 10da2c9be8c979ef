import { describe, expect, it } from 'vitest';
import {
  formatMicroUsdt,
  formatRate,
  parseMicroUsdt,
  rateHundredths,
  usdtQuantity,
  usdtQuantityMicro,
} from './usdt.ts';

describe('USDT maths', () => {
  it('truncates exchange_rate to hundredths, 7.60 when unset', () => {
    expect(rateHundredths(undefined)).toBe(760);
    expect(rateHundredths(0)).toBe(760);
    expect(rateHundredths(72_399)).toBe(723);
    expect(formatRate(723)).toBe('7.23');
    expect(formatRate(705)).toBe('7.05');
  });

  it('truncates the quantity to 6 decimals and adds the network fee', () => {
    expect(usdtQuantityMicro(100, 760)).toBe(14_157_894);
    expect(usdtQuantity(100, 760)).toBe('14.157894');
    expect(usdtQuantity(20_000, 723)).toBe('2767.251728');
    expect(usdtQuantity(100, 760, 0)).toBe('13.157894');
    expect(usdtQuantity(0, 760)).toBe('0.000000');
    // Exact divisions stay exact: 760 CNY at 7.60 is 100 USDT.
    expect(usdtQuantityMicro(760, 760)).toBe(101_000_000);
  });

  it('reads and writes micro-USDT without floats', () => {
    expect(formatMicroUsdt(5n)).toBe('0.000005');
    expect(parseMicroUsdt('14.157894')).toBe(14_157_894n);
    expect(parseMicroUsdt('20')).toBe(20_000_000n);
    expect(parseMicroUsdt('0.1')).toBe(100_000n);
    expect(parseMicroUsdt('1.1234567')).toBeNull();
    expect(parseMicroUsdt('-1')).toBeNull();
    expect(parseMicroUsdt('1e3')).toBeNull();
  });
});
