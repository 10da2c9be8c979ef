import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_POINTS_SHOP_PATHS, type AdminPointsShopEntry } from '@kaixiang/shared/admin-points-shop';
import { ERRORS } from '@kaixiang/shared/errors';
import { POINTS_SHOP_PATHS, type PointsShopListResponse } from '@kaixiang/shared/points-shop';
import { asc } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { seededCampaign } from '../../../test/support/bags.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';

/** The points shop's admin API: only admins, every input checked, every change audited with who made it. */
describe('points shop: the admin API', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
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
  const audit = async () =>
    (await as<AuditLogResponse>(admin, `${ADMIN_PATHS.auditLog}?action=points_shop`)).body.data.list;
  const entries = async () =>
    (await as<{ list: AdminPointsShopEntry[] }>(admin, ADMIN_POINTS_SHOP_PATHS.entries)).body.data.list;

  it('refuses a player on every route, and changes nothing', async () => {
    const before = await entries();
    const routes: [string, unknown][] = [
      [ADMIN_POINTS_SHOP_PATHS.entries, undefined],
      [ADMIN_POINTS_SHOP_PATHS.create, { kind: 'coin', coin: 100, price: 1 }],
      [ADMIN_POINTS_SHOP_PATHS.update, { id: 1, price: 1 }],
      [ADMIN_POINTS_SHOP_PATHS.addStock, { id: 1, add: 1 }],
      [ADMIN_POINTS_SHOP_PATHS.withdraw, { id: 1 }],
    ];
    for (const [path, body] of routes) {
      const res = await as(player, path, body, 'en-US');
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code });
    }
    expect((await t.api('GET', ADMIN_POINTS_SHOP_PATHS.entries)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect(await entries()).toEqual(before);
    expect(await audit()).toEqual([]);
  });

  it('lists the seeded defaults: coins, a lucky bag and catalogue items, with their worth', async () => {
    const list = await entries();
    expect(list.map((e) => e.kind).sort()).toEqual(['bag', 'coin', 'coin', 'coin', 'item', 'item', 'item']);
    expect(list.every((e) => e.active && e.enabled && e.worth > 0 && e.sold === 0)).toBe(true);
    const bag = list.find((e) => e.kind === 'bag');
    // The gift campaign's table pays ¥1.446 on average (bags.seed.ts).
    expect(bag).toMatchObject({ bag_count: 1, worth: 14_460, name_zh_cn: '幸运福袋' });
  });

  it('refuses bad input with a clear error, recording nothing', async () => {
    const before = (await entries()).length;
    const daily = await seededCampaign(t, 'daily_recharge');
    const bad: [unknown, keyof typeof ERRORS][] = [
      [{ kind: 'coin', coin: 100, price: 0 }, 'VALIDATION_FAILED'],
      [{ kind: 'toy', coin: 100, price: 1 }, 'VALIDATION_FAILED'],
      [{ kind: 'coin', price: 1 }, 'POINTS_SHOP_GOODS_INVALID'],
      [{ kind: 'coin', coin: 100, item_id: 1, price: 1 }, 'POINTS_SHOP_GOODS_INVALID'],
      [{ kind: 'item', item_id: 2_000_000_000, price: 1 }, 'POINTS_SHOP_ITEM_INVALID'],
      [{ kind: 'bag', bag_campaign_id: daily, price: 1 }, 'POINTS_SHOP_BAG_CAMPAIGN_INVALID'],
      [{ kind: 'coin', coin: 100, price: 1, starts_at: 2_000, ends_at: 1_000 }, 'POINTS_SHOP_WINDOW'],
    ];
    for (const [body, key] of bad) {
      const res = await as(admin, ADMIN_POINTS_SHOP_PATHS.create, body, 'zh-CN');
      expect(res.body.code, JSON.stringify(body)).toBe(ERRORS[key].code);
    }
    expect((await as(admin, ADMIN_POINTS_SHOP_PATHS.create, bad[6]?.[0], 'en-US')).body.msg).toBe(
      'The start must come before the end',
    );
    expect(await entries()).toHaveLength(before);
    expect(await audit()).toEqual([]);
  });

  it('creates an item entry named from the catalogue, and records who did it', async () => {
    const [def] = await t.rt.database.db.select().from(itemDefs).orderBy(asc(itemDefs.id)).limit(1);
    if (!def) throw new Error('no catalogue');
    const res = await as<AdminPointsShopEntry>(admin, ADMIN_POINTS_SHOP_PATHS.create, {
      kind: 'item',
      item_id: def.id,
      price: 500,
      stock: 2,
      limit: 1,
      sort: 1,
      reason: '周末上新',
    });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'item', item_id: def.id, name_zh_cn: def.nameZhCn, stock: 2 });
    expect(res.body.data.exter).toBeGreaterThanOrEqual(1);
    const [row] = await audit();
    expect(row).toMatchObject({
      admin_id: admin.userId,
      action: 'points_shop.create',
      target: `points_shop_entry:${res.body.data.id}`,
      reason: '周末上新',
      after: { price: 500 },
    });
    const shop = await as<PointsShopListResponse>(player, POINTS_SHOP_PATHS.list);
    expect(shop.body.data.list[0]).toMatchObject({ id: res.body.data.id, img: def.image, remaining: 1 });
  });

  it('changes the price, raises the stock, withdraws: each audited with before and after', async () => {
    const made = (
      await as<AdminPointsShopEntry>(admin, ADMIN_POINTS_SHOP_PATHS.create, {
        kind: 'coin',
        coin: 20_000,
        price: 200,
        stock: 1,
      })
    ).body.data;
    expect(made.name_en).toBe('2.00 coins');
    const updated = await as<AdminPointsShopEntry>(admin, ADMIN_POINTS_SHOP_PATHS.update, {
      id: made.id,
      price: 150,
      limit: 2,
      reason: '降价',
    });
    expect(updated.body.data).toMatchObject({ price: 150, limit: 2, stock: 1 });
    const raised = await as<AdminPointsShopEntry>(admin, ADMIN_POINTS_SHOP_PATHS.addStock, {
      id: made.id,
      add: 10,
      reason: '补货',
    });
    expect(raised.body.data.stock).toBe(11);
    const unlimited = (await entries()).find((e) => e.stock === null);
    expect((await as(admin, ADMIN_POINTS_SHOP_PATHS.addStock, { id: unlimited?.id, add: 1 })).body.code).toBe(
      ERRORS.POINTS_SHOP_STOCK_UNLIMITED.code,
    );
    const gone = await as<AdminPointsShopEntry>(admin, ADMIN_POINTS_SHOP_PATHS.withdraw, {
      id: made.id,
      reason: '下架',
    });
    expect(gone.body.data).toMatchObject({ enabled: false, active: false });
    expect((await as(admin, ADMIN_POINTS_SHOP_PATHS.withdraw, { id: 2_000_000 })).body.code).toBe(
      ERRORS.POINTS_SHOP_ENTRY_NOT_FOUND.code,
    );
    const log = (await audit()).filter((a) => a.target === `points_shop_entry:${made.id}`);
    expect(log.map((a) => a.action)).toEqual([
      'points_shop.withdraw',
      'points_shop.add_stock',
      'points_shop.update',
      'points_shop.create',
    ]);
    expect(log[2]).toMatchObject({ before: { price: 200 }, after: { price: 150 }, reason: '降价' });
    expect(log[1]).toMatchObject({ before: { stock: 1 }, after: { stock: 11 } });
    const shop = await as<PointsShopListResponse>(player, POINTS_SHOP_PATHS.list);
    expect(shop.body.data.list.map((e) => e.id)).not.toContain(made.id);
    // Withdrawn is not deleted: the admin list still has it.
    expect((await entries()).map((e) => e.id)).toContain(made.id);
  });
});
