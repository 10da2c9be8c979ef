import { DEFAULT_EXCHANGE_RATE } from '@kaixiang/shared/payments';

/** USDT top-up limits of spec 2 §5, §9: whole CNY, 100 to 20000, at most 7 characters typed. */
export const USDT_MIN_CNY = 100;
export const USDT_MAX_CNY = 20_000;
export const USDT_INPUT_MAX_LENGTH = 7;
/** The network fee added to the quantity (spec 2 §9: "example 1 USDT on 100"). */
export const USDT_NETWORK_FEE_MICRO = 1_000_000;

/** Digits only, no leading zeros, clamped at 20000 (spec 2 §5). */
export function sanitiseUsdtAmount(raw: string): string {
  const digits = raw
    .replace(/\D/g, '')
    .slice(0, USDT_INPUT_MAX_LENGTH)
    .replace(/^0+(?=\d)/, '');
  if (digits === '') return '';
  return Number(digits) > USDT_MAX_CNY ? String(USDT_MAX_CNY) : digits;
}

/** The amount's problem as a locale key under `recharge.usdt.`, or null. */
export function usdtAmountProblem(value: string): string | null {
  const cny = Number(value);
  if (value === '' || !Number.isInteger(cny) || cny <= 0) return 'errors.amount';
  if (cny < USDT_MIN_CNY) return 'errors.minimum';
  return null;
}

/** exchange_rate (CNY per USDT × 10000) → hundredths of a CNY, truncated; the default 7.6 when unset. */
export function rateHundredths(exchangeRate: number | undefined): number {
  const rate = exchangeRate && exchangeRate > 0 ? exchangeRate : DEFAULT_EXCHANGE_RATE;
  return Math.trunc(rate / 100);
}

export function formatRate(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/** USDT to pay for `cny` at the rate, truncated to 6 decimals, plus the network fee; integer maths. */
export function usdtQuantity(cny: number, rate: number): string {
  if (rate <= 0 || cny <= 0) return '0.000000';
  const micro = Math.trunc((cny * 100 * 1_000_000) / rate) + USDT_NETWORK_FEE_MICRO;
  return `${Math.trunc(micro / 1_000_000)}.${String(micro % 1_000_000).padStart(6, '0')}`;
}
