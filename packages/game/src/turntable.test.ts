import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Result } from './engine.ts';
import {
  apply,
  bet,
  chainSeedAt,
  chainTerminalHash,
  close,
  hashTimes,
  nextMissCounts,
  openRound,
  phaseInfo,
  settle,
  spin,
  TURNTABLE_AREAS,
  TURNTABLE_BET_MS,
  TURNTABLE_DEFAULT_LIMITS,
  TURNTABLE_ERRORS,
  TURNTABLE_INNER_WEIGHTS,
  TURNTABLE_LINES,
  TURNTABLE_MULTIPLIERS,
  TURNTABLE_OUTER_WEIGHTS,
  TURNTABLE_RESULT_MS,
  TURNTABLE_SPIN_MS,
  type TurntableRound,
  type TurntableStep,
  turntableOdds,
  turntableReturn,
  verifyChainSeed,
  verifyDraw,
  winningAreas,
  winUnits,
} from './turntable.ts';

const SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';
const T0 = 1_700_000_000_000;
const CLOSE = T0 + TURNTABLE_BET_MS;
const YUAN = 10_000;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

const opened = (roundId: number | string = 7) => openRound({ roundId, chainIndex: 3, serverSeed: SEED, now: T0 }).state;

/** A round with the given users' bets placed ([userId, area, amount] each its own command). */
function withBets(bets: [number, number, number][], roundId: number | string = 7): TurntableRound {
  let round = opened(roundId);
  for (const [userId, area, amount] of bets) {
    round = must(bet(round, { userId, bets: [{ area, amount }], now: T0 + 1000 })).state;
  }
  return round;
}

/** The first beacon value beacon0, beacon1, … whose draw for this round satisfies `want`. */
function beaconFor(roundId: number | string, want: (out: number, inner: number) => boolean): string {
  for (let i = 0; i < 10_000; i++) {
    const publicSeed = `beacon${i}`;
    const d = verifyDraw({ serverSeed: SEED, publicSeed, roundId });
    if (want(d.outIcon, d.innerIcon)) return publicSeed;
  }
  throw new Error('no beacon found');
}

/** Closes, spins with a beacon giving the wanted icons, and settles against `pool`. */
function settleAs(round: TurntableRound, out: number, inner: number, pool = 0): TurntableStep {
  const closed = must(close(round, CLOSE)).state;
  const drawn = must(
    spin(
      closed,
      beaconFor(round.roundId, (o, i) => o === out && i === inner),
    ),
  ).state;
  return must(settle(drawn, { jackpotPoolUnits: pool, now: CLOSE + 3000 }));
}

