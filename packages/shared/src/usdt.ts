import { DEFAULT_EXCHANGE_RATE } from './payments.ts';

/**
 * USDT recharge maths (spec 2 §5, §9), shared so the dialog's preview and the server's order agree
 * to the last micro-USDT. Integer maths only: CNY are whole yuan, rates hundredths of a CNY per
 * USDT, quantities micro-USDT (6 decimals, what both TRC20 and ERC20 USDT count in).
 */
export const USDT_MIN_CNY = 100;
export const USDT_MAX_CNY = 20_000;
export const USDT_INPUT_MAX_LENGTH = 7;
/** One USDT in micro-USDT. */
export const MICRO_PER_USDT = 1_000_000;
/** The network fee added to the quantity by default (spec 2 §9: "example 1 USDT on 100"). */
export const USDT_NETWORK_FEE_MICRO = 1_000_000;

/** exchange_rate (CNY per USDT × 10000) → hundredths of a CNY, truncated; the default 7.6 when unset. */
export function rateHundredths(exchangeRate: number | undefined | null): number {
  const rate = exchangeRate && exchangeRate > 0 ? exchangeRate : DEFAULT_EXCHANGE_RATE;
  return Math.trunc(rate / 100);
}

export function formatRate(hundredths: number): string {
  return `${Math.trunc(hundredths / 100)}.${String(hundredths % 100).padStart(2, '0')}`;
}

/**
 * Micro-USDT to pay for `cny` whole yuan at `rate` hundredths: the value truncated to 6 decimals,
 * plus the network fee. 20000 CNY × 10^8 stays far below 2^53.
 */
export function usdtQuantityMicro(cny: number, rate: number, feeMicro: number = USDT_NETWORK_FEE_MICRO): number {
  if (rate <= 0 || cny <= 0) return 0;
  return Math.trunc((cny * 100 * MICRO_PER_USDT) / rate) + feeMicro;
}

/** 14157894 → "14.157894". */
export function formatMicroUsdt(micro: number | bigint): string {
  const m = BigInt(micro);
  const sign = m < 0n ? '-' : '';
  const abs = m < 0n ? -m : m;
  const unit = BigInt(MICRO_PER_USDT);
  return `${sign}${abs / unit}.${String(abs % unit).padStart(6, '0')}`;
}

/** "14.157894" (at most 6 decimals) → 14157894n; null when it is not such a number. */
export function parseMicroUsdt(text: string): bigint | null {
  const m = /^(\d{1,15})(?:\.(\d{1,6}))?$/.exec(text.trim());
  if (!m) return null;
  return BigInt(m[1] as string) * BigInt(MICRO_PER_USDT) + BigInt((m[2] ?? '').padEnd(6, '0') || '0');
}

/** USDT to pay for `cny` at the rate, as shown: 6 decimals, network fee included. */
export function usdtQuantity(cny: number, rate: number, feeMicro: number = USDT_NETWORK_FEE_MICRO): string {
  return formatMicroUsdt(usdtQuantityMicro(cny, rate, feeMicro));
}
