/**
 * Percentages computed in integers, so 2600 of 1,000,000 tickets reads 0.2600% and never
 * 0.25999999%.
 */
function fixed(scaled: number, decimals: number): string {
  const step = 10 ** decimals;
  const whole = Math.floor(scaled / step);
  return `${whole}.${String(scaled % step).padStart(decimals, '0')}`;
}

/** Return to player in basis points → "90.00". */
export function formatRtp(rtpBp: number): string {
  return fixed(Math.max(0, Math.round(rtpBp)), 2);
}

/** tickets / total as a percentage with 4 decimals, rounded half up → "0.2600". */
export function formatProbability(tickets: number, total: number): string {
  if (total <= 0) return fixed(0, 4);
  return fixed(Math.round((tickets * 1_000_000) / total), 4);
}
