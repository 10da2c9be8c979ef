import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';

/**
 * The exchange amount as the player types it (spec 1 §5): only digits and one decimal point, at
 * most 2 decimals, leading zeros removed, capped at the available mall quota, cleared if nothing
 * valid is left. A trailing point is kept so that "12." can become "12.5" on the next key.
 */
export function sanitiseExchangeAmount(raw: string, availableUnits: number): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  let whole = point < 0 ? kept : kept.slice(0, point);
  const frac =
    point < 0
      ? null
      : kept
          .slice(point + 1)
          .replace(/\./g, '')
          .slice(0, 2);
  // "00012" → "12", but "0.5" keeps its one zero and ".5" gets one.
  whole = whole.replace(/^0+(?=\d)/, '');
  if (whole === '' && frac !== null) whole = '0';
  if (whole === '') return '';
  const text = frac === null ? whole : `${whole}.${frac}`;
  const units = exchangeAmountUnits(text);
  // Null here can only mean more digits than a safe integer holds: far above any quota.
  if (units === null || units > availableUnits) return maxExchangeAmount(availableUnits);
  return text;
}

/**
 * The typed amount in units, exactly (no float arithmetic: "0.57" must be 5700, not 5699.99…),
 * or null when there is no number yet.
 */
export function exchangeAmountUnits(text: string): number | null {
  const bare = text.endsWith('.') ? text.slice(0, -1) : text;
  if (!/^\d+(\.\d{1,2})?$/.test(bare)) return null;
  try {
    return yuanToUnits(bare);
  } catch {
    return null;
  }
}

/** Everything the player may exchange, floored to the 2 decimals an amount can have. */
export function maxExchangeAmount(availableUnits: number): string {
  return availableUnits > 0 ? formatUnits(availableUnits) : '';
}
