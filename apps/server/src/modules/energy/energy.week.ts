import { chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The energy period holding `ms`: the China week (UTC+8) from Monday 00:00 to the next Monday
 * 00:00 (docs/promotions/energy-box.md "Energy"). `week` is that Monday's date, YYYY-MM-DD: the
 * part of an energy bag's source key that makes a level openable once a week.
 */
export function energyWeekOf(ms: number): { week: string; start: Date; end: Date } {
  const day = chinaDayOf(ms);
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 Sunday … 6 Saturday
  const back = (dow + 6) % 7; // days since Monday
  const monday = new Date(Date.parse(`${day}T00:00:00Z`) - back * DAY_MS).toISOString().slice(0, 10);
  const { start } = chinaDayRange(monday);
  return { week: monday, start, end: new Date(start.getTime() + 7 * DAY_MS) };
}
