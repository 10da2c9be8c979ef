import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Result } from './engine.ts';
import {
  type BetError,
  bet,
  betShapeError,
  close,
  openRound,
  settle,
  spin,
  TURNTABLE_AREAS,
  TURNTABLE_BET_MS,
  TURNTABLE_INNER_WEIGHTS,
  TURNTABLE_MULTIPLIERS,
  TURNTABLE_OUTER_WEIGHTS,
  type TurntableDraw,
  type TurntableEffect,
  type TurntableRound,
  type TurntableStep,
  verifyDraw,
} from './turntable.ts';

const T0 = 1_700_000_000_000;
const CLOSE = T0 + TURNTABLE_BET_MS;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Amounts a client might send: mostly valid, sometimes zero, negative, fractional, huge or a string. */
const amountArb = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 10_000, max: 100_000_000 }) },
  { weight: 4, arbitrary: fc.integer({ min: 10_000, max: 60_000 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom<unknown>(0, -10_000, 9_999, 100_000_001, 10_000.5, '20000', Number.NaN, 2 ** 60),
  },
);
const areaArb = fc.oneof(
  { weight: 12, arbitrary: fc.integer({ min: 0, max: TURNTABLE_AREAS - 1 }) },
  // The jackpot areas more often, so jackpots with several bettors come up.
  { weight: 4, arbitrary: fc.constantFrom(9, 10, 11) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(-1, 15, 2.5, '3') },
);

interface Command {
  userId: number;
  bets: { area: unknown; amount: unknown }[];
  /** Ms after opening; some fall after the deadline. */
  at: number;
  betId: string | undefined;
}

const commandArb: fc.Arbitrary<Command> = fc.record({
  // Few users, so several commands land on one user and its limits are reached.
  userId: fc.integer({ min: 1, max: 6 }),
  bets: fc.array(fc.record({ area: areaArb, amount: amountArb }), { minLength: 0, maxLength: 6 }),
  at: fc.integer({ min: 0, max: TURNTABLE_BET_MS + 500 }),
  betId: fc.option(fc.constantFrom('a', 'b', 'c'), { nil: undefined }),
});

interface Scenario {
  roundId: number | string;
  serverSeed: string;
  publicSeed: string;
  commands: Command[];
  jackpotPoolUnits: number;
  /** The round's jackpot feed (the operator's bounds 0–500 bp), or none for the default. */
  jackpotFeedBp: number | undefined;
  /** Icons to settle with instead of the seeds' (half the runs), so every outcome comes up often. */
  forced: { out: number; inner: number } | undefined;
}

const scenarioArb: fc.Arbitrary<Scenario> = fc.record({
  roundId: fc.oneof(fc.nat(), fc.stringMatching(/^[a-z0-9-]{1,12}$/)),
  serverSeed: fc.stringMatching(/^[0-9a-f]{64}$/),
  publicSeed: fc.stringMatching(/^[0-9a-f]{8,64}$/),
  commands: fc.array(commandArb, { maxLength: 40 }),
  jackpotPoolUnits: fc.oneof(fc.nat({ max: 1000 }), fc.nat({ max: 2 ** 40 })),
  jackpotFeedBp: fc.option(fc.oneof(fc.constantFrom(0, 100, 500), fc.integer({ min: 0, max: 500 })), {
    nil: undefined,
  }),
  forced: fc.option(fc.record({ out: fc.integer({ min: 0, max: 8 }), inner: fc.integer({ min: 9, max: 12 }) }), {
    nil: undefined,
  }),
});

/** A drawn round with the icons forced, as spin would leave it. */
const forced = (out: number, inner: number) => (round: TurntableRound) => {
  const roll = (icon: number) => ({ icon, ticket: 0, cursor: 0, chunkIndex: 0 });
  const draw: TurntableDraw = { outIcon: out, innerIcon: inner, outer: roll(out), inner: roll(inner) };
  return { ...round, state: 'drawn' as const, publicSeed: 'forced', draw };
};

/** Every step of a round; refused bets are dropped (and must leave the round untouched). */
function play(s: Scenario, draw?: (round: TurntableRound) => TurntableRound): TurntableStep[] {
  const steps: TurntableStep[] = [
    openRound({
      roundId: s.roundId,
      chainIndex: 0,
      serverSeed: s.serverSeed,
      now: T0,
      ...(s.jackpotFeedBp === undefined ? {} : { jackpotFeedBp: s.jackpotFeedBp }),
    }),
  ];
  for (const c of s.commands) {
    const before = steps.at(-1)!.state;
    const text = JSON.stringify(before);
    const result = bet(before, { userId: c.userId, bets: c.bets as never, now: T0 + c.at, betId: c.betId });
    expect(JSON.stringify(before)).toBe(text);
    if (result.ok) steps.push(result.value);
  }
  steps.push(must(close(steps.at(-1)!.state, CLOSE)));
  const spun = draw ? draw(steps.at(-1)!.state) : must(spin(steps.at(-1)!.state, s.publicSeed)).state;
  steps.push({ state: spun, events: [], effects: [] });
  steps.push(must(settle(spun, { jackpotPoolUnits: s.jackpotPoolUnits, now: CLOSE + 3000 })));
  return steps;
}

const ofType = <T extends TurntableEffect['type']>(effects: TurntableEffect[], type: T) =>
  effects.filter((e): e is Extract<TurntableEffect, { type: T }> => e.type === type);

/** The spec's reading, written out again: which areas a draw makes win. */
function oracleWins(area: number, out: number, inner: number): boolean {
  if (area <= 8) return area === out;
  if (area <= 12) return area === inner;
  return area === 13 ? out >= 0 && out <= 3 : out >= 4 && out <= 7;
}

describe('turntable properties', () => {
  it('(a) conserves money exactly: stakes in = payouts + jackpot feed − jackpot draw + the house’s share', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s, s.forced && forced(s.forced.out, s.forced.inner));
        const effects = steps.flatMap((step) => step.effects);
        const round = steps.at(-1)!.state;
        const result = round.result!;
        const debits = ofType(effects, 'debit');
        const credits = ofType(effects, 'credit');
        const jackpot = ofType(effects, 'jackpot');
        const feed = sumOf(jackpot.filter((j) => j.direction === 'feed').map((j) => j.amount));
        const draw = sumOf(jackpot.filter((j) => j.direction === 'draw').map((j) => j.amount));

        // Every amount a positive safe integer, every key once.
        expect(effects.every((e) => e.type !== 'grant' && Number.isSafeInteger(e.amount) && e.amount > 0)).toBe(true);
        expect(new Set(effects.map((e) => e.key)).size).toBe(effects.length);

        // What came in: the stakes, as the state counted them.
        const debited = sumOf(debits.map((d) => d.amount));
        expect(debited).toBe(result.stakedUnits);
        expect(debited).toBe(sumOf(Object.values(round.users).map((u) => sumOf(u.areas))));

        // The ledger's three sides: players, the game's pool, the jackpot account. Each sums to zero overall.
        const players = sumOf(credits.map((c) => c.amount)) - debited;
        const pool = debited - sumOf(credits.map((c) => c.amount)) - feed + draw;
        const jackpotAccount = feed - draw;
        expect(players + pool + jackpotAccount).toBe(0);
        expect(debited).toBe(sumOf(credits.map((c) => c.amount)) + result.houseUnits + feed - draw);
        expect(pool).toBe(result.houseUnits);
        expect(result.houseUnits).toBe(result.stakedUnits - result.wonUnits - result.jackpot.feedUnits);

        // The jackpot: fed the round's own share (1 % by default) floored, draws what its winners
        // are credited, never more than it holds.
        const j = result.jackpot;
        expect(round.jackpotFeedBp).toBe(s.jackpotFeedBp ?? 100);
        expect(j.feedUnits).toBe(Math.floor((result.stakedUnits * (s.jackpotFeedBp ?? 100)) / 10_000));
        expect(feed).toBe(j.feedUnits);
        expect(draw).toBe(j.paidUnits);
        expect(sumOf(credits.filter((c) => c.reason === 'turntable_jackpot').map((c) => c.amount))).toBe(draw);
        expect(j.poolAfterUnits).toBe(s.jackpotPoolUnits + feed - draw);
        expect(j.paidUnits).toBeLessThanOrEqual(j.awardUnits);
        expect(j.awardUnits).toBeLessThanOrEqual(s.jackpotPoolUnits + feed);
        // Each share is floored: the remainder is below the number of the area's bettors.
        const jackpotBettors = j.icon === null ? 0 : result.areas[j.icon]!.users;
        expect(j.awardUnits - j.paidUnits).toBeLessThan(Math.max(1, jackpotBettors));

        // Each user's multiplier payout, from an independent reading of the rules.
        const { outIcon, innerIcon } = result;
        for (const [id, u] of Object.entries(round.users)) {
          const expected = sumOf(
            u.areas.map((stake, area) => {
              if (stake === 0 || !oracleWins(area, outIcon, innerIcon)) return 0;
              const m = TURNTABLE_MULTIPLIERS[area]!;
              return Number((BigInt(stake) * BigInt(m.num)) / BigInt(m.den));
            }),
          );
          const paid = sumOf(
            credits.filter((c) => c.userId === Number(id) && c.reason === 'turntable_win').map((c) => c.amount),
          );
          expect(paid).toBe(expected);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('(b) keeps every accepted bet within the limits, and debits exactly what it records', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s);
        const round = steps.at(-1)!.state;
        for (const step of steps) {
          for (const e of ofType(step.effects, 'debit')) {
            expect(e.amount).toBeGreaterThanOrEqual(round.limits.minBetUnits);
            expect(e.amount).toBeLessThanOrEqual(round.limits.maxBetUnits);
          }
        }
        for (const [id, u] of Object.entries(round.users)) {
          expect(u.totalUnits).toBe(sumOf(u.areas));
          expect(u.totalUnits).toBeLessThanOrEqual(round.limits.maxRoundUnits);
          expect(u.entries).toBeLessThanOrEqual(round.limits.maxBetsPerRound);
          const mine = steps.flatMap((step) => ofType(step.effects, 'debit')).filter((d) => d.userId === Number(id));
          expect(mine.length).toBe(u.entries);
          expect(sumOf(mine.map((d) => d.amount))).toBe(u.totalUnits);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('(e) bet refuses whatever betShapeError does, and what it passes only the round and stakes can refuse', () => {
    // The server checks the shape in Node (a command it refuses is answered by bet itself, for
    // bet's order of errors) and the rest in one SQL statement (kx_turntable_bet), which knows
    // exactly these refusals: nothing else may be left for it.
    const leftToTheRound: BetError[] = [
      'TURNTABLE_BETTING_CLOSED',
      'TURNTABLE_BET_REPEATED',
      'TURNTABLE_TOO_MANY_BETS',
      'TURNTABLE_BET_TOO_SMALL',
      'TURNTABLE_BET_TOO_LARGE',
      'TURNTABLE_ROUND_LIMIT',
    ];
    const manyBets = fc.array(fc.record({ area: areaArb, amount: amountArb }), { minLength: 0, maxLength: 17 });
    fc.assert(
      fc.property(scenarioArb, manyBets, commandArb, (s, bets, c) => {
        const fresh = openRound({ roundId: 1, chainIndex: 0, serverSeed: s.serverSeed, now: T0 }).state;
        const played = play(s).at(-4)!.state; // the last state before the close
        const shape = betShapeError(bets as never, c.betId);
        const onFresh = bet(fresh, { userId: c.userId, bets: bets as never, now: T0, betId: c.betId });
        const onPlayed = bet(played, { userId: c.userId, bets: bets as never, now: T0 + c.at, betId: c.betId });
        if (shape) {
          expect(onFresh.ok).toBe(false);
          expect(onPlayed.ok).toBe(false);
        } else {
          if (!onFresh.ok) expect(leftToTheRound).toContain(onFresh.error);
          if (!onPlayed.ok) expect(leftToTheRound).toContain(onPlayed.error);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('(c) the same seeds give the same icons, and a round reloaded from JSON settles the same', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s);
        const round = steps.at(-1)!.state;
        const again = verifyDraw({ serverSeed: s.serverSeed, publicSeed: s.publicSeed, roundId: s.roundId });
        expect(round.draw).toEqual(again);
        expect([round.result!.outIcon, round.result!.innerIcon]).toEqual([again.outIcon, again.innerIcon]);
        const drawn = steps.at(-2)!.state;
        const reloaded = JSON.parse(JSON.stringify(drawn)) as TurntableRound;
        const replay = must(settle(reloaded, { jackpotPoolUnits: s.jackpotPoolUnits, now: CLOSE + 3000 }));
        expect(JSON.stringify(replay)).toBe(JSON.stringify(steps.at(-1)));
      }),
      { numRuns: 100 },
    );
  });

  it('(d) every area returns 24/25 of its stake over the weighted outcomes, through settle itself', () => {
    const outerTotal = sumOf([...TURNTABLE_OUTER_WEIGHTS]);
    const innerTotal = sumOf([...TURNTABLE_INNER_WEIGHTS]);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: TURNTABLE_AREAS - 1 }),
        // A multiple of 5 units, so 6/5 does not floor and the return is exact.
        fc.integer({ min: 2_000, max: 20_000_000 }).map((k) => k * 5),
        (area, stake) => {
          const s: Scenario = {
            roundId: 1,
            serverSeed: 's',
            publicSeed: 'p',
            commands: [{ userId: 1, bets: [{ area, amount: stake }], at: 0, betId: undefined }],
            jackpotPoolUnits: 0,
            jackpotFeedBp: undefined,
            forced: undefined,
          };
          let weighted = 0n;
          for (let out = 0; out < 9; out++) {
            for (let inner = 9; inner < 13; inner++) {
              const result = play(s, forced(out, inner)).at(-1)!.state.result!;
              const w = BigInt(TURNTABLE_OUTER_WEIGHTS[out]! * TURNTABLE_INNER_WEIGHTS[inner - 9]!);
              weighted += w * BigInt(result.wonUnits);
            }
          }
          // Σ P(outcome) × payout = 24/25 × stake, i.e. weighted × 25 = 24 × stake × total weight.
          expect(weighted * 25n).toBe(24n * BigInt(stake) * BigInt(outerTotal * innerTotal));
        },
      ),
      { numRuns: 40 },
    );
  });
});

