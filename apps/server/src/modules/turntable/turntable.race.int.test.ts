import { TURNTABLE_GAME, type TurntableRound } from '@kaixiang/game/turntable';
import { ERRORS } from '@kaixiang/shared/errors';
import { TURNTABLE_PATHS, type TurntableBetResponse } from '@kaixiang/shared/turntable';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { gameRooms, turntableStakes } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';
import { balancesOf } from '../ledger/ledger.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const BET = 10_000;

/**
 * On the real PostgreSQL, on the real clock, with short betting phases: two processes of one
 * deployment (two apps on one database), A leading the scheduler. Bets race the close; then A's
 * scheduler stops before a round's close and B closes and settles it, once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('turntable races on PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  let leaderA: Scheduler;
  let leaderB: Scheduler;
  const env = { TURNTABLE_BET_MS: '1500' };

  beforeAll(async () => {
    a = await startTestApp({ env });
    b = await startTestApp({ env, sharing: a });
    leaderA = createScheduler({ database: a.rt.database, pollMs: 50, clock: a.rt.clock, log: quiet });
    a.app.games.timers.attach(leaderA);
    leaderA.start();
    await new Promise((r) => setTimeout(r, 200)); // A takes the lock first
    leaderB = createScheduler({ database: b.rt.database, pollMs: 50, clock: b.rt.clock, log: quiet });
    b.app.games.timers.attach(leaderB);
    leaderB.start();
  });
  afterAll(async () => {
    await leaderB.stop();
    await leaderA.stop().catch(() => undefined);
    await b.close();
    await a.close();
  });

  const db = () => a.rt.database.db;
  async function player(t: TestApp, coins: number): Promise<TestUser> {
    const u = await registerUser(t);
    await credit(t, u.userId, coins);
    return u;
  }
  const bet = (t: TestApp, u: TestUser, area: number) =>
    t.api<TurntableBetResponse>('POST', TURNTABLE_PATHS.bet, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body: { bets: [{ area, amount: BET }] },
    });
  async function openRound(): Promise<{ id: number; closeAt: number }> {
    for (let i = 0; i < 200; i++) {
      const [row] = await db()
        .select()
        .from(gameRooms)
        .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'betting')));
      const r = row?.data as TurntableRound | undefined;
      // One with time left for the test to line up on its close.
      if (row && r && r.betsCloseAtMs - Date.now() > 600) return { id: row.id, closeAt: r.betsCloseAtMs };
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error('no round opened');
  }
  async function settled(roundId: number): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const [row] = await db().select().from(gameRooms).where(eq(gameRooms.id, roundId));
      if (row?.state === 'settled') return;
      await new Promise((res) => setTimeout(res, 50));
    }
    throw new Error(`round ${roundId} did not settle`);
  }

  it('bets racing the close: each is either counted and debited or refused and free', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, (_, i) => player(i % 2 ? a : b, BET * 200)));
    const round = await openRound();
    // Every player bets back to back from 300 ms before the close to 300 ms after, on both processes.
    await new Promise((res) => setTimeout(res, Math.max(0, round.closeAt - 300 - Date.now())));
    const outcomes = new Map<number, { ok: number; refused: number }>();
    await Promise.all(
      players.map(async (u, i) => {
        const mine = { ok: 0, refused: 0 };
        outcomes.set(u.userId, mine);
        while (Date.now() < round.closeAt + 300) {
          const res = await bet(i % 2 ? b : a, u, i % 15);
          if (res.body.code === 200 && res.body.data.round_id === round.id) mine.ok++;
          else if (res.body.code === 200)
            break; // the next round opened: this one is long closed
          else {
            expect([ERRORS.TURNTABLE_NOT_BETTING.code, ERRORS.TURNTABLE_BETTING_CLOSED.code]).toContain(res.body.code);
            mine.refused++;
          }
        }
      }),
    );
    await settled(round.id);
    const counts = [...outcomes.values()];
    expect(counts.some((c) => c.ok > 0)).toBe(true);
    expect(counts.some((c) => c.refused > 0)).toBe(true);
    for (const u of players) {
      const told = outcomes.get(u.userId)?.ok ?? 0;
      const [stake] = await db()
        .select()
        .from(turntableStakes)
        .where(and(eq(turntableStakes.roomId, round.id), eq(turntableStakes.userId, u.userId)));
      const debits = await db()
        .select()
        .from(ledgerTransfers)
        .where(like(ledgerTransfers.idemKey, `turntable_bet:${round.id}:${u.userId}:%`));
      // What the player was told is what was staked and debited; a refusal cost nothing.
      expect(stake?.totalUnits ?? 0).toBe(told * BET);
      expect(debits).toHaveLength(told);
      const coin = (await balancesOf(db(), u.userId)).coin;
      expect(coin).toBe(BET * 200 - told * BET + (stake?.wonUnits ?? 0) + (stake?.jackpotUnits ?? 0));
    }
    await expectLedgerBalanced(a);
  }, 30_000);

  it('the leader stops before a close: the other process closes and settles the round once', async () => {
    const p = await player(a, BET * 10);
    const round = await openRound();
    expect((await bet(a, p, 13)).body.code).toBe(200);
    expect((await bet(b, p, 14)).body.code).toBe(200);
    expect(leaderA.isLeader()).toBe(true);
    await leaderA.stop(); // as when A's process dies: its advisory lock goes with its connection
    await settled(round.id);
    expect(leaderB.isLeader()).toBe(true);
    const [stake] = await db()
      .select()
      .from(turntableStakes)
      .where(and(eq(turntableStakes.roomId, round.id), eq(turntableStakes.userId, p.userId)));
    // Areas 13 and 14 at 2× each: exactly one of them wins unless the outer C4 came up.
    const [row] = await db().select().from(gameRooms).where(eq(gameRooms.id, round.id));
    const out = (row?.data as TurntableRound | undefined)?.result?.outIcon;
    expect(stake?.wonUnits).toBe(out === 8 ? 0 : BET * 2);
    const wins = await db()
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `turntable:turntable_win:${round.id}:%`));
    const single = await db()
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `turntable_win:${round.id}:%`));
    expect(wins.length + single.length).toBe(out === 8 ? 0 : 1);
    // Ticking it again, on either process, changes nothing.
    await b.app.games.turntable.tick(round.id);
    await a.app.games.turntable.tick(round.id);
    expect((await balancesOf(db(), p.userId)).coin).toBe(BET * 8 + (stake?.wonUnits ?? 0) + (stake?.jackpotUnits ?? 0));
    await expectLedgerBalanced(a);
  }, 30_000);
});
