import { randomUUID } from 'node:crypto';
import { TURNTABLE_GAME, type TurntableRound } from '@kaixiang/game/turntable';
import {
  ADMIN_GAME_PATHS,
  type AdminRollListResponse,
  type AdminTreasureListResponse,
  type GameSettings,
  type GameSettingsResponse,
} from '@kaixiang/shared/admin-games';
import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import { ROLL_PATHS, type RollRoomInfo } from '@kaixiang/shared/roll';
import { TREASURE_PATHS, type TreasureInfo } from '@kaixiang/shared/treasure';
import {
  UPGRADE_PATHS,
  type UpgradeListResponse,
  type UpgradeRatesResponse,
  type UpgradeResponse,
} from '@kaixiang/shared/upgrade';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { catalogueRows, giveItems } from '../../../../test/support/items.ts';
import { credit } from '../../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { gameRooms, upgradeRecords } from '../../../db/schema/games.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import { postTransfer } from '../../ledger/ledger.ts';
import { jackpotBalance } from '../../turntable/turntable.repo.ts';
import { GAME_SETTINGS_KEY, GAME_SETTINGS_STALE_MS } from './game-settings.ts';

/**
 * The console's Games through HTTP (PGlite by default, PostgreSQL with TEST_DATABASE_URL): who may
 * call it, official rooms and treasures made there with their audit records, and settings that
 * are validated, audited and used by the games.
 */
