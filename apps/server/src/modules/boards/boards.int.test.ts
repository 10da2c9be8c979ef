import { randomUUID } from 'node:crypto';
import { BATTLE_PATHS, type BattleRoomData } from '@kaixiang/shared/battles';
import {
  ADMIN_BOARDS_PATHS,
  type AdminBoardSettings,
  type AdminPkPowerEvent,
  BOARDS_EVENTS,
  BOARDS_PATHS,
  type BoardView,
  type KingView,
  type PkPowerView,
  type RewardNotice,
} from '@kaixiang/shared/boards';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { UPGRADE_PATHS, type UpgradeListResponse } from '@kaixiang/shared/upgrade';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  asUser,
  bearer,
  consoleSignIn,
  login,
  registerUser,
  setRole,
  type TestUser,
} from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { boardScores } from '../../db/schema/boards.ts';
import { boxOpenRequests } from '../../db/schema/boxes.ts';
import { freeBoxClaims } from '../../db/schema/energy.ts';
import { boxOpenings, upgradeRecords } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { mails } from '../../db/schema/mail.ts';
import { rowsOf } from '../../db/tx.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { CLOSE_GRACE_MS } from './boards.close.ts';
import { DEFAULT_BOARD_SETTINGS } from './boards.settings.ts';
import { periodOf } from './periods.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const HOUR = 3_600_000;

