import { generatePackets, packetsHash } from '@kaixiang/game/rain';
import { sha256Hex } from '@kaixiang/game/sha256';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import {
  type AdminRainRounds,
  RAIN_ADMIN_PATHS,
  RAIN_EVENTS,
  RAIN_PATHS,
  type RainGrabResponse,
  type RainInfo,
  type RainRecordResponse,
  type RainRoundDetail,
  type RainSchedule,
} from '@kaixiang/shared/rain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { rainSchedules } from '../../db/schema/rain.ts';
import { users } from '../../db/schema/users.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { DEFAULT_RAIN_SEED_KEY } from './rain.seed.ts';

/**
 * The rain through the API on a clock the test moves (PGlite by default; PostgreSQL + Redis when
 * TEST_DATABASE_URL / TEST_REDIS_URL are set): the test plans and ticks rounds itself, as the
 * scheduler leader would.
 */
describe('red-packet rain', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '红包雨管理员' });
    await setRole(t, admin, 'admin');
    t.rt.bus.subscribe((m) => {
      if (m.room === 'rain:hall' || m.type === RAIN_EVENTS.self) events.push(m);
    });
  });
  afterAll(() => t.close());

  const rain = () => t.app.rain;
  const expectRefused = (res: { body: { code: number } }, key: ErrorKey) =>
    expect(res.body.code).toBe(ERRORS[key].code);
  const adminCall = <T>(path: string, body?: unknown, lang?: string) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(admin.tokens.access_token),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  const grab = (u: TestUser, roundId: number, lang?: string) =>
    t.api<RainGrabResponse>('POST', RAIN_PATHS.grab, {
      headers: bearer(u.tokens.access_token),
      body: { round_id: roundId },
      ...(lang ? { lang } : {}),
    });
  const info = async (u?: TestUser) =>
    (u
      ? await asUser<RainInfo>(t, u.tokens.access_token, 'GET', RAIN_PATHS.info)
      : await t.api<RainInfo>('GET', RAIN_PATHS.info)
    ).body.data;
  const coin = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;

  /** Plans, then ticks the round through notice and opening (the leader's work). */
  async function openRound(start: number): Promise<number> {
    await rain().rounds.plan();
    rain().views.forget(); // the info's public part is cached a moment: the new round now
    const i = await info();
    expect(i.status).toBe(1);
    const id = i.round?.round_id as number;
    clock.advance(start - clock.now());
    await rain().rounds.onDue(id); // the notice
    await rain().rounds.onDue(id); // the opening
    t.app.rain.views.forget();
    return id;
  }

  let schedule: RainSchedule;
  let start: number;

  it('lets only an admin schedule, refuses bad schedules in the player language, records each change', async () => {
    const player = await registerUser(t);
    const body = {
      title: '测试红包雨',
      timing: { kind: 'once', start_at: clock.now() + 120_000, end_at: clock.now() + 180_000 },
      pool: 1_000_000,
      count: 3,
      min_packet: 1_000,
      conditions: { min_vip_level: 0, recharge_days: 0 },
    };
    expectRefused(
      await t.api('POST', RAIN_ADMIN_PATHS.saveSchedule, { headers: bearer(player.tokens.access_token), body }),
      'ADMIN_ONLY',
    );
    const small = await adminCall(RAIN_ADMIN_PATHS.saveSchedule, { ...body, pool: 2_999 }, 'en-US');
    expectRefused(small, 'RAIN_POOL_TOO_SMALL');
    expect((small.body as { msg: string }).msg).toBe('The pool cannot give every packet its minimum');
    expectRefused(
      await adminCall(RAIN_ADMIN_PATHS.saveSchedule, {
        ...body,
        timing: { kind: 'daily', times: ['12:00', '12:00'], duration_seconds: 60 },
      }),
      'RAIN_WINDOW_INVALID',
    );
    expectRefused(
      await adminCall(RAIN_ADMIN_PATHS.saveSchedule, { ...body, conditions: { min_vip_level: 11, recharge_days: 0 } }),
      'RAIN_CONDITION_INVALID',
    );
    // The default schedule off, so only ours rains here.
    const [seeded] = await t.rt.database.db
      .select()
      .from(rainSchedules)
      .where(eq(rainSchedules.seedKey, DEFAULT_RAIN_SEED_KEY));
    expect(seeded?.enabled).toBe(true);
    expect(
      (await adminCall(RAIN_ADMIN_PATHS.enableSchedule, { id: seeded?.id, enabled: false, reason: '测试' })).body.code,
    ).toBe(200);
    const made = await adminCall<RainSchedule>(RAIN_ADMIN_PATHS.saveSchedule, body);
    expect(made.body.code).toBe(200);
    schedule = made.body.data;
    start = body.timing.start_at;
    expect(schedule.next_windows).toEqual([{ start_time: start, end_time: start + 60_000 }]);
    const log = (await adminCall<AuditLogResponse>(`${ADMIN_PATHS.auditLog}?action=rain`)).body.data;
    expect(log.list.map((e) => [e.action, e.target, e.admin_id])).toEqual([
      ['rain.schedule.create', `rain_schedule:${schedule.id}`, admin.userId],
      ['rain.schedule.disable', `rain_schedule:${seeded?.id}`, admin.userId],
    ]);
    expect(log.list[1]).toMatchObject({ before: { enabled: true }, after: { enabled: false }, reason: '测试' });
  });

  it('hands out the packets in grab order, one a player, each a balanced credit; then the round is verifiable', async () => {
    const [a, b, c, d] = [await registerUser(t), await registerUser(t), await registerUser(t), await registerUser(t)];
    await rain().rounds.plan();
    rain().views.forget();
    const before = await info(a);
    expect(before).toMatchObject({ status: 1, complete: false, userComplete: false, refusal: null });
    expect(before.interval).toContainEqual({ start_time: start, end_time: start + 60_000 });
    const id = before.round?.round_id as number;
    expect(before.round?.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    // Before the opening a grab changes nothing.
    expectRefused(await grab(a, id, 'zh-CN'), 'RAIN_NOT_RUNNING');

    clock.advance(start - 60_000 - clock.now());
    await rain().rounds.onDue(id);
    await until(async () =>
      events.find((e) => e.type === RAIN_EVENTS.notice && (e.data as { round_id: number }).round_id === id),
    );
    clock.advance(start - clock.now());
    await rain().rounds.onDue(id);
    const open = await until(async () =>
      events.find((e) => e.type === RAIN_EVENTS.all && (e.data as { kind: string }).kind === 'open'),
    );
    expect(open.data).toMatchObject({ round_id: id, count: 3, remaining: 3 });
    rain().views.forget();
    const running = await info(a);
    expect(running).toMatchObject({ status: 2, complete: false });
    expect(running.round?.packets_hash).toMatch(/^[0-9a-f]{64}$/);

    clock.advance(5_000);
    const r1 = await grab(b, id);
    const r2 = await grab(a, id);
    expect([r1.body.code, r2.body.code]).toEqual([200, 200]);
    expect([r1.body.data.index, r2.body.data.index]).toEqual([0, 1]);
    expectRefused(await grab(a, id, 'en-US'), 'RAIN_ALREADY_GRABBED');
    expect((await grab(a, id, 'en-US')).body).toMatchObject({ msg: 'You already grabbed a red packet in this rain' });
    const r3 = await grab(c, id);
    expect(r3.body.data.index).toBe(2);
    expectRefused(await grab(d, id), 'RAIN_PACKETS_GONE');
    expect(await coin(b)).toBe(r1.body.data.amount);
    expect(r1.body.data.balance).toBe(r1.body.data.amount);
    await until(async () => events.find((e) => e.type === RAIN_EVENTS.self && e.room === `user:${a.userId}`));
    rain().views.forget();
    expect(await info(a)).toMatchObject({
      complete: true,
      userComplete: true,
      self: { index: 1, amount: r2.body.data.amount },
    });

    clock.advance(start + 60_000 - clock.now());
    await rain().rounds.onDue(id);
    await until(async () =>
      events.find((e) => e.type === RAIN_EVENTS.all && (e.data as { kind: string }).kind === 'close'),
    );
    expectRefused(await grab(d, id), 'RAIN_NOT_RUNNING');

    // The fairness page's inputs: the seed matches its hash, the list regenerates and hashes to what
    // was published at the opening, and grab n got packet n.
    const round = (await t.api<RainRoundDetail>('GET', `${RAIN_PATHS.round}?round_id=${id}`)).body.data;
    expect(round.state).toBe('ended');
    expect(sha256Hex(round.server_seed as string)).toBe(round.server_seed_hash);
    const list = generatePackets(
      { serverSeed: round.server_seed as string, publicSeed: round.public_seed as string, roomId: id },
      { poolUnits: round.pool, count: round.count, minUnits: round.min_packet },
    );
    expect(round.packets).toEqual(list);
    expect(packetsHash(id, list)).toBe(round.packets_hash);
    expect(round.grabs?.map((g) => [g.index, g.user_id, g.amount])).toEqual([
      [0, b.userId, list[0]],
      [1, a.userId, list[1]],
      [2, c.userId, list[2]],
    ]);
    const rec = (await asUser<RainRecordResponse>(t, a.tokens.access_token, 'GET', RAIN_PATHS.record)).body.data;
    expect(rec).toMatchObject({ total: 1, list: [{ round_id: id, index: 1, amount: list[1] }] });
    const transfers = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'rain_packet'));
    expect(transfers.map((x) => x.idemKey).sort()).toEqual([a, b, c].map((u) => `rain:${id}:${u.userId}`).sort());
    await expectLedgerBalanced(t);

    // The console's list of rounds: this one, ended, with its packets and what they paid.
    expect((await t.api('GET', RAIN_ADMIN_PATHS.rounds, { headers: bearer(a.tokens.access_token) })).status).toBe(403);
    const rounds = (await adminCall<AdminRainRounds>(`${RAIN_ADMIN_PATHS.rounds}?page_size=50`)).body.data;
    expect(rounds.list.find((r) => r.round_id === id)).toEqual({
      round_id: id,
      schedule_id: expect.any(Number),
      title: expect.any(String),
      state: 'ended',
      start_time: start,
      end_time: start + 60_000,
      packets: 3,
      pool: round.pool,
      grabbed: 3,
      paid: list.reduce((x, y) => x + y, 0),
    });
    expect(rounds.total).toBeGreaterThanOrEqual(rounds.list.length);
    // Newest window first.
    const starts = rounds.list.map((r) => r.start_time);
    expect(starts).toEqual([...starts].sort((x, y) => y - x));
  });

  it('refuses players the conditions leave out, in their language, and lets them in once they qualify', async () => {
    const s = await adminCall<RainSchedule>(RAIN_ADMIN_PATHS.saveSchedule, {
      id: schedule.id,
      title: '贵宾红包雨',
      timing: { kind: 'once', start_at: clock.now() + 120_000, end_at: clock.now() + 180_000 },
      pool: 500_000,
      count: 5,
      min_packet: 1_000,
      conditions: { min_vip_level: 2, recharge_days: 0 },
    });
    expect(s.body.code).toBe(200);
    const [low, high] = [await registerUser(t), await registerUser(t)];
    await t.rt.database.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, high.userId));
    const id = await openRound(clock.now() + 120_000);
    expect((await info(low)).refusal).toBe('RAIN_VIP_TOO_LOW');
    const refused = await grab(low, id, 'zh-CN');
    expectRefused(refused, 'RAIN_VIP_TOO_LOW');
    expect((refused.body as { msg: string }).msg).toBe('VIP等级不足，无法参与本轮红包雨');
    expect((await grab(high, id)).body.code).toBe(200);
    expect(await coin(low)).toBe(0);
  });

  it('completes at the close a grab whose process died between the pop and the commit', async () => {
    const [x, y] = [await registerUser(t), await registerUser(t)];
    for (const u of [x, y]) await t.rt.database.db.update(users).set({ vipLevel: 2 }).where(eq(users.id, u.userId));
    const running = (await info()).round?.round_id as number;
    // x's index was handed out, and the process died before the statement: no row, no credit.
    const popped = await rain().counter.pop(running, x.userId, clock.now());
    expect(popped).toMatchObject({ status: 'ok', fresh: true });
    expect(await coin(x)).toBe(0);
    // y grabs after it: the next packet, the order kept.
    const gy = await grab(y, running);
    expect(gy.body.data.index).toBe((popped as { idx: number }).idx + 1);
    clock.advance(60_000);
    await rain().rounds.onDue(running);
    const round = (await t.api<RainRoundDetail>('GET', `${RAIN_PATHS.round}?round_id=${running}`)).body.data;
    const got = round.grabs?.find((g) => g.user_id === x.userId);
    expect(got?.index).toBe((popped as { idx: number }).idx);
    expect(await coin(x)).toBe(got?.amount);
    // Its retry now answers the packet it already holds (their own click had not been acknowledged).
    expectRefused(await grab(x, running), 'RAIN_ALREADY_GRABBED');
    await expectLedgerBalanced(t);
  });

  it('lets an admin cancel a round that has not opened, recorded; a running one is refused', async () => {
    const s = await adminCall<RainSchedule>(RAIN_ADMIN_PATHS.saveSchedule, {
      id: schedule.id,
      title: '待取消的红包雨',
      timing: { kind: 'once', start_at: clock.now() + 120_000, end_at: clock.now() + 180_000 },
      pool: 100_000,
      count: 2,
      min_packet: 1_000,
      conditions: { min_vip_level: 0, recharge_days: 0 },
    });
    expect(s.body.code).toBe(200);
    await rain().rounds.plan();
    rain().views.forget();
    const id = (await info()).round?.round_id as number;
    const player = await registerUser(t);
    expectRefused(
      await t.api('POST', RAIN_ADMIN_PATHS.cancelRound, {
        headers: bearer(player.tokens.access_token),
        body: { round_id: id },
      }),
      'ADMIN_ONLY',
    );
    const cancelled = await adminCall<{ state: string }>(RAIN_ADMIN_PATHS.cancelRound, {
      round_id: id,
      reason: '活动调整',
    });
    expect(cancelled.body.data).toEqual({ round_id: id, state: 'cancelled' });
    // Its window passes: nothing opens, and the planner does not make it again.
    clock.advance(125_000);
    await rain().rounds.onDue(id);
    await rain().rounds.plan();
    rain().views.forget();
    expect((await info()).status).toBe(0);
    const round = (await t.api<RainRoundDetail>('GET', `${RAIN_PATHS.round}?round_id=${id}`)).body.data;
    expect(round).toMatchObject({ state: 'cancelled', packets_hash: '' });
    expect(sha256Hex(round.server_seed as string)).toBe(round.server_seed_hash);
    expectRefused(await adminCall(RAIN_ADMIN_PATHS.cancelRound, { round_id: id }), 'RAIN_ROUND_NOT_CANCELLABLE');
    const log = (await adminCall<AuditLogResponse>(`${ADMIN_PATHS.auditLog}?target=rain_round:${id}`)).body.data;
    expect(log.list).toMatchObject([
      { action: 'rain.round.cancel', admin_id: admin.userId, before: { state: 'scheduled' }, reason: '活动调整' },
    ]);
  });
});
