import { describe, expect, it } from 'vitest';
import type { Result } from './engine.ts';
import {
  bet,
  close,
  feedBpOf,
  jackpotFeedUnits,
  openRound,
  settle,
  spin,
  TURNTABLE_BET_MS,
  TURNTABLE_JACKPOT_BP,
  type TurntableRound,
  type TurntableStep,
  turntableReturn,
  verifyDraw,
} from './turntable.ts';

/**
 * The jackpot feed as operator data (issue 23): each round records the feed it opened with and
 * settlement feeds exactly that share of its stakes, floored; a round persisted before the feed
 * was recorded settles at the default.
 */

const SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';
const T0 = 1_700_000_000_000;
const CLOSE = T0 + TURNTABLE_BET_MS;
const YUAN = 10_000;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

const opened = (jackpotFeedBp?: number) =>
  openRound({
    roundId: 7,
    chainIndex: 3,
    serverSeed: SEED,
    now: T0,
    ...(jackpotFeedBp === undefined ? {} : { jackpotFeedBp }),
  }).state;

function withBets(round: TurntableRound, bets: [number, number, number][]): TurntableRound {
  let r = round;
  for (const [userId, area, amount] of bets)
    r = must(bet(r, { userId, bets: [{ area, amount }], now: T0 + 1000 })).state;
  return r;
}

/** Closes, draws with the first beacon value giving these icons, settles against `pool`. */
function settleAs(round: TurntableRound, out: number, inner: number, pool: number): TurntableStep {
  const closed = must(close(round, CLOSE)).state;
  let publicSeed = '';
  for (let i = 0; i < 10_000 && publicSeed === ''; i++) {
    const d = verifyDraw({ serverSeed: SEED, publicSeed: `beacon${i}`, roundId: round.roundId });
    if (d.outIcon === out && d.innerIcon === inner) publicSeed = `beacon${i}`;
  }
  if (publicSeed === '') throw new Error('no beacon found');
  return must(settle(must(spin(closed, publicSeed)).state, { jackpotPoolUnits: pool, now: CLOSE + 3000 }));
}

const feedEffects = (step: TurntableStep) =>
  step.effects.flatMap((e) => (e.type === 'jackpot' && e.direction === 'feed' ? [e.amount] : []));

