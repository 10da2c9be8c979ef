import { RANKING_UTC_OFFSET_MS } from '@kaixiang/shared/promotion';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The China (UTC+8) calendar day of an instant, YYYY-MM-DD. */
export function chinaDayOf(ms: number): string {
  return new Date(ms + RANKING_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instants [start, end) of a China calendar day. */
export function chinaDayRange(day: string): { start: Date; end: Date } {
  const startMs = Date.parse(`${day}T00:00:00Z`) - RANKING_UTC_OFFSET_MS;
  if (Number.isNaN(startMs)) throw new RangeError(`bad day ${day}`);
  return { start: new Date(startMs), end: new Date(startMs + DAY_MS) };
}

/** The China day `n` days before the one containing `ms`. */
export function chinaDayBefore(ms: number, n: number): string {
  return chinaDayOf(ms - n * DAY_MS);
}
