import { TURNTABLE_ICON_NAMES, verifyDraw } from '@kaixiang/game/turntable';
import { describe, expect, it } from 'vitest';
import { LOCAL_BEACON_INFO } from '../../test/fixtures.ts';
import { bettingRound, CHAIN, settledRound } from './turntable-fixture.ts';
import { INNER_RANGES, OUTER_RANGES, verifyTurntableRound } from './verify-turntable.ts';

const check = (round: ReturnType<typeof settledRound>) => verifyTurntableRound(round, LOCAL_BEACON_INFO);

describe('verifyTurntableRound', () => {
  it('finds a settled round drawn from its committed seed, on the published chain, as announced', () => {
    const round = settledRound();
    const result = check(round);
    if (result.kind !== 'checked') throw new Error('not checked');
    expect(result).toMatchObject({ seedHashOk: true, chainOk: true, chainHashes: 13, ok: true });
    expect(result.outer).toMatchObject({ icon: round.out_icon, announced: round.out_icon, total: 50, ok: true });
    expect(result.inner).toMatchObject({ icon: round.inner_icon, announced: round.inner_icon, total: 100, ok: true });
    // The ticket falls in the announced icon's run of the wheel.
    const outerRange = OUTER_RANGES.find((r) => r.icon === round.out_icon);
    expect(result.outer.ticket).toBeGreaterThanOrEqual(outerRange?.from ?? Number.NaN);
    expect(result.outer.ticket).toBeLessThanOrEqual(outerRange?.to ?? Number.NaN);
  });

  it('flags an announced icon the seeds do not give', () => {
    const round = settledRound();
    const other = ((round.out_icon ?? 0) + 1) % 9;
    const result = check({ ...round, out_icon: other });
    expect(result).toMatchObject({ kind: 'checked', seedHashOk: true, chainOk: true, ok: false });
    if (result.kind === 'checked') expect([result.outer.ok, result.inner.ok]).toEqual([false, true]);
  });

  it('flags a seed that is not the committed one or not on the chain', () => {
    const round = settledRound();
    // The next round's seed hashes to this round's seed: committed by the chain, but not this round's.
    const neighbour = settledRound(1208, 13).server_seed ?? '';
    expect(check({ ...round, server_seed: neighbour })).toMatchObject({ seedHashOk: false, ok: false });
    expect(check({ ...round, chain: { ...round.chain, index: 11 } })).toMatchObject({
      seedHashOk: true,
      chainOk: false,
      ok: false,
    });
    expect(check({ ...round, chain: { ...CHAIN, index: 12, terminal_hash: '00'.repeat(32) } })).toMatchObject({
      chainOk: false,
    });
    // An absurd index is refused, not hashed for minutes.
    expect(check({ ...round, chain: { ...round.chain, index: 2_000_000_000 } })).toMatchObject({
      chainOk: false,
      chainHashes: 0,
    });
  });

  it('passes the beacon round only when it is the first published after betting closed', () => {
    const round = settledRound();
    const result = check(round);
    if (result.kind !== 'checked') throw new Error('not checked');
    // Closed 35 ms after the deadline: the round is the beacon's first after the close, not the deadline.
    expect(round.closed_at).toBe(round.bets_close_at + 35);
    expect(result.beacon).toMatchObject({ closedAt: round.closed_at, round: round.beacon_round, ok: true });
    const before = check({ ...round, beacon_round: (round.beacon_round ?? 0) - 1 });
    expect(before).toMatchObject({ kind: 'checked', ok: false, beacon: { ok: false, expected: round.beacon_round } });
    expect(check({ ...round, closed_at: null })).toMatchObject({ ok: false, beacon: { closedAt: null, ok: false } });
    expect(verifyTurntableRound(round, null)).toMatchObject({ ok: false, beacon: { known: false } });
  });

  it('flags a public seed the draw cannot use instead of throwing', () => {
    const result = check({ ...settledRound(), public_seed: 'a:b' });
    expect(result).toMatchObject({ kind: 'checked', ok: false, outer: { icon: null, ok: false } });
  });

  it('has nothing to check before settlement', () => {
    expect(check(bettingRound())).toEqual({ kind: 'pending' });
  });

  it('names every icon and splits each wheel into runs as wide as its weights', () => {
    expect(OUTER_RANGES.at(-1)).toEqual({ icon: 8, from: 48, to: 49 });
    expect(INNER_RANGES.map((r) => [r.icon, r.from, r.to])).toEqual([
      [9, 0, 11],
      [10, 12, 17],
      [11, 18, 19],
      [12, 20, 99],
    ]);
    expect(TURNTABLE_ICON_NAMES).toHaveLength(13);
    // The fixture's draw is the rules' draw.
    const round = settledRound();
    const draw = verifyDraw({
      serverSeed: round.server_seed ?? '',
      publicSeed: round.public_seed ?? '',
      roundId: 1207,
    });
    expect([draw.outIcon, draw.innerIcon]).toEqual([round.out_icon, round.inner_icon]);
  });
});
