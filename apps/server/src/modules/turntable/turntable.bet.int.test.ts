import {
  bet as betRule,
  betShapeError,
  TURNTABLE_GAME,
  type TurntableRound,
  type TurntableUserBets,
} from '@kaixiang/game/turntable';
import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import { TURNTABLE_PATHS, type TurntableBetRequest, type TurntableBetResponse } from '@kaixiang/shared/turntable';
import { and, eq, like } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { turntableStakes } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { AppError } from '../../http/app-error.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { BET_REFUSALS, betOn, stakesOf } from './turntable.repo.ts';

/**
 * A bet is one statement (kx_turntable_bet, db/functions/turntable.sql) that checks what the rules'
 * `bet` checks against the round and the player's stakes. These tests hold it to the rules: the
 * same answer as the pure rule for every command, nothing written by a refusal, a replayed bet
 * booked once, and bets of one turn sent as one statement (PGlite by default, PostgreSQL in CI).
 */
describe('turntable bets in one statement', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  const tt = () => t.app.games.turntable;
  const db = () => t.rt.database.db;
  async function player(coins: number): Promise<TestUser> {
    const u = await registerUser(t);
    if (coins > 0) await credit(t, u.userId, coins);
    return u;
  }
  const coin = async (userId: number) => (await balancesOf(db(), userId)).coin;
  const debitsOf = (roundId: number, userId: number) =>
    db()
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `turntable_bet:${roundId}:${userId}:%`));
  /** The service's answer, or the key of its refusal. */
  async function place(userId: number, input: unknown): Promise<TurntableBetResponse | ErrorKey> {
    try {
      return await tt().bet(userId, input as TurntableBetRequest);
    } catch (e) {
      if (e instanceof AppError) return e.key;
      throw e;
    }
  }

  /** The open round (the test opens one after the last has been shown), its data as stored. */
  async function openRound(): Promise<{ id: number; data: TurntableRound }> {
    clock.advance(60_000);
    await tt().ensure();
    const info = await tt().roomInfo(null);
    const room = await t.app.games.engine.load<TurntableRound>(TURNTABLE_GAME, info.round_id);
    if (room?.data.state !== 'betting') throw new Error('no round open');
    return { id: room.id, data: room.data };
  }
  async function settle(round: { id: number; data: TurntableRound }) {
    clock.advance(round.data.betsCloseAtMs - clock.now());
    await tt().tick(round.id);
  }

  it('answers every command as the rules do, and a refusal writes nothing', async () => {
    const round = await openRound();
    // A rich player reaches the round's limits, a poor one runs short, one has nothing at all.
    const players = [await player(2_000_000_000), await player(400_000), await player(0), await player(5_000_000)];
    const whale = await player(1_000_000_000);
    const amount = fc.oneof(
      { weight: 40, arbitrary: fc.integer({ min: 10_000, max: 200_000 }) },
      { weight: 4, arbitrary: fc.constantFrom(9_999, 10_000, 100_000_000, 100_000_001) },
      { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -10_000, 10_000.5, '10000') },
    );
    const command = fc.record({
      // The rich player most, so their entries reach the round's limit.
      who: fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, fc.nat({ max: 3 })),
      bets: fc.array(fc.record({ area: fc.nat({ max: 14 }), amount }), { minLength: 1, maxLength: 15 }),
      betId: fc.option(fc.constantFrom('a', 'b', 'c', 'd', 'e'), { nil: undefined }),
    });
    // The whale stakes the round's limit at once, then a yuan more (the round limit, first thing).
    players.push(whale);
    const limit = round.data.limits;
    const toLimit = Array.from({ length: limit.maxRoundUnits / limit.maxBetUnits }, (_, area) => ({
      area,
      amount: limit.maxBetUnits,
    }));
    const commands = [
      { who: players.length - 1, bets: toLimit as { area: number; amount: unknown }[], betId: undefined },
      { who: players.length - 1, bets: [{ area: 14, amount: limit.minBetUnits as unknown }], betId: undefined },
      ...fc.sample(command, { seed: 20_261_126, numRuns: 240 }),
    ];
    // The last few arrive at the close and after it, the round not yet closed by its tick.
    const lateFrom = commands.length - 6;

    const model: Record<string, TurntableUserBets> = {};
    const balances = new Map<number, number>();
    for (const p of players) balances.set(p.userId, await coin(p.userId));
    const seen = new Set<string>();
    /** The answers of commands the statement itself judged (their shape passed). */
    const judged = new Set<string>();
    const accepted = new Map<number, number>();
    for (const [i, c] of commands.entries()) {
      if (i === lateFrom) clock.advance(round.data.betsCloseAtMs - clock.now());
      const u = players[c.who] as TestUser;
      const input = { bets: c.bets, ...(c.betId === undefined ? {} : { bet_id: c.betId }) };
      const rule = betRule(
        { ...round.data, users: model },
        { userId: u.userId, bets: c.bets as never, now: clock.now(), ...(c.betId ? { betId: c.betId } : {}) },
      );
      const staked = rule.ok
        ? (rule.value.state.users[u.userId]?.totalUnits ?? 0) - (model[u.userId]?.totalUnits ?? 0)
        : 0;
      const expected: ErrorKey | null = rule.ok
        ? (balances.get(u.userId) ?? 0) < staked
          ? 'INSUFFICIENT_BALANCE'
          : null
        : rule.error;
      const before = await stakesOf(db(), round.id, u.userId);
      const answer = await place(u.userId, input);
      seen.add(typeof answer === 'string' ? answer : 'ok');
      if (!betShapeError(c.bets as never, c.betId)) judged.add(typeof answer === 'string' ? answer : 'ok');
      if (expected !== null) {
        expect({ i, answer }).toEqual({ i, answer: expected });
        expect(await stakesOf(db(), round.id, u.userId)).toEqual(before);
        expect(await coin(u.userId)).toBe(balances.get(u.userId));
        continue;
      }
      if (!rule.ok) throw new Error('unreachable');
      const after = rule.value.state.users[u.userId] as TurntableUserBets;
      model[u.userId] = after;
      accepted.set(u.userId, (accepted.get(u.userId) ?? 0) + 1);
      balances.set(u.userId, (balances.get(u.userId) ?? 0) - staked);
      expect({ i, answer }).toEqual({
        i,
        answer: {
          round_id: round.id,
          selfbets: after.areas.flatMap((a, area) => (a > 0 ? [{ area, amount: a }] : [])),
          balance: balances.get(u.userId),
        },
      });
      expect(await stakesOf(db(), round.id, u.userId)).toEqual(after);
    }
    // Every refusal the statement knows came from it (but between rounds, the next test's), and
    // the rules' own refusals of a malformed command were answered too.
    for (const key of [...Object.values(BET_REFUSALS).filter((k) => k !== 'TURNTABLE_NOT_BETTING'), 'ok']) {
      expect(judged).toContain(key);
    }
    for (const key of ['TURNTABLE_BET_ZERO', 'TURNTABLE_BET_NEGATIVE', 'TURNTABLE_BET_NOT_INTEGER'])
      expect(seen).toContain(key);
    // One transfer per accepted command, none for a refusal; the player with nothing has no row.
    for (const p of players) expect(await debitsOf(round.id, p.userId)).toHaveLength(accepted.get(p.userId) ?? 0);
    expect(await stakesOf(db(), round.id, (players[2] as TestUser).userId)).toBeNull();
    await settle(round);
    await expectLedgerBalanced(t);
  });

  it('a bet replayed (the same bet id, at once and later) is booked once; the close counts to the millisecond', async () => {
    const round = await openRound();
    const u = await player(1_000_000);
    const send = () =>
      t.api<TurntableBetResponse>('POST', TURNTABLE_PATHS.bet, {
        headers: { authorization: `Bearer ${u.tokens.access_token}` },
        body: { bets: [{ area: 13, amount: 300_000 }], bet_id: 'replayed-1' },
      });
    const both = await Promise.all([send(), send()]);
    expect(both.map((r) => r.body.code).sort()).toEqual([200, ERRORS.TURNTABLE_BET_REPEATED.code].sort());
    expect((await send()).body.code).toBe(ERRORS.TURNTABLE_BET_REPEATED.code);
    expect(await coin(u.userId)).toBe(700_000);
    expect(await debitsOf(round.id, u.userId)).toHaveLength(1);
    expect((await stakesOf(db(), round.id, u.userId))?.betIds).toEqual(['replayed-1']);

    clock.advance(round.data.betsCloseAtMs - 1 - clock.now());
    expect(await place(u.userId, { bets: [{ area: 0, amount: 10_000 }] })).toMatchObject({ balance: 690_000 });
    clock.advance(1);
    expect(await place(u.userId, { bets: [{ area: 0, amount: 10_000 }] })).toBe('TURNTABLE_BETTING_CLOSED');
    await settle(round);
    // Between rounds: refused by the statement, and a malformed bet in the rules' order too.
    expect(await place(u.userId, { bets: [{ area: 0, amount: 10_000 }] })).toBe('TURNTABLE_NOT_BETTING');
    expect(await place(u.userId, { bets: [{ area: 0, amount: 0 }] })).toBe('TURNTABLE_NOT_BETTING');
    await expectLedgerBalanced(t);
  });

  it('bets of one turn go as one statement, each answered as it would be alone', async () => {
    const round = await openRound();
    const rich = await player(1_000_000);
    const poor = await player(5_000);
    const twice = await player(1_000_000);
    expect(await place(twice.userId, { bets: [{ area: 1, amount: 10_000 }], bet_id: 'once' })).toMatchObject({
      round_id: round.id,
    });
    const batches = async () => {
      const m = (await t.rt.metrics.betBatches.get()).values;
      const of = (name: string) => m.find((v) => v.metricName === name)?.value ?? 0;
      return { count: of('kx_turntable_bet_batch_size_count'), sum: of('kx_turntable_bet_batch_size_sum') };
    };
    const before = await batches();
    const answers = await Promise.all([
      place(rich.userId, { bets: [{ area: 2, amount: 20_000 }] }),
      place(poor.userId, { bets: [{ area: 2, amount: 10_000 }] }),
      place(twice.userId, { bets: [{ area: 3, amount: 10_000 }], bet_id: 'once' }),
      place(rich.userId, { bets: [{ area: 4, amount: 30_000 }] }),
    ]);
    expect(await batches()).toEqual({ count: before.count + 1, sum: before.sum + 4 });
    // The rich player's two bets in one statement: each sees the one before it.
    expect(answers).toEqual([
      { round_id: round.id, selfbets: [{ area: 2, amount: 20_000 }], balance: 980_000 },
      'INSUFFICIENT_BALANCE',
      'TURNTABLE_BET_REPEATED',
      {
        round_id: round.id,
        selfbets: [
          { area: 2, amount: 20_000 },
          { area: 4, amount: 30_000 },
        ],
        balance: 950_000,
      },
    ]);
    expect(await coin(poor.userId)).toBe(5_000);
    expect(await stakesOf(db(), round.id, poor.userId)).toBeNull();
    expect(await coin(twice.userId)).toBe(990_000);

    // A statement that raises (here an area the caller should have refused) is undone whole and
    // each of its bets sent again alone: only the culprit fails.
    const sizes: number[] = [];
    const send = betOn(db(), (n) => sizes.push(n));
    const now = new Date(clock.now());
    const [good, broken] = await Promise.allSettled([
      send({ userId: rich.userId, betId: null, bets: [{ area: 5, amount: 10_000 }], now }),
      send({ userId: twice.userId, betId: null, bets: [{ area: 99, amount: 10_000 }], now }),
    ]);
    expect(sizes).toEqual([2]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { status: 'ok', balance: 940_000 } });
    expect(broken.status).toBe('rejected');
    expect(await coin(twice.userId)).toBe(990_000);
    const [richStakes] = await db()
      .select()
      .from(turntableStakes)
      .where(and(eq(turntableStakes.roomId, round.id), eq(turntableStakes.userId, rich.userId)));
    expect(richStakes).toMatchObject({ totalUnits: 60_000, entries: 3 });
    await settle(round);
    await expectLedgerBalanced(t);
  });
});