describe('odds', () => {
  it('gives every area the same RTP, 24/25, computed in exact integers from the weights and multipliers', () => {
    const outerTotal = BigInt(TURNTABLE_OUTER_WEIGHTS.reduce((a, b) => a + b, 0));
    const innerTotal = BigInt(TURNTABLE_INNER_WEIGHTS.reduce((a, b) => a + b, 0));
    // Independent of turntableOdds: the winning icons of each area written out from the spec.
    const weightOf = (area: number): [bigint, bigint] => {
      if (area <= 8) return [BigInt(TURNTABLE_OUTER_WEIGHTS[area]!), outerTotal];
      if (area <= 12) return [BigInt(TURNTABLE_INNER_WEIGHTS[area - 9]!), innerTotal];
      const icons = area === 13 ? [0, 1, 2, 3] : [4, 5, 6, 7];
      return [BigInt(icons.reduce((s, i) => s + TURNTABLE_OUTER_WEIGHTS[i]!, 0)), outerTotal];
    };
    const rtps = Array.from({ length: TURNTABLE_AREAS }, (_, area) => {
      const [w, total] = weightOf(area);
      const m = TURNTABLE_MULTIPLIERS[area]!;
      return { num: w * BigInt(m.num), den: total * BigInt(m.den) };
    });
    // a/b = c/d ⇔ ad = bc: all equal to the first, and the first is 24/25.
    for (const r of rtps) expect(r.num * 25n).toBe(r.den * 24n);
    // In range: 95 % ≤ RTP ≤ 97 %.
    for (const r of rtps) {
      expect(r.num * 100n >= r.den * 95n && r.num * 100n <= r.den * 97n).toBe(true);
    }
    expect(turntableOdds().map((o) => o.rtp)).toEqual(rtps.map(() => ({ num: 24, den: 25 })));
  });

  it('publishes each area’s chance, multiplier and jackpot share', () => {
    const odds = turntableOdds();
    expect(odds.map((o) => `${o.chance.num}/${o.chance.den}×${o.multiplier.num}/${o.multiplier.den}`)).toEqual([
      '6/25×4/1',
      '4/25×6/1',
      '3/50×16/1',
      '1/50×48/1',
      '1/50×48/1',
      '6/25×4/1',
      '4/25×6/1',
      '3/50×16/1',
      '1/25×24/1',
      '3/25×8/1',
      '3/50×16/1',
      '1/50×48/1',
      '4/5×6/5',
      '12/25×2/1',
      '12/25×2/1',
    ]);
    expect(odds.filter((o) => o.jackpot).map((o) => [o.area, o.jackpot])).toEqual([
      [9, { num: 1, den: 3 }],
      [10, { num: 2, den: 3 }],
      [11, { num: 1, den: 1 }],
    ]);
    // Each wheel's single-icon areas cover it exactly once.
    const sumChances = (areas: number[]) => areas.reduce((s, a) => s + odds[a]!.chance.num / odds[a]!.chance.den, 0);
    expect(sumChances([0, 1, 2, 3, 4, 5, 6, 7, 8])).toBeCloseTo(1, 12);
    expect(sumChances([9, 10, 11, 12])).toBeCloseTo(1, 12);
    expect(TURNTABLE_LINES.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i));
  });

  it('makes three areas win each round, two when the outer icon is the C4', () => {
    for (let out = 0; out < 9; out++) {
      for (let inner = 9; inner < 13; inner++) {
        const type = out <= 3 ? [13] : out <= 7 ? [14] : [];
        expect(winningAreas(out, inner)).toEqual([out, inner, ...type]);
      }
    }
  });

  it('states the return: 96 % per area, 1 % to the jackpot, 97 % in the long run', () => {
    expect(turntableReturn()).toEqual({
      areaRtp: { num: 24, den: 25 },
      jackpotShare: { num: 1, den: 100 },
      longRun: { num: 97, den: 100 },
    });
  });

  it('floors a payout to units, exactly for large stakes', () => {
    expect(winUnits(12, 10_004)).toBe(12_004); // 12004.8
    expect(winUnits(13, 12_345)).toBe(24_690);
    expect(winUnits(3, 100_000_000)).toBe(4_800_000_000);
    expect(winUnits(12, Number.MAX_SAFE_INTEGER)).toBe(Number((BigInt(Number.MAX_SAFE_INTEGER) * 6n) / 5n));
  });
});

describe('openRound', () => {
  it('opens betting for TURNTABLE_BET_MS with the seed committed by its hash', () => {
    const step = openRound({ roundId: 7, chainIndex: 3, serverSeed: SEED, now: T0 });
    const hash = createHash('sha256').update(SEED).digest('hex');
    expect(step.state).toMatchObject({
      roundId: 7,
      chainIndex: 3,
      state: 'betting',
      serverSeedHash: hash,
      publicSeed: null,
      openedAtMs: T0,
      betsCloseAtMs: T0 + 15_000,
      limits: TURNTABLE_DEFAULT_LIMITS,
      jackpotFeedBp: 100,
      users: {},
    });
    expect(step.events).toEqual([
      {
        type: 'bet_start',
        roundId: 7,
        chainIndex: 3,
        serverSeedHash: hash,
        startMs: T0,
        endMs: T0 + 15_000,
        limits: { minBetUnits: 10_000, maxBetUnits: 100_000_000, maxRoundUnits: 500_000_000, maxBetsPerRound: 100 },
        jackpotFeedBp: 100,
      },
    ]);
    expect(step.effects).toEqual([]);
  });

  it('takes limits, and throws on nonsense from the server', () => {
    const round = openRound({ roundId: 1, chainIndex: 0, serverSeed: SEED, now: T0, limits: { minBetUnits: 500 } });
    expect(round.state.limits.minBetUnits).toBe(500);
    const bad = (over: object) => () => openRound({ roundId: 1, chainIndex: 0, serverSeed: SEED, now: T0, ...over });
    expect(bad({ roundId: 'a:b' })).toThrow(RangeError);
    expect(bad({ serverSeed: '' })).toThrow(RangeError);
    expect(bad({ chainIndex: -1 })).toThrow(RangeError);
    expect(bad({ limits: { minBetUnits: 0 } })).toThrow(RangeError);
    expect(bad({ limits: { maxBetUnits: 5_000 } })).toThrow(RangeError);
    expect(bad({ limits: { maxRoundUnits: 1 } })).toThrow(RangeError);
  });
});

