import { USDT_INPUT_MAX_LENGTH, USDT_MAX_CNY, USDT_MIN_CNY } from '@kaixiang/shared/usdt';

// The rate and quantity maths live in packages/shared so the preview equals the server's order.
export {
  formatRate,
  rateHundredths,
  USDT_INPUT_MAX_LENGTH,
  USDT_MAX_CNY,
  USDT_MIN_CNY,
  USDT_NETWORK_FEE_MICRO,
  usdtQuantity,
} from '@kaixiang/shared/usdt';

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
