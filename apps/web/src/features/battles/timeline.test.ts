import { describe, expect, it } from 'vitest';
import { BOX_A, BOX_B, ITEM_CHEAP, ITEM_RARE, roll, roomData } from './test-fixtures.ts';
import { END_SCREEN_MS, momentOf, seatTotals, spinMsOf } from './timeline.ts';

const START = 1_000_000;
const rolls = [
  [roll(0, BOX_A, ITEM_CHEAP), roll(1, BOX_A, ITEM_RARE)],
  [roll(0, BOX_B, ITEM_RARE), roll(1, BOX_B, ITEM_CHEAP)],
];

describe('battle timeline on the server clock', () => {
  it('shows nothing turning before the battle starts', () => {
    expect(momentOf(roomData(), START)).toEqual({ landed: 0, spinning: null, finished: false, nextInMs: null });
    const sealing = roomData({ room_state: 2, started_at: null });
    expect(momentOf(sealing, START).spinning).toBeNull();
  });

  it('joins the current round part-way, with the earlier rounds landed', () => {
    const room = roomData({ room_state: 2, started_at: START, cur_round: 2, rolls });
    // 1.2 s into round 2 (revealed at START + 5 s).
    const m = momentOf(room, START + 6_200);
    expect(m).toEqual({
      landed: 1,
      spinning: { round: 2, elapsedMs: 1_200 },
      finished: false,
      nextInMs: 4_500 - 1_200,
    });
  });

  it('lands a round after its spin and waits for the next reveal', () => {
    const room = roomData({ room_state: 2, started_at: START, cur_round: 1, rolls: rolls.slice(0, 1) });
    const m = momentOf(room, START + 4_800);
    expect(m.landed).toBe(1);
    expect(m.spinning).toBeNull();
    // The second round's rolls are not known yet: its socket event will bring them.
    expect(m.nextInMs).toBeNull();
  });

  it('shows the completion screen 6 s after the last reveal, not before', () => {
    const room = roomData({ room_state: 3, started_at: START, cur_round: 2, rolls, winners: [1] });
    const lastReveal = START + 5_000;
    expect(momentOf(room, lastReveal + END_SCREEN_MS - 1)).toMatchObject({ landed: 2, finished: false, nextInMs: 1 });
    expect(momentOf(room, lastReveal + END_SCREEN_MS)).toMatchObject({ landed: 2, finished: true });
    // An old battle (history, replay) is finished at once.
    expect(momentOf(room, START + 86_400_000).finished).toBe(true);
  });

  it('runs the fast mode at half a second a round', () => {
    const room = roomData({ room_state: 2, game_mode: 3, round_ms: 500, started_at: START, cur_round: 2, rolls });
    expect(spinMsOf(500)).toBe(450);
    expect(momentOf(room, START + 520)).toMatchObject({ landed: 1, spinning: { round: 2, elapsedMs: 20 } });
  });

  it('adds up each seat by the rounds landed', () => {
    const room = roomData({ rolls });
    expect(seatTotals(room, 0)).toEqual([0, 0]);
    expect(seatTotals(room, 1)).toEqual([ITEM_CHEAP.price, ITEM_RARE.price]);
    expect(seatTotals(room, 2)).toEqual([ITEM_CHEAP.price + ITEM_RARE.price, ITEM_RARE.price + ITEM_CHEAP.price]);
  });
});
