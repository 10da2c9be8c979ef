/**
 * Money is integer minor units: 1 unit = 1/10000 yuan (spec 1 §9). Never a float.
 */
declare const moneyBrand: unique symbol;
export type Money = number & { readonly [moneyBrand]: 'Money' };

export const UNITS_PER_YUAN = 10_000;

export function money(units: number): Money {
  if (!Number.isSafeInteger(units)) throw new RangeError(`money must be a safe integer, got ${units}`);
  return units as Money;
}

/** Whole yuan (or a decimal string with up to 4 places) to units, exactly. */
export function yuanToUnits(yuan: number | string): Money {
  const text = typeof yuan === 'number' ? yuan.toString() : yuan.trim();
  const m = /^(-?)(\d+)(?:\.(\d{1,4}))?$/.exec(text);
  if (!m) throw new RangeError(`not an amount: ${text}`);
  const [, sign, whole = '0', frac = ''] = m;
  const units = Number(whole) * UNITS_PER_YUAN + Number(frac.padEnd(4, '0'));
  return money(sign === '-' ? -units : units);
}

/** Balances are shown floored to 2 decimals (spec 1 §9). */
export function formatUnits(units: number, decimals = 2): string {
  if (!Number.isSafeInteger(units)) throw new RangeError(`money must be a safe integer, got ${units}`);
  const negative = units < 0;
  const abs = Math.abs(units);
  const step = 10 ** (4 - decimals);
  const floored = Math.floor(abs / step);
  const whole = Math.floor(floored / 10 ** decimals);
  const frac = decimals > 0 ? `.${String(floored % 10 ** decimals).padStart(decimals, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${frac}`;
}

/** A change of balance: "+12.34" for a credit, "-12.34" for a debit, floored like every balance. */
export function formatSignedUnits(units: number): string {
  return units > 0 ? `+${formatUnits(units)}` : formatUnits(units);
}
