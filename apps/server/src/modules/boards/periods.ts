import type { PeriodKind } from '@kaixiang/shared/boards';
import { chinaDayOf, chinaDayRange } from '../promotion/china-day.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Period keys of the calendar boards (the same rule as kx_board_period in db/functions/boards.sql,
 * checked against it by boards.int.test.ts): 'd:YYYY-MM-DD' a China day (UTC+8), 'w:YYYY-MM-DD'
 * the China week starting on that Monday.
 */
export interface Period {
  key: string;
  kind: PeriodKind;
  start: Date;
  end: Date;
}

/** The period of `kind` containing `ms`, or `back` periods before it. */
export function periodOf(kind: PeriodKind, ms: number, back = 0): Period {
  if (kind === 'day') {
    const day = chinaDayOf(ms - back * DAY_MS);
    const { start, end } = chinaDayRange(day);
    return { key: `d:${day}`, kind, start, end };
  }
  const day = chinaDayOf(ms);
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monday = chinaDayOf(chinaDayRange(day).start.getTime() - (weekday + 7 * back) * DAY_MS);
  const start = chinaDayRange(monday).start;
  return { key: `w:${monday}`, kind, start, end: new Date(start.getTime() + 7 * DAY_MS) };
}

/** The period a key names (calendar keys only). */
export function periodOfKey(key: string): Period {
  const m = /^([dw]):(\d{4}-\d{2}-\d{2})$/.exec(key);
  if (!m) throw new RangeError(`bad period ${key}`);
  const kind: PeriodKind = m[1] === 'd' ? 'day' : 'week';
  return periodOf(kind, chinaDayRange(m[2] as string).start.getTime());
}
