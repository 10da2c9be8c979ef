import { TURNTABLE_RESULT_MS, TURNTABLE_SPIN_MS } from '@kaixiang/game/turntable';
import { describe, expect, it } from 'vitest';
import { countdownOf, momentOf, spinStartOf, staleRefetchInMs } from './timeline.ts';

const T = 1_800_000_000_000;
const betting = { phase: 0 as const, phase_end_at: T + 15_000, bets_close_at: T + 15_000, next_round_at: null };
const settledAt = T + 16_000;
const settled = {
  phase: 1 as const,
  phase_end_at: settledAt + TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS,
  bets_close_at: T + 15_000,
  next_round_at: settledAt + TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS,
};

describe('the round on the server’s clock', () => {
  it('bets until the close, then waits for the draw', () => {
    expect(momentOf(betting, T)).toEqual({ stage: 'betting', spinElapsedMs: 0, nextInMs: 15_000 });
    expect(countdownOf(betting, 'betting', T + 100)).toBe(15);
    expect(countdownOf(betting, 'betting', T + 14_001)).toBe(1);
    expect(momentOf(betting, T + 15_000).stage).toBe('drawing');
    expect(momentOf({ ...betting, phase: -1 }, T + 15_500).stage).toBe('drawing');
    expect(countdownOf(betting, 'drawing', T + 15_500)).toBeNull();
  });

  it('spins from the settlement for the spin’s length, then shows the result until the next round', () => {
    expect(spinStartOf(settled)).toBe(settledAt);
    expect(momentOf(settled, settledAt + 1_000)).toEqual({
      stage: 'spinning',
      spinElapsedMs: 1_000,
      nextInMs: TURNTABLE_SPIN_MS - 1_000,
    });
    // A snapshot read a moment before the settlement on a clock slightly off: at the start.
    expect(momentOf(settled, settledAt - 50).spinElapsedMs).toBe(0);
    expect(momentOf(settled, settledAt + TURNTABLE_SPIN_MS).stage).toBe('result');
    expect(countdownOf(settled, 'result', settledAt + TURNTABLE_SPIN_MS)).toBe(TURNTABLE_RESULT_MS / 1000);
  });

  it('asks again a little after a phase should have ended, at most every 3 s', () => {
    expect(staleRefetchInMs(betting, T + 15_000)).toBe(3_000);
    expect(staleRefetchInMs(settled, settledAt)).toBe(TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS + 2_500);
    expect(staleRefetchInMs(settled, settledAt + 60_000)).toBe(3_000);
  });
});