describe('bet', () => {
  const round = opened();

  it('debits each entry with its own key and adds to the user’s stakes', () => {
    const step = must(
      bet(round, {
        userId: 5,
        bets: [
          { area: 3, amount: YUAN },
          { area: 13, amount: 2 * YUAN },
          { area: 3, amount: 5 * YUAN },
        ],
        now: T0,
      }),
    );
    expect(step.effects).toEqual([
      { type: 'debit', userId: 5, amount: YUAN, key: 'turntable_bet:7:5:0' },
      { type: 'debit', userId: 5, amount: 2 * YUAN, key: 'turntable_bet:7:5:1' },
      { type: 'debit', userId: 5, amount: 5 * YUAN, key: 'turntable_bet:7:5:2' },
    ]);
    expect(step.events).toEqual([
      {
        type: 'bet',
        roundId: 7,
        userId: 5,
        bets: [
          { area: 3, amount: YUAN },
          { area: 13, amount: 2 * YUAN },
          { area: 3, amount: 5 * YUAN },
        ],
      },
    ]);
    expect(step.state.users[5]?.areas).toEqual([0, 0, 0, 6 * YUAN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 * YUAN, 0]);
    // A second command continues the counter: keys never repeat within a round.
    const next = must(bet(step.state, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: T0 + 1, betId: 'b-1' }));
    expect(next.effects).toEqual([{ type: 'debit', userId: 5, amount: YUAN, key: 'turntable_bet:7:5:3' }]);
    expect(next.state.users[5]).toEqual({
      areas: [YUAN, 0, 0, 6 * YUAN, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2 * YUAN, 0],
      totalUnits: 9 * YUAN,
      entries: 4,
      betIds: ['b-1'],
    });
    // The round it came from is untouched.
    expect(round.users).toEqual({});
  });

  it('counts a bet in the last millisecond and refuses one at the deadline', () => {
    expect(bet(round, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: CLOSE - 1 }).ok).toBe(true);
    expect(bet(round, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: CLOSE })).toEqual({
      ok: false,
      error: 'TURNTABLE_BETTING_CLOSED',
    });
  });

  const one = (area: unknown, amount: unknown) => [{ area, amount }] as never;
  it.each([
    ['an amount of 0 (押注金额不能为0)', one(0, 0), 'TURNTABLE_BET_ZERO'],
    ['a negative amount', one(0, -YUAN), 'TURNTABLE_BET_NEGATIVE'],
    ['a fractional amount', one(0, 10_000.5), 'TURNTABLE_BET_NOT_INTEGER'],
    ['a string amount', one(0, '10000'), 'TURNTABLE_BET_NOT_INTEGER'],
    ['NaN', one(0, Number.NaN), 'TURNTABLE_BET_NOT_INTEGER'],
    ['an unsafe amount', one(0, 2 ** 60), 'TURNTABLE_BET_NOT_INTEGER'],
    ['below min_bet', one(0, 9_999), 'TURNTABLE_BET_TOO_SMALL'],
    ['above max_bet', one(0, 100_000_001), 'TURNTABLE_BET_TOO_LARGE'],
    ['area 15', one(15, YUAN), 'TURNTABLE_AREA_INVALID'],
    ['area -1', one(-1, YUAN), 'TURNTABLE_AREA_INVALID'],
    ['area 1.5', one(1.5, YUAN), 'TURNTABLE_AREA_INVALID'],
    ['area "3"', one('3', YUAN), 'TURNTABLE_AREA_INVALID'],
    ['no entries', [], 'TURNTABLE_BET_EMPTY'],
    [
      'more entries than areas in one command',
      Array.from({ length: 16 }, () => ({ area: 0, amount: YUAN })),
      'TURNTABLE_TOO_MANY_BETS',
    ],
    ['a good entry with a bad one (all or nothing)', [{ area: 0, amount: YUAN }, ...one(1, 0)], 'TURNTABLE_BET_ZERO'],
  ])('refuses %s', (_, bets, error) => {
    expect(bet(round, { userId: 5, bets, now: T0 })).toEqual({ ok: false, error });
  });

  it('accepts exactly min_bet and max_bet', () => {
    expect(bet(round, { userId: 5, bets: [{ area: 0, amount: 10_000 }], now: T0 }).ok).toBe(true);
    expect(bet(round, { userId: 5, bets: [{ area: 0, amount: 100_000_000 }], now: T0 }).ok).toBe(true);
  });

  it('refuses a user past the round’s limit of units, and past its count of entries', () => {
    let r = round;
    for (let i = 0; i < 5; i++)
      r = must(bet(r, { userId: 5, bets: [{ area: i, amount: 100_000_000 }], now: T0 })).state;
    expect(bet(r, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: T0 })).toEqual({
      ok: false,
      error: 'TURNTABLE_ROUND_LIMIT',
    });
    // Another user is not affected.
    expect(bet(r, { userId: 6, bets: [{ area: 0, amount: YUAN }], now: T0 }).ok).toBe(true);

    let many = round;
    const fifteen = Array.from({ length: 15 }, (_, area) => ({ area, amount: YUAN }));
    for (let i = 0; i < 6; i++) many = must(bet(many, { userId: 5, bets: fifteen, now: T0 })).state;
    // 90 entries so far: 10 more fit, 11 do not.
    const ten = fifteen.slice(0, 10);
    expect(bet(many, { userId: 5, bets: [...ten, ten[0]!], now: T0 })).toEqual({
      ok: false,
      error: 'TURNTABLE_TOO_MANY_BETS',
    });
    expect(must(bet(many, { userId: 5, bets: ten, now: T0 })).state.users[5]!.entries).toBe(100);
  });

  it('refuses a repeated or malformed bet id', () => {
    const once = must(bet(round, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: T0, betId: 'abc' })).state;
    expect(bet(once, { userId: 5, bets: [{ area: 1, amount: YUAN }], now: T0, betId: 'abc' })).toEqual({
      ok: false,
      error: 'TURNTABLE_BET_REPEATED',
    });
    // Bet ids are per user.
    expect(bet(once, { userId: 6, bets: [{ area: 1, amount: YUAN }], now: T0, betId: 'abc' }).ok).toBe(true);
    for (const betId of ['', 'a:b', 'x'.repeat(65), 'é']) {
      expect(bet(round, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: T0, betId })).toEqual({
        ok: false,
        error: 'TURNTABLE_BET_ID_INVALID',
      });
    }
  });

  it('refuses bets once the round is closed, drawn or settled', () => {
    const closed = must(close(round, CLOSE)).state;
    const drawn = must(spin(closed, 'p')).state;
    const settled = must(settle(drawn, { jackpotPoolUnits: 0, now: CLOSE + 1 })).state;
    for (const r of [closed, drawn, settled]) {
      // Even with a clock that says betting is open: the state decides too.
      expect(bet(r, { userId: 5, bets: [{ area: 0, amount: YUAN }], now: T0 })).toEqual({
        ok: false,
        error: 'TURNTABLE_NOT_BETTING',
      });
    }
  });
});

