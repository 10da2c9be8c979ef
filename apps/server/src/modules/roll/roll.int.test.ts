import { close, DAY_MS, ROLL_GAME, type RollRoom, verifyRoll } from '@kaixiang/game/roll';
import { sha256Hex } from '@kaixiang/game/sha256';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { beaconRoundAfter, beaconRoundTime } from '@kaixiang/shared/beacon';
import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import { ITEM_PATHS, ITEM_STATUS, type KnapsackResponse } from '@kaixiang/shared/inventory';
import {
  ROLL_PATHS,
  type RollIsOpenAwardResponse,
  type RollItemsResponse,
  type RollJoinResponse,
  type RollListResponse,
  type RollRewardResponse,
  type RollRoomInfo,
  type RollUsersResponse,
} from '@kaixiang/shared/roll';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows, giveItems, itemRow } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { reachVipLevel } from '../../../test/support/vip.ts';
import { gameRooms, rollEntries } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { mails } from '../../db/schema/mail.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';
import { consolePostAgain } from '../admin/games/games-admin.test-support.ts';
import { vipStatusOf } from '../vip/vip.service.ts';
import { recharge } from '../vip/vip.test-support.ts';

/** Draws are at least a minute off; access tokens live 15 minutes on the same clock. */
const DRAW_IN = 2 * 60_000;

/**
 * Roll rooms through the API on a clock the test moves (PGlite by default, PostgreSQL in CI): the
 * test ticks each room at its draw time itself, as the scheduler leader would.
 */
