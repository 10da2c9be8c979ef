import { once } from 'node:events';
import type { Envelope } from '@kaixiang/shared/envelope';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  RAIN_ADMIN_PATHS,
  RAIN_PATHS,
  type RainGrabResponse,
  type RainInfo,
  type RainSchedule,
} from '@kaixiang/shared/rain';
import { signRequest } from '@kaixiang/shared/signature';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { type NodeProcess, startNodeProcess, stopNodeProcess } from '../../../test/support/node-process.ts';
import { signedInPlayers } from '../../../test/support/players.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { rainPackets, rainRounds, rainSchedules } from '../../db/schema/rain.ts';

type Answer = { status: number; body: Envelope<RainGrabResponse> } | { status: 0; body: null };
type Player = { userId: number; token: string };
type Grab = (u: Player, roundId: number) => Promise<Answer>;

/**
 * Two processes of one deployment on PostgreSQL + Redis: this test's app (A, which also plays
 * the scheduler leader by ticking the round) and a real server process (B). Players grab on both
 * at once, several clicks each; then B is killed with SIGKILL in the middle of a rain.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('red-packet rain on two processes', () => {
  let a: TestApp;
  let b: NodeProcess | undefined;
  let admin: TestUser;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startNodeProcess('app-node.ts', [
      a.rt.database.url as string,
      process.env.TEST_REDIS_URL ?? '',
      a.redisPrefix,
    ]);
    admin = await registerUser(a);
    await setRole(a, admin, 'admin');
    // Only the test's schedules rain here.
    await a.rt.database.db.update(rainSchedules).set({ enabled: false });
  });
  afterAll(async () => {
    await stopNodeProcess(b);
    await a.close();
  });

  const onA: Grab = async (u, roundId) =>
    a.api<RainGrabResponse>('POST', RAIN_PATHS.grab, {
      headers: bearer(u.token),
      body: { round_id: roundId },
    });
  const onB =
    (node: NodeProcess): Grab =>
    async (u, roundId) => {
      const url = `/api${RAIN_PATHS.grab}`;
      const text = JSON.stringify({ round_id: roundId });
      const sign = await signRequest(
        a.rt.config.SIGN_SECRET,
        { method: 'POST', pathWithQuery: url, body: text },
        Date.now(),
      );
      try {
        const res = await fetch(`http://127.0.0.1:${node.port}${url}`, {
          method: 'POST',
          headers: { ...sign, ...bearer(u.token), 'content-type': 'application/json' },
          body: text,
        });
        return { status: res.status, body: (await res.json()) as Envelope<RainGrabResponse> };
      } catch {
        return { status: 0, body: null }; // the process is gone: no answer
      }
    };

  const crowd = (n: number) => signedInPlayers(a.rt.database.db, a.rt.config.TOKEN_SECRET, n, Date.now());

  /** A rain of `count` packets starting in a moment, planned, noticed and opened by A. */
  async function runningRain(count: number): Promise<number> {
    const start = Date.now() + 1_500;
    const made = await a.api<RainSchedule>('POST', RAIN_ADMIN_PATHS.saveSchedule, {
      headers: bearer(admin.tokens.access_token),
      body: {
        title: '并发红包雨',
        timing: { kind: 'once', start_at: start, end_at: start + 60_000 },
        pool: count * 5_000,
        count,
        min_packet: 1_000,
        conditions: { min_vip_level: 0, recharge_days: 0 },
      },
    });
    expect(made.body.code).toBe(200);
    await a.app.rain.rounds.plan();
    // This schedule's round (whatever another test left running).
    const [round] = await a.rt.database.db
      .select({ id: rainRounds.roomId })
      .from(rainRounds)
      .where(eq(rainRounds.scheduleId, made.body.data.id));
    const id = round?.id as number;
    expect(id).toBeGreaterThan(0);
    await a.app.rain.rounds.onDue(id); // the notice
    await until(async () => Date.now() >= start);
    await a.app.rain.rounds.onDue(id); // the opening (waits for the beacon)
    a.app.rain.views.forget();
    expect((await a.api<RainInfo>('GET', RAIN_PATHS.info)).body.data.status).toBe(2);
    return id;
  }

  async function closeRain(id: number): Promise<void> {
    // The close at the end of the window, as the leader runs it (the test does not wait a minute:
    // it ends the window now, as an operator shortening it would).
    await a.rt.database.db.execute(
      sql`update game_rooms set data = jsonb_set(data, '{endAtMs}', to_jsonb(${Date.now()}::bigint)) where id = ${id}`,
    );
    await a.app.rain.rounds.onDue(id);
  }

  async function recorded(id: number) {
    return a.rt.database.db
      .select({ idx: rainPackets.idx, userId: rainPackets.userId, amount: rainPackets.amountUnits })
      .from(rainPackets)
      .where(and(eq(rainPackets.roundId, id), isNotNull(rainPackets.userId)));
  }

  async function expectCreditsMatch(id: number) {
    const rows = await recorded(id);
    const transfers = await a.rt.database.db
      .select({ key: ledgerTransfers.idemKey })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.idemKey} like ${`rain:${id}:%`}`);
    expect(transfers.map((t) => t.key).sort()).toEqual(rows.map((r) => `rain:${id}:${r.userId}`).sort());
    const credited = (await a.rt.database.db.execute(sql`
      select coalesce(sum(e.amount), 0)::bigint as s from ledger_entries e
      join ledger_transfers t on t.id = e.transfer_id
      where t.idem_key like ${`rain:${id}:%`} and e.amount > 0`)) as unknown as { rows: { s: string }[] };
    expect(Number(credited.rows[0]?.s)).toBe(rows.reduce((s, r) => s + r.amount, 0));
    await expectLedgerBalanced(a);
    return rows;
  }

  it('gives one packet a player and none twice when many click on both processes at once', async () => {
    const node = b as NodeProcess;
    const players = await crowd(60);
    const id = await runningRain(40);
    // Three clicks each, on both processes, all in flight together.
    const answers = await Promise.all(
      players.flatMap((u, i) => [onA, onB(node), i % 2 ? onA : onB(node)].map((g) => g(u, id).then((r) => ({ u, r })))),
    );
    const wins = new Map<number, Set<number>>();
    for (const { u, r } of answers) {
      expect(r.status).not.toBe(0);
      const code = r.body?.code;
      if (code === 200)
        wins.set(u.userId, (wins.get(u.userId) ?? new Set()).add((r.body as Envelope<RainGrabResponse>).data.index));
      else expect([ERRORS.RAIN_PACKETS_GONE.code, ERRORS.RAIN_ALREADY_GRABBED.code]).toContain(code);
    }
    // Whatever a player's clicks were answered, they all name one packet.
    for (const set of wins.values()) expect(set.size).toBe(1);
    expect(wins.size).toBe(40);
    await closeRain(id);
    const rows = await expectCreditsMatch(id);
    expect(rows.map((r) => r.idx).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(new Set(rows.map((r) => r.userId)).size).toBe(40);
    for (const r of rows) expect(wins.get(r.userId as number)).toEqual(new Set([r.idx]));
  });

  it('loses no acknowledged grab when a process is killed mid-rain; the others finish on the survivor', async () => {
    const node = b as NodeProcess;
    const players = await crowd(80);
    const id = await runningRain(120);
    const acked = new Map<number, RainGrabResponse>();
    const grabOnB = onB(node);
    // Everyone grabs on B; B is killed once some grabs were acknowledged, with others in flight.
    const inFlight = players.map(async (u) => {
      const r = await grabOnB(u, id);
      if (r.status !== 0 && r.body?.code === 200) acked.set(u.userId, r.body.data);
      return { u, r };
    });
    await until(async () => acked.size >= 10);
    const exited = once(node.child, 'exit');
    node.child.kill('SIGKILL');
    await exited;
    b = undefined; // gone: nothing left to stop
    const first = await Promise.all(inFlight);
    // Every acknowledged grab is in PostgreSQL, as acknowledged.
    const afterKill = new Map((await recorded(id)).map((r) => [r.userId as number, r]));
    for (const [userId, g] of acked) expect(afterKill.get(userId)).toMatchObject({ idx: g.index, amount: g.amount });
    // Those B never answered try again on A: each gets a packet, the one B had popped if it had.
    // One whose grab B recorded and died before answering has it already: the retry is a second
    // grab, and the packet is the recorded one (the balance and the record show it).
    const retried = first.filter(({ r }) => r.status === 0 || r.body?.code !== 200);
    expect(acked.size + retried.length).toBe(players.length);
    for (const { u } of retried) {
      const r = await onA(u, id);
      const recordedOnB = afterKill.get(u.userId);
      if (recordedOnB) {
        expect(r.body?.code).toBe(ERRORS.RAIN_ALREADY_GRABBED.code);
        acked.set(u.userId, { round_id: id, index: recordedOnB.idx, amount: recordedOnB.amount, balance: 0 });
      } else {
        expect(r.body?.code).toBe(200);
        acked.set(u.userId, (r.body as Envelope<RainGrabResponse>).data);
      }
    }
    await closeRain(id);
    const rows = await expectCreditsMatch(id);
    expect(rows).toHaveLength(players.length);
    for (const r of rows) expect(acked.get(r.userId as number)).toMatchObject({ index: r.idx, amount: r.amount });
    // The order has no holes: packet n went to the n-th grab.
    expect(rows.map((r) => r.idx).sort((x, y) => x - y)).toEqual(Array.from({ length: players.length }, (_, i) => i));
  });

  it('rebuilds the counter from PostgreSQL when Redis lost the round, and keeps one packet a player', async () => {
    const players = await crowd(5);
    const [p1, p2, p3, p4, p5] = players as [Player, Player, Player, Player, Player];
    const id = await runningRain(10);
    for (const p of [p1, p2, p3]) expect((await onA(p, id)).body?.code).toBe(200);
    // p4's index was popped, then its process died before the statement: no row.
    const popped = await a.app.rain.counter.pop(id, p4.userId, Date.now());
    expect(popped).toMatchObject({ status: 'ok', idx: 3, fresh: true });
    // Redis restarts (it keeps nothing on disk here): the round's keys are gone.
    const redis = a.rt.redis;
    if (!redis) throw new Error('this test needs Redis');
    await redis.del(`${a.redisPrefix}rain:${id}:m`, `${a.redisPrefix}rain:${id}:u`);
    // The next grab rebuilds the counter from the recorded grabs: the order goes on after them.
    const g5 = await onA(p5, id);
    expect(g5.body?.code).toBe(200);
    expect((g5.body as Envelope<RainGrabResponse>).data.index).toBe(3);
    // Who had grabbed still has their packet and only that one.
    expect((await onA(p1, id)).body?.code).toBe(ERRORS.RAIN_ALREADY_GRABBED.code);
    // p4's lost index is another's now: the statement says so, and p4's retry takes a fresh one.
    const stale = (await a.rt.database.db.execute(
      sql`select kx_rain_grab(${id}, ${p4.userId}, 3, now()) as r`,
    )) as unknown as { rows: { r: { status: string } }[] };
    expect(stale.rows[0]?.r.status).toBe('taken');
    const g4 = await onA(p4, id);
    expect((g4.body as Envelope<RainGrabResponse>).data.index).toBe(4);
    await closeRain(id);
    const rows = await expectCreditsMatch(id);
    expect(rows.map((r) => [r.idx, r.userId]).sort((x, y) => (x[0] as number) - (y[0] as number))).toEqual([
      [0, p1.userId],
      [1, p2.userId],
      [2, p3.userId],
      [3, p5.userId],
      [4, p4.userId],
    ]);
  });
});
