import { ITEM_PATHS, ITEM_STATUS, type KnapsackResponse, type MoneyActionResponse } from '@kaixiang/shared/inventory';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows, giveItems, itemRow } from '../../../test/support/items.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';

const MONEY = '/usercenter/v1/user/get-std-money';

describe('inventory: list, sell, recycle, convert', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { SANDBOX_TRADE_MODE: 'manual' } });
  });
  afterAll(() => t.close());

  const as = <T = unknown>(u: TestUser, path: string, body?: unknown, lang?: string) =>
    t.api<T>('POST', path, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const money = async (u: TestUser) =>
    (await asUser<{ std_money: number; mall_quota: number }>(t, u.tokens.access_token, 'GET', MONEY)).body.data;

  it('needs a login', async () => {
    const res = await t.api('POST', ITEM_PATHS.knapsack, { body: {} });
    expect(res.body.code).toBe(401);
  });

  it('lists held items by default, filters by status, quality and keyword, sorts and pages', async () => {
    const u = await registerUser(t);
    const defs = await catalogueRows(t, 5);
    const base = clock.now();
    const ids = await giveItems(t, u.userId, [
      { defIndex: 0, price: 300, createdAt: base - 4000 },
      { defIndex: 1, price: 100, createdAt: base - 3000 },
      { defIndex: 2, price: 200, createdAt: base - 2000, status: ITEM_STATUS.retrieveFailed },
      { defIndex: 3, price: 900, createdAt: base - 1000, status: ITEM_STATUS.sold },
      { defIndex: 4, price: 50, createdAt: base, status: ITEM_STATUS.retrieved },
    ]);
    const other = await registerUser(t);
    await giveItems(t, other.userId, [{ defIndex: 0, price: 1 }]);

    const all = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, {});
    expect(all.body.code).toBe(200);
    expect(all.body.data.list.map((i) => i.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(all.body.data.total).toBe(3);
    // total_price sums the normal items only, over all pages.
    expect(all.body.data.total_price).toBe(400);
    const first = all.body.data.list[2];
    expect(first).toMatchObject({
      id: ids[0],
      item_id: defs[0]?.id,
      name: defs[0]?.nameZhCn,
      cost_price: 300,
      img: defs[0]?.image,
      quality: defs[0]?.quality,
      status: 0,
      disposal: null,
      source: 'box',
      source_name: '测试箱',
      created_at: base - 4000,
      retrieve_available_at: null,
      failure: null,
      offer_expires_at: null,
    });
    expect(first?.code_name).toMatch(/^[a-z0-9_]+$/);

    const sold = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { status: [2, 3] });
    expect(sold.body.data.list.map((i) => i.id)).toEqual([ids[4], ids[3]]);

    const byPrice = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { sort: 'price_desc' });
    expect(byPrice.body.data.list.map((i) => i.cost_price)).toEqual([300, 200, 100]);
    const asc = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { sort: 'price_asc', page: 2, page_size: 2 });
    expect(asc.body.data.list.map((i) => i.cost_price)).toEqual([300]);
    expect(asc.body.data.total).toBe(3);

    const q = defs[1]?.quality ?? 0;
    const byQuality = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { quality: q, status: [0, 1, 2, 3, 4] });
    expect(byQuality.body.data.list.length).toBeGreaterThan(0);
    expect(byQuality.body.data.list.every((i) => i.quality === q)).toBe(true);

    // The keyword matches the name in the request's language.
    const en = defs[1]?.nameEn ?? '';
    const word = en.split(' | ')[1] ?? en;
    const inEnglish = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { keyword: word.toLowerCase() }, 'en-US');
    expect(inEnglish.body.data.list.map((i) => i.id)).toContain(ids[1]);
    expect(inEnglish.body.data.list[0]?.name).toContain(word);
    const zh = defs[1]?.nameZhCn ?? '';
    const inChinese = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { keyword: zh });
    expect(inChinese.body.data.list.map((i) => i.id)).toContain(ids[1]);
    const wild = await as<KnapsackResponse>(u, ITEM_PATHS.knapsack, { keyword: '%' });
    expect(wild.body.data.total).toBe(0);

    const log = await as<{ list: { id: number }[]; total: number }>(u, ITEM_PATHS.warehouseLog, {
      page: 1,
      page_size: 3,
    });
    expect(log.body.data.total).toBe(5);
    expect(log.body.data.list.map((i) => i.id)).toEqual([ids[4], ids[3], ids[2]]);
  });

  it('sells one item with code 0 and credits coins at its price', async () => {
    const u = await registerUser(t);
    const [a, b] = await giveItems(t, u.userId, [{ price: 12_340 }, { price: 5_000 }]);
    const res = await as<MoneyActionResponse>(u, ITEM_PATHS.sell, { _id: a });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ code: 0, data: { ids: [a], amount: 12_340, money: 12_340, mall_quota: 0 } });
    expect(await itemRow(t, a as number)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'sell' });
    expect((await itemRow(t, b as number)).status).toBe(ITEM_STATUS.normal);
    expect(await money(u)).toEqual({ std_money: 12_340, mall_quota: 0 });
    // Selling it again pays nothing.
    const again = await as(u, ITEM_PATHS.sell, { _id: [a] });
    expect(again.body.error).toBe('ITEM_NOT_AVAILABLE');
    expect((await money(u)).std_money).toBe(12_340);
    await expectLedgerBalanced(t);
  });

  it('sells a list, a retrieval-failed item included, in one transfer', async () => {
    const u = await registerUser(t);
    await credit(t, u.userId, 1_000);
    const ids = await giveItems(t, u.userId, [
      { price: 100 },
      { price: 200, status: ITEM_STATUS.retrieveFailed },
      { price: 300 },
    ]);
    const res = await as<MoneyActionResponse>(u, ITEM_PATHS.sell, { _id: [ids[2], ids[0], ids[1], ids[0]] });
    expect(res.body.code).toBe(0);
    expect(res.body.data).toEqual({ ids: [...ids].sort((x, y) => x - y), amount: 600, money: 1_600, mall_quota: 0 });
    const transfers = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idemKey, `item_sell:${[...ids].sort((x, y) => x - y).join(',')}`));
    expect(transfers.map((x) => x.kind)).toEqual(['item_sell']);
    await expectLedgerBalanced(t);
  });

  it('recycles into mall quota', async () => {
    const u = await registerUser(t);
    const ids = await giveItems(t, u.userId, [{ price: 7_000 }, { price: 3_000 }]);
    const res = await as<MoneyActionResponse>(u, ITEM_PATHS.recycle, { ids });
    expect(res.body).toMatchObject({ code: 200, data: { amount: 10_000, money: 0, mall_quota: 10_000 } });
    expect(await money(u)).toEqual({ std_money: 0, mall_quota: 10_000 });
    expect((await itemRow(t, ids[0] as number)).disposal).toBe('recycle');
    await expectLedgerBalanced(t);
  });

  it('converts every normal item, or the listed ones, and says when there is nothing', async () => {
    const u = await registerUser(t);
    const ids = await giveItems(t, u.userId, [
      { price: 100 },
      { price: 200 },
      { price: 400, status: ITEM_STATUS.retrieveFailed },
      { price: 800, status: ITEM_STATUS.retrieving },
    ]);
    const listed = await as<MoneyActionResponse>(u, ITEM_PATHS.convert, { ids: [ids[2]] });
    expect(listed.body.data).toMatchObject({ ids: [ids[2]], amount: 400, money: 400 });
    const all = await as<MoneyActionResponse>(u, ITEM_PATHS.convert, {});
    expect(all.body.data).toMatchObject({ ids: [ids[0], ids[1]], amount: 300, money: 700 });
    expect((await itemRow(t, ids[3] as number)).status).toBe(ITEM_STATUS.retrieving);
    const none = await as(u, ITEM_PATHS.convert, {}, 'zh-CN');
    expect(none.body).toMatchObject({ code: 4212, error: 'NO_ITEMS_TO_SELL', msg: '您没有可出售的奖品' });
    await expectLedgerBalanced(t);
  });

  it('sells more than 100 normal items with convert, in batches', async () => {
    const u = await registerUser(t);
    const ids = await giveItems(
      t,
      u.userId,
      Array.from({ length: 130 }, () => ({ price: 10 })),
    );
    const res = await as<MoneyActionResponse>(u, ITEM_PATHS.convert, {});
    expect(res.body.data.ids).toHaveLength(130);
    expect(res.body.data).toMatchObject({ amount: 1_300, money: 1_300 });
    expect((await itemRow(t, ids[129] as number)).status).toBe(ITEM_STATUS.sold);
    await expectLedgerBalanced(t);
  });

  describe('refuses bad input and changes nothing', () => {
    let u: TestUser;
    let theirs: number;
    let mine: number[];
    beforeAll(async () => {
      u = await registerUser(t);
      const other = await registerUser(t);
      [theirs] = (await giveItems(t, other.userId, [{ price: 500 }])) as [number];
      mine = await giveItems(t, u.userId, [{ price: 100 }, { price: 200, status: ITEM_STATUS.sold }, { price: 300 }]);
    });

    const cases: [string, string, () => unknown, string, Record<string, string>][] = [
      [
        "someone else's item",
        ITEM_PATHS.sell,
        () => ({ _id: [mine[0], theirs] }),
        'ITEM_NOT_FOUND',
        { 'zh-CN': '饰品不存在', 'en-US': 'Item not found' },
      ],
      [
        'a sold item',
        ITEM_PATHS.sell,
        () => ({ _id: [mine[0], mine[1]] }),
        'ITEM_NOT_AVAILABLE',
        { 'zh-CN': '该饰品当前状态不可操作', 'en-US': 'This item cannot be used in its current state' },
      ],
      [
        'an empty list',
        ITEM_PATHS.sell,
        () => ({ _id: [] }),
        'NO_ITEMS_TO_SELL',
        { 'zh-CN': '您没有可出售的奖品', 'en-US': 'You have no prizes for sale' },
      ],
      [
        'more than 100',
        ITEM_PATHS.sell,
        () => ({ _id: Array.from({ length: 101 }, (_, i) => i + 1) }),
        'TOO_MANY_ITEMS',
        { 'zh-CN': '一次最多操作100件饰品', 'en-US': 'At most 100 items at a time' },
      ],
      [
        "recycling someone else's item",
        ITEM_PATHS.recycle,
        () => ({ ids: [theirs] }),
        'ITEM_NOT_FOUND',
        { 'zh-CN': '饰品不存在', 'en-US': 'Item not found' },
      ],
      [
        'recycling a sold item',
        ITEM_PATHS.recycle,
        () => ({ ids: [mine[2], mine[1]] }),
        'ITEM_NOT_AVAILABLE',
        { 'zh-CN': '该饰品当前状态不可操作', 'en-US': 'This item cannot be used in its current state' },
      ],
      [
        'recycling nothing',
        ITEM_PATHS.recycle,
        () => ({ ids: [] }),
        'NO_ITEMS_TO_SELL',
        { 'zh-CN': '您没有可出售的奖品', 'en-US': 'You have no prizes for sale' },
      ],
      [
        'converting a list with a sold item',
        ITEM_PATHS.convert,
        () => ({ ids: [mine[0], mine[1]] }),
        'ITEM_NOT_AVAILABLE',
        { 'zh-CN': '该饰品当前状态不可操作', 'en-US': 'This item cannot be used in its current state' },
      ],
    ];
    for (const [what, path, body, error, msgs] of cases) {
      it(what, async () => {
        for (const lang of ['zh-CN', 'en-US'] as const) {
          const res = await as(u, path, body(), lang);
          expect(res.body.error).toBe(error);
          expect(res.body.msg).toBe(msgs[lang]);
        }
        expect((await itemRow(t, mine[0] as number)).status).toBe(ITEM_STATUS.normal);
        expect((await itemRow(t, mine[2] as number)).status).toBe(ITEM_STATUS.normal);
        expect((await itemRow(t, theirs)).status).toBe(ITEM_STATUS.normal);
        expect(await money(u)).toEqual({ std_money: 0, mall_quota: 0 });
      });
    }
  });
});