describe('roll rooms', () => {
  const clock = fakeClock();
  let t: TestApp;
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp({ clock });
    t.rt.bus.subscribe((m) => {
      if (m.room.startsWith('roll:') || m.type === 'roll_win') events.push(m);
    });
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const player = () => registerUser(t);
  async function anchor(): Promise<TestUser> {
    const u = await registerUser(t);
    await db().update(users).set({ accountType: 2 }).where(eq(users.id, u.userId));
    return u;
  }
  const post = <T>(u: TestUser, path: string, body: unknown, lang?: string) =>
    t.api<T>('POST', path, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const get = async <T>(path: string, u?: TestUser) =>
    (u ? await asUser<T>(t, u.tokens.access_token, 'GET', path) : await t.api<T>('GET', path)).body;
  const create = (u: TestUser, body: Record<string, unknown>) =>
    post<{ room_id: number }>(u, ROLL_PATHS.create, { title: '主播福利', draw_at: clock.now() + DRAW_IN, ...body });
  const joinRoom = (u: TestUser, roomId: number, password?: string, lang?: string) =>
    post<RollJoinResponse>(
      u,
      ROLL_PATHS.join,
      { room_id: roomId, ...(password === undefined ? {} : { password }) },
      lang,
    );
  const info = async (id: number, u?: TestUser) =>
    (await get<RollRoomInfo>(`${ROLL_PATHS.info}?room_id=${id}`, u)).data;
  const expectRefused = (res: { body: { code: number } }, key: ErrorKey) =>
    expect(res.body.code).toBe(ERRORS[key].code);

  /** Moves the clock to the room's draw time and runs its tick (close, beacon, draw). */
  async function drawAt(roomId: number): Promise<void> {
    const r = await info(roomId);
    clock.advance(Math.max(0, r.draw_at - clock.now()));
    await t.app.games.roll.tick(roomId);
  }
  const rollRooms = () => db().select().from(gameRooms).where(eq(gameRooms.game, ROLL_GAME));

  it('refuses bad input with a clear message and changes nothing', async () => {
    const a = await anchor();
    const plain = await player();
    const other = await player();
    const [i1, i2, sold, retrieving] = await giveItems(t, a.userId, [
      { price: 10_000 },
      { price: 20_000 },
      { price: 30_000, status: ITEM_STATUS.sold },
      { price: 40_000, status: ITEM_STATUS.retrieving },
    ]);
    const [theirs] = await giveItems(t, other.userId, [{ price: 5_000 }]);
    const roomsBefore = (await rollRooms()).length;

    expectRefused(await create(plain, { item_ids: [theirs] }), 'ROLL_NOT_ANCHOR');
    const noTitle = await create(a, { item_ids: [i1], title: '   ' });
    expectRefused(noTitle, 'ROLL_TITLE_INVALID');
    expectRefused(await create(a, { item_ids: [i1], title: 'x'.repeat(31) }), 'ROLL_TITLE_INVALID');
    expectRefused(await create(a, { item_ids: [] }), 'ROLL_PRIZES_EMPTY');
    expectRefused(await create(a, { item_ids: Array.from({ length: 51 }, (_, i) => i + 1) }), 'ROLL_TOO_MANY_PRIZES');
    expectRefused(await create(a, { item_ids: [i1, i1] }), 'ROLL_ITEM_REPEATED');
    expectRefused(await create(a, { item_ids: [i1], draw_at: clock.now() - 1 }), 'ROLL_DRAW_TIME_TOO_SOON');
    expectRefused(await create(a, { item_ids: [i1], draw_at: clock.now() + 31 * DAY_MS }), 'ROLL_DRAW_TIME_TOO_FAR');
    expectRefused(await create(a, { item_ids: [i1], min_vip: 11 }), 'ROLL_CONDITION_INVALID');
    expectRefused(await create(a, { item_ids: [i1], min_recharge: -1 }), 'ROLL_CONDITION_INVALID');
    expectRefused(await create(a, { item_ids: [i1], recharge_days: 400 }), 'ROLL_CONDITION_INVALID');
    expectRefused(await create(a, { item_ids: [i1], password: 'a b' }), 'ROLL_PASSWORD_INVALID');
    expectRefused(await create(a, { item_ids: [i1], password: 'x'.repeat(17) }), 'ROLL_PASSWORD_INVALID');
    expectRefused(await create(a, { item_ids: [i1, theirs] }), 'ITEM_NOT_FOUND');
    expectRefused(await create(a, { item_ids: [i1, sold] }), 'ITEM_NOT_AVAILABLE');
    expectRefused(await create(a, { item_ids: [i2, retrieving] }), 'ITEM_NOT_AVAILABLE');
    const defs = await catalogueRows(t, 1);
    // House prizes are the console's (admin/v1/games): the player site's call takes none.
    expectRefused(await create(a, { house_items: [{ item_id: defs[0]?.id }] }), 'ROLL_PRIZES_EMPTY');
    // The message comes in the request's language.
    const tw = await post(a, ROLL_PATHS.create, { title: '', item_ids: [i1], draw_at: clock.now() + DRAW_IN }, 'zh-TW');
    expect(tw.body.msg).toBe(errorMessage('ROLL_TITLE_INVALID', 'zh-TW'));
    expect(noTitle.body.msg).toBe('房间名称须为1–30个字，说明不超过200字');

    // Nothing moved: no room, every item where it was.
    expect(await rollRooms()).toHaveLength(roomsBefore);
    expect((await itemRow(t, i1 as number)).status).toBe(ITEM_STATUS.normal);
    expect((await itemRow(t, i2 as number)).status).toBe(ITEM_STATUS.normal);
    expect((await itemRow(t, retrieving as number)).status).toBe(ITEM_STATUS.retrieving);

    // Joining: no such room, and one's own.
    expectRefused(await joinRoom(plain, 999_999), 'ROLL_ROOM_NOT_FOUND');
    const made = await create(a, { item_ids: [i1] });
    expect(made.body.code).toBe(200);
    expectRefused(await joinRoom(a, made.body.data.room_id), 'ROLL_OWNER_CANNOT_JOIN');
    expect(await db().select().from(rollEntries).where(eq(rollEntries.roomId, made.body.data.room_id))).toEqual([]);
    expect((await get(`${ROLL_PATHS.info}?room_id=999999`)).code).toBe(ERRORS.ROLL_ROOM_NOT_FOUND.code);
  });

  it('plays a whole room: items locked, joins under conditions, the draw at its time, winners paid, the rest returned, seeds verify', async () => {
    const a = await anchor();
    // The cheapest prize was a failed retrieval: it goes back as one.
    const [big, mid, small] = await giveItems(t, a.userId, [
      { price: 30_000, defIndex: 1 },
      { price: 20_000, defIndex: 2 },
      { price: 10_000, defIndex: 3, status: ITEM_STATUS.retrieveFailed },
    ]);
    const made = await create(a, {
      title: '  周末福利  ',
      item_ids: [small, big, mid],
      password: '6688',
      min_vip: 1,
      min_recharge: 50_000,
      recharge_days: 7,
    });
    expect(made.body.code).toBe(200);
    const id = made.body.data.room_id;

    // Locked: the same lock sell and retrieve take finds them in the room.
    for (const i of [big, mid, small]) expect((await itemRow(t, i as number)).status).toBe(ITEM_STATUS.locked);
    expectRefused(await post(a, ITEM_PATHS.sell, { _id: big }), 'ITEM_NOT_AVAILABLE');
    expectRefused(await post(a, ITEM_PATHS.retrieve, { ids: [mid] }), 'TRADE_LINK_REQUIRED');
    await db()
      .update(users)
      .set({ steamLink: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=abc' })
      .where(eq(users.id, a.userId));
    expectRefused(await post(a, ITEM_PATHS.retrieve, { ids: [mid] }), 'ITEM_NOT_AVAILABLE');
    // Still the owner's: listed with their items by default.
    const bag = (await post<KnapsackResponse>(a, ITEM_PATHS.knapsack, {})).body.data;
    expect(
      bag.list
        .filter((i) => i.status === ITEM_STATUS.locked)
        .map((i) => i.id)
        .sort(),
    ).toEqual([big, mid, small].sort());

    const opened = await info(id);
    expect(opened).toMatchObject({
      title: '周末福利',
      state: 1,
      prize_count: 3,
      prize_value: 60_000,
      player_count: 0,
      server_seed: null,
      public_seed: null,
      self: null,
      owner: { user_id: a.userId, official: false },
      conditions: { min_recharge: 50_000, recharge_days: 7, min_vip: 1, invited_only: false, has_password: true },
    });
    expect(opened.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    const items = (await get<RollItemsResponse>(`${ROLL_PATHS.items}?room_id=${id}`)).data;
    expect(items.list.map((p) => [p.index, p.price, p.winner])).toEqual([
      [0, 30_000, null],
      [1, 20_000, null],
      [2, 10_000, null],
    ]);

    // p1 meets everything; p2 is VIP 0; p3 recharged, but 8 days ago.
    const [p1, p2, p3] = [await player(), await player(), await player()];
    await reachVipLevel(t, p1.userId, 1); // a recharge of ¥100 now
    await recharge(t, p3.userId, 1_000_000, clock.now() - 8 * DAY_MS);
    await vipStatusOf(db(), p3.userId);

    expectRefused(await joinRoom(p1, id), 'ROLL_PASSWORD_REQUIRED');
    const wrong = await joinRoom(p1, id, '1234');
    expectRefused(wrong, 'ROLL_PASSWORD_WRONG');
    expect(wrong.body.msg).toBe('房间密码错误');
    expect((await joinRoom(p1, id, '1234', 'zh-TW')).body.msg).toBe('房間密碼錯誤');
    expect((await joinRoom(p1, id, '1234', 'en-US')).body.msg).toBe('Wrong room password');
    const seen = await info(id, p1);
    expect(seen.self).toMatchObject({ joined: false, vip_level: 1, recharged: 1_000_000, invited: false });
    const joined = await joinRoom(p1, id, '6688');
    expect(joined.body.data).toMatchObject({ room_id: id, player_count: 1, joined_at: clock.now() });
    expectRefused(await joinRoom(p1, id, '6688'), 'ROLL_ALREADY_JOINED');
    expectRefused(await joinRoom(p2, id, '6688'), 'ROLL_VIP_TOO_LOW');
    expectRefused(await joinRoom(p3, id, '6688'), 'ROLL_RECHARGE_TOO_LOW');
    await recharge(t, p3.userId, 50_000);
    clock.advance(1_000);
    expect((await joinRoom(p3, id, '6688')).body.data.player_count).toBe(2);
    expectRefused(await joinRoom(a, id, '6688'), 'ROLL_OWNER_CANNOT_JOIN');
    const players = (await get<RollUsersResponse>(`${ROLL_PATHS.users}?room_id=${id}`)).data;
    expect(players.total).toBe(2);
    expect(players.list.map((p) => p.user_id)).toEqual([p3.userId, p1.userId]); // newest first
    expect((await info(id, p1)).self).toMatchObject({ joined: true, won_prize: null });
    expect((await info(id, p2)).joined).toBe(false);

    // The lists: ongoing for everybody, "joined" for the player.
    const ongoing = (await get<RollListResponse>(`${ROLL_PATHS.list}?state=1`)).data;
    expect(ongoing.now).toBe(clock.now());
    expect(ongoing.list.map((r) => r.room_id)).toContain(id);
    const mine = (await get<RollListResponse>(`${ROLL_PATHS.list}?state=2`, p1)).data;
    expect(mine.list.map((r) => [r.room_id, r.joined])).toEqual([[id, true]]);
    expect((await get(`${ROLL_PATHS.list}?state=2`)).code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect((await get<RollListResponse>(`${ROLL_PATHS.selfJoin}`, p1)).data).toEqual(mine);
    expect((await post<RollIsOpenAwardResponse>(p1, ROLL_PATHS.isOpenAward, { room_id: id })).body.data).toMatchObject({
      is_open_award: false,
      state: 1,
    });

    // At the draw time entries close, even before the tick.
    const late = await player();
    await reachVipLevel(t, late.userId, 1);
    clock.advance(opened.draw_at - clock.now());
    expectRefused(await joinRoom(late, id, '6688'), 'ROLL_CLOSED');

    const itemsBefore = await db().select().from(userItems);
    await t.app.games.roll.tick(id);
    const ended = await info(id, p1);
    expect(ended.state).toBe(3);
    expect(ended.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(ended.server_seed as string)).toBe(opened.server_seed_hash);
    expect(ended.public_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.beacon_round).not.toBeNull();
    expect(ended.closed_at).toBe(opened.draw_at);

    // Two players, three prizes: the two most valuable given, the cheapest back to its owner.
    const reward = (await get<RollRewardResponse>(`${ROLL_PATHS.reward}?room_id=${id}`)).data;
    expect(reward.drawn).toBe(true);
    expect(reward.returned).toEqual([2]);
    expect(reward.entrants).toEqual([p1.userId, p3.userId].sort((x, y) => x - y));
    expect(reward.list.map((w) => w.index)).toEqual([0, 1]);
    expect(reward.list.map((w) => w.winner.user_id).sort()).toEqual([p1.userId, p3.userId].sort());
    const check = verifyRoll({
      serverSeed: reward.server_seed as string,
      serverSeedHash: reward.server_seed_hash,
      publicSeed: reward.public_seed as string,
      roomId: id,
      entrants: reward.entrants,
      entrantsHash: reward.entrants_hash as string,
      prizes: 3,
      awards: reward.list.map((w) => ({ prize: w.index, userId: w.winner.user_id })),
      returned: reward.returned,
    });
    expect(check.seedMatches && check.entrantsMatch && check.returnedMatch).toBe(true);
    expect(check.awards.every((x) => x.matches)).toBe(true);
    // Entries closed at the draw time; the beacon round is the first published after it, and its
    // link (followed unsigned, as a player's tab does) serves the value the draw took.
    expect(reward.closed_at).toBe(ended.closed_at);
    const schedule = t.app.games.beacon.info.schedule;
    expect(reward.beacon_round).toBe(beaconRoundAfter(schedule, reward.closed_at as number));
    clock.advance(Math.max(0, beaconRoundTime(schedule, reward.beacon_round as number) - clock.now()));
    const beacon = await t.app.inject({ method: 'GET', url: reward.beacon_url as string });
    expect(beacon.json().data).toEqual({ round: reward.beacon_round, randomness: reward.public_seed });

    // The owner's rows: the given ones consumed, the returned one unlocked as it was.
    expect(await itemRow(t, big as number)).toMatchObject({
      status: ITEM_STATUS.sold,
      disposal: 'roll',
      userId: a.userId,
    });
    expect(await itemRow(t, mid as number)).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'roll' });
    expect(await itemRow(t, small as number)).toMatchObject({ status: ITEM_STATUS.retrieveFailed, disposal: null });
    // Each winner holds exactly one new row: the same item, wear and price, source 'roll'.
    const granted = await db()
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id)));
    expect(granted).toHaveLength(2);
    for (const w of reward.list) {
      const prize = await itemRow(t, (w.index === 0 ? big : mid) as number);
      const row = granted.find((g) => g.userId === w.winner.user_id);
      expect(row).toMatchObject({
        itemDefId: prize.itemDefId,
        exter: prize.exter,
        priceUnits: prize.priceUnits,
        status: ITEM_STATUS.normal,
        sourceName: `ROLL房 #${id}`,
      });
    }
    expect(await db().select().from(userItems)).toHaveLength(itemsBefore.length + 2);
    const items2 = (await get<RollItemsResponse>(`${ROLL_PATHS.items}?room_id=${id}`)).data;
    expect(items2.list.map((p) => [p.index, p.winner?.user_id ?? null, p.returned])).toEqual([
      [0, reward.list[0]?.winner.user_id, false],
      [1, reward.list[1]?.winner.user_id, false],
      [2, null, true],
    ]);
    expect((await info(id, p1)).self?.won_prize).toBe(reward.list.find((w) => w.winner.user_id === p1.userId)?.index);

    // Told: a mail each and a push on their own room; the room's events in order.
    const mailed = await db()
      .select()
      .from(mails)
      .where(and(eq(mails.source, 'roll'), inArray(mails.userId, [p1.userId, p3.userId])));
    expect(mailed).toHaveLength(2);
    expect(mailed.every((m) => !m.hasAppendix && m.titleZhCn === '恭喜您在ROLL房中奖')).toBe(true);
    const wins = events.filter((e) => e.type === 'roll_win' && (e.data as { room_id: number }).room_id === id);
    expect(wins.map((e) => e.room).sort()).toEqual([`user:${p1.userId}`, `user:${p3.userId}`].sort());
    const roomEvents = events.filter((e) => e.room === `roll:${id}` && 'room_seq' in (e.data as object));
    expect(roomEvents.map((e) => [e.type, (e.data as { room_seq: number }).room_seq])).toEqual([
      ['roll_create', 1],
      ['roll_close', 2],
      ['roll_end', 3],
    ]);
    expect(events.some((e) => e.room === 'roll:hall' && e.type === 'roll_end')).toBe(true);

    // A repeated tick does nothing; the room is over.
    const [row] = await db().select().from(gameRooms).where(eq(gameRooms.id, id));
    await t.app.games.roll.tick(id);
    const [again] = await db().select().from(gameRooms).where(eq(gameRooms.id, id));
    expect(again?.seq).toBe(row?.seq);
    expect(await db().select().from(userItems)).toHaveLength(itemsBefore.length + 2);
    expect(await db().select().from(mails).where(eq(mails.source, 'roll'))).toHaveLength(2);
    expectRefused(await joinRoom(late, id, '6688'), 'ROLL_ENDED');
    expect((await post<RollIsOpenAwardResponse>(p1, ROLL_PATHS.isOpenAward, { room_id: id })).body.data).toMatchObject({
      is_open_award: true,
      state: 3,
    });
    const endedList = (await get<RollListResponse>(`${ROLL_PATHS.list}?state=3`)).data;
    expect(endedList.list[0]).toMatchObject({ room_id: id, state: 3, player_count: 2 });
    expect((await get<RollListResponse>(`${ROLL_PATHS.list}?state=1`)).data.list.map((r) => r.room_id)).not.toContain(
      id,
    );
    await expectLedgerBalanced(t);
  });

  it("an invited-only room with more players than prizes: only the owner's invitees, one winner", async () => {
    const b = await anchor();
    const [prize] = await giveItems(t, b.userId, [{ price: 88_000 }]);
    const made = await create(b, { item_ids: [prize], invited_only: true });
    const id = made.body.data.room_id;
    const invited = [await player(), await player(), await player()];
    await db()
      .update(users)
      .set({ inviteUserId: b.userId })
      .where(
        inArray(
          users.id,
          invited.map((u) => u.userId),
        ),
      );
    const stranger = await player();
    expectRefused(await joinRoom(stranger, id), 'ROLL_NOT_INVITED');
    for (const u of invited) expect((await joinRoom(u, id)).body.code).toBe(200);
    expect((await info(id, invited[0])).self).toMatchObject({ invited: true, has_inviter: true });

    // The room shows the owner's invite code: a player with no inviter yet binds it and may join;
    // one bound to somebody else may not.
    const [owner] = await db().select({ code: users.superInviteCode }).from(users).where(eq(users.id, b.userId));
    const seen = await info(id, stranger);
    expect(seen.owner_invite_code).toBe(owner?.code);
    expect(owner?.code).toBeTruthy();
    expect(seen.self).toMatchObject({ invited: false, has_inviter: false });
    expect((await post(stranger, ACCOUNT_PATHS.bindInvite, { invite_code: seen.owner_invite_code })).body.code).toBe(
      200,
    );
    expect((await info(id, stranger)).self).toMatchObject({ invited: true, has_inviter: true });
    const elsewhere = await player();
    await db().update(users).set({ inviteUserId: stranger.userId }).where(eq(users.id, elsewhere.userId));
    expect((await info(id, elsewhere)).self).toMatchObject({ invited: false, has_inviter: true });
    expectRefused(await joinRoom(elsewhere, id), 'ROLL_NOT_INVITED');
    invited.push(stranger);
    expect((await joinRoom(stranger, id)).body.code).toBe(200);

    await drawAt(id);
    const reward = (await get<RollRewardResponse>(`${ROLL_PATHS.reward}?room_id=${id}`)).data;
    expect(reward.list).toHaveLength(1);
    expect(reward.returned).toEqual([]);
    expect(invited.map((u) => u.userId)).toContain(reward.list[0]?.winner.user_id);
    const rows = await db()
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id)));
    expect(rows.map((r) => [r.userId, r.priceUnits])).toEqual([[reward.list[0]?.winner.user_id, 88_000]]);
    expect((await itemRow(t, prize as number)).status).toBe(ITEM_STATUS.sold);
  });

  it('a room nobody joined gives everything back; an official room of house items grants nothing', async () => {
    const a = await anchor();
    const [x, y] = await giveItems(t, a.userId, [{ price: 1_000 }, { price: 2_000 }]);
    const lonely = (await create(a, { item_ids: [x, y] })).body.data.room_id;
    await drawAt(lonely);
    expect((await itemRow(t, x as number)).status).toBe(ITEM_STATUS.normal);
    expect((await itemRow(t, y as number)).status).toBe(ITEM_STATUS.normal);
    expect((await get<RollRewardResponse>(`${ROLL_PATHS.reward}?room_id=${lonely}`)).data).toMatchObject({
      drawn: true,
      list: [],
      returned: [0, 1],
      entrants: [],
    });
    // Back in the owner's hands: they can sell it again.
    expect((await post(a, ITEM_PATHS.sell, { _id: x })).body.code).toBe(0);

    const admin = await player();
    await setRole(t, admin, 'admin');
    const [def] = await catalogueRows(t, 1);
    // The player site makes no official room, whatever the account's role: the console does.
    expectRefused(await create(admin, { house_items: [{ item_id: def?.id }] }), 'ROLL_NOT_ANCHOR');
    const official = (body: Record<string, unknown>) =>
      consolePostAgain<{ room_id: number }>(t, admin, ADMIN_GAME_PATHS.rollCreate, {
        title: '官方福利',
        draw_at: clock.now() + DRAW_IN,
        ...body,
      });
    expectRefused(await official({ house_items: [{ item_id: 2_000_000_000 }] }), 'ITEM_NOT_FOUND');
    expectRefused(
      await official({ house_items: [{ item_id: def?.id }], draw_at: clock.now() - 1 }),
      'ROLL_DRAW_TIME_TOO_SOON',
    );
    const house = await official({ house_items: [{ item_id: def?.id, exter: 3 }] });
    const id = house.body.data.room_id;
    const seen = await info(id);
    expect(seen.owner.official).toBe(true);
    expect(seen.prize_value).toBeGreaterThan(0);
    await drawAt(id);
    expect((await info(id)).state).toBe(3);
    expect(
      await db()
        .select()
        .from(userItems)
        .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id))),
    ).toEqual([]);

    // With a player, the house item is granted to them.
    const again = (await official({ house_items: [{ item_id: def?.id, exter: 3 }] })).body.data.room_id;
    const p = await player();
    await joinRoom(p, again);
    await drawAt(again);
    const [won] = await db()
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, again)));
    expect(won).toMatchObject({ userId: p.userId, itemDefId: def?.id, exter: 3, priceUnits: seen.prize_value });
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'an item put into a room while it is sold on another process: exactly one wins, five times over',
    async () => {
      const b = await startTestApp({ clock, sharing: t });
      try {
        const a = await anchor();
        for (let i = 0; i < 5; i++) {
          const [item] = await giveItems(t, a.userId, [{ price: 7_000 }]);
          const before = (await rollRooms()).length;
          const [made, sold] = await Promise.all([
            create(a, { item_ids: [item] }),
            b.api('POST', ITEM_PATHS.sell, {
              headers: { authorization: `Bearer ${a.tokens.access_token}` },
              body: { _id: item },
            }),
          ]);
          const wins = [made.body.code === 200, sold.body.code === 0];
          expect(wins.filter(Boolean)).toHaveLength(1);
          const row = await itemRow(t, item as number);
          if (wins[0]) {
            expect(row.status).toBe(ITEM_STATUS.locked);
            expectRefused(sold, 'ITEM_NOT_AVAILABLE');
            expect(await rollRooms()).toHaveLength(before + 1);
          } else {
            expect(row).toMatchObject({ status: ITEM_STATUS.sold, disposal: 'sell' });
            expectRefused(made, 'ITEM_NOT_AVAILABLE');
            expect(await rollRooms()).toHaveLength(before);
          }
        }
        await expectLedgerBalanced(t);
      } finally {
        await b.close();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'many players joining at once on two processes, each twice: each is in once',
    async () => {
      const b = await startTestApp({ clock, sharing: t });
      try {
        const a = await anchor();
        const [prize] = await giveItems(t, a.userId, [{ price: 9_000 }]);
        const id = (await create(a, { item_ids: [prize] })).body.data.room_id;
        // Players made directly (the code-sending limits would stop 30 sign-ups), joining through
        // each process's service: the same transaction the route runs.
        const crowd = await db()
          .insert(users)
          .values(Array.from({ length: 30 }, (_, n) => ({ nickName: `crowd-${n}` })))
          .returning({ userId: users.id });
        const outcome = (p: Promise<RollJoinResponse>) =>
          p.then(
            (r) => ({ key: 'ok', count: r.player_count }),
            (e: unknown) => ({ key: e instanceof AppError ? e.key : String(e), count: 0 }),
          );
        const answers = await Promise.all(
          crowd.flatMap((u) => [
            outcome(t.app.games.roll.join(u.userId, id, undefined)),
            outcome(b.app.games.roll.join(u.userId, id, undefined)),
          ]),
        );
        for (let i = 0; i < crowd.length; i++) {
          const keys = [answers[2 * i]?.key, answers[2 * i + 1]?.key].sort();
          expect(keys).toEqual(['ROLL_ALREADY_JOINED', 'ok']);
        }
        const entries = await db().select().from(rollEntries).where(eq(rollEntries.roomId, id));
        expect(entries).toHaveLength(30);
        // Each join counts itself and the joins committed before it (concurrent ones may not show).
        for (const a of answers) if (a.key === 'ok') expect(a.count).toBeGreaterThanOrEqual(1);
        expect(Math.max(...answers.map((a) => a.count))).toBeLessThanOrEqual(30);

        // The draw at its time, asked of both processes at once: it happens once.
        clock.advance((await info(id)).draw_at - clock.now());
        await Promise.all([t.app.games.roll.tick(id), b.app.games.roll.tick(id)]);
        const rows = await db()
          .select()
          .from(userItems)
          .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id)));
        expect(rows).toHaveLength(1);
        expect(crowd.map((u) => u.userId)).toContain(rows[0]?.userId);
        expect((await get<RollRewardResponse>(`${ROLL_PATHS.reward}?room_id=${id}`)).data.entrants).toHaveLength(30);
      } finally {
        await b.close();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a room closed on one process whose draw never came: the other draws it, once',
    async () => {
      const b = await startTestApp({ clock, sharing: t });
      try {
        const a = await anchor();
        const [prize] = await giveItems(t, a.userId, [{ price: 4_000 }]);
        const id = (await create(a, { item_ids: [prize] })).body.data.room_id;
        const p = await player();
        await joinRoom(p, id);
        clock.advance((await info(id)).draw_at - clock.now());
        // Process A closes entries (as its tick's first transaction does), then dies before the draw.
        await t.app.games.engine.apply<RollRoom>(ROLL_GAME, id, (r, now) => {
          const step = close(r.data, now);
          if (!step.ok) return null;
          const data = { ...r.data, ...step.value.state };
          return { ok: true, value: { data, state: data.state, dueAt: now, events: [], effects: [] } };
        });
        expect((await info(id)).state).toBe(2);
        // B's sweep finds the room due and ticks it.
        await b.app.games.roll.tick(id);
        await b.app.games.roll.tick(id);
        const [won] = await db()
          .select()
          .from(userItems)
          .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id)));
        expect(won?.userId).toBe(p.userId);
        expect((await info(id)).state).toBe(3);
        expect(
          await db()
            .select()
            .from(userItems)
            .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id))),
        ).toHaveLength(1);
      } finally {
        await b.close();
      }
    },
  );
});

