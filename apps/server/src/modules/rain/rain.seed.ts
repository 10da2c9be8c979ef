import type { RainTiming } from '@kaixiang/game/rain';
import type { Db } from '../../db/client.ts';
import { rainSchedules } from '../../db/schema/rain.ts';

/** The seed's schedule, once per database (an operator's later edits survive restarts). */
export const DEFAULT_RAIN_SEED_KEY = 'default';

/**
 * A rain every 5 minutes on the clock (UTC-anchored, so :00, :05, … in every time zone), lasting
 * a minute: ¥20 in 20 packets of at least ¥0.10, for anyone signed in. A fresh `npm start` shows a
 * countdown to a rain at most five minutes away; an operator changes or turns it off through the
 * admin API (docs/promotions/rain.md "Default schedule").
 */
export const DEFAULT_RAIN = {
  title: '整点红包雨',
  timing: { kind: 'every', anchorMs: 0, everyMs: 5 * 60_000, durationMs: 60_000 } satisfies RainTiming,
  poolUnits: 200_000,
  packetCount: 20,
  minPacketUnits: 1_000,
};

/** Idempotent: the default schedule is inserted once (its seed key is unique). */
export async function seedRain(db: Db, nowMs: number): Promise<void> {
  const now = new Date(nowMs);
  await db
    .insert(rainSchedules)
    .values({
      ...DEFAULT_RAIN,
      enabled: true,
      seedKey: DEFAULT_RAIN_SEED_KEY,
      createdBy: 0,
      updatedBy: 0,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}