describe('the jackpot feed of a round', () => {
  it('is fixed when the round opens: the default unless given, published with bet_start', () => {
    expect(opened().jackpotFeedBp).toBe(TURNTABLE_JACKPOT_BP);
    expect(TURNTABLE_JACKPOT_BP).toBe(100);
    const step = openRound({ roundId: 7, chainIndex: 3, serverSeed: SEED, now: T0, jackpotFeedBp: 300 });
    expect(step.state.jackpotFeedBp).toBe(300);
    expect(step.events[0]).toMatchObject({ type: 'bet_start', jackpotFeedBp: 300 });
    // It is not a bet limit: the limits stay the bet limits.
    expect(step.state.limits).not.toHaveProperty('jackpotFeedBp');
    // Bets, the close and the draw carry it along unchanged.
    const settled = settleAs(withBets(step.state, [[1, 0, YUAN]]), 0, 12, 0).state;
    expect(settled.jackpotFeedBp).toBe(300);
  });

  it('throws on a feed that is not a share of the stakes (the server never sends one)', () => {
    for (const bad of [-1, 10_001, 1.5, Number.NaN]) expect(() => opened(bad)).toThrow(RangeError);
    expect(() => jackpotFeedUnits(100, -1)).toThrow(RangeError);
    expect(() => turntableReturn(10_001)).toThrow(RangeError);
  });

  it('feed 0: nothing is fed, the pool only pays out what it holds', () => {
    // Outer 0, inner 11 (the full jackpot): user 1 on area 11 wins the whole pool, which had 50,000.
    const round = withBets(opened(0), [
      [1, 11, YUAN],
      [2, 0, 3 * YUAN],
    ]);
    const step = settleAs(round, 0, 11, 50_000);
    const { jackpot, stakedUnits, wonUnits, houseUnits } = step.state.result!;
    expect(jackpot).toEqual({
      icon: 11,
      poolBeforeUnits: 50_000,
      feedUnits: 0,
      awardUnits: 50_000,
      paidUnits: 50_000,
      poolAfterUnits: 0,
    });
    expect(feedEffects(step)).toEqual([]); // no zero transfer either
    expect(step.effects).toContainEqual({
      type: 'jackpot',
      direction: 'draw',
      amount: 50_000,
      key: 'turntable_jackpot_draw:7',
    });
    expect(houseUnits).toBe(stakedUnits - wonUnits);
  });

  it('feed 100: 1 % of the stakes, as before', () => {
    const round = withBets(opened(100), [
      [1, 3, 1_234_567],
      [2, 12, 10_000],
    ]);
    const step = settleAs(round, 3, 12, 1_000);
    const { jackpot, stakedUnits } = step.state.result!;
    expect(stakedUnits).toBe(1_244_567);
    expect(jackpot.feedUnits).toBe(12_445); // 12,445.67 floored
    expect(jackpot.poolAfterUnits).toBe(1_000 + 12_445);
    expect(feedEffects(step)).toEqual([12_445]);
  });

  it('feed 500: 5 % of the stakes, counted in the pool a jackpot draw shares', () => {
    const round = withBets(opened(500), [
      [1, 9, 2 * YUAN],
      [2, 0, 8 * YUAN],
    ]);
    // Stakes 100,000 → feed 5,000; pool 10,000 + 5,000; a third of it to area 9's one bettor.
    const step = settleAs(round, 0, 9, 10_000);
    const { jackpot, houseUnits, stakedUnits, wonUnits } = step.state.result!;
    expect(jackpot).toMatchObject({ feedUnits: 5_000, awardUnits: 5_000, paidUnits: 5_000, poolAfterUnits: 10_000 });
    expect(feedEffects(step)).toEqual([5_000]);
    expect(houseUnits).toBe(stakedUnits - wonUnits - 5_000);
  });

  it('floors the feed to whole units, exactly for large stakes', () => {
    expect(jackpotFeedUnits(10_019, 300)).toBe(300); // 300.57
    expect(jackpotFeedUnits(10_019, 500)).toBe(500); // 500.95
    expect(jackpotFeedUnits(99, 100)).toBe(0); // 0.99
    expect(jackpotFeedUnits(10_019)).toBe(100); // the default, 100.19
    expect(jackpotFeedUnits(10_019, 0)).toBe(0);
    expect(jackpotFeedUnits(Number.MAX_SAFE_INTEGER, 333)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 333n) / 10_000n),
    );
    // Through settlement: 3 × 10,019 at 300 bp = 901.71 → 901, not 3 × 300.
    const round = withBets(opened(300), [
      [1, 0, 10_019],
      [2, 0, 10_019],
      [3, 5, 10_019],
    ]);
    expect(settleAs(round, 0, 12, 0).state.result!.jackpot.feedUnits).toBe(901);
  });

  it('settles a round persisted without a feed at the default', () => {
    const { jackpotFeedBp: _, ...old } = withBets(opened(400), [[1, 0, 123_456]]);
    expect(feedBpOf(old)).toBe(100);
    expect(settleAs(old, 0, 12, 0).state.result!.jackpot.feedUnits).toBe(1_234);
  });

  it('states the return at the round’s feed: 96 % per area plus the feed in the long run', () => {
    expect(turntableReturn(0)).toEqual({
      areaRtp: { num: 24, den: 25 },
      jackpotShare: { num: 0, den: 1 },
      longRun: { num: 24, den: 25 },
    });
    expect(turntableReturn(100)).toEqual(turntableReturn());
    expect(turntableReturn(250)).toMatchObject({ jackpotShare: { num: 1, den: 40 }, longRun: { num: 197, den: 200 } });
    expect(turntableReturn(500)).toMatchObject({ jackpotShare: { num: 1, den: 20 }, longRun: { num: 101, den: 100 } });
  });
});
