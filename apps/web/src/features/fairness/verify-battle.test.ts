import { describe, expect, it } from 'vitest';
import { roomData } from '../battles/test-fixtures.ts';
import { box, endedRoom } from './battle-fixture.ts';
import { verifyBattle } from './verify-battle.ts';

describe('verifyBattle', () => {
  it('recomputes every roll of an ended battle and finds them all as recorded', () => {
    const result = verifyBattle(endedRoom([box(1, [900, 500, 200]), box(2, [700, 300])]));
    expect(result.seedHashOk).toBe(true);
    expect(result.rolls).toHaveLength(6);
    expect(result.rolls.every((r) => r.ok)).toBe(true);
    expect(result.ok).toBe(true);
  });

  it('checks the tie-break roll when the totals were level', () => {
    const room = endedRoom([box(3, [600])]); // one item: every seat opens the same
    const result = verifyBattle(room);
    expect(result.tie).toMatchObject({ candidates: [0, 1, 2], ok: true });
    expect(result.ok).toBe(true);
    const forged = verifyBattle({ ...room, tie: { candidates: [0, 1, 2], value: ((room.tie?.value ?? 0) + 1) % 3 } });
    expect(forged.tie?.ok).toBe(false);
    expect(forged.ok).toBe(false);
  });

  it('flags a roll, a seed or an odds table that does not match', () => {
    const room = endedRoom([box(1, [900, 500, 200]), box(2, [700, 300])]);
    const [first, ...rest] = room.rolls[0] ?? [];
    if (!first) throw new Error('no roll');
    const altered = {
      ...room,
      rolls: [[{ ...first, ticket: (first.ticket + 1000) % 3000 }, ...rest], ...room.rolls.slice(1)],
    };
    const tampered = verifyBattle(altered);
    expect(tampered.rolls.filter((r) => !r.ok)).toEqual([expect.objectContaining({ round: 0, seat: first.seat })]);
    expect(tampered.ok).toBe(false);
    expect(verifyBattle({ ...room, server_seed: '00'.repeat(32) }).seedHashOk).toBe(false);
    const otherOdds = room.odds.map((o) => ({ ...o, entries: [...o.entries].reverse() }));
    expect(verifyBattle({ ...room, odds: otherOdds }).ok).toBe(false);
  });

  it('has nothing to check before the end', () => {
    expect(verifyBattle(roomData({ room_state: 2 }))).toMatchObject({ seedHashOk: null, rolls: [], ok: false });
  });
});
