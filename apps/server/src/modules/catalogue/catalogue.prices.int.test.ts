import { ADMIN_BOX_PATHS, type AdminBoxDetail, type AdminBoxEvaluation } from '@kaixiang/shared/admin-boxes';
import {
  ADMIN_CATALOGUE_PATHS,
  type CatalogueSearchItem,
  type CatalogueSearchResponse,
} from '@kaixiang/shared/admin-catalogue';
import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { ADMIN_PLAYER_PATHS } from '@kaixiang/shared/admin-players';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { wearGradesFor } from '@kaixiang/shared/items';
import { TREASURE_PATHS, type TreasureInfo } from '@kaixiang/shared/treasure';
import { UPGRADE_PATHS, type UpgradeListResponse } from '@kaixiang/shared/upgrade';
import { and, count, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { itemDefs, itemPrices } from '../../db/schema/catalogue.ts';
import { upgradeItems } from '../../db/schema/games.ts';
import { mails } from '../../db/schema/mail.ts';
import { gradeWorth } from '../command-items/command-items.service.ts';
import { resolveGoods } from '../points-shop/points-shop.goods.ts';
import { resolveWishItem } from '../wishing-well/wishing-well.admin.ts';
import { seedCatalogue } from './catalogue.seed.ts';
import { loadPriceBook, tablePriceUnits } from './item-prices.ts';

/**
 * The operator's item prices through HTTP (PGlite by default, PostgreSQL with TEST_DATABASE_URL):
 * only catalogue.manage sets one; bad input changes nothing and says why; a price set is the one
 * every place that prices an item from then on uses; a cleared price is the table's again; two
 * changes at once queue, each audited with the price it replaced.
 */
describe('admin item prices', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let player: TestUser;
  let def: typeof itemDefs.$inferSelect;
  let grades: number[];

  beforeAll(async () => {
    t = await startTestApp();
    [admin, support, player] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    // An item with several grades, one of them an upgrade target.
    const rows = await t.rt.database.db
      .select()
      .from(itemDefs)
      .where(and(eq(itemDefs.quality, 4), like(itemDefs.nameEn, 'AK-47%')))
      .orderBy(desc(itemDefs.id));
    const found = rows.find((r) => wearGradesFor(r.wearMin, r.wearMax).length >= 3);
    if (!found) throw new Error('no AK-47 with three grades');
    def = found;
    grades = wearGradesFor(def.wearMin, def.wearMax);
  });
  afterAll(() => t.close());

  const set = (u: TestUser, body: Record<string, unknown>, lang?: string) =>
    t.api<CatalogueSearchItem>('POST', ADMIN_CATALOGUE_PATHS.priceSet, {
      headers: bearer(u.tokens.access_token),
      body,
      ...(lang ? { lang } : {}),
    });
  const audits = async () =>
    (await t.rt.database.db.select({ n: count() }).from(adminAudit).where(eq(adminAudit.action, 'catalogue.price')))[0]
      ?.n ?? 0;
  const searched = async () =>
    (
      await t.api<CatalogueSearchResponse>(
        'GET',
        `${ADMIN_CATALOGUE_PATHS.search}?keyword=${encodeURIComponent(def.nameEn)}`,
        {
          headers: bearer(admin.tokens.access_token),
        },
      )
    ).body.data.list.find((i) => i.item_id === def.id);

  it('is refused to a player and to support, and bad input changes nothing, said in the caller’s language', async () => {
    const best = grades[0] as number;
    const ok = { item_id: def.id, exter: best, price: 1_234_500, reason: '市场价' };
    expect((await set(player, ok)).status).toBe(403);
    const bySupport = await set(support, ok);
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.code).toBe(ERRORS.STAFF_PERMISSION_MISSING.code);

    const said: string[] = [];
    for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
      const res = await set(admin, { ...ok, price: 1_234_567 }, lang);
      expect(res.body.code).toBe(ERRORS.PRICE_INVALID.code);
      said.push(res.body.msg);
    }
    expect(said[0]).toBe('价格须为 0.01 至 1,000,000 元之间的整分金额');
    expect(said[2]).toBe('A price must be a whole number of fen from ¥0.01 to ¥1,000,000');
    expect((await set(admin, { ...ok, price: 0 })).body.code).toBe(ERRORS.PRICE_INVALID.code);
    expect((await set(admin, { ...ok, price: 10_000_000_100 })).body.code).toBe(ERRORS.PRICE_INVALID.code);
    expect((await set(admin, { ...ok, item_id: 999_999_999 })).body.code).toBe(ERRORS.PRICE_ITEM_UNKNOWN.code);
    const missing = [1, 2, 3, 4, 5, 6].find((g) => !grades.includes(g)) as number;
    expect((await set(admin, { ...ok, exter: missing })).body.code).toBe(ERRORS.PRICE_WEAR_INVALID.code);
    expect((await set(admin, { ...ok, reason: ' ' })).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    // Clearing a price never set is no change.
    expect((await set(admin, { ...ok, price: null })).body.code).toBe(ERRORS.PRICE_UNCHANGED.code);

    expect(await audits()).toBe(0);
    expect(await t.rt.database.db.select().from(itemPrices)).toEqual([]);
  });

  it('a price set is what every place that prices the item uses from then on, and clearing it brings back the table’s', async () => {
    const db = t.rt.database.db;
    const best = grades[0] as number;
    const target = (await db.select().from(upgradeItems).where(eq(upgradeItems.itemDefId, def.id)))[0];
    if (!target) throw new Error('the item is no upgrade target');
    const table = tablePriceUnits(def, best);
    const price = table * 3 + 100;

    const res = await set(admin, { item_id: def.id, exter: best, price, reason: '市场价上涨' });
    expect(res.body.code, res.body.msg).toBe(200);
    expect(res.body.data.wears[0]).toEqual({ exter: best, price, table_price: table, set: true });
    expect((await searched())?.wears[0]).toEqual({ exter: best, price, table_price: table, set: true });
    const priced = await t.api<CatalogueSearchResponse>('GET', `${ADMIN_CATALOGUE_PATHS.search}?priced=true`, {
      headers: bearer(admin.tokens.access_token),
    });
    expect(priced.body.data.list.map((i) => i.item_id)).toEqual([def.id]);

    // The catalogue's "from" price, and a seed run afterwards keeps it.
    const base = async () => (await db.select().from(itemDefs).where(eq(itemDefs.id, def.id)))[0]?.basePriceUnits;
    expect(await base()).toBe(price);
    await seedCatalogue(db);
    expect(await base()).toBe(price);

    // A treasure's prize, a new box version's entry, a mail's item, a wish, a shop entry, a command item.
    const made = await t.api<{ room_id: number }>('POST', ADMIN_GAME_PATHS.treasureCreate, {
      headers: bearer(admin.tokens.access_token),
      body: {
        title: '价格',
        item_id: def.id,
        exter: best,
        cards: 2,
        card_price: 10_000,
        deadline: t.rt.clock.now() + 3_600_000,
      },
    });
    expect(made.body.code, made.body.msg).toBe(200);
    const info = await t.api<TreasureInfo>('GET', `${TREASURE_PATHS.info}?room_id=${made.body.data.room_id}`);
    expect(info.body.data.item.price).toBe(price);

    const preview = await t.api<AdminBoxEvaluation>('POST', ADMIN_BOX_PATHS.preview, {
      headers: bearer(admin.tokens.access_token),
      body: { price: price * 2, contents: [{ item_id: def.id, exter: best, tickets: BOX_TICKETS }] },
    });
    expect(preview.body.data.entries[0]?.price).toBe(price);
    expect(preview.body.data.ev).toBe(price);

    const mailed = await t.api('POST', ADMIN_PLAYER_PATHS.sendMail, {
      headers: bearer(admin.tokens.access_token),
      body: {
        user_id: player.userId,
        title: '补偿',
        items: [{ item_def_id: def.id, exter: best }],
        reason: '补偿',
        request_id: 'price-mail-1',
      },
    });
    expect(mailed.body.code, mailed.body.msg).toBe(200);
    const [mail] = await db.select().from(mails).where(eq(mails.userId, player.userId));
    expect(mail?.items).toEqual([{ itemDefId: def.id, exter: best, priceUnits: price }]);

    expect((await resolveWishItem(db, def.id, best)).worthUnits).toBe(price);
    const goods = await resolveGoods(db, {
      kind: 'item',
      item_id: def.id,
      exter: best,
      coin: null,
      bag_campaign_id: null,
      bag_count: 1,
    });
    expect(goods.worthUnits).toBe(price);
    expect(gradeWorth(def, best, await loadPriceBook(db, [def.id]))?.worthUnits).toBe(price);

    // The upgrade target of that grade follows; the other grades keep the table's price.
    const other = grades.find((g) => g !== best) as number;
    expect((await loadPriceBook(db, [def.id])).unitsOf(def, other)).toBe(tablePriceUnits(def, other));
    const targetPrice = async () =>
      (await db.select().from(upgradeItems).where(eq(upgradeItems.id, target.id)))[0]?.priceUnits;
    // The upgrade list is read (and its targets cached) before the change.
    expect((await t.api('POST', UPGRADE_PATHS.list, { body: { page_size: 1 } })).body.code).toBe(200);
    const res2 = await set(admin, { item_id: def.id, exter: target.exter, price: 777_700, reason: '目标价' });
    expect(res2.body.code, res2.body.msg).toBe(200);
    expect(await targetPrice()).toBe(777_700);
    // This process's upgrade list shows it at once (its cached targets were dropped).
    const listed = await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { min_price: 777_700, max_price: 777_700, page_size: 50 },
    });
    expect(listed.body.data.list.map((x) => x.upgrade_item_id)).toContain(target.id);

    // Cleared: the table's again, everywhere.
    expect(
      (await set(admin, { item_id: def.id, exter: best, price: null, reason: '恢复' })).body.data.wears[0],
    ).toEqual({ exter: best, price: table, table_price: table, set: false });
    expect(await base()).toBe(table);
    expect((await resolveWishItem(db, def.id, best)).worthUnits).toBe(table);
    if (target.exter !== best) {
      await set(admin, { item_id: def.id, exter: target.exter, price: null, reason: '恢复' });
      expect(await targetPrice()).toBe(tablePriceUnits(def, target.exter));
    }

    // Each change is in the audit log with the price it replaced and its reason.
    const log = await db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.action, 'catalogue.price'))
      .orderBy(adminAudit.id);
    expect(log[0]).toMatchObject({
      adminId: admin.userId,
      target: `item:${def.id}/${best}`,
      before: { price: table, set: false },
      after: { price, set: true },
      reason: '市场价上涨',
    });
    expect(log.find((r) => r.reason === '恢复' && r.target === `item:${def.id}/${best}`)).toMatchObject({
      before: { price, set: true },
      after: { price: table, set: false },
    });
  });

  it('a saved box version keeps its prices; its detail shows today’s beside them', async () => {
    const db = t.rt.database.db;
    const [box] = await db.select().from(boxes).orderBy(boxes.id).limit(1);
    if (!box) throw new Error('no box');
    const read = async () =>
      (
        await t.api<AdminBoxDetail>('GET', `${ADMIN_BOX_PATHS.detail}?box_id=${box.id}`, {
          headers: bearer(admin.tokens.access_token),
        })
      ).body.data;
    const before = await read();
    const entry = before.current.entries[0];
    if (!entry) throw new Error('an empty box');
    expect(entry.current_price).toBe(entry.price);
    const res = await set(admin, {
      item_id: entry.item_id,
      exter: entry.exter,
      price: entry.price + 500_000,
      reason: '涨价',
    });
    expect(res.body.code, res.body.msg).toBe(200);
    const after = await read();
    expect(after.current.version).toBe(before.current.version);
    expect(after.current.entries[0]).toMatchObject({ price: entry.price, current_price: entry.price + 500_000 });
    expect(after.current.ev).toBe(before.current.ev);
  });

  it('changes at once queue on the item: each audit record replaces the one before it', async () => {
    const db = t.rt.database.db;
    const exter = grades.at(-1) as number;
    const prices = [110_000, 120_000, 130_000, 140_000, 150_000, 160_000];
    const answers = await Promise.all(
      prices.map((price) => set(admin, { item_id: def.id, exter, price, reason: `并发 ${price}` })),
    );
    expect(answers.map((a) => a.body.code)).toEqual(prices.map(() => 200));
    const log = await db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'catalogue.price'), eq(adminAudit.target, `item:${def.id}/${exter}`)))
      .orderBy(adminAudit.id);
    const chain = log.map((r) => [(r.before as { price: number }).price, (r.after as { price: number }).price]);
    expect(chain[0]?.[0]).toBe(tablePriceUnits(def, exter));
    for (let i = 1; i < chain.length; i++) expect(chain[i]?.[0]).toBe(chain[i - 1]?.[1]);
    const [row] = await db
      .select()
      .from(itemPrices)
      .where(and(eq(itemPrices.itemDefId, def.id), eq(itemPrices.exter, exter)));
    expect(row?.priceUnits).toBe(chain.at(-1)?.[1]);
  });
});