describe('console games', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  let player: TestUser;
  let unverified: TestUser;
  let itemId: number;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    [admin, support, finance, player, unverified] = (await Promise.all(
      ['运营', '客服', '财务', '玩家', '未验证'].map((nick_name) => registerUser(t, { nick_name })),
    )) as [TestUser, TestUser, TestUser, TestUser, TestUser];
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
    // An admin by role whose session has not passed the console's second factor.
    await t.app.inject({
      method: 'POST',
      url: '/dev/test/role',
      payload: { user_id: unverified.userId, role: 'admin' },
    });
    const [def] = await catalogueRows(t, 1);
    if (!def) throw new Error('no catalogue');
    itemId = def.id;
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const call = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en-US') =>
    t.api<T>(method, path, { headers: bearer(u.tokens.access_token), lang, ...(body === undefined ? {} : { body }) });
  const expectRefused = (res: { status: number; body: { code: number } }, key: ErrorKey) => {
    expect(res.body.code).toBe(ERRORS[key].code);
    expect(res.status).toBe(ERRORS[key].http);
  };
  const audits = (action: string) => db().select().from(adminAudit).where(eq(adminAudit.action, action));
  const rooms = async (game: string) => (await db().select().from(gameRooms).where(eq(gameRooms.game, game))).length;
  const roll = (over: Record<string, unknown> = {}) => ({
    title: '官方福利',
    draw_at: clock.now() + 10 * 60_000,
    house_items: [{ item_id: itemId, exter: 2 }],
    ...over,
  });
  const treasure = (over: Record<string, unknown> = {}) => ({
    title: '官方夺宝',
    item_id: itemId,
    cards: 5,
    card_price: 10_000,
    deadline: clock.now() + 3_600_000,
    ...over,
  });
  const settingsNow = async () => (await call<GameSettingsResponse>(admin, 'GET', ADMIN_GAME_PATHS.settings)).body.data;

  it('answers only a staff member whose role holds games.manage, on a console session', async () => {
    const before = { roll: await rooms('roll'), treasure: await rooms('treasure') };
    const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', ADMIN_GAME_PATHS.rollRooms],
      ['POST', ADMIN_GAME_PATHS.rollCreate, roll()],
      ['GET', ADMIN_GAME_PATHS.treasures],
      ['POST', ADMIN_GAME_PATHS.treasureCreate, treasure()],
      ['GET', ADMIN_GAME_PATHS.settings],
      ['POST', ADMIN_GAME_PATHS.settingsSave, { settings: (await settingsNow()).defaults, reason: 'x' }],
    ];
    for (const [method, path, body] of routes) {
      expectRefused(await call(support, method, path, body), 'STAFF_PERMISSION_MISSING');
      expectRefused(await call(finance, method, path, body), 'STAFF_PERMISSION_MISSING');
      expectRefused(await call(player, method, path, body), 'ADMIN_ONLY');
      expectRefused(await call(unverified, method, path, body), 'CONSOLE_2FA_REQUIRED');
      expect((await t.api(method, path, body === undefined ? {} : { body })).status).toBe(401);
    }
    // Nothing was made or saved by any of them.
    expect({ roll: await rooms('roll'), treasure: await rooms('treasure') }).toEqual(before);
    expect((await settingsNow()).updated_at).toBeNull();
    expect(await audits('games.settings')).toEqual([]);
  });

  it('makes an official roll room of house prizes, audited, listed, and refuses bad ones in the caller’s language', async () => {
    const before = await rooms('roll');
    const early = await call(admin, 'POST', ADMIN_GAME_PATHS.rollCreate, roll({ draw_at: clock.now() }), 'zh-TW');
    expect(early.body).toMatchObject({
      code: ERRORS.ROLL_DRAW_TIME_TOO_SOON.code,
      msg: errorMessage('ROLL_DRAW_TIME_TOO_SOON', 'zh-TW'),
    });
    expectRefused(
      await call(admin, 'POST', ADMIN_GAME_PATHS.rollCreate, roll({ house_items: [] })),
      'VALIDATION_FAILED',
    );
    expectRefused(
      await call(admin, 'POST', ADMIN_GAME_PATHS.rollCreate, roll({ house_items: [{ item_id: 2_000_000_000 }] })),
      'ITEM_NOT_FOUND',
    );
    expect(await rooms('roll')).toBe(before);

    const made = await call<{ room_id: number }>(admin, 'POST', ADMIN_GAME_PATHS.rollCreate, roll({ min_vip: 1 }));
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.room_id;
    const seen = (await t.api<RollRoomInfo>('GET', `${ROLL_PATHS.info}?room_id=${id}`)).body.data;
    expect(seen.owner).toMatchObject({ user_id: admin.userId, official: true });

    const [record] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'games.roll.create'), eq(adminAudit.target, `roll:${id}`)));
    expect(record).toMatchObject({ adminId: admin.userId, before: null });
    expect(record?.after).toMatchObject({ title: '官方福利', prizes: 1, value: seen.prize_value, min_vip: 1 });

    const list = (await call<AdminRollListResponse>(admin, 'GET', `${ADMIN_GAME_PATHS.rollRooms}?page_size=5`)).body
      .data;
    expect(list.list[0]).toMatchObject({
      room_id: id,
      official: true,
      owner_id: admin.userId,
      owner_name: '运营',
      prizes: 1,
      value: seen.prize_value,
      players: 0,
      state: 'open',
    });
    expect(list.total).toBe(before + 1);
  });

  it('makes a treasure, audited and listed; a bad one changes nothing', async () => {
    const before = await rooms('treasure');
    expectRefused(
      await call(admin, 'POST', ADMIN_GAME_PATHS.treasureCreate, treasure({ cards: 1 })),
      'TREASURE_CARDS_INVALID',
    );
    expect(await rooms('treasure')).toBe(before);

    const made = await call<{ room_id: number }>(admin, 'POST', ADMIN_GAME_PATHS.treasureCreate, treasure());
    expect(made.body.code, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.room_id;
    const info = (await t.api<TreasureInfo>('GET', `${TREASURE_PATHS.info}?room_id=${id}`)).body.data;
    const [record] = await db()
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, 'games.treasure.create'), eq(adminAudit.target, `treasure:${id}`)));
    expect(record?.after).toMatchObject({ title: '官方夺宝', item_id: itemId, cards: 5, card_price: 10_000 });
    const list = (await call<AdminTreasureListResponse>(admin, 'GET', ADMIN_GAME_PATHS.treasures, undefined, 'zh-CN'))
      .body.data;
    expect(list.list[0]).toMatchObject({
      room_id: id,
      title: '官方夺宝',
      state: 'open',
      prize_name: info.item.name,
      prize_price: info.item.price,
      cards: 5,
      sold: 0,
      card_price: 10_000,
    });
  });

  it('refuses settings that do not make sense and keeps the ones in force', async () => {
    const { defaults } = await settingsNow();
    const save = (settings: unknown, reason = '调整') =>
      call(admin, 'POST', ADMIN_GAME_PATHS.settingsSave, { settings, reason });
    const bet = await save({
      ...defaults,
      turntable: { ...defaults.turntable, min_bet: defaults.turntable.max_bet + 1 },
    });
    expect(bet.body).toMatchObject({
      code: ERRORS.GAMES_BET_LIMITS_INVALID.code,
      msg: errorMessage('GAMES_BET_LIMITS_INVALID', 'en-US'),
    });
    expectRefused(
      await save({ ...defaults, upgrade: { ...defaults.upgrade, min_rate_ppm: 400_000, max_rate_ppm: 300_000 } }),
      'GAMES_RATE_BOUNDS_INVALID',
    );
    expectRefused(
      await save({ ...defaults, upgrade: { ...defaults.upgrade, house_edge_ppm: 600_000 } }),
      'VALIDATION_FAILED',
    );
    expectRefused(await save({ ...defaults, turntable: { ...defaults.turntable, min_bet: 0 } }), 'VALIDATION_FAILED');
    // The jackpot feed: 0–300 bp, its own message in the caller's language; a fraction of a bp is malformed.
    for (const [jackpot_feed_bp, lang] of [
      [301, 'zh-CN'],
      [-1, 'zh-TW'],
      [100_000, 'en-US'],
    ] as const) {
      const feed = await call(
        admin,
        'POST',
        ADMIN_GAME_PATHS.settingsSave,
        { settings: { ...defaults, turntable: { ...defaults.turntable, jackpot_feed_bp } }, reason: '调整' },
        lang,
      );
      expectRefused(feed, 'GAMES_JACKPOT_FEED_INVALID');
      expect(feed.body).toMatchObject({ code: 4173, msg: errorMessage('GAMES_JACKPOT_FEED_INVALID', lang) });
    }
    expectRefused(
      await save({ ...defaults, turntable: { ...defaults.turntable, jackpot_feed_bp: 2.5 } }),
      'VALIDATION_FAILED',
    );
    // Battle limits: 1–20 boxes, a seat's cost from ¥1 or none.
    for (const battle of [
      { ...defaults.battle, max_boxes: 0 },
      { ...defaults.battle, max_boxes: 21 },
      { ...defaults.battle, max_seat_cost: 9_999 },
    ]) {
      expectRefused(await save({ ...defaults, battle }), 'VALIDATION_FAILED');
    }
    expectRefused(await save(defaults, '   '), 'VALIDATION_FAILED');
    expect((await settingsNow()).updated_at).toBeNull();
    expect(await audits('games.settings')).toEqual([]);
  });

  it('saves settings with their before and after, and the games use them at once', async () => {
    const { defaults } = await settingsNow();
    const next: GameSettings = {
      battle: { robots_enabled: false, max_boxes: 2, max_seat_cost: null },
      turntable: { ...defaults.turntable, min_bet: 20_000, jackpot_feed_bp: 250 },
      upgrade: { house_edge_ppm: 40_000, min_rate_ppm: 20_000, max_rate_ppm: 700_000 },
    };
    // The games read them (and cache them) before the change.
    expect((await t.api<UpgradeRatesResponse>('GET', UPGRADE_PATHS.rates)).body.data.house_edge_ppm).toBe(
      defaults.upgrade.house_edge_ppm,
    );
    const saved = await call<GameSettingsResponse>(admin, 'POST', ADMIN_GAME_PATHS.settingsSave, {
      settings: next,
      reason: '周末活动',
    });
    expect(saved.body.code).toBe(200);
    expect(saved.body.data).toMatchObject({ settings: next, defaults, stale_ms: GAME_SETTINGS_STALE_MS });
    expect(saved.body.data.updated_at).toBe(clock.now());
    const [record] = await audits('games.settings');
    expect(record).toMatchObject({
      adminId: admin.userId,
      target: 'setting:game_settings',
      before: defaults,
      after: next,
      reason: '周末活动',
    });

    // The upgrade: its published rules, each target's chance, and a roll's record carry the new edge.
    const rates = (await t.api<UpgradeRatesResponse>('GET', UPGRADE_PATHS.rates)).body.data;
    expect(rates).toMatchObject({
      house_edge_ppm: 40_000,
      min_rate_ppm: 20_000,
      max_rate_ppm: 700_000,
      rtp_ppm: 960_000,
    });
    const [target] = (
      await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, { body: { min_price: 1_000_000, page_size: 1 } })
    ).body.data.list;
    if (!target) throw new Error('no upgrade target');
    const stake = Math.floor(target.price / 2);
    const reach = (
      await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
        body: { stake_value: stake, min_price: target.price, max_price: target.price, page_size: 5 },
      })
    ).body.data.list.find((x) => x.upgrade_item_id === target.upgrade_item_id);
    const chance = Math.min(700_000, Math.floor((stake * 960_000) / target.price));
    expect(reach?.rate_ppm).toBe(chance);
    const [staked] = await giveItems(t, player.userId, [{ price: stake }]);
    const rolled = await call<UpgradeResponse>(player, 'POST', UPGRADE_PATHS.upgrade, {
      request_id: randomUUID(),
      upgrade_item_id: target.upgrade_item_id,
      item_ids: [staked],
      balance: 0,
    });
    expect(rolled.body.code, JSON.stringify(rolled.body)).toBe(200);
    expect(rolled.body.data.rate_ppm).toBe(chance);
    const [row] = await db().select().from(upgradeRecords).where(eq(upgradeRecords.id, rolled.body.data.upgrade_id));
    expect(row).toMatchObject({ houseEdgePpm: 40_000, maxRatePpm: 700_000, ratePpm: chance });

    // Battles: a creator may no longer seat a robot.
    const boxes = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = boxes.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
    await credit(t, player.userId, box.price * 2);
    const battle = await asUser<{ room_id: number }>(t, player.tokens.access_token, 'POST', BATTLE_PATHS.create, {
      box_ids: [box.box_id],
      user_num: 2,
    });
    expect(battle.body.code, JSON.stringify(battle.body)).toBe(200);
    const robot = await call(player, 'POST', BATTLE_PATHS.addRobot, { room_id: battle.body.data.room_id });
    expectRefused(robot, 'GAMES_ROBOTS_OFF');
    // At most 2 boxes now.
    const three = await call(player, 'POST', BATTLE_PATHS.create, {
      box_ids: [box.box_id, box.box_id, box.box_id],
      user_num: 2,
    });
    expectRefused(three, 'BATTLE_TOO_MANY_BOXES');

    // The turntable: the next round opens with the new limits and jackpot feed.
    clock.advance(60_000);
    await t.app.games.turntable.ensure();
    const info = await t.app.games.turntable.roomInfo(null);
    const round = await t.app.games.engine.load<TurntableRound>(TURNTABLE_GAME, info.round_id);
    if (round?.data.state !== 'betting') throw new Error('no round open');
    expect(info.min_bet).toBe(20_000);
    expect(round.data.limits.minBetUnits).toBe(20_000);
    expect(round.data.jackpotFeedBp).toBe(250);
    expect(round.data.limits).not.toHaveProperty('jackpotFeedBp');
    expect(info.rtp.jackpot).toEqual({ num: 1, den: 40 });
  });

  it('refuses a battle whose seat would cost more than the limit, in the player’s language, and makes nothing', async () => {
    const { settings } = await settingsNow();
    const boxes = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = boxes.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
    const saved = await call(admin, 'POST', ADMIN_GAME_PATHS.settingsSave, {
      settings: { ...settings, battle: { ...settings.battle, max_boxes: 20, max_seat_cost: box.price * 2 } },
      reason: '限额',
    });
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    await credit(t, player.userId, box.price * 10);
    const before = await rooms('battle');
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const res = await call(
        player,
        'POST',
        BATTLE_PATHS.create,
        { box_ids: [box.box_id, box.box_id, box.box_id], user_num: 2 },
        lang,
      );
      expectRefused(res, 'BATTLE_COST_TOO_HIGH');
      expect(res.body.msg).toBe(errorMessage('BATTLE_COST_TOO_HIGH', lang));
    }
    expect(await rooms('battle')).toBe(before);
    // Exactly at the limit it is made.
    const ok = await call(player, 'POST', BATTLE_PATHS.create, { box_ids: [box.box_id, box.box_id], user_num: 2 });
    expect(ok.body.code, JSON.stringify(ok.body)).toBe(200);
  });

  it('shows the jackpot pool, read from its ledger account, beside the settings', async () => {
    const before = (await settingsNow()).jackpot_pool;
    expect(before).toBe(await jackpotBalance(db()));
    // House money moved into the jackpot account shows at once (read from the account, not cached).
    await postTransfer(
      db(),
      {
        kind: 'test_jackpot_seed',
        key: `test_jackpot_seed:${randomUUID()}`,
        currency: 'coin',
        legs: [
          { account: { house: 'turntable_jackpot' }, amount: 12_345 },
          { account: { house: 'game_pool' }, amount: -12_345 },
        ],
      },
      new Date(clock.now()),
    );
    expect((await settingsNow()).jackpot_pool).toBe(before + 12_345);
  });

  it('reads a value saved before the jackpot feed existed with the feed’s default and the rest as saved', async () => {
    const { defaults } = await settingsNow();
    const { jackpot_feed_bp: _, ...oldTurntable } = { ...defaults.turntable, max_bets_per_round: 42 };
    await db()
      .update(siteSettings)
      .set({ value: JSON.stringify({ ...defaults, turntable: oldTurntable }) })
      .where(eq(siteSettings.key, GAME_SETTINGS_KEY));
    const read = await settingsNow();
    expect(read.settings.turntable).toEqual({ ...defaults.turntable, max_bets_per_round: 42, jackpot_feed_bp: 100 });
    expect(read.updated_at).not.toBeNull();
  });
});