describe('turntable draw distribution', () => {
  it('maps the tickets of each wheel to its icons in exactly the published weights', () => {
    // Every ticket of [0, 50) and [0, 100) is equally likely (the sampler is unbiased: fair.test.ts),
    // so counting the tickets each icon owns is the exact distribution.
    const countTickets = (weights: readonly number[], first: number, slotCount: number) => {
      const counts = new Array<number>(weights.length).fill(0);
      for (let ticket = 0; ticket < slotCount; ticket++) {
        let end = 0;
        let icon = 0;
        while (ticket >= end + weights[icon]!) end += weights[icon++]!;
        counts[icon]! += 1;
      }
      return counts.map((c, i) => [first + i, c]);
    };
    expect(countTickets(TURNTABLE_OUTER_WEIGHTS, 0, 50)).toEqual(TURNTABLE_OUTER_WEIGHTS.map((w, i) => [i, w]));
    expect(countTickets(TURNTABLE_INNER_WEIGHTS, 9, 100)).toEqual(TURNTABLE_INNER_WEIGHTS.map((w, i) => [9 + i, w]));
  });

  it('draws icons close to the weights, the two wheels independently, over 20,000 rounds (χ² at α = 0.001)', () => {
    const N = 20_000;
    const outer = new Array<number>(9).fill(0);
    const inner = new Array<number>(4).fill(0);
    const joint = new Array<number>(36).fill(0);
    const serverSeed = 'c0ffee'.repeat(10);
    for (let i = 0; i < N; i++) {
      const d = verifyDraw({ serverSeed, publicSeed: `beacon${i % 97}`, roundId: i });
      outer[d.outIcon]! += 1;
      inner[d.innerIcon - 9]! += 1;
      joint[d.outIcon * 4 + d.innerIcon - 9]! += 1;
    }
    /** Pearson's statistic of observed counts against probabilities. */
    const chi = (observed: number[], p: number[]) => sumOf(observed.map((o, i) => (o - N * p[i]!) ** 2 / (N * p[i]!)));
    const outerP = TURNTABLE_OUTER_WEIGHTS.map((w) => w / 50);
    const innerP = TURNTABLE_INNER_WEIGHTS.map((w) => w / 100);
    // The least likely pair (knife or AWP with the whole jackpot) still expects 8 draws, above the χ² rule of 5.
    const jointP = outerP.flatMap((po) => innerP.map((pi) => po * pi));
    // Critical values of χ² at α = 0.001 for 8, 3 and 35 degrees of freedom.
    expect(chi(outer, outerP)).toBeLessThan(26.12);
    expect(chi(inner, innerP)).toBeLessThan(16.27);
    expect(chi(joint, jointP)).toBeLessThan(66.62);
  });
});
