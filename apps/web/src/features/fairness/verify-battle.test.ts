import { DRAND_SCHEDULE } from '@kaixiang/shared/beacon';
import { describe, expect, it } from 'vitest';
import { LOCAL_BEACON_INFO } from '../../test/fixtures.ts';
import { roomData } from '../battles/test-fixtures.ts';
import { box, endedRoom, FULL_AT, publishedOdds } from './battle-fixture.ts';
import { oddsKey, verifyBattle } from './verify-battle.ts';

const verify = (room: ReturnType<typeof endedRoom>, published = publishedOdds(room)) =>
  verifyBattle(room, LOCAL_BEACON_INFO, published);

describe('verifyBattle', () => {
  it('recomputes every roll of an ended battle and finds them all as recorded', () => {
    const result = verify(endedRoom([box(1, [900, 500, 200]), box(2, [700, 300])]));
    expect(result.seedHashOk).toBe(true);
    expect(result.rolls).toHaveLength(6);
    expect(result.rolls.every((r) => r.ok)).toBe(true);
    expect(result.ok).toBe(true);
  });

  it('checks the tie-break roll when the totals were level', () => {
    const room = endedRoom([box(3, [600])]); // one item: every seat opens the same
    const result = verify(room);
    expect(result.tie).toMatchObject({ candidates: [0, 1, 2], ok: true });
    expect(result.ok).toBe(true);
    const forged = verify({ ...room, tie: { candidates: [0, 1, 2], value: ((room.tie?.value ?? 0) + 1) % 3 } });
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
    const tampered = verify(altered);
    expect(tampered.rolls.filter((r) => !r.ok)).toEqual([expect.objectContaining({ round: 0, seat: first.seat })]);
    expect(tampered.ok).toBe(false);
    expect(verify({ ...room, server_seed: '00'.repeat(32) }).seedHashOk).toBe(false);
    const otherOdds = room.odds.map((o) => ({ ...o, entries: [...o.entries].reverse() }));
    expect(verify({ ...room, odds: otherOdds }).ok).toBe(false);
  });

  it("checks each box version's table once against the hash published for that version", () => {
    const room = endedRoom([box(1, [900, 500, 200]), box(2, [700, 300]), box(1, [900, 500, 200])]);
    const result = verify(room);
    // Box 1 opened twice: one check per box version.
    expect(result.odds.map((o) => [o.boxId, o.version, o.ok])).toEqual([
      [1, 1, true],
      [2, 1, true],
    ]);
    // The version published another table (the room's was altered after the fact).
    const other = new Map(publishedOdds(room)).set(oddsKey(2, 1), 'ab'.repeat(32));
    const swapped = verify(room, other);
    expect(swapped.odds.map((o) => o.ok)).toEqual([true, false]);
    expect(swapped.ok).toBe(false);
    // A version whose published table could not be had, or a room with none on record, is not passed.
    expect(verify(room, new Map()).odds.every((o) => !o.ok && o.published === null)).toBe(true);
    const unversioned = { ...room, odds: room.odds.map((o) => ({ ...o, version: null })) };
    expect(verify(unversioned).odds.map((o) => o.ok)).toEqual([false, false]);
    // A table whose entries do not hash to the room's own odds_hash.
    const edited = room.odds.map((o, i) => (i === 1 ? { ...o, odds_hash: 'cd'.repeat(32) } : o));
    expect(verify({ ...room, odds: edited }).odds[1]).toMatchObject({ tableOk: false, ok: false });
  });

  it('passes the beacon round only when it is the first published after the last seat was taken', () => {
    const room = endedRoom([box(1, [900, 500, 200])]);
    const result = verify(room);
    expect(result.beacon).toMatchObject({ closedAt: FULL_AT, ok: true, known: true });
    // The local beacon publishes round r at r seconds: the round after 08:00:03.640 is the one of 08:00:04.
    expect(result.beacon.publishedAt).toBe(FULL_AT - (FULL_AT % 1000) + 1000);
    const early = verify({ ...room, beacon_round: (room.beacon_round ?? 0) - 1 });
    expect(early.beacon).toMatchObject({ ok: false, expected: room.beacon_round });
    expect(early.ok).toBe(false);
    expect(verify({ ...room, beacon_round: (room.beacon_round ?? 0) + 1 }).ok).toBe(false);
    expect(verify({ ...room, full_at: null }).beacon).toMatchObject({ ok: false, expected: null });
    // Without the beacon's schedule nothing is passed; on drand's, this round is not drand's.
    expect(verifyBattle(room, null, publishedOdds(room)).beacon).toMatchObject({ known: false, ok: false });
    const drand = {
      ...LOCAL_BEACON_INFO,
      kind: 'drand' as const,
      genesis_at: DRAND_SCHEDULE.genesisMs,
      period_ms: 3000,
    };
    expect(verifyBattle(room, drand, publishedOdds(room)).beacon.ok).toBe(false);
  });

  it('has nothing to check before the end', () => {
    expect(verify(roomData({ room_state: 2 }))).toMatchObject({ seedHashOk: null, rolls: [], ok: false });
  });
});