describe('close, spin, settle', () => {
  it('refuses each transition from the wrong state', () => {
    const betting = opened();
    const closed = must(close(betting, CLOSE)).state;
    const drawn = must(spin(closed, 'p')).state;
    const settled = must(settle(drawn, { jackpotPoolUnits: 0, now: CLOSE + 1 })).state;
    const outcome = (r: TurntableRound) => [
      close(r, CLOSE),
      spin(r, 'p'),
      settle(r, { jackpotPoolUnits: 0, now: CLOSE + 1 }),
    ];
    const codes = (results: Result<unknown>[]) => results.map((x) => (x.ok ? 'ok' : x.error));
    expect(codes(outcome(betting))).toEqual(['ok', 'TURNTABLE_NOT_CLOSED', 'TURNTABLE_NOT_DRAWN']);
    expect(close(betting, CLOSE - 1)).toEqual({ ok: false, error: 'TURNTABLE_STILL_BETTING' });
    expect(codes(outcome(closed))).toEqual(['TURNTABLE_NOT_BETTING', 'ok', 'TURNTABLE_NOT_DRAWN']);
    expect(codes(outcome(drawn))).toEqual(['TURNTABLE_NOT_BETTING', 'TURNTABLE_NOT_CLOSED', 'ok']);
    expect(codes(outcome(settled))).toEqual([
      'TURNTABLE_NOT_BETTING',
      'TURNTABLE_NOT_CLOSED',
      'TURNTABLE_ALREADY_SETTLED',
    ]);
  });

  it('close announces the stakes; spin draws the icons of verifyDraw and announces nothing', () => {
    const round = withBets([
      [1, 0, YUAN],
      [2, 13, 3 * YUAN],
    ]);
    const closing = must(close(round, CLOSE + 5));
    expect(closing.events).toEqual([{ type: 'bet_end', roundId: 7, closedAtMs: CLOSE + 5, stakedUnits: 4 * YUAN }]);
    expect(closing.state.closedAtMs).toBe(CLOSE + 5);
    const spun = must(spin(closing.state, 'beacon-value'));
    expect(spun.events).toEqual([]);
    expect(spun.effects).toEqual([]);
    expect(spun.state.publicSeed).toBe('beacon-value');
    expect(spun.state.draw).toEqual(verifyDraw({ serverSeed: SEED, publicSeed: 'beacon-value', roundId: 7 }));
  });

  it('settles a whole round: multiplier payouts, the jackpot feed, the house’s share', () => {
    // Outer 3 (knife, type 1), inner 12 (C4): areas 3, 12 and 13 win.
    const round = withBets([
      [1, 3, YUAN], // knife 48× → 480,000
      [1, 4, YUAN], // AWP loses
      [2, 13, 3 * YUAN], // type 1, 2× → 60,000
      [2, 14, 3 * YUAN], // type 2 loses
      [3, 12, 10_004], // inner C4 6/5 → 12,004.8 floored to 12,004
      [3, 12, 10_000], // the same area again: the stake adds up to 20,004 → 24,004.8 → 24,004
      [4, 9, 5 * YUAN], // jackpot ⅓ area loses
    ]);
    const step = settleAs(round, 3, 12, 1_000_000);
    const result = step.state.result!;
    expect(result.winningAreas).toEqual([3, 12, 13]);
    expect(result.users.map((u) => [u.userId, u.stakedUnits, u.wonUnits, u.jackpotUnits])).toEqual([
      [1, 20_000, 480_000, 0],
      [2, 60_000, 60_000, 0],
      [3, 20_004, 24_004, 0],
      [4, 50_000, 0, 0],
    ]);
    expect(result.users[2]!.details).toEqual([{ area: 12, amount: 20_004, award: 24_004 }]);
    const staked = 150_004;
    expect(result.stakedUnits).toBe(staked);
    expect(result.wonUnits).toBe(564_004);
    expect(result.jackpot).toEqual({
      icon: null,
      poolBeforeUnits: 1_000_000,
      feedUnits: 1_500, // floor(150,004 / 100)
      awardUnits: 0,
      paidUnits: 0,
      poolAfterUnits: 1_001_500,
    });
    expect(result.houseUnits).toBe(staked - 564_004 - 1_500);
    expect(result.areas[3]).toEqual({ area: 3, amount: YUAN, users: 1, win: true, award: 480_000 });
    expect(result.areas[4]).toEqual({ area: 4, amount: YUAN, users: 1, win: false, award: 0 });
    expect(result.areas[12]).toEqual({ area: 12, amount: 20_004, users: 1, win: true, award: 24_004 });
    expect(step.effects).toEqual([
      { type: 'jackpot', direction: 'feed', amount: 1_500, key: 'turntable_jackpot_feed:7' },
      { type: 'credit', userId: 1, amount: 480_000, key: 'turntable_win:7:1', reason: 'turntable_win' },
      { type: 'credit', userId: 2, amount: 60_000, key: 'turntable_win:7:2', reason: 'turntable_win' },
      { type: 'credit', userId: 3, amount: 24_004, key: 'turntable_win:7:3', reason: 'turntable_win' },
    ]);
    expect(step.state).toMatchObject({
      state: 'settled',
      settledAtMs: CLOSE + 3000,
      nextRoundAtMs: CLOSE + 3000 + TURNTABLE_SPIN_MS + TURNTABLE_RESULT_MS,
    });
    expect(step.events).toEqual([
      {
        type: 'settle',
        roundId: 7,
        outIcon: 3,
        innerIcon: 12,
        winningAreas: [3, 12, 13],
        areas: result.areas,
        jackpot: result.jackpot,
        serverSeed: SEED,
        publicSeed: step.state.publicSeed,
        settledAtMs: CLOSE + 3000,
        nextRoundAtMs: CLOSE + 3000 + 10_000,
      },
    ]);
  });

  it('pays nothing on either type when the outer C4 comes', () => {
    const round = withBets([
      [1, 13, YUAN],
      [2, 14, YUAN],
      [3, 8, YUAN],
    ]);
    const result = settleAs(round, 8, 12).state.result!;
    expect(result.winningAreas).toEqual([8, 12]);
    expect(result.users.map((u) => u.wonUnits)).toEqual([0, 0, 24 * YUAN]);
  });

  it('splits the whole jackpot by stake, floors each share and leaves the remainder in the pool', () => {
    const round = withBets([
      [1, 11, YUAN],
      [2, 11, 2 * YUAN],
      [3, 11, 4 * YUAN],
      [4, 0, 3 * YUAN],
    ]);
    // Pool 999,900 + feed floor(100,000 / 100) = 1,000 → 1,000,900, all of it won.
    const step = settleAs(round, 5, 11, 999_900);
    const { jackpot, users } = step.state.result!;
    expect(jackpot.icon).toBe(11);
    expect(jackpot.feedUnits).toBe(1_000);
    expect(jackpot.awardUnits).toBe(1_000_900);
    // By stake 1:2:4 of 7: 142,985.71… 285,971.42… 571,942.85… floored.
    expect(users.map((u) => u.jackpotUnits)).toEqual([142_985, 285_971, 571_942, 0]);
    expect(jackpot.paidUnits).toBe(1_000_898);
    expect(jackpot.poolAfterUnits).toBe(2); // the floors' remainder stays
    // Multiplier payouts on top: area 11 pays 48×.
    expect(users.map((u) => u.wonUnits)).toEqual([48 * YUAN, 96 * YUAN, 192 * YUAN, 0]);
    expect(step.effects).toEqual([
      { type: 'jackpot', direction: 'feed', amount: 1_000, key: 'turntable_jackpot_feed:7' },
      { type: 'jackpot', direction: 'draw', amount: 1_000_898, key: 'turntable_jackpot_draw:7' },
      { type: 'credit', userId: 1, amount: 48 * YUAN, key: 'turntable_win:7:1', reason: 'turntable_win' },
      { type: 'credit', userId: 1, amount: 142_985, key: 'turntable_jackpot:7:1', reason: 'turntable_jackpot' },
      { type: 'credit', userId: 2, amount: 96 * YUAN, key: 'turntable_win:7:2', reason: 'turntable_win' },
      { type: 'credit', userId: 2, amount: 285_971, key: 'turntable_jackpot:7:2', reason: 'turntable_jackpot' },
      { type: 'credit', userId: 3, amount: 192 * YUAN, key: 'turntable_win:7:3', reason: 'turntable_win' },
      { type: 'credit', userId: 3, amount: 571_942, key: 'turntable_jackpot:7:3', reason: 'turntable_jackpot' },
    ]);
  });

  it('pays a third and two thirds of the pool for icons 9 and 10', () => {
    const round = withBets(
      [
        [1, 9, YUAN],
        [2, 10, YUAN],
      ],
      8,
    );
    const third = settleAs(round, 0, 9, 29_900).state.result!.jackpot; // pool 29,900 + 200
    expect([third.awardUnits, third.paidUnits, third.poolAfterUnits]).toEqual([10_033, 10_033, 20_067]);
    const twoThirds = settleAs(round, 0, 10, 29_900).state.result!.jackpot;
    expect([twoThirds.awardUnits, twoThirds.paidUnits, twoThirds.poolAfterUnits]).toEqual([20_066, 20_066, 10_034]);
  });

  it('rolls the jackpot over when nobody bet on the drawn jackpot icon', () => {
    const step = settleAs(withBets([[1, 0, YUAN]]), 0, 11, 5_000_000);
    expect(step.state.result!.jackpot).toEqual({
      icon: 11,
      poolBeforeUnits: 5_000_000,
      feedUnits: 100,
      awardUnits: 0,
      paidUnits: 0,
      poolAfterUnits: 5_000_100,
    });
    expect(step.effects.filter((e) => e.type === 'jackpot')).toHaveLength(1);
  });

  it('settles an empty round with no effects at all', () => {
    const step = settleAs(opened(), 1, 12, 123);
    expect(step.effects).toEqual([]);
    expect(step.state.result!.jackpot.poolAfterUnits).toBe(123);
  });

  it('pays nothing more on a repeated settle, and a replay of the same settle repeats the same keys', () => {
    const round = withBets([
      [1, 11, YUAN],
      [2, 0, YUAN],
    ]);
    const closed = must(close(round, CLOSE)).state;
    const drawn = must(
      spin(
        closed,
        beaconFor(7, (o, i) => o === 0 && i === 11),
      ),
    ).state;
    const first = must(settle(drawn, { jackpotPoolUnits: 50_000, now: CLOSE + 1 }));
    expect(settle(first.state, { jackpotPoolUnits: 50_000, now: CLOSE + 2 })).toEqual({
      ok: false,
      error: 'TURNTABLE_ALREADY_SETTLED',
    });
    // A process that settled but died before committing runs it again: the same keys, so the
    // ledger books each once.
    const again = must(settle(structuredClone(drawn), { jackpotPoolUnits: 50_000, now: CLOSE + 9 }));
    expect(again.effects.map((e) => e.key)).toEqual(first.effects.map((e) => e.key));
    expect(new Set(first.effects.map((e) => e.key)).size).toBe(first.effects.length);
  });

  it('runs through apply', () => {
    let r = opened();
    r = must(apply(r, { type: 'bet', userId: 1, bets: [{ area: 0, amount: YUAN }], now: T0 })).state;
    expect(apply(r, { type: 'bet', userId: 1, bets: [{ area: 0, amount: 0 }], now: T0 })).toEqual({
      ok: false,
      error: 'TURNTABLE_BET_ZERO',
    });
    r = must(apply(r, { type: 'close', now: CLOSE })).state;
    r = must(apply(r, { type: 'spin', publicSeed: 'p' })).state;
    r = must(apply(r, { type: 'settle', jackpotPoolUnits: 0, now: CLOSE + 1 })).state;
    expect(r.state).toBe('settled');
  });

  it('exports every error code it can return', () => {
    expect(new Set(TURNTABLE_ERRORS).size).toBe(TURNTABLE_ERRORS.length);
    expect(TURNTABLE_ERRORS.every((e) => e.startsWith('TURNTABLE_'))).toBe(true);
  });
});

