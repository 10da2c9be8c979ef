import { randomUUID } from 'node:crypto';
import { priceUnits } from '@kaixiang/game/price-table';
import { ERRORS } from '@kaixiang/shared/errors';
import { type InventoryItem, ITEM_STATUS } from '@kaixiang/shared/inventory';
import type { Quality, WeaponClass, WearGrade } from '@kaixiang/shared/items';
import { type AccountChange, type MallItem, WALLET_PATHS } from '@kaixiang/shared/wallet';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { mallItems } from '../../db/schema/mall.ts';
import { seedMall } from './mall.seed.ts';

type Buy = { user_item_id: number; mall_quota: number };
type Records = {
  list: { id: number; mall_item_id: number; user_item_id: number; name: string; price: number; created_at: number }[];
  total: number;
};

describe('mall', () => {
  let t: TestApp;
  let list: MallItem[];
  beforeAll(async () => {
    t = await startTestApp();
    list = (await t.api<{ list: MallItem[] }>('GET', WALLET_PATHS.mallItems)).body.data.list;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const buy = (u: TestUser, mall_item_id: number, request_id = randomUUID(), path: string = WALLET_PATHS.mallBuy) =>
    as<Buy>(u, 'POST', path, { mall_item_id, request_id });
  const quota = async (u: TestUser) =>
    (await as<{ mall_quota: number }>(u, 'GET', '/usercenter/v1/user/get-std-money')).body.data.mall_quota;
  const db = () => t.rt.database.db;
  /** A product of our own for one test, so tests do not share stock. */
  const product = async (stock: number | null, price = 10_000) => {
    const [def] = await db()
      .select()
      .from(itemDefs)
      .limit(1)
      .offset(Math.floor(price / 100) % 500);
    if (!def) throw new Error('no catalogue');
    const [row] = await db()
      .insert(mallItems)
      .values({ itemDefId: def.id, exter: 5, priceUnits: price, stock, sort: 999 })
      .onConflictDoUpdate({ target: [mallItems.itemDefId, mallItems.exter], set: { priceUnits: price, stock } })
      .returning();
    if (!row) throw new Error('no product');
    return row;
  };

  it('lists about two dozen products across qualities, priced by the price table, in the player language', async () => {
    expect(list.length).toBeGreaterThanOrEqual(20);
    expect(new Set(list.map((p) => p.quality))).toEqual(new Set([2, 3, 4, 5, 7]));
    const defs = new Map((await db().select().from(itemDefs)).map((d) => [d.id, d]));
    for (const p of list) {
      const def = defs.get(p.item_id);
      if (!def) throw new Error(`unknown item ${p.item_id}`);
      expect(p.price).toBe(
        priceUnits({
          quality: def.quality as Quality,
          weaponClass: def.weaponClass as WeaponClass,
          wearGrade: p.exter as WearGrade,
          statTrak: false,
          itemId: def.id,
        }),
      );
      expect(p.name).toBe(def.nameZhCn);
    }
    expect(list.map((p) => p.price)).toEqual([...list.map((p) => p.price)].sort((x, y) => x - y));
    expect(list.some((p) => p.stock !== null)).toBe(true);
    const en = (await t.api<{ list: MallItem[] }>('GET', WALLET_PATHS.mallItems, { lang: 'en-US' })).body.data.list;
    expect(en.map((p) => p.name)).toEqual(list.map((p) => defs.get(p.item_id)?.nameEn));
    // The seed is idempotent.
    expect(await seedMall(db())).toBe(0);
  });

  it('buys with quota: stock down, quota debited, the item in the inventory worth no more than paid', async () => {
    const u = await registerUser(t);
    const limited = list.find((p) => p.stock !== null);
    if (!limited?.stock) throw new Error('no limited product');
    await credit(t, u.userId, limited.price + 500, 'quota');
    const res = await buy(u, limited.mall_item_id);
    expect(res.body).toMatchObject({ code: 200, data: { mall_quota: 500 } });
    expect(await quota(u)).toBe(500);

    const after = (await t.api<{ list: MallItem[] }>('GET', WALLET_PATHS.mallItems)).body.data.list;
    expect(after.find((p) => p.mall_item_id === limited.mall_item_id)?.stock).toBe(limited.stock - 1);

    const [item] = await db().select().from(userItems).where(eq(userItems.id, res.body.data.user_item_id));
    expect(item).toMatchObject({
      userId: u.userId,
      itemDefId: limited.item_id,
      exter: limited.exter,
      source: 'mall',
      sourceName: '商城',
      status: ITEM_STATUS.normal,
    });
    expect(item?.priceUnits).toBeLessThanOrEqual(limited.price);

    const records = await as<Records>(u, 'GET', `${WALLET_PATHS.mallBuyRecords}?page=1&page_size=10`);
    expect(records.body.data.total).toBe(1);
    expect(records.body.data.list[0]).toMatchObject({
      mall_item_id: limited.mall_item_id,
      user_item_id: res.body.data.user_item_id,
      name: limited.name,
      price: limited.price,
    });
    const log = await as<{ list: AccountChange[] }>(u, 'GET', WALLET_PATHS.quotaLog);
    expect(log.body.data.list[0]).toMatchObject({
      kind: 'mall_buy',
      amount: -limited.price,
      balance_after: 500,
      memo: limited.name,
    });
  });

  it('an item priced above its mall price is worth the mall price: buy-then-sell cannot mint money', async () => {
    const u = await registerUser(t);
    const cheap = await product(null, 100);
    await credit(t, u.userId, 100, 'quota');
    const res = await buy(u, cheap.id);
    expect(res.body.code).toBe(200);
    const [item] = await db().select().from(userItems).where(eq(userItems.id, res.body.data.user_item_id));
    expect(item?.priceUnits).toBe(100);
  });

  it('a replayed request id pays once and answers with the first purchase', async () => {
    const u = await registerUser(t);
    const p = await product(2, 20_000);
    await credit(t, u.userId, 50_000, 'quota');
    const request_id = randomUUID();
    const first = await buy(u, p.id, request_id);
    const again = await buy(u, p.id, request_id, WALLET_PATHS.userBuy);
    expect(first.body.code).toBe(200);
    expect(again.body).toMatchObject({ code: 200, data: { user_item_id: first.body.data.user_item_id } });
    expect(await quota(u)).toBe(30_000);
    const [row] = await db().select().from(mallItems).where(eq(mallItems.id, p.id));
    expect(row?.stock).toBe(1);
    expect(await db().select().from(userItems).where(eq(userItems.userId, u.userId))).toHaveLength(1);
    // The same id for another product is a mistake, not a purchase.
    const other = await buy(u, list[0]?.mall_item_id ?? 0, request_id);
    expect(other.body.code).toBe(ERRORS.REQUEST_ID_REUSED.code);
  });

  it('sells out: the last unit goes, the next buyer hears 商品已售罄 and pays nothing', async () => {
    const u = await registerUser(t);
    const p = await product(1, 30_000);
    await credit(t, u.userId, 100_000, 'quota');
    expect((await buy(u, p.id)).body.code).toBe(200);
    const out = await buy(u, p.id);
    expect(out.body).toMatchObject({ code: ERRORS.MALL_SOLD_OUT.code, msg: '商品已售罄' });
    expect(await quota(u)).toBe(70_000);
  });

  it('refuses a short quota with 商城额度不足 and an unknown or withdrawn product', async () => {
    const u = await registerUser(t);
    const p = await product(3, 40_000);
    await credit(t, u.userId, 39_900, 'quota');
    const short = await buy(u, p.id);
    expect(short.body).toMatchObject({ code: ERRORS.QUOTA_INSUFFICIENT.code, msg: '商城额度不足' });
    const [row] = await db().select().from(mallItems).where(eq(mallItems.id, p.id));
    expect(row?.stock).toBe(3);
    expect((await buy(u, 999_999)).body.code).toBe(ERRORS.MALL_ITEM_NOT_FOUND.code);
    await db().update(mallItems).set({ onSale: false }).where(eq(mallItems.id, p.id));
    expect((await buy(u, p.id)).body.code).toBe(ERRORS.MALL_ITEM_NOT_FOUND.code);
    expect(await quota(u)).toBe(39_900);
    expect(await db().select().from(userItems).where(eq(userItems.userId, u.userId))).toHaveLength(0);
  });

  it('the retrieve record shows mall items being retrieved, retrieved or failed, not ones kept or from boxes', async () => {
    const u = await registerUser(t);
    const p = await product(null, 10_000);
    await credit(t, u.userId, 40_000, 'quota');
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push((await buy(u, p.id)).body.data.user_item_id);
    const [kept, sending, got, failed] = ids;
    if (!kept || !sending || !got || !failed) throw new Error('not bought');
    await db().update(userItems).set({ status: ITEM_STATUS.retrieving }).where(eq(userItems.id, sending));
    await db().update(userItems).set({ status: ITEM_STATUS.retrieved }).where(eq(userItems.id, got));
    await db()
      .update(userItems)
      .set({ status: ITEM_STATUS.retrieveFailed, failure: 'invalid_link' })
      .where(eq(userItems.id, failed));
    const res = await as<{ list: InventoryItem[]; total: number }>(u, 'GET', WALLET_PATHS.mallRetrieveRecord);
    expect(res.body.data.total).toBe(3);
    expect(new Map(res.body.data.list.map((i) => [i.id, i.status]))).toEqual(
      new Map([
        [sending, ITEM_STATUS.retrieving],
        [got, ITEM_STATUS.retrieved],
        [failed, ITEM_STATUS.retrieveFailed],
      ]),
    );
    expect(res.body.data.list.find((i) => i.id === failed)).toMatchObject({ source: 'mall', failure: 'invalid_link' });
  });
});
