import { sha256Hex } from '@kaixiang/game/sha256';
import { TURNTABLE_GAME, verifyDraw, winUnits } from '@kaixiang/game/turntable';
import { beaconRoundAfter, beaconRoundTime } from '@kaixiang/shared/beacon';
import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import {
  TURNTABLE_PATHS,
  type TurntableBetResponse,
  type TurntableJackpotResponse,
  type TurntableRecordResponse,
  type TurntableRoomInfo,
  type TurntableRoundResponse,
} from '@kaixiang/shared/turntable';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { gameRooms, turntableStakes } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { balancesOf } from '../ledger/ledger.ts';

/**
 * The turntable through the API on a clock the test moves (PGlite by default, PostgreSQL in CI):
 * the test opens rounds and ticks them itself, as the scheduler leader would.
 */
describe('turntable', () => {
  const clock = fakeClock();
  let t: TestApp;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    t.rt.bus.subscribe((m) => {
      if (m.room === 'roulette:hall' || m.type === 'settle_self') events.push(m);
    });
  });
  afterAll(() => t.close());

  const tt = () => t.app.games.turntable;
  async function player(coins: number): Promise<TestUser> {
    const u = await registerUser(t);
    if (coins > 0) await credit(t, u.userId, coins);
    return u;
  }
  const coin = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const bet = (u: TestUser, body: unknown, lang?: 'zh-CN' | 'zh-TW' | 'en-US') =>
    t.api<TurntableBetResponse>('POST', TURNTABLE_PATHS.bet, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const info = async (u?: TestUser) =>
    (u
      ? await asUser<TurntableRoomInfo>(t, u.tokens.access_token, 'GET', TURNTABLE_PATHS.roomInfo)
      : await t.api<TurntableRoomInfo>('GET', TURNTABLE_PATHS.roomInfo)
    ).body.data;
  const expectRefused = (res: { body: { code: number; msg: string } }, key: ErrorKey) =>
    expect(res.body.code).toBe(ERRORS[key].code);

  /** Waits (real time) for what the bus delivers, which is asynchronous with Redis. */
  async function until<T>(what: () => T | undefined): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const v = what();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error('timed out');
  }

  /** Opens a round if none is open (the leader's job), answering the open one. */
  async function openRound(): Promise<TurntableRoomInfo> {
    await tt().ensure();
    const now = await info();
    expect(now.phase).toBe(0);
    return now;
  }

  /** Runs the round to its settlement: past the close, then the tick (close, beacon, settle). */
  async function settleRound(roundId: number): Promise<void> {
    const round = await t.app.games.engine.load<{ betsCloseAtMs: number }>(TURNTABLE_GAME, roundId);
    clock.advance((round?.data.betsCloseAtMs ?? 0) - clock.now());
    await tt().tick(roundId);
  }

  it('refuses bad bets with a clear message and moves nothing', async () => {
    const round = await openRound();
    const u = await player(1_000_000);
    expectRefused(await bet(u, { bets: [{ area: 3, amount: 0 }] }), 'TURNTABLE_BET_ZERO');
    expect((await bet(u, { bets: [{ area: 3, amount: 0 }] })).body.msg).toBe('押注金额不能为0');
    expect((await bet(u, { bets: [{ area: 3, amount: 0 }] }, 'zh-TW')).body.msg).toBe('押注金額不能為0');
    expect((await bet(u, { bets: [{ area: 3, amount: 0 }] }, 'en-US')).body.msg).toBe('The bet cannot be 0');
    expectRefused(await bet(u, { bets: [{ area: 3, amount: -10_000 }] }), 'TURNTABLE_BET_NEGATIVE');
    expectRefused(await bet(u, { bets: [{ area: 3, amount: 10_000.5 }] }), 'TURNTABLE_BET_NOT_INTEGER');
    expectRefused(await bet(u, { bets: [{ area: 3, amount: 9_999 }] }), 'TURNTABLE_BET_TOO_SMALL');
    expectRefused(await bet(u, { bets: [{ area: 3, amount: 100_000_001 }] }), 'TURNTABLE_BET_TOO_LARGE');
    expectRefused(await bet(u, { bets: [{ area: 15, amount: 10_000 }] }), 'TURNTABLE_AREA_INVALID');
    expectRefused(await bet(u, { bets: [] }), 'TURNTABLE_BET_EMPTY');
    const text = await bet(u, { bets: [{ area: 3, amount: '10000' }] });
    expectRefused(text, 'TURNTABLE_BET_NOT_INTEGER');
    expect(text.body.msg).toBe('押注金额无效');
    expectRefused(await bet(u, { bets: [{ area: '3', amount: 10_000 }] }), 'TURNTABLE_AREA_INVALID');
    expectRefused(await bet(u, { bets: [{ area: 3 }] }), 'VALIDATION_FAILED'); // no amount at all: malformed
    // More than the balance: refused whole, nothing staked.
    expectRefused(
      await bet(u, {
        bets: [
          { area: 1, amount: 600_000 },
          { area: 2, amount: 600_000 },
        ],
      }),
      'INSUFFICIENT_BALANCE',
    );
    expect(await coin(u)).toBe(1_000_000);
    const stakes = await t.rt.database.db.select().from(turntableStakes).where(eq(turntableStakes.userId, u.userId));
    expect(stakes.every((s) => s.entries === 0)).toBe(true);

    // A bet after the close is refused and costs nothing.
    await settleRound(round.round_id);
    expectRefused(await bet(u, { bets: [{ area: 3, amount: 10_000 }] }), 'TURNTABLE_NOT_BETTING');
    expect(await coin(u)).toBe(1_000_000);
    await expectLedgerBalanced(t);
  });

  it('plays a round: bets on areas, totals, the draw the seeds give, winners paid once, the next round chained', async () => {
    clock.advance(20_000); // the last round's result has been shown
    const round = await openRound();
    const a = await player(5_000_000);
    const b = await player(5_000_000);
    const placed = await bet(a, {
      bets: [
        { area: 0, amount: 100_000 },
        { area: 13, amount: 200_000 },
      ],
      bet_id: 'a-1',
    });
    expect(placed.body.data).toMatchObject({ round_id: round.round_id, balance: 4_700_000 });
    expect(placed.body.data.selfbets).toEqual([
      { area: 0, amount: 100_000 },
      { area: 13, amount: 200_000 },
    ]);
    // The same bet id again: refused, not booked twice.
    expectRefused(await bet(a, { bets: [{ area: 0, amount: 100_000 }], bet_id: 'a-1' }), 'TURNTABLE_BET_REPEATED');
    await bet(a, { bets: [{ area: 0, amount: 50_000 }] });
    await bet(b, {
      bets: [
        { area: 14, amount: 300_000 },
        { area: 12, amount: 100_000 },
      ],
    });
    expect(await coin(a)).toBe(4_650_000);

    const seenByA = await info(a);
    expect(seenByA.areas[0]).toMatchObject({ amount: 150_000, users: 1, self: 150_000, state: 0 });
    expect(seenByA.areas[14]).toMatchObject({ amount: 300_000, users: 1, self: 0 });
    expect(seenByA.selfbets).toEqual([
      { area: 0, amount: 150_000 },
      { area: 13, amount: 200_000 },
    ]);
    expect(seenByA.server_seed).toBeNull();
    // The totals go to the hall as one aggregated frame.
    await tt().flush();
    const frame = await until(() =>
      events.find((e) => e.type === 'bet' && (e.data as { round_id: number }).round_id === round.round_id),
    );
    expect((frame.data as { areas: { amount: number }[] }).areas[13]?.amount).toBe(200_000);

    const transfersBefore = await t.rt.database.db.select().from(ledgerTransfers);
    await settleRound(round.round_id);
    const settled = await info(a);
    expect(settled.phase).toBe(1);
    expect(settled.server_seed).toMatch(/^[0-9a-f]{64}$/);
    const draw = verifyDraw({
      serverSeed: settled.server_seed as string,
      publicSeed: settled.public_seed as string,
      roundId: round.round_id,
    });
    expect(settled.result).toMatchObject({ out_icon: draw.outIcon, inner_icon: draw.innerIcon });
    const wins = new Set(settled.result?.winning_areas);
    const owed = (stakes: [number, number][]) =>
      stakes.reduce((sum, [area, amount]) => sum + (wins.has(area) ? winUnits(area, amount) : 0), 0);
    const jackpotOf = async (u: TestUser) =>
      (await asUser<TurntableRecordResponse>(t, u.tokens.access_token, 'GET', TURNTABLE_PATHS.userRecord)).body.data;
    const recA = await jackpotOf(a);
    const recB = await jackpotOf(b);
    expect(recA.list[0]).toMatchObject({
      round_id: round.round_id,
      staked: 350_000,
      won: owed([
        [0, 150_000],
        [13, 200_000],
      ]),
    });
    expect(recB.list[0]).toMatchObject({
      round_id: round.round_id,
      staked: 400_000,
      won: owed([
        [14, 300_000],
        [12, 100_000],
      ]),
    });
    expect(await coin(a)).toBe(4_650_000 + (recA.list[0]?.won ?? 0) + (recA.list[0]?.jackpot ?? 0));
    expect(await coin(b)).toBe(4_600_000 + (recB.list[0]?.won ?? 0) + (recB.list[0]?.jackpot ?? 0));
    // Each bettor hears their own result; the hall hears the settle.
    const own = await until(() => events.find((e) => e.room === `user:${a.userId}` && e.type === 'settle_self'));
    expect(own.data).toEqual({
      round_id: round.round_id,
      staked: 350_000,
      won: recA.list[0]?.won,
      jackpot: recA.list[0]?.jackpot,
    });
    await until(() =>
      events.find((e) => e.type === 'settle' && (e.data as { round_id: number }).round_id === round.round_id),
    );
    // The jackpot was fed 1 % of the stakes (and paid out only on a jackpot icon with bettors).
    const jackpot = (await t.api<TurntableJackpotResponse>('GET', TURNTABLE_PATHS.jackpotRecord)).body.data;
    expect(jackpot.jackpot).toBe(settled.jackpot);
    expect(settled.jackpot).toBeGreaterThanOrEqual(0);

    // A repeated tick pays nothing more.
    const transfersAfter = await t.rt.database.db.select().from(ledgerTransfers);
    await tt().tick(round.round_id);
    expect(await t.rt.database.db.select().from(ledgerTransfers)).toHaveLength(transfersAfter.length);
    expect(transfersAfter.length).toBeGreaterThan(transfersBefore.length);

    // The next round opens once the result has been shown, with the chain's next seed: its hash
    // is this round's revealed seed.
    expect(settled.next_round_at).not.toBeNull();
    await tt().ensure();
    expect((await info()).round_id).toBe(round.round_id); // too early
    clock.advance((settled.next_round_at as number) - clock.now());
    await tt().tick(round.round_id);
    const next = await info();
    expect(next.round_id).toBeGreaterThan(round.round_id);
    expect(next.phase).toBe(0);
    expect(next.chain).toMatchObject({ id: settled.chain.id, index: settled.chain.index + 1 });
    expect(next.server_seed_hash).toBe(settled.server_seed);
    expect(sha256Hex(settled.server_seed as string)).toBe(settled.server_seed_hash);
    expect(next.history[0]).toEqual({ round_id: round.round_id, out_icon: draw.outIcon, inner_icon: draw.innerIcon });
    expect(next.icon_miss_count[draw.outIcon]).toBe(0);
    const facts = (await t.api<TurntableRoundResponse>('GET', `${TURNTABLE_PATHS.round}?round_id=${round.round_id}`))
      .body.data;
    expect(facts).toMatchObject({ out_icon: draw.outIcon, server_seed: settled.server_seed });
    // Betting closed at the deadline's tick; the beacon round is the first published after that,
    // and its link (followed unsigned, as a player's tab does) serves the value the draw took.
    expect(facts.bets_close_at).toBe(round.bets_close_at);
    expect(facts.closed_at).toBeGreaterThanOrEqual(facts.bets_close_at);
    expect(settled.closed_at).toBe(facts.closed_at);
    const schedule = t.app.games.beacon.info.schedule;
    expect(facts.beacon_round).toBe(beaconRoundAfter(schedule, facts.closed_at as number));
    clock.advance(Math.max(0, beaconRoundTime(schedule, facts.beacon_round as number) - clock.now()));
    const beacon = await t.app.inject({ method: 'GET', url: facts.beacon_url as string });
    expect(beacon.json().data).toEqual({ round: facts.beacon_round, randomness: facts.public_seed });
    await expectLedgerBalanced(t);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a balance spent on two areas at once: one bet is taken, the other refused, never below zero',
    async () => {
      await openRound(); // the round the last test opened
      for (let i = 0; i < 5; i++) {
        const u = await player(100_000);
        const results = await Promise.all([
          bet(u, { bets: [{ area: 1, amount: 100_000 }] }),
          bet(u, { bets: [{ area: 2, amount: 100_000 }] }),
        ]);
        expect(results.map((r) => r.body.code).sort()).toEqual([200, ERRORS.INSUFFICIENT_BALANCE.code].sort());
        expect(await coin(u)).toBe(0);
        const [stake] = await t.rt.database.db
          .select()
          .from(turntableStakes)
          .where(eq(turntableStakes.userId, u.userId));
        expect(stake?.totalUnits).toBe(100_000);
        const debits = await t.rt.database.db
          .select()
          .from(ledgerTransfers)
          .where(and(eq(ledgerTransfers.kind, 'turntable_bet'), like(ledgerTransfers.idemKey, `%:${u.userId}:%`)));
        expect(debits).toHaveLength(1);
      }
      await expectLedgerBalanced(t);
    },
  );

  it('stores no stakes in the round row', async () => {
    const rows = await t.rt.database.db.select().from(gameRooms).where(eq(gameRooms.game, TURNTABLE_GAME));
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect((r.data as { users: object }).users).toEqual({});
  });
});
