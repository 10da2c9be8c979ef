import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_BAG_PATHS, type AdminCampaign } from '@kaixiang/shared/admin-bags';
import { BAG_PATHS, type BagTableResponse, type HasBagResponse, type OpenBagResponse } from '@kaixiang/shared/bags';
import { ERRORS } from '@kaixiang/shared/errors';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { seededCampaign } from '../../../test/support/bags.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';

const TABLE = [
  { amount: 1_000, tickets: 900_000 },
  { amount: 100_000, tickets: 100_000 },
];

/** The bags' admin API: only admins, every change checked and in the audit log with who made it. */
describe('lucky bags: the admin API', () => {
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
  const campaigns = async () => (await as<{ list: AdminCampaign[] }>(admin, ADMIN_BAG_PATHS.campaigns)).body.data.list;
  const input = {
    kind: 'grant',
    name_zh_cn: '周年庆福袋',
    name_en: 'Anniversary bag',
    table: TABLE,
    reason: '周年庆',
  };

  it('refuses a player on every route, and changes nothing', async () => {
    const before = (await campaigns()).length;
    const routes: [string, unknown][] = [
      [ADMIN_BAG_PATHS.campaigns, undefined],
      [ADMIN_BAG_PATHS.createCampaign, input],
      [ADMIN_BAG_PATHS.updateCampaign, { id: 1, enabled: false }],
      [ADMIN_BAG_PATHS.grant, { campaign_id: 3, user_id: player.userId, count: 1, reason: 'x' }],
    ];
    for (const [path, body] of routes) {
      const res = await as(player, path, body, 'en-US');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code, msg: 'Only an administrator can do this' });
    }
    expect((await t.api('GET', ADMIN_BAG_PATHS.campaigns)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect(await campaigns()).toHaveLength(before);
    expect(await audit('bag')).toEqual([]);
  });

  it('lists the seeded campaigns with their tables and expected values', async () => {
    const list = await campaigns();
    const daily = list.find((c) => c.kind === 'daily_recharge');
    expect(daily).toMatchObject({
      name_zh_cn: '每日充值福袋',
      active: true,
      min_recharge: 100_000,
      table: { version: 1, ticket_total: 1_000_000, ev: 14_460, min: 5_000, max: 880_000 },
    });
    expect(list.find((c) => c.kind === 'vip_level')?.vip_levels).toHaveLength(10);
  });

  it('creates a campaign with its table (ev shown) and records who did it', async () => {
    const res = await as<AdminCampaign>(admin, ADMIN_BAG_PATHS.createCampaign, input);
    expect(res.body.code).toBe(200);
    // 0.1 × 0.9 + 10 × 0.1 = ¥1.09.
    expect(res.body.data).toMatchObject({ kind: 'grant', active: true, table: { version: 1, ev: 10_900 } });
    const [entry] = await audit('bag.campaign.create');
    expect(entry).toMatchObject({
      admin_id: admin.userId,
      admin_name: '运营',
      target: `bag_campaign:${res.body.data.id}`,
      reason: '周年庆',
      after: { id: res.body.data.id, name_zh_cn: '周年庆福袋' },
    });
  });

  it('refuses a table, a window or levels that do not hold, in the admin’s language, recording nothing', async () => {
    const before = (await campaigns()).length;
    const cases: [unknown, keyof typeof ERRORS, string][] = [
      [
        { ...input, table: [{ amount: 1_000, tickets: 999_999 }] },
        'BAG_TABLE_TICKETS',
        '奖励表各档票数之和必须等于 1000000',
      ],
      [{ ...input, starts_at: 2_000, ends_at: 1_000 }, 'BAG_CAMPAIGN_WINDOW', '结束时间必须晚于开始时间'],
      [
        { ...input, kind: 'vip_level', vip_levels: [] },
        'BAG_CAMPAIGN_LEVELS',
        'VIP 等级福袋须列出至少一个等级，且等级不能重复',
      ],
      [
        {
          ...input,
          kind: 'vip_level',
          vip_levels: [
            { level: 2, count: 1 },
            { level: 2, count: 3 },
          ],
        },
        'BAG_CAMPAIGN_LEVELS',
        'VIP 等级福袋须列出至少一个等级，且等级不能重复',
      ],
      [{ ...input, table: [{ amount: 0, tickets: 1_000_000 }] }, 'VALIDATION_FAILED', '参数不正确'],
      [{ ...input, name_zh_cn: '' }, 'VALIDATION_FAILED', '参数不正确'],
    ];
    for (const [body, key, msg] of cases) {
      const res = await as(admin, ADMIN_BAG_PATHS.createCampaign, body);
      expect(res.body).toMatchObject({ code: ERRORS[key].code, msg });
    }
    const en = await as(admin, ADMIN_BAG_PATHS.createCampaign, cases[0]?.[0], 'en-US');
    expect(en.body.msg).toBe('The tickets of the amount table must add up to 1000000');
    expect(await campaigns()).toHaveLength(before);
    expect(await audit('bag.campaign.create')).toHaveLength(1);
  });

  it('a new table is a new version; bags opened on the old one still name it', async () => {
    const id = (await as<AdminCampaign>(admin, ADMIN_BAG_PATHS.createCampaign, { ...input, name_zh_cn: '改表福袋' }))
      .body.data.id;
    await as(admin, ADMIN_BAG_PATHS.grant, { campaign_id: id, user_id: player.userId, count: 2, reason: '测试' });
    const first = await as<OpenBagResponse>(player, BAG_PATHS.getBag, { campaign_id: id });
    expect(first.body.data.proof.table_version).toBe(1);

    const newTable = [{ amount: 2_000, tickets: 1_000_000 }];
    const updated = await as<AdminCampaign>(admin, ADMIN_BAG_PATHS.updateCampaign, {
      id,
      table: newTable,
      reason: '调整',
    });
    expect(updated.body.data.table).toMatchObject({ version: 2, ev: 2_000 });
    const [entry] = await audit('bag.campaign.update');
    expect(entry).toMatchObject({ target: `bag_campaign:${id}`, before: { table: { version: 1 } } });
    expect(entry?.after).toMatchObject({ table: { version: 2 } });
    // The same table again changes no version.
    await as(admin, ADMIN_BAG_PATHS.updateCampaign, { id, table: newTable });
    expect((await campaigns()).find((c) => c.id === id)?.table.version).toBe(2);

    clock.advance(3_000);
    const second = await as<OpenBagResponse>(player, BAG_PATHS.getBag, { campaign_id: id });
    expect(second.body.data).toMatchObject({ get_money: 2_000, proof: { table_version: 2 } });
    const old = await t.api<BagTableResponse>('GET', `${BAG_PATHS.table}?campaign_id=${id}&version=1`);
    expect(old.body.data.table_hash).toBe(first.body.data.proof.table_hash);
    expect((await campaigns()).find((c) => c.id === id)).toMatchObject({
      given: 2,
      opened: 2,
      paid: first.body.data.get_money + 2_000,
    });
  });

  it('gives bags by hand only of a grant campaign, to a player who exists, once per request', async () => {
    const gift = await seededCampaign(t, 'gift');
    const daily = await seededCampaign(t, 'daily_recharge');
    const u = await registerUser(t);
    const grant = (body: Record<string, unknown>, requestId?: string) =>
      t.api<{ granted: number; count: number }>('POST', ADMIN_BAG_PATHS.grant, {
        headers: { ...bearer(admin.tokens.access_token), ...(requestId ? { 'x-request-id': requestId } : {}) },
        body: { campaign_id: gift, user_id: u.userId, count: 2, reason: '补偿', ...body },
      });
    expect((await grant({ campaign_id: daily })).body.code).toBe(ERRORS.BAG_KIND_FIXED.code);
    expect((await grant({ user_id: 2_000_000_000 })).body.code).toBe(ERRORS.BAG_PLAYER_NOT_FOUND.code);
    expect((await grant({ reason: '' })).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect((await grant({}, 'grant-req-0001')).body.data).toEqual({ granted: 2, count: 2 });
    expect((await grant({}, 'grant-req-0001')).body.data).toEqual({ granted: 0, count: 2 });
    const held = await t.api<HasBagResponse>('GET', BAG_PATHS.hasBag, { headers: bearer(u.tokens.access_token) });
    expect(held.body.data.count).toBe(2);
    const grants = (await audit('bag.grant')).filter((e) => e.target === `user:${u.userId}`);
    expect(grants).toHaveLength(1);
    expect(grants[0]).toMatchObject({ reason: '补偿', after: { campaign_id: gift, count: 2 } });
  });

  it('turning the daily campaign off stops rechargeBag in the group info', async () => {
    const daily = await seededCampaign(t, 'daily_recharge');
    const off = await as<AdminCampaign>(admin, ADMIN_BAG_PATHS.updateCampaign, { id: daily, enabled: false });
    expect(off.body.data).toMatchObject({ enabled: false, active: false });
    clock.advance(10_000); // past the group info's few seconds in memory
    expect((await t.api<{ rechargeBag: number }>('GET', SITE_PATHS.groupInfo)).body.data.rechargeBag).toBe(0);
    await as(admin, ADMIN_BAG_PATHS.updateCampaign, { id: daily, enabled: true });
    clock.advance(10_000);
    expect((await t.api<{ rechargeBag: number }>('GET', SITE_PATHS.groupInfo)).body.data.rechargeBag).toBe(1);
  });
});
