import { readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { reachVipLevel } from '../../../test/support/vip.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { boxOpenings, gameRooms, upgradeRecords } from '../../db/schema/games.ts';
import { navItems } from '../../db/schema/site.ts';
import { users } from '../../db/schema/users.ts';
import { serverPath } from '../../server-root.ts';

describe('site endpoints backed by the seeded tables', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists the navigation in the player language, with the arena badge', async () => {
    const zh = await t.api<{ nav_infos: { title: string; path: string; need_login: number; badge: string | null }[] }>(
      'GET',
      '/site/v1/nav?type=1',
    );
    expect(zh.body.data.nav_infos.map((n) => n.title)).toContain('竞技场');
    expect(zh.body.data.nav_infos.find((n) => n.path === '/battle')?.badge).toBe('open_rooms');
    expect(zh.body.data.nav_infos.find((n) => n.path === '/vipShoppingMall')?.need_login).toBe(2);
    const en = await t.api<{ nav_infos: { title: string }[] }>('GET', '/site/v1/nav?type=1', { lang: 'en-US' });
    expect(en.body.data.nav_infos.map((n) => n.title)).toContain('Arena');
  });

  it('leads only to built screens: 夺宝 instead of the activities placeholder, also on an older install', async () => {
    const paths = async () =>
      (await t.api<{ nav_infos: { path: string }[] }>('GET', '/site/v1/nav?type=1')).body.data.nav_infos.map(
        (n) => n.path,
      );
    expect(await paths()).toEqual([
      '/',
      '/battle',
      '/upgrade',
      '/roll',
      '/vipShoppingMall',
      '/card',
      '/fairness',
      '/turntable',
      '/vipActivity',
      '/ranking',
    ]);
    // An install seeded before the change still has 活动; its migration turns it into 夺宝. (Such an
    // install has no 活动中心 item yet either: the seed adds it on the next start.)
    const db = t.rt.database.db;
    const [centre] = await db.delete(navItems).where(eq(navItems.id, 12)).returning();
    await db
      .update(navItems)
      .set({ titleZhCn: '活动', titleZhTw: '活動', titleEn: 'Events', path: '/vipActivity', icon: 'activity' })
      .where(eq(navItems.id, 6));
    const migration = readFileSync(serverPath('drizzle/0009_nav_treasure.sql'), 'utf8');
    await db.execute(sql.raw(migration));
    const [row] = await db.select().from(navItems).where(eq(navItems.id, 6));
    expect(row).toMatchObject({
      titleZhCn: '夺宝',
      titleZhTw: '奪寶',
      titleEn: 'Treasure',
      path: '/card',
      icon: 'card',
    });
    // An item the operator renamed is theirs: left alone.
    await db.update(navItems).set({ titleZhCn: '节日活动', path: '/vipActivity' }).where(eq(navItems.id, 6));
    await db.execute(sql.raw(migration));
    const [kept] = await db.select().from(navItems).where(eq(navItems.id, 6));
    expect(kept).toMatchObject({ titleZhCn: '节日活动', path: '/vipActivity' });
    await db
      .update(navItems)
      .set({ titleZhCn: '夺宝', titleZhTw: '奪寶', titleEn: 'Treasure', path: '/card', icon: 'card' })
      .where(eq(navItems.id, 6));
    if (centre) await db.insert(navItems).values(centre);
  });

  it('returns notices, music, banners, activities and group info', async () => {
    const messages = await t.api<{ messages: { content: string }[] }>('GET', '/site/v1/get-message');
    expect(messages.body.data.messages.length).toBeGreaterThan(0);
    const bgm = await t.api<{ bgm_list_info: { link: string }[] }>('GET', '/site/v1/get-bgm-list?type=1');
    expect(bgm.body.data.bgm_list_info[0]?.link).toMatch(/^\/audio\/.+\.mp3$/);
    const audio = await t.app.inject({ method: 'GET', url: bgm.body.data.bgm_list_info[0]!.link });
    expect(audio.statusCode).toBe(200);
    const group = await t.api<{ qq: string; qq_img: string; code_item: number }>('GET', '/site/v1/get-group-info');
    expect(group.body.data.qq).toMatch(/^\d+$/);
    const qr = await t.app.inject({ method: 'GET', url: group.body.data.qq_img });
    expect(qr.headers['content-type']).toContain('image/svg+xml');
    const banners = await t.api<{ banners: { img: string }[] }>('GET', '/site/v1/get-banners');
    const art = await t.app.inject({ method: 'GET', url: banners.body.data.banners[0]!.img });
    expect(art.statusCode).toBe(200);
    const acts = await t.api<{ activities: unknown[] }>('GET', '/site/v1/get-activity-list');
    expect(acts.body.data.activities.length).toBeGreaterThan(0);
  });

  it('keeps the reward history empty until something is won, then splits ordinary and big wins, newest first', async () => {
    const empty = await t.api<{ infos: unknown[] }>('GET', '/site/v1/get-reward-history?reward_type=1');
    expect(empty.body.data.infos).toEqual([]);
    for (const [nick_name, big] of [
      ['甲', false],
      ['乙', true],
      ['丙', false],
    ] as const) {
      await t.app.inject({ method: 'POST', url: '/dev/test/reward', payload: { nick_name, big } });
    }
    // The left ticker shows ordinary wins only: big wins have the right ticker to themselves.
    const ordinary = await t.api<{ infos: { nick_name: string }[] }>(
      'GET',
      '/site/v1/get-reward-history?reward_type=1',
    );
    expect(ordinary.body.data.infos.map((i) => i.nick_name)).toEqual(['丙', '甲']);
    const big = await t.api<{ infos: { nick_name: string; reward_history_type: number }[] }>(
      'GET',
      '/site/v1/get-reward-history?reward_type=2',
    );
    expect(big.body.data.infos).toHaveLength(1);
    expect(big.body.data.infos[0]).toMatchObject({ nick_name: '乙', reward_history_type: 2 });
  });

  it("names a ticker's item in the viewer's language, whatever language the winner used", async () => {
    const db = t.rt.database.db;
    const [item] = await db.select().from(itemDefs).where(eq(itemDefs.quality, 5)).orderBy(asc(itemDefs.id)).limit(1);
    if (!item) throw new Error('no Covert item in the catalogue');
    await t.app.inject({ method: 'POST', url: '/dev/test/reward', payload: { nick_name: '丁', item_id: item.id } });
    type Names = { reward_item_name: string; reward_item_names: Record<string, string> };
    for (const [lang, name] of [
      ['zh-CN', item.nameZhCn],
      ['zh-TW', item.nameZhTw],
      ['en-US', item.nameEn],
    ] as const) {
      const res = await t.api<{ infos: Names[] }>('GET', '/site/v1/get-reward-history?reward_type=1', { lang });
      expect(res.body.data.infos[0]?.reward_item_name).toBe(name);
    }
    const res = await t.api<{ infos: Names[] }>('GET', '/site/v1/get-reward-history?reward_type=1');
    expect(res.body.data.infos[0]?.reward_item_names).toEqual({
      'zh-CN': item.nameZhCn,
      'zh-TW': item.nameZhTw,
      'en-US': item.nameEn,
    });
    expect(item.nameEn).not.toBe(item.nameZhCn);
  });

  it('counts statistics from the real tables', async () => {
    const db = t.rt.database.db;
    const [u] = await db.insert(users).values({ nickName: 'p1' }).returning();
    await db.insert(boxOpenings).values([
      { userId: u!.id, boxId: 1, itemDefId: 1, priceUnits: 100 },
      { userId: u!.id, boxId: 1, itemDefId: 2, priceUnits: 100 },
    ]);
    const room = (state: string) => ({
      game: 'battle',
      state,
      serverSeed: 's',
      serverSeedHash: 'h',
      data: {},
      createdBy: u!.id,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    // Battles that started count (running, ended); open rooms are waiting or running.
    await db.insert(gameRooms).values([room('waiting'), room('running'), room('ended'), room('dissolved')]);
    // One failed upgrade (modules/upgrade: a record row is what upgrade_num counts).
    await db.insert(upgradeRecords).values({
      userId: u!.id,
      requestId: 'footer-count-1',
      upgradeItemId: 1,
      targetItemDefId: 1,
      targetExter: 3,
      targetPriceUnits: 10_000,
      stakeItemIds: [],
      stakeItemPrices: [],
      stakeBalanceUnits: 1_000,
      stakeUnits: 1_000,
      ratePpm: 95_000,
      houseEdgePpm: 50_000,
      maxRatePpm: 750_000,
      seedId: 1,
      clientSeed: 'c',
      nonce: 0,
      roll: 500_000,
      success: false,
      createdAt: new Date(),
    });
    const res = await t.api('GET', '/site/v1/statistics');
    // The seeded battle robots are the house's, not players.
    expect(res.body.data).toEqual({ user_num: 1, open_box_num: 2, pk_num: 2, upgrade_num: 1, open_room_num: 2 });
  });

  it('gives host-specific filing numbers and About-us visibility', async () => {
    const local = await t.api<{ icp: string; show_about_us: boolean }>('GET', '/site/v1/get-host-info', {
      headers: { host: 'localhost:3000' },
    });
    expect(local.body.data.icp).toContain('ICP');
    expect(local.body.data.show_about_us).toBe(true);
    const other = await t.api<{ icp: string; show_about_us: boolean }>('GET', '/site/v1/get-host-info', {
      headers: { host: 'mirror.example.com' },
    });
    expect(other.body.data).toMatchObject({ icp: '', show_about_us: false });
  });

  it('gives every ticker entry the winner’s current VIP level, pushed and listed alike', async () => {
    const db = t.rt.database.db;
    const [vip] = await db.insert(users).values({ nickName: '大户' }).returning();
    await reachVipLevel(t, vip!.id, 3);
    const win = async (user_id: number, nick_name: string) =>
      (
        await t.app.inject({ method: 'POST', url: '/dev/test/reward', payload: { user_id, nick_name, big: true } })
      ).json() as { data: { id: number; vip_level: number } };
    // What recordReward publishes to the sockets is what this answers: the same entry.
    const pushed = await win(vip!.id, '大户');
    expect(pushed.data.vip_level).toBe(3);
    // A win recorded without a player (user id 0) has no level: V0.
    const nobody = await win(0, '路人');
    expect(nobody.data.vip_level).toBe(0);
    // The list reads the level now, not the one of the moment of the win: the badge never lags.
    await reachVipLevel(t, vip!.id, 5);
    const big = await t.api<{ infos: { id: number; vip_level: number }[] }>(
      'GET',
      '/site/v1/get-reward-history?reward_type=2',
    );
    const levels = new Map(big.body.data.infos.map((i) => [i.id, i.vip_level]));
    expect([levels.get(pushed.data.id), levels.get(nobody.data.id)]).toEqual([5, 0]);
    await expectLedgerBalanced(t);
  });
});

describe('site content cache', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('serves the navigation from memory for five seconds, then reads an operator’s edit', async () => {
    const titles = async () =>
      (await t.api<{ nav_infos: { title: string }[] }>('GET', '/site/v1/nav?type=1')).body.data.nav_infos.map(
        (n) => n.title,
      );
    expect(await titles()).toContain('竞技场');
    await t.rt.database.db.update(navItems).set({ titleZhCn: '对战' }).where(eq(navItems.path, '/battle'));
    // Every page load asks for the navigation: within the interval it must not reach the database.
    expect(await titles()).toContain('竞技场');
    clock.advance(5_001);
    expect(await titles()).toContain('对战');
  });
});
