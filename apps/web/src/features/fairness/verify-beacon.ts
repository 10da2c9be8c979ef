import { type BeaconInfoResponse, beaconRoundAfter, beaconRoundTime } from '@kaixiang/shared/beacon';

/**
 * Whether a room's beacon round is the first one published after its entries closed — the proof
 * that nobody, the house included, knew the public seed while the room could still change. Read
 * off the beacon's own schedule (GET /site/v1/beacon/info: drand quicknet in production, the
 * local beacon elsewhere): round r is published at genesis + (r − 1) × period.
 */
export interface BeaconTiming {
  round: number | null;
  /** When the room's round was published, by the schedule; null without a round or schedule. */
  publishedAt: number | null;
  closedAt: number | null;
  /** The first round published strictly after closedAt; null without a close time or schedule. */
  expected: number | null;
  /** The beacon's schedule could be read: without it nothing could be checked. */
  known: boolean;
  ok: boolean;
}

export function beaconTiming(
  info: BeaconInfoResponse | null,
  closedAt: number | null,
  round: number | null,
): BeaconTiming {
  const schedule = info ? { genesisMs: info.genesis_at, periodMs: info.period_ms } : null;
  const expected = schedule && closedAt !== null ? beaconRoundAfter(schedule, closedAt) : null;
  const publishedAt = schedule && round !== null ? beaconRoundTime(schedule, round) : null;
  return {
    round,
    publishedAt,
    closedAt,
    expected,
    known: schedule !== null,
    ok: expected !== null && round === expected,
  };
}
