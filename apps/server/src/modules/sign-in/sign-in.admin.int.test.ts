import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_BAG_PATHS, type AdminCampaign } from '@kaixiang/shared/admin-bags';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  ADMIN_SIGN_IN_PATHS,
  type AdminActivity,
  type AdminSignInRewardsResponse,
  SIGN_IN_PATHS,
  type SignInResponse,
} from '@kaixiang/shared/sign-in';
import type { ActivitiesResponse } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The sign-in's and the activity list's admin API: admins only, checked, each change audited with who made it. */
describe('sign-in and activities: the admin API', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    [admin, player] = [await registerUser(t, { nick_name: '运营' }), await registerUser(t)];
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T>(u: TestUser, path: string, body?: unknown, lang?: string) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(u.tokens.access_token),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  const audit = async (action: string) =>
    (await as<AuditLogResponse>(admin, `${ADMIN_PATHS.auditLog}?action=${action}`)).body.data.list;
  const rewards = async () => (await as<AdminSignInRewardsResponse>(admin, ADMIN_SIGN_IN_PATHS.rewards)).body.data;
  const days = (points: number) =>
    Array.from({ length: 7 }, (_, i) => ({ day: i + 1, points: points * (i + 1), coins: 0, bag_campaign_id: null }));

  it('refuses a player on every route, and changes nothing', async () => {
    const before = await rewards();
    const routes: [string, unknown][] = [
      [ADMIN_SIGN_IN_PATHS.rewards, undefined],
      [ADMIN_SIGN_IN_PATHS.updateRewards, { days: days(1) }],
      [ADMIN_SIGN_IN_PATHS.activities, undefined],
      [ADMIN_SIGN_IN_PATHS.createActivity, { title_zh_cn: 'x', path: '/x', start_at: 0, end_at: 1 }],
      [ADMIN_SIGN_IN_PATHS.updateActivity, { id: 2, enabled: false }],
    ];
    for (const [path, body] of routes) {
      const res = await as(player, path, body, 'en-US');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code });
    }
    expect((await t.api('GET', ADMIN_SIGN_IN_PATHS.rewards)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect((await rewards()).days).toEqual(before.days);
    expect(await audit('sign_in')).toEqual([]);
    expect(await audit('activity')).toEqual([]);
  });

  it('shows the seeded table and what a full cycle costs one player', async () => {
    const r = await rewards();
    expect(r.days.map((d) => d.points)).toEqual([10, 20, 30, 40, 50, 60, 100]);
    // 310 points; ¥1.50 in coins and one 幸运福袋 whose expected value is ¥1.446.
    expect(r.cycle_cost).toEqual({ points: 310, coins: 15_000, bags: 1, bag_ev: 14_460, coins_total: 29_460 });
  });

  it('refuses a table that is not days 1–7, a day that pays nothing, or a bag that is not a gift', async () => {
    const campaigns = (await as<{ list: AdminCampaign[] }>(admin, ADMIN_BAG_PATHS.campaigns)).body.data.list;
    const daily = campaigns.find((c) => c.kind === 'daily_recharge');
    const cases: [unknown, keyof typeof ERRORS][] = [
      [{ days: days(5).slice(0, 6) }, 'SIGN_IN_REWARD_DAYS'],
      [{ days: [...days(5).slice(0, 6), { day: 6, points: 1 }] }, 'SIGN_IN_REWARD_DAYS'],
      [{ days: [...days(5).slice(0, 6), { day: 7 }] }, 'SIGN_IN_REWARD_EMPTY'],
      [
        { days: [...days(5).slice(0, 6), { day: 7, bag_campaign_id: daily?.id, bag_count: 1 }] },
        'SIGN_IN_BAG_CAMPAIGN',
      ],
      [{ days: [...days(5).slice(0, 6), { day: 7, bag_campaign_id: 999, bag_count: 1 }] }, 'SIGN_IN_BAG_CAMPAIGN'],
      [{ days: [...days(5).slice(0, 6), { day: 7, points: 5, bag_count: 2 }] }, 'SIGN_IN_BAG_CAMPAIGN'],
      [{ days: [...days(5).slice(0, 6), { day: 7, points: -5 }] }, 'VALIDATION_FAILED'],
      [{ days: [...days(5).slice(0, 6), { day: 7, points: 1.5 }] }, 'VALIDATION_FAILED'],
    ];
    const before = await rewards();
    for (const [body, error] of cases) {
      const res = await as(admin, ADMIN_SIGN_IN_PATHS.updateRewards, body, 'zh-CN');
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: ERRORS[error].code });
    }
    const empty = await as(admin, ADMIN_SIGN_IN_PATHS.updateRewards, { days: [...days(5).slice(0, 6), { day: 7 }] });
    expect(empty.body.msg).toBe('每一天的签到奖励至少要有一项（积分、金币或福袋）');
    expect((await rewards()).days).toEqual(before.days);
    expect(await audit('sign_in')).toEqual([]);
  });

  it('replaces the table, records who did it, and the next sign-in pays the new reward', async () => {
    const campaigns = (await as<{ list: AdminCampaign[] }>(admin, ADMIN_BAG_PATHS.campaigns)).body.data.list;
    const gift = campaigns.find((c) => c.kind === 'grant');
    const body = {
      days: [{ day: 1, points: 7, coins: 1_000, bag_campaign_id: gift?.id, bag_count: 2 }, ...days(3).slice(1)],
      reason: '双十二',
    };
    const res = await as<AdminSignInRewardsResponse>(admin, ADMIN_SIGN_IN_PATHS.updateRewards, body);
    expect(res.body.code).toBe(200);
    expect(res.body.data.cycle_cost).toMatchObject({ points: 7 + 3 * (2 + 3 + 4 + 5 + 6 + 7), coins: 1_000, bags: 2 });
    const [entry] = await audit('sign_in');
    expect(entry).toMatchObject({
      admin_id: admin.userId,
      admin_name: '运营',
      action: 'sign_in.rewards',
      reason: '双十二',
    });
    const change = entry as unknown as { before: AdminSignInRewardsResponse; after: AdminSignInRewardsResponse };
    expect(change.before.days[0]?.points).toBe(10);
    expect(change.after.days[0]?.points).toBe(7);
    const signed = await as<SignInResponse>(player, SIGN_IN_PATHS.sign, {});
    expect(signed.body.data).toMatchObject({ points: 7, money: 1_000, reward: { bag_count: 2, bag_name: '幸运福袋' } });
    expect((await rewards()).recent[0]).toMatchObject({ players: 1, points: 7, coins: 1_000, bags: 2 });
  });

  it('creates and edits activities: checked, audited, and what players see follows', async () => {
    const now = clock.now();
    const input = {
      title_zh_cn: '周末狂欢',
      title_en: 'Weekend party',
      rules_zh_cn: '周末开箱有惊喜',
      rules_en: 'Surprises on weekend openings',
      path: '/battle',
      start_at: now + MINUTE,
      end_at: now + 48 * HOUR,
      reason: '周末活动',
    };
    const bad = await as(admin, ADMIN_SIGN_IN_PATHS.createActivity, { ...input, end_at: now }, 'en-US');
    expect(bad.body).toMatchObject({ code: ERRORS.ACTIVITY_WINDOW.code, msg: 'An activity must end after it starts' });
    for (const wrong of [{ path: 'javascript:alert(1)' }, { title_zh_cn: '' }, { start_at: -1 }]) {
      expect((await as(admin, ADMIN_SIGN_IN_PATHS.createActivity, { ...input, ...wrong })).body.code).toBe(
        ERRORS.VALIDATION_FAILED.code,
      );
    }
    expect(await audit('activity')).toEqual([]);

    const made = await as<AdminActivity>(admin, ADMIN_SIGN_IN_PATHS.createActivity, input);
    expect(made.body.data).toMatchObject({ title_zh_cn: '周末狂欢', state: 'upcoming', enabled: true });
    const id = made.body.data.id;
    const listed = async () =>
      (await t.api<ActivitiesResponse>('GET', SITE_PATHS.activities, { lang: 'en-US' })).body.data.activities.find(
        (a) => a.id === id,
      );
    expect(await listed()).toMatchObject({
      title: 'Weekend party',
      rules: 'Surprises on weekend openings',
      state: 'upcoming',
    });
    clock.advance(2 * MINUTE); // (short of the access token's life)
    expect(await listed()).toMatchObject({ state: 'running' });

    expect((await as(admin, ADMIN_SIGN_IN_PATHS.updateActivity, { id: 99_999, enabled: false })).body.code).toBe(
      ERRORS.ACTIVITY_NOT_FOUND.code,
    );
    expect((await as(admin, ADMIN_SIGN_IN_PATHS.updateActivity, { id, end_at: now })).body.code).toBe(
      ERRORS.ACTIVITY_WINDOW.code,
    );
    const off = await as<AdminActivity>(admin, ADMIN_SIGN_IN_PATHS.updateActivity, {
      id,
      enabled: false,
      reason: '取消',
    });
    expect(off.body.data).toMatchObject({ state: 'off', title_zh_cn: '周末狂欢' });
    expect(await listed()).toBeUndefined();
    const log = await audit('activity');
    expect(log.map((e) => [e.action, e.admin_id, e.target])).toEqual([
      ['activity.update', admin.userId, `activity:${id}`],
      ['activity.create', admin.userId, `activity:${id}`],
    ]);
    const all = (await as<{ list: AdminActivity[] }>(admin, ADMIN_SIGN_IN_PATHS.activities)).body.data.list;
    expect(all.find((a) => a.id === id)).toMatchObject({ enabled: false, state: 'off' });
  });
});
