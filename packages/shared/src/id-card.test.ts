import { describe, expect, it } from 'vitest';
import { checkIdentity, chinaDay, mainlandCheckChar, normalizeIdNumber } from './id-card.ts';

const today = { year: 2026, month: 11, day: 21 };

/** A mainland number with a correct check character for the given first 17 digits. */
const mainland = (first17: string) => first17 + mainlandCheckChar(first17);

describe('mainland resident ID (type 1)', () => {
  it('accepts well-known valid numbers, X check digit in either case', () => {
    expect(checkIdentity('11010519491231002X', 1, today)).toBeNull();
    expect(checkIdentity('11010519491231002x', 1, today)).toBeNull();
    expect(checkIdentity('440524198001010013', 1, today)).toBeNull();
    expect(checkIdentity(mainland('81000019900101123'), 1, today)).toBeNull();
  });

  it('reports format and province problems as ID_INVALID, first', () => {
    expect(checkIdentity('', 1, today)).toBe('ID_INVALID');
    expect(checkIdentity('1101051949123100', 1, today)).toBe('ID_INVALID');
    expect(checkIdentity('11010519491231002Y', 1, today)).toBe('ID_INVALID');
    // 99 is no province; the bad date and check digit behind it are not reached.
    expect(checkIdentity('990105194913310020', 1, today)).toBe('ID_INVALID');
    expect(checkIdentity(mainland('16010519900101123'), 1, today)).toBe('ID_INVALID');
  });

  it('reports an impossible or future birth date as ID_BIRTH_INVALID before the checksum', () => {
    expect(checkIdentity('110105199002300010', 1, today)).toBe('ID_BIRTH_INVALID');
    expect(checkIdentity(mainland('11010519001301123'), 1, today)).toBe('ID_BIRTH_INVALID');
    expect(checkIdentity(mainland('11010518991231123'), 1, today)).toBe('ID_BIRTH_INVALID');
    expect(checkIdentity(mainland('11010520270101123'), 1, today)).toBe('ID_BIRTH_INVALID');
    expect(checkIdentity(mainland('11010519010229123'), 1, today)).toBe('ID_BIRTH_INVALID');
    expect(checkIdentity(mainland('11010520000229123'), 1, today)).toBeNull();
  });

  it('reports a wrong check character as ID_CHECKSUM_INVALID', () => {
    expect(checkIdentity('110105194912310021', 1, today)).toBe('ID_CHECKSUM_INVALID');
    expect(checkIdentity('440524198001010014', 1, today)).toBe('ID_CHECKSUM_INVALID');
  });

  it('refuses holders under 18, counting from the birthday itself', () => {
    expect(checkIdentity(mainland('11010520081121123'), 1, today)).toBeNull();
    expect(checkIdentity(mainland('11010520081122123'), 1, today)).toBe('ID_UNDER_18');
    expect(checkIdentity(mainland('11010520150601123'), 1, today)).toBe('ID_UNDER_18');
    // Born 29 Feb 2008: adult on 1 Mar 2026, not on 28 Feb.
    const leap = mainland('11010520080229123');
    expect(checkIdentity(leap, 1, { year: 2026, month: 2, day: 28 })).toBe('ID_UNDER_18');
    expect(checkIdentity(leap, 1, { year: 2026, month: 3, day: 1 })).toBeNull();
  });
});

describe('Hong Kong, Macau and Taiwan', () => {
  it('checks the Hong Kong check digit, one or two letters, A as 10', () => {
    expect(checkIdentity('A123456(3)', 2, today)).toBeNull();
    expect(checkIdentity('a123456（3）', 2, today)).toBeNull();
    expect(checkIdentity('A123456(4)', 2, today)).toBe('ID_CHECKSUM_INVALID');
    expect(checkIdentity('C668668(9)', 2, today)).toBeNull();
    expect(checkIdentity('AB987654(3)', 2, today)).toBeNull();
    expect(checkIdentity('A12345(3)', 2, today)).toBe('ID_INVALID');
    expect(checkIdentity('A1234563', 2, today)).toBe('ID_INVALID');
  });

  it('checks the Macau format', () => {
    expect(checkIdentity('1234567(8)', 3, today)).toBeNull();
    expect(checkIdentity('5215299(8)', 3, today)).toBeNull();
    expect(checkIdentity('2234567(8)', 3, today)).toBe('ID_INVALID');
    expect(checkIdentity('1234567', 3, today)).toBe('ID_INVALID');
  });

  it('checks the Taiwan checksum', () => {
    expect(checkIdentity('A123456789', 4, today)).toBeNull();
    expect(checkIdentity('F131104093', 4, today)).toBeNull();
    expect(checkIdentity('A123456788', 4, today)).toBe('ID_CHECKSUM_INVALID');
    expect(checkIdentity('A323456789', 4, today)).toBe('ID_INVALID');
    expect(checkIdentity('1123456789', 4, today)).toBe('ID_INVALID');
  });
});

describe('helpers', () => {
  it('normalises spelling and computes the China calendar day', () => {
    expect(normalizeIdNumber(' 11010519491231002x ')).toBe('11010519491231002X');
    // 16:30 UTC on 21 Nov is already 22 Nov in Beijing.
    expect(chinaDay(Date.UTC(2026, 10, 21, 16, 30))).toEqual({ year: 2026, month: 11, day: 22 });
  });
});
