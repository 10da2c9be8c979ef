import { randomUUID } from 'node:crypto';
import { ADMIN_POINTS_SHOP_PATHS, type AdminPointsShopEntry } from '@kaixiang/shared/admin-points-shop';
import { ERRORS } from '@kaixiang/shared/errors';
import { ITEM_PATHS } from '@kaixiang/shared/inventory';
import {
  POINTS_SHOP_PATHS,
  type PointsShopBuyResponse,
  type PointsShopListResponse,
  type PointsShopRecordsResponse,
} from '@kaixiang/shared/points-shop';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, consoleSignIn, login, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { userBags } from '../../db/schema/bags.ts';
import { userItems } from '../../db/schema/items.ts';
import { ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { pointsShopCounts, pointsShopEntries, pointsShopPurchases } from '../../db/schema/points-shop.ts';
import { balancesOf } from '../ledger/ledger.ts';

/** Buying in the points shop: each kind lands where it should, a refusal changes nothing. */
describe('points shop: buying', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  /** The next China day (UTC+8): access tokens live 15 minutes, so everyone signs in again. */
  const nextDay = async (...users: TestUser[]) => {
    clock.advance(24 * 3600 * 1000);
    for (const u of [admin, ...users]) {
      const res = await login(t, u.mobile, u.password);
      if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
      u.tokens = res.body.data;
    }
    // A new site session is a new console session to open.
    await consoleSignIn(t, admin);
  };
  const seeded = async (slug: string) => {
    const [row] = await db().select().from(pointsShopEntries).where(eq(pointsShopEntries.slug, slug));
    if (!row) throw new Error(`no seeded entry ${slug}`);
    return row;
  };
  const list = async (u?: TestUser, lang?: string) =>
    (
      await t.api<PointsShopListResponse>('GET', POINTS_SHOP_PATHS.list, {
        ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
        ...(lang ? { lang } : {}),
      })
    ).body;
  const buy = (u: TestUser, entryId: number, price: number, o: { requestId?: string; lang?: string } = {}) =>
    t.api<PointsShopBuyResponse>('POST', POINTS_SHOP_PATHS.buy, {
      headers: bearer(u.tokens.access_token),
      body: { entry_id: entryId, price, request_id: o.requestId ?? randomUUID() },
      ...(o.lang ? { lang: o.lang } : {}),
    });
  const create = async (body: Record<string, unknown>) => {
    const res = await t.api<AdminPointsShopEntry>('POST', ADMIN_POINTS_SHOP_PATHS.create, {
      headers: bearer(admin.tokens.access_token),
      body,
    });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };
  const playerWith = async (points: number) => {
    const u = await registerUser(t);
    if (points > 0) await credit(t, u.userId, points, 'point');
    return u;
  };
  /** Everything a purchase could have written for a player: to show a refusal wrote none of it. */
  const footprint = async (userId: number) => ({
    balances: await balancesOf(db(), userId),
    purchases: (await db().select().from(pointsShopPurchases).where(eq(pointsShopPurchases.userId, userId))).length,
    counts: await db().select().from(pointsShopCounts).where(eq(pointsShopCounts.userId, userId)),
    items: (await db().select().from(userItems).where(eq(userItems.userId, userId))).length,
    bags: (await db().select().from(userBags).where(eq(userBags.userId, userId))).length,
    entries: (await db().select().from(pointsShopEntries)).map((e) => [e.id, e.stock]),
  });

  it('lists the seeded shop to a guest, and to a player with their points and limits', async () => {
    const guest = await list(undefined, 'en-US');
    expect(guest.code).toBe(200);
    expect(guest.data.points).toBeNull();
    const kinds = guest.data.list.map((e) => e.kind);
    expect(kinds).toEqual(expect.arrayContaining(['coin', 'bag', 'item']));
    // The first in the shop's order: the entry a new player can pay on the first day.
    expect(guest.data.list.find((e) => e.kind === 'coin')).toMatchObject({
      name: '0.50 coins',
      price: 50,
      coin: 5_000,
      limit: 1,
      limit_period: 'day',
      remaining: 1,
      state: 'on',
    });
    const item = guest.data.list.find((e) => e.kind === 'item');
    expect(item?.img).toMatch(/./);
    expect(item?.quality).not.toBeNull();
    const u = await playerWith(250);
    const mine = await list(u);
    expect(mine.data.points).toBe(250);
    expect(mine.data.list.map((e) => e.id)).toEqual(guest.data.list.map((e) => e.id));
  });

  it('buys coins: points to the shop, coins to the balance, two balanced transfers', async () => {
    const entry = await seeded('coin_1');
    const u = await playerWith(250);
    const res = await buy(u, entry.id, 100);
    expect(res.body).toMatchObject({ code: 200, data: { points: 150, money: 10_000 } });
    expect(res.body.data.purchase).toMatchObject({ kind: 'coin', coin: 10_000, price: 100, entry_id: entry.id });
    expect(await balancesOf(db(), u.userId)).toMatchObject({ coin: 10_000, point: 150 });
    const transfers = await db().select().from(ledgerTransfers).where(eq(ledgerTransfers.kind, 'points_shop'));
    const mine = transfers.filter((x) => x.idemKey.startsWith(`points_shop:${u.userId}:`));
    expect(mine).toHaveLength(2);
    for (const x of mine) {
      const legs = await db().select().from(ledgerEntries).where(eq(ledgerEntries.transferId, x.id));
      expect(legs.reduce((s, l) => s + l.amount, 0)).toBe(0);
    }
    // The limit is once a day: the list says so, and a second purchase is refused.
    expect((await list(u)).data.list.find((e) => e.id === entry.id)).toMatchObject({ bought: 1, remaining: 0 });
    const before = await footprint(u.userId);
    const again = await buy(u, entry.id, 100, { lang: 'zh-CN' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: ERRORS.POINTS_SHOP_LIMIT_REACHED.code, msg: '已达到该商品的兑换上限' });
    expect(await footprint(u.userId)).toEqual(before);
    // The next China day (UTC+8) the limit starts again.
    await nextDay(u);
    expect((await list(u)).data.list.find((e) => e.id === entry.id)).toMatchObject({ bought: 0, remaining: 1 });
    expect((await buy(u, entry.id, 100)).body.code).toBe(200);
  });

  it('buys an item: it lands in the inventory as a real item, sellable for its worth', async () => {
    const entry = await seeded('item_q2');
    const u = await playerWith(entry.pricePoints);
    const res = await buy(u, entry.id, entry.pricePoints);
    expect(res.body.code).toBe(200);
    expect(res.body.data.points).toBe(0);
    const id = res.body.data.purchase.user_item_id;
    expect(id).not.toBeNull();
    const [item] = await db()
      .select()
      .from(userItems)
      .where(and(eq(userItems.id, id ?? 0), eq(userItems.userId, u.userId)));
    expect(item).toMatchObject({
      itemDefId: entry.itemDefId,
      exter: entry.exter,
      priceUnits: entry.worthUnits,
      status: 0,
      source: 'points_shop',
      sourceName: '积分商城',
    });
    const knapsack = await t.api<{ list: { id: number; source: string; source_name: string }[] }>(
      'POST',
      ITEM_PATHS.knapsack,
      { headers: bearer(u.tokens.access_token), body: { page: 1, page_size: 10 } },
    );
    expect(knapsack.body.data.list).toEqual([
      expect.objectContaining({ id, source: 'points_shop', source_name: '积分商城' }),
    ]);
    const sold = await t.api('POST', ITEM_PATHS.sell, { headers: bearer(u.tokens.access_token), body: { _id: id } });
    expect(sold.body.code).toBe(0);
    expect((await balancesOf(db(), u.userId)).coin).toBe(entry.worthUnits);
  });

  it('buys a lucky bag: given through the bags, openable from the icon', async () => {
    const entry = await seeded('gift_bag');
    const u = await playerWith(400);
    const res = await buy(u, entry.id, entry.pricePoints);
    expect(res.body.code).toBe(200);
    expect(res.body.data.purchase).toMatchObject({ kind: 'bag', bag_count: 1 });
    const bags = await db().select().from(userBags).where(eq(userBags.userId, u.userId));
    expect(bags).toHaveLength(1);
    expect(bags[0]).toMatchObject({
      source: 'points_shop',
      sourceKey: `points_shop:${res.body.data.purchase.id}:0`,
      state: 0,
    });
    const has = await t.api<{ has_bag: boolean; count: number }>('GET', '/promotion/v1/blessing-bag/has-bag', {
      headers: bearer(u.tokens.access_token),
    });
    expect(has.body.data).toMatchObject({ has_bag: true, count: 1 });
    expect((await balancesOf(db(), u.userId)).point).toBe(400 - entry.pricePoints);
  });

  it('a retried request buys once and answers the same purchase', async () => {
    const entry = await seeded('gift_bag');
    const u = await playerWith(1_000);
    const requestId = randomUUID();
    const first = await buy(u, entry.id, entry.pricePoints, { requestId });
    const second = await buy(u, entry.id, entry.pricePoints, { requestId });
    expect(second.body.code).toBe(200);
    expect(second.body.data.purchase.id).toBe(first.body.data.purchase.id);
    expect((await balancesOf(db(), u.userId)).point).toBe(1_000 - entry.pricePoints);
    expect(await db().select().from(userBags).where(eq(userBags.userId, u.userId))).toHaveLength(1);
    // The same request id for another entry is a mistake, not a purchase.
    const other = await seeded('coin_5');
    expect((await buy(u, other.id, other.pricePoints, { requestId })).body.code).toBe(ERRORS.REQUEST_ID_REUSED.code);
  });

  it('not enough points: refused in the player’s language, nothing changed', async () => {
    const entry = await seeded('coin_5');
    const u = await playerWith(entry.pricePoints - 1);
    const before = await footprint(u.userId);
    const messages: Record<string, string> = {
      'zh-CN': '积分不足，无法兑换',
      'zh-TW': '積分不足，無法兌換',
      'en-US': 'You do not have enough points for this',
    };
    for (const [lang, msg] of Object.entries(messages)) {
      const res = await buy(u, entry.id, entry.pricePoints, { lang });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: ERRORS.POINTS_SHOP_POINTS_SHORT.code, msg });
    }
    // A player who never had points has no point account at all: the same refusal.
    const broke = await playerWith(0);
    expect((await buy(broke, entry.id, entry.pricePoints)).body.code).toBe(ERRORS.POINTS_SHOP_POINTS_SHORT.code);
    expect(await footprint(u.userId)).toEqual(before);
  });

  it('outside the window, sold out, a changed price, withdrawn: refused, nothing changed', async () => {
    const now = clock.now();
    const later = await create({ kind: 'coin', coin: 1_000, price: 10, starts_at: now + 3_600_000, reason: '预告' });
    const over = await create({
      kind: 'coin',
      coin: 1_000,
      price: 10,
      ends_at: now - 1,
      starts_at: now - 10,
      reason: 'x',
    });
    const one = await create({ kind: 'coin', coin: 1_000, price: 10, stock: 1, reason: '限量' });
    const u = await playerWith(100);
    const v = await playerWith(100);
    expect((await buy(v, one.id, 10)).body.code).toBe(200);
    const before = await footprint(u.userId);
    const refusals: [number, number, keyof typeof ERRORS][] = [
      [later.id, 10, 'POINTS_SHOP_NOT_STARTED'],
      [over.id, 10, 'POINTS_SHOP_ENDED'],
      [one.id, 10, 'POINTS_SHOP_SOLD_OUT'],
      [later.id, 11, 'POINTS_SHOP_NOT_STARTED'],
      [2_147_483_000, 10, 'POINTS_SHOP_ENTRY_NOT_FOUND'],
    ];
    for (const [id, price, key] of refusals) expect((await buy(u, id, price)).body.code).toBe(ERRORS[key].code);
    const open = await create({ kind: 'coin', coin: 1_000, price: 10, reason: 'x' });
    expect((await buy(u, open.id, 9)).body.code).toBe(ERRORS.POINTS_SHOP_PRICE_CHANGED.code);
    await t.api('POST', ADMIN_POINTS_SHOP_PATHS.withdraw, {
      headers: bearer(admin.tokens.access_token),
      body: { id: open.id, reason: '下架' },
    });
    expect((await buy(u, open.id, 10)).body.code).toBe(ERRORS.POINTS_SHOP_ENTRY_NOT_FOUND.code);
    const after = await footprint(u.userId);
    expect(after.balances).toEqual(before.balances);
    expect([after.purchases, after.counts, after.items, after.bags]).toEqual([
      before.purchases,
      before.counts,
      before.items,
      before.bags,
    ]);
    // The list shows the states; the withdrawn entry is gone from it.
    const states = new Map((await list(u)).data.list.map((e) => [e.id, e.state]));
    expect([states.get(later.id), states.get(over.id), states.get(one.id), states.get(open.id)]).toEqual([
      'upcoming',
      'ended',
      'sold_out',
      undefined,
    ]);
  });

  it('an "ever" limit holds across days; the purchase history lists newest first', async () => {
    const entry = await create({ kind: 'coin', coin: 100, price: 1, limit: 2, limit_period: 'ever', reason: 'x' });
    const u = await playerWith(10);
    expect((await buy(u, entry.id, 1)).body.code).toBe(200);
    await nextDay(u);
    expect((await buy(u, entry.id, 1)).body.code).toBe(200);
    await nextDay(u);
    expect((await buy(u, entry.id, 1)).body.code).toBe(ERRORS.POINTS_SHOP_LIMIT_REACHED.code);
    const records = await t.api<PointsShopRecordsResponse>('GET', `${POINTS_SHOP_PATHS.records}?page=1&page_size=10`, {
      headers: bearer(u.tokens.access_token),
    });
    expect(records.body.data.total).toBe(2);
    const [newest, oldest] = records.body.data.list;
    expect((newest?.id ?? 0) > (oldest?.id ?? 0)).toBe(true);
    expect(newest).toMatchObject({ kind: 'coin', price: 1, coin: 100 });
    expect((await t.api('GET', POINTS_SHOP_PATHS.records)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
  });
});