describe('fairness', () => {
  /** The recipe read independently: node:crypto HMAC, 13 hex digits a chunk, rejection in BigInt. */
  function reference(serverSeed: string, publicSeed: string, roundId: number, slot: string, n: number): number {
    const limit = 2n ** 52n - (2n ** 52n % BigInt(n));
    for (let cursor = 0; ; cursor++) {
      const hex = createHmac('sha256', serverSeed)
        .update(`turntable:${publicSeed}:${roundId}:0:${slot}:${cursor}`)
        .digest('hex');
      for (let k = 0; k < 4; k++) {
        const value = BigInt(`0x${hex.slice(13 * k, 13 * k + 13)}`);
        if (value < limit) return Number(value % BigInt(n));
      }
    }
  }
  const iconOf = (weights: readonly number[], ticket: number) => {
    let end = 0;
    let icon = 0;
    while (ticket >= end + weights[icon]!) end += weights[icon++]!;
    return icon;
  };

  it('draws the outer and inner icons from their own slots, as an independent reading does', () => {
    for (let i = 0; i < 50; i++) {
      const d = verifyDraw({ serverSeed: SEED, publicSeed: `pub${i}`, roundId: 1000 + i });
      const outer = reference(SEED, `pub${i}`, 1000 + i, 'outer', 50);
      const inner = reference(SEED, `pub${i}`, 1000 + i, 'inner', 100);
      expect([d.outer.ticket, d.outIcon, d.inner.ticket, d.innerIcon]).toEqual([
        outer,
        iconOf(TURNTABLE_OUTER_WEIGHTS, outer),
        inner,
        9 + iconOf(TURNTABLE_INNER_WEIGHTS, inner),
      ]);
    }
  });

  it('pins one draw, so a change of recipe cannot pass unnoticed', () => {
    const d = verifyDraw({ serverSeed: SEED, publicSeed: 'beacon', roundId: 1 });
    expect(d).toMatchInlineSnapshot(`
      {
        "inner": {
          "chunkIndex": 0,
          "cursor": 0,
          "icon": 11,
          "ticket": 19,
        },
        "innerIcon": 11,
        "outIcon": 5,
        "outer": {
          "chunkIndex": 0,
          "cursor": 0,
          "icon": 5,
          "ticket": 29,
        },
      }
    `);
  });

  it('chains seeds: s_n = sha256hex(s_n+1), each round’s hash is the previous round’s seed', () => {
    const top = 'a'.repeat(64);
    const length = 20;
    const seeds = Array.from({ length }, (_, i) => chainSeedAt(top, length, i));
    expect(seeds[length - 1]).toBe(top);
    const terminal = chainTerminalHash(top, length);
    expect(terminal).toBe(createHash('sha256').update(seeds[0]!).digest('hex'));
    for (let i = 1; i < length; i++) {
      const round = openRound({ roundId: 100 + i, chainIndex: i, serverSeed: seeds[i]!, now: T0 }).state;
      expect(round.serverSeedHash).toBe(seeds[i - 1]);
    }
    expect(seeds.every((s, i) => verifyChainSeed(s, i, terminal))).toBe(true);
    expect(verifyChainSeed(seeds[5]!, 4, terminal)).toBe(false);
    expect(hashTimes(seeds[7]!, 3)).toBe(seeds[4]);
    expect(() => chainSeedAt(top, length, length)).toThrow(RangeError);
  });
});

