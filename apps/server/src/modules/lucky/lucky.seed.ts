import { count } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { luckyWindows } from '../../db/schema/lucky.ts';

/** The default award of a lucky opening: ¥8.88 (88,800 units), a lucky number. */
export const DEFAULT_LUCKY_AWARD_UNITS = 88_800;

/**
 * Spring Festival (春节, the first day of the lunar year) in the years the seed may meet, China
 * dates. The new-year activity runs from New Year's Eve (除夕) to the Lantern Festival (元宵, the
 * 15th day) inclusive, China time.
 */
const SPRING_FESTIVALS = [
  '2026-02-17',
  '2027-02-06',
  '2028-01-26',
  '2029-02-13',
  '2030-02-03',
  '2031-01-23',
  '2032-02-11',
  '2033-01-31',
  '2034-02-19',
  '2035-02-08',
] as const;

const DAY_MS = 24 * 60 * 60 * 1000;
/** China time is UTC+8 (no daylight saving). */
const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The new-year window of each Spring Festival: [eve 00:00, the day after the 15th 00:00), China time. */
export function newYearWindows(): { startsAtMs: number; endsAtMs: number }[] {
  return SPRING_FESTIVALS.map((day) => {
    const festivalMs = Date.parse(`${day}T00:00:00Z`) - CHINA_OFFSET_MS;
    return { startsAtMs: festivalMs - DAY_MS, endsAtMs: festivalMs + 15 * DAY_MS };
  });
}

/**
 * A sensible default when the operator has set none: the coming (or running) new-year window with
 * the default award, so the page says when it is. Idempotent: only into an empty table (a window
 * the operator cancelled keeps its row, so it is never made again).
 */
export async function seedLucky(db: Db, nowMs: number): Promise<void> {
  const [existing] = await db.select({ n: count() }).from(luckyWindows);
  if ((existing?.n ?? 0) > 0) return;
  const next = newYearWindows().find((w) => w.endsAtMs > nowMs);
  if (!next) return;
  const now = new Date(nowMs);
  await db.insert(luckyWindows).values({
    startsAt: new Date(next.startsAtMs),
    endsAt: new Date(next.endsAtMs),
    awardUnits: DEFAULT_LUCKY_AWARD_UNITS,
    createdBy: 0,
    createdAt: now,
    updatedAt: now,
  });
}