/**
 * The wiring, on the real clock: the scheduler leader's sweep finds a room's deadline and its
 * timer draws it, with nobody calling the tick. The room's draw time is moved close (the rules
 * want it at least a minute off) so the test does not wait a minute.
 */
describe('roll rooms drawn by the scheduler leader', () => {
  let t: TestApp;
  let scheduler: Scheduler;
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };

  beforeAll(async () => {
    t = await startTestApp();
    scheduler = createScheduler({ database: t.rt.database, pollMs: 20, clock: t.rt.clock, log: quiet });
    t.app.games.timers.attach(scheduler);
    scheduler.start();
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  it('draws a room at its time by itself', async () => {
    const db = t.rt.database.db;
    const a = await registerUser(t);
    await db.update(users).set({ accountType: 3 }).where(eq(users.id, a.userId));
    const p = await registerUser(t);
    const [prize] = await giveItems(t, a.userId, [{ price: 12_000 }]);
    const made = await asUser<{ room_id: number }>(t, a.tokens.access_token, 'POST', ROLL_PATHS.create, {
      title: 'auto',
      item_ids: [prize],
      draw_at: Date.now() + 2 * 60_000,
    });
    const id = made.body.data.room_id;
    expect((await asUser(t, p.tokens.access_token, 'POST', ROLL_PATHS.join, { room_id: id })).body.code).toBe(200);
    const soon = Date.now() + 500;
    await db
      .update(gameRooms)
      .set({ dueAt: new Date(soon), data: sql`jsonb_set(${gameRooms.data}, '{drawAtMs}', ${String(soon)}::jsonb)` })
      .where(eq(gameRooms.id, id));

    let state = 0;
    for (let i = 0; i < 200 && state !== 3; i++) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await t.api<RollRoomInfo>('GET', `${ROLL_PATHS.info}?room_id=${id}`)).body.data.state;
    }
    expect(state).toBe(3);
    const won = await db
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'roll'), eq(userItems.sourceId, id)));
    expect(won.map((r) => [r.userId, r.priceUnits])).toEqual([[p.userId, 12_000]]);
  });
});
