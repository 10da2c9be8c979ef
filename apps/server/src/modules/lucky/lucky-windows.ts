import { and, asc, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { luckyWindows } from '../../db/schema/lucky.ts';
import type { Clock } from '../../infra/clock.ts';

/** A window as the box opening needs it. */
export interface OpenWindow {
  id: number;
  startsAtMs: number;
  endsAtMs: number;
  awardUnits: number;
}

/** How long a process trusts its copy of the windows (an admin change elsewhere shows within it). */
export const LUCKY_WINDOWS_CACHE_MS = 5_000;

/**
 * The windows that have not ended, as this process last read them (at most LUCKY_WINDOWS_CACHE_MS
 * ago): the box opening asks at every opening, the hottest path of the site, so the answer is a
 * few comparisons on a short list in memory, and outside a window the opening costs what it did
 * before. One read at a time refreshes the copy; the openings meanwhile wait for that read.
 */
export function createLuckyWindows(deps: { db: Db; clock: Clock; cacheMs?: number }) {
  const cacheMs = deps.cacheMs ?? LUCKY_WINDOWS_CACHE_MS;
  let copy: { atMs: number; list: OpenWindow[] } | null = null;
  let reading: Promise<OpenWindow[]> | null = null;

  async function read(): Promise<OpenWindow[]> {
    const nowMs = deps.clock.now();
    const rows = await deps.db
      .select()
      .from(luckyWindows)
      .where(and(isNull(luckyWindows.cancelledAt), gt(luckyWindows.endsAt, new Date(nowMs))))
      .orderBy(asc(luckyWindows.startsAt));
    const list = rows.map((r) => ({
      id: r.id,
      startsAtMs: r.startsAt.getTime(),
      endsAtMs: r.endsAt.getTime(),
      awardUnits: r.awardUnits,
    }));
    copy = { atMs: nowMs, list };
    return list;
  }

  async function windows(): Promise<OpenWindow[]> {
    if (copy && deps.clock.now() - copy.atMs < cacheMs) return copy.list;
    reading ??= read().finally(() => {
      reading = null;
    });
    return reading;
  }

  return {
    /** The window running at `nowMs` ([start, end)), or null. */
    async at(nowMs: number): Promise<OpenWindow | null> {
      for (const w of await windows()) if (w.startsAtMs <= nowMs && nowMs < w.endsAtMs) return w;
      return null;
    },
    /** Forget the copy (after an admin change on this process). */
    invalidate(): void {
      copy = null;
    },
  };
}

export type LuckyWindows = ReturnType<typeof createLuckyWindows>;