/** The boards through the API (PGlite by default, PostgreSQL + Redis in CI). */
describe('boards: filled by the game records as they commit', () => {
  let t: TestApp;
  let scheduler: Scheduler;
  let box: { box_id: number; price: number };
  let admin: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ env: { BOX_TICKER_DELAY_MS: '0' } });
    scheduler = createScheduler({ database: t.rt.database, pollMs: 20, clock: t.rt.clock, log: quiet });
    t.app.games.timers.attach(scheduler);
    scheduler.start();
    const list = await t.api<BoxListResponse>('GET', BOX_PATHS.list);
    box = list.body.data.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
    admin = await registerUser(t, { nick_name: '榜单运营' });
    await setRole(t, admin, 'admin');
    await consoleSignIn(t, admin);
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  const db = () => t.rt.database.db;
  const as = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const royal = async (u: TestUser | null, q: string) =>
    (
      await t.api<BoardView>('GET', `${BOARDS_PATHS.royal}?${q}`, {
        ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
      })
    ).body.data;

  it('the SQL and the server agree on China days and weeks', async () => {
    const instants = [
      Date.UTC(2026, 10, 22, 15, 59, 59), // Sunday 23:59:59 in China
      Date.UTC(2026, 10, 22, 16, 0, 0), // Monday 00:00 in China
      Date.UTC(2026, 11, 31, 20, 0, 0), // 2027-01-01 04:00 in China, a Friday
      Date.UTC(2027, 0, 3, 15, 0, 0), // Sunday 2027-01-03 23:00
    ];
    for (const ms of instants) {
      const [row] = rowsOf<{ p: string[] }>(
        await db().execute(sql`select kx_board_periods(${new Date(ms).toISOString()}::timestamptz) as p`),
      );
      expect(row?.p).toEqual([periodOf('day', ms).key, periodOf('week', ms).key]);
    }
    expect(periodOf('week', Date.UTC(2026, 10, 22, 16, 0, 0)).key).toBe('w:2026-11-23');
    expect(periodOf('week', Date.UTC(2026, 10, 22, 15, 59, 59)).key).toBe('w:2026-11-16');
    expect(periodOf('day', Date.UTC(2026, 10, 22, 16, 0, 0), 1).key).toBe('d:2026-11-22');
  });

  it('a player who opens, battles and upgrades is on the three boards and the king; robots are not', async () => {
    const a = await registerUser(t, { nick_name: '上榜玩家' });
    await credit(t, a.userId, 100_000_000);
    // Openings: the Cases board counts what was paid, the king the best single item.
    const opened = await as<{ code: number }>(a, 'POST', BOX_PATHS.open, {
      box_id: box.box_id,
      count: 5,
      request_id: randomUUID(),
    });
    expect(opened.body.code).toBe(200);
    const cases = await royal(a, 'board=cases&period=day');
    expect(cases.me).toEqual({ rank: expect.any(Number), score: 5 * box.price, plays: 5 });
    expect(cases.list.find((r) => r.user_id === a.userId)).toMatchObject({ score: 5 * box.price, plays: 5 });
    const weekly = await royal(a, 'board=cases&period=week');
    expect(weekly.me?.score).toBe(5 * box.price);
    expect(weekly.prizes).toEqual(
      DEFAULT_BOARD_SETTINGS.find((s) => s.board === 'cases' && s.period === 'week')?.prizes,
    );

    const mine = await db().select().from(boxOpenings).where(eq(boxOpenings.userId, a.userId));
    const best = mine.reduce((x, y) => (y.priceUnits > x.priceUnits ? y : x));
    const bestMultiple = Math.max(...mine.map((o) => Math.floor((o.priceUnits * 10_000) / o.boxPriceUnits)));
    const king = (await t.api<KingView>('GET', BOARDS_PATHS.king, { headers: bearer(a.tokens.access_token) })).body
      .data;
    const crowned = king.by_value.list.find((r) => r.user_id === a.userId);
    expect(crowned).toMatchObject({
      score: best.priceUnits,
      item: { item_id: best.itemDefId, price: best.priceUnits },
    });
    expect(crowned?.box).toMatchObject({ box_id: box.box_id, price: box.price });
    expect(king.by_multiple.list.find((r) => r.user_id === a.userId)?.score).toBe(bestMultiple);

    // A PK power activity running now: the battle below earns its creator power.
    const event = await as<AdminPkPowerEvent>(admin, 'POST', ADMIN_BOARDS_PATHS.createPkPowerEvent, {
      title_zh_cn: '战力周',
      starts_at: Date.now() - HOUR,
      ends_at: Date.now() + HOUR,
      create_power: 5,
      win_power: 20,
      prizes: [1_000_000],
    });
    expect(event.body.code).toBe(200);
    const created: BusMessage[] = [];
    t.rt.bus.subscribe((m) => {
      if (m.type === BOARDS_EVENTS.pkPowerCreateRoom) created.push(m);
    });

    // A battle against a robot: the PK board counts the player's entry, never the robot's.
    const made = await as<{ room_id: number }>(a, 'POST', BATTLE_PATHS.create, {
      box_ids: [box.box_id],
      user_num: 2,
      game_mode: 3,
    });
    const roomId = made.body.data.room_id;
    await until(async () => created.length > 0 || null);
    expect(created.map((m) => m.data)).toEqual([
      expect.objectContaining({ room_id: roomId, user_id: a.userId, power: 5, event_id: event.body.data.id }),
    ]);
    expect((await as(a, 'POST', BATTLE_PATHS.addRobot, { room_id: roomId })).body.code).toBe(200);
    const ended = await until(async () => {
      const r = await t.api<{ data: BattleRoomData }>('GET', `${BATTLE_PATHS.room}?room_id=${roomId}`);
      return r.body.data.data.room_state === 3 ? r.body.data.data : null;
    });
    const won = ended.winners.includes(ended.members.findIndex((m) => m?.user_id === a.userId));
    const pk = await royal(a, 'board=pk&period=day');
    expect(pk.me).toMatchObject({ score: box.price, plays: 1 });
    const robotId = ended.members.find((m) => m?.robot)?.user_id;
    expect(robotId).toBeDefined();
    const robotRows = await db()
      .select()
      .from(boardScores)
      .where(eq(boardScores.userId, robotId as number));
    expect(robotRows).toEqual([]);
    const power = (await t.api<PkPowerView>('GET', BOARDS_PATHS.pkPower, { headers: bearer(a.tokens.access_token) }))
      .body.data;
    expect(power.event).toMatchObject({ id: event.body.data.id, title: '战力周', state: 'running' });
    expect(power.me).toMatchObject({ score: 5 + (won ? 20 : 0), plays: 1 });
    expect(power.list[0]).toMatchObject({ user_id: a.userId, prize: 1_000_000 });

    // An upgrade: the Upgrade board counts the stake.
    const targets = await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { min_price: 1_000_000, page_size: 1 },
    });
    const target = targets.body.data.list[0];
    if (!target) throw new Error('no upgrade target');
    const stake = Math.ceil(target.price / 4 / 100) * 100;
    const up = await as<{ code: number }>(a, 'POST', UPGRADE_PATHS.upgrade, {
      upgrade_item_id: target.upgrade_item_id,
      balance: stake,
      request_id: randomUUID(),
    });
    expect(up.body.code).toBe(200);
    const [record] = await db().select().from(upgradeRecords).where(eq(upgradeRecords.userId, a.userId));
    expect((await royal(a, 'board=upgrade&period=week')).me).toMatchObject({ score: record?.stakeUnits, plays: 1 });

    // Anonymous readers see the same board without a standing of their own.
    const anon = await royal(null, 'board=cases&period=day');
    expect(anon.me).toBeNull();
    expect(anon.list.some((r) => r.user_id === a.userId)).toBe(true);
    await expectLedgerBalanced(t);
  });

  it('PK power activities: refused overlaps and bad windows in the admin language; a running one keeps its rules', async () => {
    const now = Date.now();
    const made = await as<AdminPkPowerEvent>(admin, 'POST', ADMIN_BOARDS_PATHS.createPkPowerEvent, {
      title_zh_cn: '下周战力',
      starts_at: now + 10 * HOUR,
      ends_at: now + 20 * HOUR,
      create_power: 1,
      win_power: 2,
      prizes: [],
    });
    expect(made.body.code).toBe(200);
    const overlap = await t.api('POST', ADMIN_BOARDS_PATHS.createPkPowerEvent, {
      headers: bearer(admin.tokens.access_token),
      lang: 'en-US',
      body: {
        title_zh_cn: '重叠',
        starts_at: now + 15 * HOUR,
        ends_at: now + 30 * HOUR,
        create_power: 1,
        win_power: 1,
        prizes: [],
      },
    });
    expect(overlap.body).toMatchObject({
      code: ERRORS.PK_POWER_EVENT_OVERLAP.code,
      msg: 'Another PK power activity runs at that time',
    });
    const backwards = await as(admin, 'POST', ADMIN_BOARDS_PATHS.createPkPowerEvent, {
      title_zh_cn: '倒着',
      starts_at: now + 40 * HOUR,
      ends_at: now + 30 * HOUR,
      create_power: 1,
      win_power: 1,
      prizes: [],
    });
    expect(backwards.body.code).toBe(ERRORS.PK_POWER_EVENT_TIME_INVALID.code);
    // The running activity of the test above: its powers cannot change, its end can move later.
    const list = (await as<{ list: AdminPkPowerEvent[] }>(admin, 'GET', ADMIN_BOARDS_PATHS.pkPowerEvents)).body.data
      .list;
    const running = list.find((e) => e.state === 'running');
    if (!running) throw new Error('no running activity');
    const change = (patch: Partial<AdminPkPowerEvent>) =>
      as(admin, 'POST', ADMIN_BOARDS_PATHS.updatePkPowerEvent, { ...running, ...patch, reason: '调整' });
    expect((await change({ win_power: 999 })).body.code).toBe(ERRORS.PK_POWER_EVENT_STARTED.code);
    expect((await change({ ends_at: running.ends_at + HOUR })).body.code).toBe(200);
    const audit = await db()
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `pk_power:${running.id}`));
    expect(audit.map((a) => a.action)).toEqual(['boards.pk_power.create', 'boards.pk_power.update']);
    // A player is not staff.
    const p = await registerUser(t);
    expect((await as(p, 'GET', ADMIN_BOARDS_PATHS.settings)).body.code).toBe(ERRORS.ADMIN_ONLY.code);
  });
});

