import { TURNTABLE_RESULT_MS, TURNTABLE_SPIN_MS } from '@kaixiang/game/turntable';
import type { TurntableRoomInfo } from '@kaixiang/shared/turntable';

/**
 * Where the turntable's round is at a given server time (packages/game/src/turntable.ts,
 * "Lifecycle"): betting until bets_close_at; then the draw waits for the beacon (phase −1); once
 * settled (phase 1) the wheels turn for TURNTABLE_SPIN_MS from the settlement and the result
 * shows until the next round. The settlement is the snapshot's settled_at (a snapshot without it:
 * next_round_at less the spin and the result, as the rules set next_round_at). Driven by server time only, so a
 * visitor who arrives mid-spin sees the wheels exactly where everyone else's are.
 */
export type TurntableStage = 'betting' | 'drawing' | 'spinning' | 'result';

type TimedInfo = Pick<TurntableRoomInfo, 'phase' | 'phase_end_at' | 'bets_close_at' | 'next_round_at'> &
  Partial<Pick<TurntableRoomInfo, 'settled_at'>>;

export interface TurntableMoment {
  stage: TurntableStage;
  /** While spinning: how long the wheels have been turning. */
  spinElapsedMs: number;
  /** When the stage changes next without news from the server (ms from now), or null. */
  nextInMs: number | null;
}

/** When the wheels start turning (the settlement), for a settled round. */
export function spinStartOf(info: TimedInfo): number {
  return info.settled_at ?? (info.next_round_at ?? info.phase_end_at) - TURNTABLE_SPIN_MS - TURNTABLE_RESULT_MS;
}

export function momentOf(info: TimedInfo, serverNow: number): TurntableMoment {
  if (info.phase === 0) {
    if (serverNow < info.bets_close_at) {
      return { stage: 'betting', spinElapsedMs: 0, nextInMs: info.bets_close_at - serverNow };
    }
    // Closed on the server's clock; its close and the draw come as events.
    return { stage: 'drawing', spinElapsedMs: 0, nextInMs: null };
  }
  if (info.phase === -1) return { stage: 'drawing', spinElapsedMs: 0, nextInMs: null };
  const elapsed = Math.max(0, serverNow - spinStartOf(info));
  if (elapsed < TURNTABLE_SPIN_MS) {
    return { stage: 'spinning', spinElapsedMs: elapsed, nextInMs: TURNTABLE_SPIN_MS - elapsed };
  }
  return { stage: 'result', spinElapsedMs: TURNTABLE_SPIN_MS, nextInMs: null };
}

/**
 * The countdown shown beside the stage, in whole seconds (rounded up, so "0" shows only when the
 * time is up): to the close while betting, to the next round while the result shows. Null while
 * drawing and spinning, whose ends the clock does not know or the wheels show.
 */
export function countdownOf(info: TimedInfo, stage: TurntableStage, serverNow: number): number | null {
  if (stage === 'betting') return Math.max(0, Math.ceil((info.bets_close_at - serverNow) / 1000));
  if (stage === 'result') return Math.max(0, Math.ceil((info.phase_end_at - serverNow) / 1000));
  return null;
}

/**
 * How long to wait before asking the server again when no event came: a little after the phase
 * should have ended (a lost frame the socket could not notice), never more often than every 3 s.
 */
export const STALE_GRACE_MS = 2_500;
export function staleRefetchInMs(info: TimedInfo, serverNow: number): number {
  return Math.max(3_000, info.phase_end_at + STALE_GRACE_MS - serverNow);
}
