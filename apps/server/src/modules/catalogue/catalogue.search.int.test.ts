import {
  ADMIN_CATALOGUE_PATHS,
  type CatalogueSearchItem,
  type CatalogueSearchResponse,
} from '@kaixiang/shared/admin-catalogue';
import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { ERRORS } from '@kaixiang/shared/errors';
import { wearGradesFor } from '@kaixiang/shared/items';
import { TREASURE_PATHS, type TreasureInfo } from '@kaixiang/shared/treasure';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';

/**
 * The admins' catalogue search through HTTP (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL): refused to anyone else in their language, found by a piece of any
 * language's name, priced per wear exactly as the prize it then makes.
 */
describe('admin catalogue search', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    [admin, player] = [await registerUser(t), await registerUser(t)];
    // An admin signed in to the console (the development tool's role, then the second factor).
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());

  const search = (u: TestUser | null, query: string, lang?: string) =>
    t.api<CatalogueSearchResponse>('GET', `${ADMIN_CATALOGUE_PATHS.search}${query}`, {
      ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
      ...(lang ? { lang } : {}),
    });

  it('refuses a visitor and a player, saying why in their language', async () => {
    expect((await search(null, '')).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    const said = [];
    for (const lang of ['zh-CN', 'zh-TW', 'en-US']) {
      const res = await search(player, '?keyword=AK', lang);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERRORS.ADMIN_ONLY.code);
      said.push(res.body.msg);
    }
    expect(said).toEqual(['仅限管理员使用', '僅限管理員使用', 'Only an administrator can do this']);
    // And an admin made a player again is refused at once (the role is read as stored).
    const other = await registerUser(t);
    await setRole(t, other, 'admin');
    expect((await search(other, '')).body.code).toBe(200);
    await setRole(t, other, 'player');
    expect((await search(other, '')).body.code).toBe(ERRORS.ADMIN_ONLY.code);
  });

  it('finds an item by a piece of its name in any language, named in the request’s language', async () => {
    const db = t.rt.database.db;
    const [def] = await db.select().from(itemDefs).orderBy(desc(itemDefs.basePriceUnits)).limit(1);
    if (!def) throw new Error('no catalogue');
    const piece = (name: string) => name.slice(0, Math.min(name.length, 6));
    const found = async (query: string, lang: string) =>
      (await search(admin, query, lang)).body.data.list.find((i) => i.item_id === def.id);

    const zh = await found(`?keyword=${encodeURIComponent(piece(def.nameZhCn))}&page_size=50`, 'zh-CN');
    expect(zh).toMatchObject({ name: def.nameZhCn, img: def.image, quality: def.quality });
    // English typed, the answer in Traditional Chinese; case does not matter.
    const tw = await found(`?keyword=${encodeURIComponent(def.nameEn.toUpperCase())}`, 'zh-TW');
    expect(tw?.name).toBe(def.nameZhTw);
    const en = await found(`?keyword=${encodeURIComponent(def.nameEn.toLowerCase())}`, 'en-US');
    expect(en?.name).toBe(def.nameEn);
    // Every wear the item exists in, best first.
    expect(zh?.wears.map((w) => w.exter)).toEqual(wearGradesFor(def.wearMin, def.wearMax));
  });

  it('prices each wear as the treasure it makes is priced', async () => {
    const res = await search(admin, '?keyword=AK-47&page_size=10');
    const item = res.body.data.list.find((i) => i.wears.length > 1) as CatalogueSearchItem;
    expect(item).toBeDefined();
    for (const wear of [item.wears[0], item.wears.at(-1)]) {
      if (!wear) throw new Error('no wear');
      const made = await t.api<{ room_id: number }>('POST', ADMIN_GAME_PATHS.treasureCreate, {
        headers: bearer(admin.tokens.access_token),
        body: {
          title: '价格核对',
          item_id: item.item_id,
          exter: wear.exter,
          cards: 2,
          card_price: 10_000,
          deadline: t.rt.clock.now() + 3_600_000,
        },
      });
      expect(made.body.code, made.body.msg).toBe(200);
      const info = await t.api<TreasureInfo>('GET', `${TREASURE_PATHS.info}?room_id=${made.body.data.room_id}`);
      expect(info.body.data.item).toMatchObject({ item_id: item.item_id, exter: wear.exter, price: wear.price });
    }
    // The grades differ in price: the picker's price follows the chosen wear.
    expect(new Set(item.wears.map((w) => w.price)).size).toBeGreaterThan(1);
  });

  it('pages through everything for an empty keyword, and takes % and _ as letters', async () => {
    const [all] = await t.rt.database.db.select({ n: count() }).from(itemDefs);
    const first = (await search(admin, '?page=1&page_size=5')).body.data;
    const second = (await search(admin, '?page=2&page_size=5')).body.data;
    expect(first.total).toBe(all?.n);
    expect(first.list).toHaveLength(5);
    expect(second.list).toHaveLength(5);
    expect(second.list.map((i) => i.item_id)).not.toContain(first.list[0]?.item_id);
    // Rarest first.
    expect(first.list[0]?.quality).toBe(Math.max(...first.list.map((i) => i.quality)));
    expect((await search(admin, '?keyword=%25%25%25')).body.data).toEqual({ list: [], total: 0 });
    expect((await search(admin, '?keyword=___')).body.data.total).toBe(0);
    // Beyond the limits: the envelope's validation refusal.
    expect((await search(admin, '?page_size=500')).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
  });
});