describe('boards: a finished period is paid once', () => {
  const clock = fakeClock(Date.UTC(2026, 10, 25, 2, 0, 0)); // 10:00 in China, Wednesday 2026-11-25
  let t: TestApp;
  let admin: TestUser;
  const notices: BusMessage[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '奖励运营' });
    await setRole(t, admin, 'admin');
    await consoleSignIn(t, admin);
    t.rt.bus.subscribe((m) => {
      if (m.type === BOARDS_EVENTS.rankingRewardNotice || m.type === BOARDS_EVENTS.pkPowerRewardNotice) notices.push(m);
    });
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  /** Openings written as the game writes them (the trigger does the rest), at the clock's time. */
  async function opened(userId: number, boxPrice: number, itemPrice: number, requestRowId: number | null = null) {
    const [anyBox] = rowsOf<{ id: number }>(await db().execute(sql`select id from boxes order by id limit 1`));
    const [anyItem] = rowsOf<{ id: number }>(await db().execute(sql`select id from item_defs order by id limit 1`));
    await db()
      .insert(boxOpenings)
      .values({
        userId,
        boxId: anyBox?.id as number,
        itemDefId: anyItem?.id as number,
        priceUnits: itemPrice,
        boxPriceUnits: boxPrice,
        requestRowId,
        createdAt: new Date(clock.now()),
      });
  }

  it('pays the top ranks at the close with a mail and a 15 s notice; a second close pays nothing', async () => {
    // The operator pays the daily Cases board's top 2 only, and turns the daily PK board off.
    const saved = await asUser<AdminBoardSettings>(
      t,
      admin.tokens.access_token,
      'POST',
      ADMIN_BOARDS_PATHS.saveSettings,
      {
        list: [
          { board: 'cases', period: 'day', enabled: true, prizes: [880_000, 380_000] },
          { board: 'pk', period: 'day', enabled: false, prizes: [1] },
        ],
        reason: '双十一',
      },
    );
    expect(saved.body.code).toBe(200);
    expect(saved.body.data.list.find((s) => s.board === 'cases' && s.period === 'day')?.prizes).toEqual([
      880_000, 380_000,
    ]);
    const bad = await asUser(t, admin.tokens.access_token, 'POST', ADMIN_BOARDS_PATHS.saveSettings, {
      list: [{ board: 'king_value', period: 'week', enabled: true, prizes: [] }],
    });
    expect(bad.body.code).toBe(ERRORS.BOARD_SETTINGS_INVALID.code);
    const day = periodOf('day', clock.now()).key;
    const players = await Promise.all([1, 2, 3, 4].map((i) => registerUser(t, { nick_name: `榜${i}` })));
    const [p1, p2, p3, p4] = players as [TestUser, TestUser, TestUser, TestUser];
    await opened(p1.userId, 500_000, 100);
    await opened(p2.userId, 300_000, 2_000_000);
    await opened(p3.userId, 200_000, 10);
    await opened(p4.userId, 100_000, 10);
    // p2 and p3 tie on the week by p3 opening more later: the earlier to reach a score ranks first.
    clock.advance(HOUR);
    await opened(p3.userId, 100_000, 10);
    const before = await Promise.all(players.map(async (p) => (await balancesOf(db(), p.userId)).coin));

    // Not before the day is over and the grace has passed (earlier, empty days close paying nothing).
    await t.app.boards.closer.closeDue();
    expect(await Promise.all(players.map(async (p) => (await balancesOf(db(), p.userId)).coin))).toEqual(before);
    clock.advance(14 * HOUR + CLOSE_GRACE_MS); // 01:05 the next day
    await t.app.boards.closer.closeDue();
    const after = await Promise.all(players.map(async (p) => (await balancesOf(db(), p.userId)).coin));
    // Cases day: p1 (50) first, p2 and p3 (30 each; p2 reached it first) → p2 second.
    // King by value: p2's ¥200 item; king by multiple: p2 again (6.67×): both default prizes (¥88).
    const kingPrize = 880_000;
    expect((after[0] as number) - (before[0] as number)).toBe(880_000);
    expect((after[1] as number) - (before[1] as number)).toBe(380_000 + 2 * kingPrize);
    expect(after[2]).toBe(before[2]);
    expect(after[3]).toBe(before[3]);
    const prizes = await db()
      .select({ key: ledgerTransfers.idemKey })
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, 'board_prize')));
    expect(prizes.map((p) => p.key).sort()).toEqual(
      [
        `board_prize:cases:${day}:1`,
        `board_prize:cases:${day}:2`,
        `board_prize:king_multiple:${day}:1`,
        `board_prize:king_value:${day}:1`,
      ].sort(),
    );
    const p2Mails = await db().select().from(mails).where(eq(mails.userId, p2.userId));
    expect(p2Mails).toHaveLength(3);
    expect(p2Mails.map((m) => m.contentZhCn).join()).toContain('第 2 名');
    await until(
      async () =>
        notices.some((n) => n.room === `user:${p2.userId}` && (n.data as RewardNotice).board === 'cases') || null,
    );
    const told = notices.filter((n) => n.room === `user:${p2.userId}`).map((n) => n.data as RewardNotice);
    expect(told).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ board: 'cases', period_key: day, rank: 2, prize: 380_000, show_ms: 15_000 }),
      ]),
    );
    // Closed: shown with what it paid; closing again (a late tick, a restart) pays nothing.
    const view = (await t.api<BoardView>('GET', `${BOARDS_PATHS.royal}?board=cases&period=day&back=1`)).body.data;
    expect(view).toMatchObject({ period_key: day, closed: true, prizes: [880_000, 380_000] });
    expect(await t.app.boards.closer.closeDue()).toBe(0);
    expect(await t.app.boards.closer.close('cases', day, [880_000, 380_000])).toBeNull();
    const again = await Promise.all(players.map(async (p) => (await balancesOf(db(), p.userId)).coin));
    expect(again).toEqual(after);
    // The operator's record of the close (a day later: the console signs in again).
    const relogged = await login(t, admin.mobile, admin.password);
    admin.tokens = relogged.body.data;
    await consoleSignIn(t, admin);
    const closures = await asUser<{
      list: { board: string; period_key: string; prizes: { rank: number; user_id: number }[] }[];
    }>(t, admin.tokens.access_token, 'GET', `${ADMIN_BOARDS_PATHS.closures}?page_size=50`);
    expect(closures.body.data.list.find((c) => c.board === 'cases' && c.period_key === day)?.prizes).toEqual([
      expect.objectContaining({ rank: 1, user_id: p1.userId }),
      expect.objectContaining({ rank: 2, user_id: p2.userId }),
    ]);
    // The daily PK board was off: it closed paying nothing.
    expect(closures.body.data.list.find((c) => c.board === 'pk' && c.period_key === day)?.prizes).toEqual([]);
    const audit = await db().select().from(adminAudit).where(eq(adminAudit.action, 'boards.settings'));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.reason).toBe('双十一');
    await expectLedgerBalanced(t);
  });

  it('a free box (funded by the house) counts on no board; a paid one does', async () => {
    const u = await registerUser(t);
    const request = async (requestId: string) => {
      const [row] = await db()
        .insert(boxOpenRequests)
        .values({
          userId: u.userId,
          requestId,
          boxId: 1,
          count: 1,
          totalPriceUnits: 100_000,
          transferId: 0,
          createdAt: new Date(clock.now()),
        })
        .returning({ id: boxOpenRequests.id });
      return row?.id as number;
    };
    const freeId = `free_first_charge_${u.userId}`;
    await db()
      .insert(freeBoxClaims)
      .values({
        kind: 'first_charge',
        userId: u.userId,
        boxId: 1,
        requestId: freeId,
        createdAt: new Date(clock.now()),
      });
    await opened(u.userId, 100_000, 9_000_000, await request(freeId));
    expect(await db().select().from(boardScores).where(eq(boardScores.userId, u.userId))).toEqual([]);
    await opened(u.userId, 100_000, 50_000, await request(randomUUID()));
    const rows = await db().select().from(boardScores).where(eq(boardScores.userId, u.userId));
    expect(rows.map((r) => [r.board, r.score]).sort()).toEqual(
      [
        ['cases', 100_000],
        ['cases', 100_000],
        ['king_multiple', 5_000],
        ['king_value', 50_000],
      ].sort(),
    );
  });

  it("tells every page when today's unpacking king changes, and only then", async () => {
    const kings: BusMessage[] = [];
    t.rt.bus.subscribe((m) => {
      if (m.type === BOARDS_EVENTS.kingChange) kings.push(m);
    });
    const watch = () => t.app.boards.service.watchKing();
    await watch(); // this process's first look
    expect(await watch()).toBe(false);
    const u = await registerUser(t);
    await opened(u.userId, 100_000, 50_000_000);
    expect(await watch()).toBe(true);
    expect(await watch()).toBe(false);
    const told = await until(async () => kings[0] ?? null);
    expect(told).toMatchObject({ room: 'site', data: { period_key: periodOf('day', clock.now()).key } });
  });
});