describe('what the screen shows', () => {
  it('phase_info: 0 while betting, -1 once the deadline passed until settled, 1 settled', () => {
    const round = opened();
    expect(phaseInfo(null, T0)).toEqual({ phase: -1, startMs: T0, endMs: T0, timeLeftMs: 0 });
    expect(phaseInfo(round, T0 + 4000)).toEqual({ phase: 0, startMs: T0, endMs: CLOSE, timeLeftMs: 11_000 });
    expect(phaseInfo(round, CLOSE).phase).toBe(-1);
    const closed = must(close(round, CLOSE)).state;
    expect(phaseInfo(closed, CLOSE + 100)).toEqual({ phase: -1, startMs: CLOSE, endMs: CLOSE, timeLeftMs: 0 });
    const settled = must(settle(must(spin(closed, 'p')).state, { jackpotPoolUnits: 0, now: CLOSE + 2000 })).state;
    expect(phaseInfo(settled, CLOSE + 3000)).toEqual({
      phase: 1,
      startMs: CLOSE + 2000,
      endMs: CLOSE + 12_000,
      timeLeftMs: 9_000,
    });
  });

  it('miss counts: the drawn icon resets to 0, every other icon 0–8 adds 1', () => {
    expect(nextMissCounts([0, 0, 0, 0, 0, 0, 0, 0, 0], 4)).toEqual([1, 1, 1, 1, 0, 1, 1, 1, 1]);
    const counts = [4, 4, 0, 8].reduce<number[]>((c, icon) => nextMissCounts(c, icon), []);
    expect(counts).toEqual([1, 4, 4, 4, 2, 4, 4, 4, 0]);
    expect(nextMissCounts([5, 5, 5, 5, 5, 5, 5, 5, 5], 1)).toEqual([6, 0, 6, 6, 6, 6, 6, 6, 6]);
  });
});
