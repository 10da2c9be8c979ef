import { randomUUID } from 'node:crypto';
import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { type CreateOrderResponse, PAYMENT_PATHS, type RechargeListResponse } from '@kaixiang/shared/payments';
import {
  TASK_NOTICE_EVENT,
  TASK_PATHS,
  TASK_REWARD_KIND,
  type TaskClaimResponse,
  type TaskListResponse,
  type TaskView,
} from '@kaixiang/shared/tasks';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { dailyTaskNotices, dailyTasks } from '../../db/schema/tasks.ts';
import { TestSocket } from '../../realtime/socket-test-client.ts';
import { recharge, Y } from '../vip/vip.test-support.ts';

const HOUR = 3_600_000;

/** Daily tasks from real actions: boxes opened through the API, a sandbox recharge; claims; the reset. */
describe('daily tasks', () => {
  // 10:00 in China (UTC+8) on 2026-11-21: the next China day starts in 14 hours.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 2, 0, 0));
  let t: TestApp;
  let url: string;
  let box: { box_id: number; price: number };
  let slugs: Map<string, number>;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/connect`;
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const cheapest = list.categories.flatMap((c) => c.boxes).sort((a, b) => a.price - b.price)[0];
    if (!cheapest) throw new Error('no boxes');
    box = cheapest;
    const rows = await t.rt.database.db.select({ id: dailyTasks.id, slug: dailyTasks.slug }).from(dailyTasks);
    slugs = new Map(rows.map((r) => [r.slug, r.id]));
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const id = (slug: string) => {
    const found = slugs.get(slug);
    if (!found) throw new Error(`no seeded task ${slug}`);
    return found;
  };
  const tasks = async (u: TestUser | null, lang = 'zh-CN') => {
    const res = u
      ? await asUser<TaskListResponse>(t, u.tokens.access_token, 'GET', TASK_PATHS.list)
      : await t.api<TaskListResponse>('GET', TASK_PATHS.list, { lang });
    expect(res.body.code).toBe(200);
    return res.body.data;
  };
  const task = async (u: TestUser, slug: string): Promise<TaskView> => {
    const found = (await tasks(u)).list.find((x) => x.task_id === id(slug));
    if (!found) throw new Error(`task ${slug} not listed`);
    return found;
  };
  const claim = (u: TestUser, slug: string) =>
    asUser<TaskClaimResponse>(t, u.tokens.access_token, 'POST', TASK_PATHS.claim, { task_id: id(slug) });
  const open = async (u: TestUser, count: 1 | 5) => {
    const res = await asUser<OpenBoxResponse>(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
      box_id: box.box_id,
      count,
      request_id: randomUUID(),
    });
    expect(res.body.code).toBe(200);
  };
  /** Signs the socket in and joins the player's own room, as the web client does. */
  const listen = async (ws: TestSocket, u: TestUser) => {
    ws.send('LOGIN', { token: u.tokens.access_token, user_id: u.userId });
    await ws.next('LOGIN');
    ws.send('JOIN', { room: `user:${u.userId}` });
    await ws.next('JOIN');
  };
  const rewardTransfers = async (u: TestUser) => {
    const r = (await t.rt.database.db.execute(
      `select t.idem_key, e.currency, e.amount from ledger_transfers t join ledger_entries e on e.transfer_id = t.id
       join ledger_accounts a on a.id = e.account_id where t.kind = '${TASK_REWARD_KIND}' and a.owner = 'u:${u.userId}'
       order by t.id`,
    )) as unknown as { rows: { idem_key: string; currency: string; amount: string }[] };
    return r.rows.map((x) => ({ key: x.idem_key, currency: x.currency, amount: Number(x.amount) }));
  };

  it('a visitor sees the tasks and their rewards, without progress, in the asked language', async () => {
    const list = await tasks(null, 'en-US');
    expect(list.logged_in).toBe(false);
    expect(list.day).toBe('2026-11-21');
    expect(list.reset_at).toBe(Date.UTC(2026, 10, 21, 16, 0, 0));
    const first = list.list.find((x) => x.task_id === id('open_box_1'));
    expect(first).toMatchObject({
      name: 'Open 1 case',
      progress: 0,
      done: false,
      claimed: false,
      reward: { points: 10, coins: 0 },
    });
    expect(first?.rewards.map((r) => [r.vip_min, r.vip_max])).toEqual([
      [0, 2],
      [3, 5],
      [6, 10],
    ]);
    expect((await t.api('POST', TASK_PATHS.claim, { body: { task_id: id('open_box_1') } })).body.code).toBe(401);
  });

  it('opening boxes through the API advances the box tasks, sends the task notice once, and a claim pays once', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 20);
    expect((await claim(u, 'open_box_1')).body).toMatchObject({ code: ERRORS.TASK_NOT_DONE.code, msg: '任务尚未完成' });

    const ws = await TestSocket.open(url);
    try {
      await listen(ws, u);
      await open(u, 1);
      const notice = await ws.next(TASK_NOTICE_EVENT, () => true, 10_000);
      expect(notice.room).toBe(`user:${u.userId}`);
      expect(notice.data).toMatchObject({
        task_id: id('open_box_1'),
        kind: 'open_box',
        names: { 'zh-CN': '开启1个箱子', 'zh-TW': '開啟1個箱子', 'en-US': 'Open 1 case' },
        day: '2026-11-21',
      });
      expect(await task(u, 'open_box_1')).toMatchObject({ progress: 1, done: true, claimed: false });
      expect(await task(u, 'open_box_5')).toMatchObject({ progress: 1, done: false });

      // Five more: the 5-box task completes (6 opened, shown capped at 5); the 1-box one is not noticed again.
      await open(u, 5);
      const second = await ws.next(TASK_NOTICE_EVENT, () => true, 10_000);
      expect(second.data).toMatchObject({ task_id: id('open_box_5') });
      expect(await task(u, 'open_box_5')).toMatchObject({ progress: 5, done: true });
      await open(u, 1);
      await t.app.tasks.drain();
      expect(ws.received.filter((f) => f.type === TASK_NOTICE_EVENT)).toHaveLength(2);
    } finally {
      await ws.close();
    }

    const paid = await claim(u, 'open_box_1');
    expect(paid.body).toMatchObject({
      code: 200,
      data: { task_id: id('open_box_1'), points: 10, coins: 0, point_balance: 10 },
    });
    const again = await claim(u, 'open_box_1');
    expect(again.body).toMatchObject({ code: ERRORS.TASK_ALREADY_CLAIMED.code, msg: '今日已领取该任务奖励' });
    expect(await task(u, 'open_box_1')).toMatchObject({ claimed: true });
    expect((await claim(u, 'open_box_5')).body.data).toMatchObject({ points: 30, point_balance: 40 });
    expect(await rewardTransfers(u)).toEqual([
      { key: `task_reward:${u.userId}:${id('open_box_1')}:2026-11-21:point`, currency: 'point', amount: 10 },
      { key: `task_reward:${u.userId}:${id('open_box_5')}:2026-11-21:point`, currency: 'point', amount: 30 },
    ]);
  });

  it('a sandbox recharge of ¥50 completes the recharge task; its reward is the player’s VIP level’s', async () => {
    const u = await registerUser(t);
    const ws = await TestSocket.open(url);
    try {
      await listen(ws, u);
      const tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList))
        .body.data.elems;
      const tier = tiers.find((x) => x.money === 50 * Y);
      if (!tier) throw new Error('no ¥50 tier');
      clock.advance(THROTTLE_GAP_MS);
      const order = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
        ...AGREED,
        coin_recharge_id: tier.id,
        pay_model: 'alipay',
      });
      expect(order.body.code).toBe(200);
      expect(await task(u, 'recharge_50')).toMatchObject({ progress: 0, target: 50 * Y });
      const cashier = await t.app.inject({ method: 'POST', url: `/dev/cashier/${order.body.data.order_sn}/pay` });
      expect(cashier.statusCode).toBe(200);
      const notice = await ws.next(TASK_NOTICE_EVENT, () => true, 10_000);
      expect(notice.data).toMatchObject({ task_id: id('recharge_50'), kind: 'recharge' });
    } finally {
      await ws.close();
    }
    expect(await task(u, 'recharge_50')).toMatchObject({
      progress: 50 * Y,
      done: true,
      reward: { points: 100, coins: Y },
    });
    // ¥1,000 more: VIP 3, whose reward is 200 points and ¥2.
    await recharge(t, u.userId, 1000 * Y);
    const list = await tasks(u);
    expect(list.vip_level).toBe(3);
    expect(list.list.find((x) => x.task_id === id('recharge_50'))?.reward).toEqual({ points: 200, coins: 2 * Y });
    const paid = await claim(u, 'recharge_50');
    expect(paid.body.data).toMatchObject({ points: 200, coins: 2 * Y, point_balance: 200 });
    expect((await rewardTransfers(u)).map((r) => [r.currency, r.amount])).toEqual([
      ['point', 200],
      ['coin', 2 * Y],
    ]);
  });

  it('a battle counts for the player who made it and the one who joined, each noticed once', async () => {
    const a = await registerUser(t);
    const b = await registerUser(t);
    for (const u of [a, b]) await credit(t, u.userId, box.price);
    const made = await asUser<{ room_id: number }>(t, a.tokens.access_token, 'POST', BATTLE_PATHS.create, {
      box_ids: [box.box_id],
      user_num: 3,
    });
    expect(made.body.code).toBe(200);
    expect(await task(b, 'battle_1')).toMatchObject({ progress: 0, done: false });
    const joined = await asUser(t, b.tokens.access_token, 'POST', BATTLE_PATHS.join, {
      room_id: made.body.data.room_id,
    });
    expect(joined.body.code).toBe(200);
    for (const u of [a, b]) expect(await task(u, 'battle_1')).toMatchObject({ progress: 1, done: true });
    await t.app.tasks.drain();
    const noticed = await t.rt.database.db
      .select({ userId: dailyTaskNotices.userId })
      .from(dailyTaskNotices)
      .where(eq(dailyTaskNotices.taskId, id('battle_1')));
    expect(noticed.map((n) => n.userId).sort((x, y) => x - y)).toEqual([a.userId, b.userId].sort((x, y) => x - y));
  });

  it('resets at midnight China time: the day’s actions count until 23:59:59, none after, and a new claim is possible', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 10);
    await open(u, 1);
    expect((await claim(u, 'open_box_1')).body.code).toBe(200);
    // 23:59:59.999 in China: still the same day.
    clock.advance(Date.UTC(2026, 10, 21, 15, 59, 59, 999) - clock.now());
    u.tokens = (await login(t, u.mobile, u.password)).body.data;
    expect(await task(u, 'open_box_1')).toMatchObject({ progress: 1, claimed: true });
    // Midnight: a new day, nothing done, nothing claimed.
    clock.advance(1);
    const fresh = await tasks(u);
    expect(fresh.day).toBe('2026-11-22');
    expect(fresh.reset_at).toBe(Date.UTC(2026, 10, 22, 16, 0, 0));
    expect(fresh.list.find((x) => x.task_id === id('open_box_1'))).toMatchObject({
      progress: 0,
      done: false,
      claimed: false,
    });
    expect((await claim(u, 'open_box_1')).body.code).toBe(ERRORS.TASK_NOT_DONE.code);
    await open(u, 1);
    const paid = await claim(u, 'open_box_1');
    expect(paid.body.data).toMatchObject({ points: 10, point_balance: 20 });
    expect((await rewardTransfers(u)).map((r) => r.key)).toEqual([
      `task_reward:${u.userId}:${id('open_box_1')}:2026-11-21:point`,
      `task_reward:${u.userId}:${id('open_box_1')}:2026-11-22:point`,
    ]);
    clock.advance(10 * HOUR);
  });

  it('refuses a task that does not exist or is disabled', async () => {
    const u = await registerUser(t);
    const missing = await asUser(t, u.tokens.access_token, 'POST', TASK_PATHS.claim, { task_id: 999_999 });
    expect(missing.body).toMatchObject({ code: ERRORS.TASK_NOT_FOUND.code });
    const bad = await asUser(t, u.tokens.access_token, 'POST', TASK_PATHS.claim, { task_id: 'x' });
    expect(bad.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    await t.rt.database.db
      .update(dailyTasks)
      .set({ enabled: false })
      .where(and(eq(dailyTasks.slug, 'battle_1')));
    t.app.tasks.invalidate();
    try {
      expect((await tasks(u)).list.some((x) => x.task_id === id('battle_1'))).toBe(false);
      expect((await claim(u, 'battle_1')).body.code).toBe(ERRORS.TASK_NOT_FOUND.code);
    } finally {
      await t.rt.database.db.update(dailyTasks).set({ enabled: true }).where(eq(dailyTasks.slug, 'battle_1'));
      t.app.tasks.invalidate();
    }
  });
});
