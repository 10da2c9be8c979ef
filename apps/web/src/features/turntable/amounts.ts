import type { Locale } from '@kaixiang/shared/locale';
import { formatUnits } from '@kaixiang/shared/money';

/** Server units in one yuan. */
const UNITS_PER_YUAN = 10_000;

/** How each language shortens a large number: 万 and 亿 (萬 and 億); K, M and B in English. */
const SCALES: Record<Locale, { fromYuan: number; yuan: number; suffix: string }[]> = {
  'zh-CN': [
    { fromYuan: 1e8, yuan: 1e8, suffix: '亿' },
    { fromYuan: 1e4, yuan: 1e4, suffix: '万' },
  ],
  'zh-TW': [
    { fromYuan: 1e8, yuan: 1e8, suffix: '億' },
    { fromYuan: 1e4, yuan: 1e4, suffix: '萬' },
  ],
  'en-US': [
    { fromYuan: 1e9, yuan: 1e9, suffix: 'B' },
    { fromYuan: 1e6, yuan: 1e6, suffix: 'M' },
    { fromYuan: 1e4, yuan: 1e3, suffix: 'K' },
  ],
};

/** Characters the number may take (digits and point, a suffix counting as one). */
const WIDTH = 5;

/**
 * An amount for the eight-to-a-line betting areas, where it must stay on one line (61 pixels of
 * text at the narrowest content width): under `fromYuan` exactly as every price (2 decimals), from
 * it on in at most five characters, floored like every balance: ¥100, ¥999.9, ¥1234, ¥1.23万 /
 * ¥1.23萬 / ¥12.3K, ¥5万 / ¥50K. The full amount is the element's title and the round's own total is
 * under the areas.
 */
export function compactYuan(units: number, locale: Locale, fromYuan = 1_000): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not an amount: ${units}`);
  if (units < fromYuan * UNITS_PER_YUAN) return formatUnits(units);
  const scale = SCALES[locale].find((s) => units >= s.fromYuan * UNITS_PER_YUAN);
  const unitUnits = (scale?.yuan ?? 1) * UNITS_PER_YUAN;
  const digits = String(Math.floor(units / unitUnits)).length;
  const decimals = Math.max(0, Math.min(2, WIDTH - (scale ? 1 : 0) - digits - 1));
  // Integer division of safe integers: exact, so the floor never rounds up.
  const scaled = Math.floor(units / (unitUnits / 10 ** decimals));
  const whole = Math.floor(scaled / 10 ** decimals);
  const fraction = String(scaled % 10 ** decimals)
    .padStart(decimals, '0')
    .replace(/0+$/, '');
  return `${whole}${decimals > 0 && fraction ? `.${fraction}` : ''}${scale?.suffix ?? ''}`;
}