describe('console games settings on two processes', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'the other process uses saved settings once its copy is GAME_SETTINGS_STALE_MS old',
    async () => {
      const clock = fakeClock();
      const a = await startTestApp({ clock });
      const b = await startTestApp({ clock, sharing: a });
      try {
        const admin = await registerUser(a);
        await setRole(a, admin, 'admin');
        const rates = async (on: TestApp) =>
          (await on.api<UpgradeRatesResponse>('GET', UPGRADE_PATHS.rates)).body.data.house_edge_ppm;
        const first = await rates(b); // b reads and keeps the settings in force
        const current = (
          await a.api<GameSettingsResponse>('GET', ADMIN_GAME_PATHS.settings, {
            headers: bearer(admin.tokens.access_token),
          })
        ).body.data.settings;
        const edge = first === 30_000 ? 35_000 : 30_000;
        const saved = await a.api('POST', ADMIN_GAME_PATHS.settingsSave, {
          headers: bearer(admin.tokens.access_token),
          body: { settings: { ...current, upgrade: { ...current.upgrade, house_edge_ppm: edge } }, reason: '两台' },
        });
        expect(saved.body.code).toBe(200);
        expect(await rates(a)).toBe(edge); // the saving process at once
        expect(await rates(b)).toBe(first); // the other within the window still has its copy
        clock.advance(GAME_SETTINGS_STALE_MS);
        expect(await rates(b)).toBe(edge);
      } finally {
        await b.close();
        await a.close();
      }
    },
  );
});
