import type { AdminTask, AdminTasksResponse } from '@kaixiang/shared/admin-tasks';
import { ADMIN_TASK_PATHS } from '@kaixiang/shared/admin-tasks';
import { ERRORS } from '@kaixiang/shared/errors';
import { TASK_PATHS, type TaskListResponse } from '@kaixiang/shared/tasks';
import { desc, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { adminAudit } from '../../db/schema/admin.ts';

const NEW_TASK = {
  kind: 'upgrade',
  name_zh_cn: '进行3次升级',
  name_zh_tw: '進行3次升級',
  name_en: 'Upgrade 3 times',
  target: 3,
  sort: 5,
  rewards: [
    { vip_min: 0, vip_max: 4, points: 50, coins: 0 },
    { vip_min: 5, vip_max: 10, points: 80, coins: 10_000 },
  ],
  reason: '周末活动',
};

describe('daily tasks admin API', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '任务管理员' });
    await setRole(t, admin, 'admin');
    player = await registerUser(t);
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const audits = () =>
    t.rt.database.db.select().from(adminAudit).where(like(adminAudit.action, 'task.%')).orderBy(desc(adminAudit.id));

  it('refuses a player on every route (403) and records nothing', async () => {
    for (const [method, path, body] of [
      ['GET', ADMIN_TASK_PATHS.list, undefined],
      ['POST', ADMIN_TASK_PATHS.create, NEW_TASK],
      ['POST', ADMIN_TASK_PATHS.update, { id: 1, enabled: false }],
    ] as const) {
      const res = await as(player, method, path, body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERRORS.ADMIN_ONLY.code);
    }
    expect(await audits()).toHaveLength(0);
  });

  it('lists the seeded tasks with the expected cost per active player', async () => {
    const res = await as<AdminTasksResponse>(admin, 'GET', ADMIN_TASK_PATHS.list);
    expect(res.body.code).toBe(200);
    const { list, active_players } = res.body.data;
    expect(list.map((x) => x.slug)).toEqual([
      'open_box_1',
      'open_box_5',
      'battle_1',
      'upgrade_1',
      'turntable_1',
      'recharge_50',
    ]);
    // The two players registered have sessions at VIP 0: the level-0 rewards, nobody claimed yet.
    expect(active_players).toBe(2);
    expect(list[0]).toMatchObject({
      max_points_per_player: 10,
      claims_7d: 0,
      claim_rate_ppm: 0,
      expected_points_per_player: 0,
    });
    expect(list[5]).toMatchObject({ max_points_per_player: 100, max_coins_per_player: 10_000 });
  });

  it('refuses bad input in the admin’s language and changes nothing', async () => {
    const bad = [
      { ...NEW_TASK, kind: 'sleep' },
      { ...NEW_TASK, target: 0 },
      { ...NEW_TASK, name_zh_cn: '' },
      { ...NEW_TASK, rewards: [] },
      { ...NEW_TASK, rewards: [{ vip_min: 3, vip_max: 1, points: 5, coins: 0 }] },
      { ...NEW_TASK, rewards: [{ vip_min: 0, vip_max: 1, points: 0, coins: 0 }] },
      { ...NEW_TASK, rewards: [{ vip_min: 0, vip_max: 1, points: -5, coins: 0 }] },
    ];
    for (const body of bad) {
      const res = await as(admin, 'POST', ADMIN_TASK_PATHS.create, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    }
    const overlap = await t.api('POST', ADMIN_TASK_PATHS.create, {
      body: {
        ...NEW_TASK,
        rewards: [
          { vip_min: 0, vip_max: 5, points: 5, coins: 0 },
          { vip_min: 5, vip_max: 10, points: 9, coins: 0 },
        ],
      },
      headers: { authorization: `Bearer ${admin.tokens.access_token}` },
      lang: 'en-US',
    });
    expect(overlap.body).toMatchObject({
      code: ERRORS.TASK_REWARD_RANGES.code,
      msg: 'The VIP level ranges of the rewards must not overlap',
    });
    const missing = await as(admin, 'POST', ADMIN_TASK_PATHS.update, { id: 99_999, enabled: false });
    expect(missing.body.code).toBe(ERRORS.TASK_NOT_FOUND.code);
    expect(await audits()).toHaveLength(0);
    expect((await as<AdminTasksResponse>(admin, 'GET', ADMIN_TASK_PATHS.list)).body.data.list).toHaveLength(6);
  });

  it('creates and changes a task, each change audited with who made it; players see it at once', async () => {
    const made = await as<AdminTask>(admin, 'POST', ADMIN_TASK_PATHS.create, NEW_TASK);
    expect(made.body).toMatchObject({ code: 200, data: { kind: 'upgrade', target: 3, enabled: true } });
    const id = made.body.data.id;
    expect(made.body.data.slug).toBe(`admin:${id}`);
    const seen = (await as<TaskListResponse>(player, 'GET', TASK_PATHS.list)).body.data.list;
    expect(seen.find((x) => x.task_id === id)).toMatchObject({ name: '进行3次升级', reward: { points: 50, coins: 0 } });

    const changed = await as<AdminTask>(admin, 'POST', ADMIN_TASK_PATHS.update, {
      id,
      enabled: false,
      rewards: [{ vip_min: 0, vip_max: 10, points: 60, coins: 0 }],
      reason: '活动结束',
    });
    expect(changed.body.data).toMatchObject({
      enabled: false,
      rewards: [{ vip_min: 0, vip_max: 10, points: 60, coins: 0 }],
    });
    const after = (await as<TaskListResponse>(player, 'GET', TASK_PATHS.list)).body.data.list;
    expect(after.some((x) => x.task_id === id)).toBe(false);

    const [update, create] = await audits();
    expect(create).toMatchObject({
      adminId: admin.userId,
      action: 'task.create',
      target: `task:${id}`,
      reason: '周末活动',
    });
    expect(create?.after).toMatchObject({ name_zh_cn: '进行3次升级', target: 3 });
    expect(update).toMatchObject({
      adminId: admin.userId,
      action: 'task.update',
      target: `task:${id}`,
      reason: '活动结束',
    });
    expect(update?.before).toMatchObject({ enabled: true, rewards: NEW_TASK.rewards });
    expect(update?.after).toMatchObject({ enabled: false });
  });
});
