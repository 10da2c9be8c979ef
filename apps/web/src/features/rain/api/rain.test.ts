import { describe, expect, it } from 'vitest';
import { keepFewerLeft, type RainSnapshot } from './rain.ts';

const snap = (status: number, roundId: number, remaining: number): RainSnapshot =>
  ({
    status,
    complete: remaining === 0,
    round: { round_id: roundId, remaining, count: 20 },
    offsetMs: 0,
  }) as unknown as RainSnapshot;

describe('keepFewerLeft', () => {
  it('keeps the fewer packets left of a running round when an older answer lands after a frame', () => {
    expect(keepFewerLeft(snap(2, 4, 7), snap(2, 4, 20)).round?.remaining).toBe(7);
    expect(keepFewerLeft(snap(2, 4, 7), snap(2, 4, 3)).round?.remaining).toBe(3);
  });
  it('takes the answer whole for another round, a round not running, or nothing before', () => {
    expect(keepFewerLeft(snap(2, 4, 7), snap(2, 5, 20)).round?.remaining).toBe(20);
    expect(keepFewerLeft(snap(1, 4, 7), snap(2, 4, 20)).round?.remaining).toBe(20);
    expect(keepFewerLeft(undefined, snap(2, 4, 20)).round?.remaining).toBe(20);
  });
});
