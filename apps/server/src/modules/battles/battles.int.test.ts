import { BATTLE_GAME, type Battle } from '@kaixiang/game/battle';
import { BATTLE_PATHS, type BattleResultsResponse, type BattleRoomData, battleRoom } from '@kaixiang/shared/battles';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { userItems } from '../../db/schema/items.ts';
import { rewardHistories } from '../../db/schema/site.ts';
import type { BusMessage } from '../../infra/bus.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';
import { ROBOTS } from '../games/robots.ts';
import { balancesOf } from '../ledger/ledger.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/** Battles through the API, with the app's scheduler leading (PGlite by default, PostgreSQL in CI). */
describe('battles', () => {
  let t: TestApp;
  let scheduler: Scheduler;
  let box: { box_id: number; price: number };
  const events: BusMessage[] = [];

  beforeAll(async () => {
    t = await startTestApp();
    scheduler = createScheduler({ database: t.rt.database, pollMs: 20, clock: t.rt.clock, log: quiet });
    t.app.games.timers.attach(scheduler);
    scheduler.start();
    t.rt.bus.subscribe((m) => {
      if (m.room.startsWith('battle:')) events.push(m);
    });
    const list = await t.api<BoxListResponse>('GET', BOX_PATHS.list);
    box = list.body.data.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  async function player(coins: number): Promise<TestUser> {
    const u = await registerUser(t);
    if (coins > 0) await credit(t, u.userId, coins);
    return u;
  }
  const coin = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
  const post = <T>(u: TestUser, path: string, body: unknown) => asUser<T>(t, u.tokens.access_token, 'POST', path, body);
  const room = async (id: number) =>
    (await t.api<{ data: BattleRoomData; now: number }>('GET', `${BATTLE_PATHS.room}?room_id=${id}`)).body.data.data;
  const expectRefused = (res: { body: { code: number } }, key: ErrorKey) =>
    expect(res.body.code).toBe(ERRORS[key].code);
  it('refuses bad input and moves nothing', async () => {
    const a = await player(box.price * 3);
    const before = await coin(a);
    const create = (body: unknown) => post(a, BATTLE_PATHS.create, body);
    expectRefused(await create({ box_ids: [], user_num: 2 }), 'BATTLE_BOXES_EMPTY');
    expectRefused(await create({ box_ids: Array(21).fill(box.box_id), user_num: 2 }), 'BATTLE_TOO_MANY_BOXES');
    expectRefused(await create({ box_ids: [box.box_id], user_num: 0 }), 'BATTLE_SEATS_INVALID');
    expectRefused(await create({ box_ids: [box.box_id], user_num: 5 }), 'BATTLE_SEATS_INVALID');
    expectRefused(await create({ box_ids: [999_999], user_num: 2 }), 'BOX_NOT_FOUND');
    expectRefused(await create({ box_ids: [box.box_id], user_num: 2, rule: 3 }), 'BATTLE_TEAM_NEEDS_4_SEATS');
    expectRefused(await create({ box_ids: [box.box_id], user_num: 2, game_mode: 2 }), 'BATTLE_RULE_INVALID');
    expectRefused(
      await create({ box_ids: [box.box_id, box.box_id, box.box_id, box.box_id], user_num: 2 }),
      'INSUFFICIENT_BALANCE',
    );
    expect(await coin(a)).toBe(before);

    const made = await create({ box_ids: [box.box_id], user_num: 2 });
    const id = (made.body.data as { room_id: number }).room_id;
    expect(await coin(a)).toBe(before - box.price);
    expectRefused(await post(a, BATTLE_PATHS.join, { room_id: id }), 'BATTLE_ALREADY_JOINED');
    const b = await player(box.price);
    expectRefused(await post(b, BATTLE_PATHS.join, { room_id: id, seat: 0 }), 'BATTLE_SEAT_TAKEN');
    expectRefused(await post(b, BATTLE_PATHS.join, { room_id: 999_999 }), 'GAME_ROOM_NOT_FOUND');
    expectRefused(await post(b, BATTLE_PATHS.dissolve, { room_id: id }), 'BATTLE_NOT_CREATOR');
    const poor = await player(box.price - 1);
    expectRefused(await post(poor, BATTLE_PATHS.join, { room_id: id }), 'INSUFFICIENT_BALANCE');
    expect(await coin(poor)).toBe(box.price - 1);

    // Dissolved: refunded, and nobody can join any more.
    expect((await post(a, BATTLE_PATHS.dissolve, { room_id: id })).body.code).toBe(200);
    expect(await coin(a)).toBe(before);
    expectRefused(await post(b, BATTLE_PATHS.join, { room_id: id }), 'BATTLE_NOT_WAITING');
    expect((await room(id)).room_state).toBe(4);
    expect(events.some((e) => e.room === battleRoom(id) && e.type === 'dissolve_room')).toBe(true);
    await expectLedgerBalanced(t);
  });

  it('plays a whole battle with a robot on the server clock: rounds, settlement, items to the winner', async () => {
    const a = await player(box.price * 2);
    const b = await player(box.price * 2);
    const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, {
      box_ids: [box.box_id, box.box_id],
      user_num: 3,
      game_mode: 3,
    });
    const id = made.body.data.room_id;
    expect((await post(b, BATTLE_PATHS.join, { room_id: id })).body.code).toBe(200);
    const waiting = await room(id);
    expect(waiting.room_state).toBe(1);
    expect(waiting.server_seed_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(waiting.server_seed).toBeNull();
    expect((await post(a, BATTLE_PATHS.addRobot, { room_id: id })).body.code).toBe(200);

    const ended = await until(async () => {
      const r = await room(id);
      return r.room_state === 3 ? r : null;
    });
    expect(ended.cur_round).toBe(2);
    expect(ended.rolls).toHaveLength(2);
    expect(ended.rolls.every((round) => round.length === 3)).toBe(true);
    expect(ended.public_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.server_seed).toMatch(/^[0-9a-f]{64}$/);
    expect(ended.members[2]?.robot).toBe(true);
    // The odds each round used, for the fairness page: each roll's ticket falls on its item.
    expect(ended.odds).toHaveLength(2);
    for (const [round, rolls] of ended.rolls.entries()) {
      for (const r of rolls) {
        let from = 0;
        const hit = ended.odds[round]?.entries.find((e) => {
          const inside = r.ticket >= from && r.ticket < from + e.tickets;
          from += e.tickets;
          return inside;
        });
        expect(hit).toMatchObject({ item_id: r.item_id, exter: r.exter });
      }
    }
    expect(ended.winners).toHaveLength(1);
    const total = ended.rolls.flat().reduce((s, r) => s + r.price, 0);
    const winnerSeat = ended.winners[0] as number;
    const winner = ended.members[winnerSeat];
    const items = await t.rt.database.db
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'battle'), eq(userItems.sourceId, id)));
    if (winner?.robot) {
      expect(items).toHaveLength(0); // a robot's win stays with the house
    } else {
      expect(items).toHaveLength(6);
      expect(new Set(items.map((i) => i.userId))).toEqual(new Set([winner?.user_id]));
      expect(items.reduce((s, i) => s + i.priceUnits, 0)).toBe(total);
    }
    // The winner's notable items are in the live tickers as battle wins (game_type 2), once each.
    const notable = ended.rolls.flat().filter((r) => r.quality >= 3 || r.price >= 1_000_000).length;
    const tickers = await t.rt.database.db
      .select()
      .from(rewardHistories)
      .where(and(eq(rewardHistories.gameType, 2), eq(rewardHistories.userId, winner?.user_id ?? 0)));
    expect(tickers).toHaveLength(winner?.robot ? 0 : notable);
    // The spec's sums: a winner gets extra + open + win, a loser the consolation (win_item_price).
    for (const r of ended.results) {
      if (r.is_win) expect(r.extra_money + r.open_item_price + r.win_item_price).toBe(total);
    }
    const stored = await t.app.games.engine.load<Battle>(BATTLE_GAME, id);
    expect(stored?.data.state).toBe('ended');
    const seqs = events.filter((e) => e.room === battleRoom(id)).map((e) => (e.data as { room_seq: number }).room_seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(events.filter((e) => e.room === battleRoom(id)).map((e) => e.type)).toEqual([
      'create_room',
      'join_room',
      'join_room',
      'room_full',
      'battle_start',
      'round_start',
      'round_start',
      'battle_end',
    ]);
    const record = await asUser<{ records: { room_id: number; is_win: boolean | null }[] }>(
      t,
      a.tokens.access_token,
      'GET',
      BATTLE_PATHS.ownRecord,
    );
    expect(record.body.data.records[0]).toMatchObject({ room_id: id, is_win: winnerSeat === 0 });
    // The hall's results lists: the newest ended battle first, with what it was worth; the report
    // (the best battles of the day) only holds battles won by players.
    await until(async () =>
      events.some(
        (e) =>
          e.room === 'battle:hall' &&
          e.type === 'pk_result_time_result' &&
          (e.data as { room_id: number }).room_id === id,
      ),
    );
    const latest = (await t.api<BattleResultsResponse>('GET', BATTLE_PATHS.realTimeResult)).body.data.list;
    // Named as the room names its seats for the same reader (a robot winner in English).
    const enSeats = (
      await t.api<{ data: BattleRoomData }>('GET', `${BATTLE_PATHS.room}?room_id=${id}`, { lang: 'en-US' })
    ).body.data.data.members;
    const enLatest = (await t.api<BattleResultsResponse>('GET', BATTLE_PATHS.realTimeResult, { lang: 'en-US' })).body
      .data.list;
    expect(enLatest.find((r) => r.room_id === id)?.winners.map((w) => w.nick_name)).toEqual([
      enSeats[winnerSeat]?.nick_name,
    ]);
    expect(latest[0]).toMatchObject({
      room_id: id,
      total_value: total,
      user_num: 3,
      winners: [{ user_id: winner?.user_id, robot: winner?.robot }],
      best_item: { price: Math.max(...ended.rolls.flat().map((r) => r.price)) },
    });
    const report = (await t.api<BattleResultsResponse>('GET', BATTLE_PATHS.report)).body.data.list;
    expect(report.some((r) => r.room_id === id)).toBe(!winner?.robot);
    expect(report.every((r) => r.winners.some((w) => !w.robot))).toBe(true);
    expect(report.map((r) => r.total_value)).toEqual([...report.map((r) => r.total_value)].sort((x, y) => y - x));
    await expectLedgerBalanced(t);
  });

  it('names robots in the reader’s language everywhere a battle shows them, each with its own avatar', async () => {
    const a = await player(box.price);
    const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, { box_ids: [box.box_id], user_num: 4 });
    const id = made.body.data.room_id;
    for (let i = 0; i < 2; i++) expect((await post(a, BATTLE_PATHS.addRobot, { room_id: id })).body.code).toBe(200);
    const get = async <T>(path: string, lang: string) =>
      (await t.api<T>('GET', path, { lang, headers: { authorization: `Bearer ${a.tokens.access_token}` } })).body.data;
    const seats = async (lang: string) =>
      (await get<{ data: BattleRoomData }>(`${BATTLE_PATHS.room}?room_id=${id}`, lang)).data.members;
    const [zhCn, zhTw, en] = [await seats('zh-CN'), await seats('zh-TW'), await seats('en-US')];
    // The player's own nickname in every language; the robots' in each reader's.
    for (const members of [zhCn, zhTw, en]) expect(members[0]?.nick_name).toBe(zhCn[0]?.nick_name);
    const robots = [1, 2].map((seat) => ROBOTS.find((r) => r.names['zh-CN'] === zhCn[seat]?.nick_name));
    expect(robots.every(Boolean)).toBe(true);
    for (const [k, seat] of [1, 2].entries()) {
      expect(zhTw[seat]?.nick_name).toBe(robots[k]?.names['zh-TW']);
      expect(en[seat]?.nick_name).toBe(robots[k]?.names['en-US']);
      expect(en[seat]?.avatar).toBe(`/img/avatars/${robots[k]?.avatarId}.svg`);
    }
    expect(en[1]?.avatar).not.toBe(en[2]?.avatar);
    // The hall, the creator's record and the robot list say the same.
    const hall = await get<{ data: { room_id: number; members: ({ nick_name: string } | null)[] }[] }>(
      BATTLE_PATHS.list,
      'en-US',
    );
    expect(hall.data.find((r) => r.room_id === id)?.members.map((m) => m?.nick_name)).toEqual(
      en.map((m) => m?.nick_name),
    );
    const record = await get<{ records: { room_id: number; members: ({ nick_name: string } | null)[] }[] }>(
      BATTLE_PATHS.ownRecord,
      'en-US',
    );
    expect(record.records.find((r) => r.room_id === id)?.members.map((m) => m?.nick_name)).toEqual(
      en.map((m) => m?.nick_name),
    );
    const list = await get<{ list: { nick_name: string; avatar: string }[] }>(BATTLE_PATHS.robots, 'en-US');
    expect(list.list.map((r) => r.nick_name)).toEqual(ROBOTS.map((r) => r.names['en-US']));
    expect(new Set(list.list.map((r) => r.avatar)).size).toBe(ROBOTS.length);
    expect((await post(a, BATTLE_PATHS.dissolve, { room_id: id })).body.code).toBe(200);
  });

  it("shows a seated player's emoticon to the room, one per 2 s; others are refused", async () => {
    const list = await t.api<{ list: { id: number; code: string }[] }>('GET', BATTLE_PATHS.emoticon);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    const a = await player(box.price);
    const outsider = await player(0);
    const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, { box_ids: [box.box_id], user_num: 2 });
    const id = made.body.data.room_id;
    const send = (u: TestUser, emoticon_id: number) => post(u, BATTLE_PATHS.emoticon, { room_id: id, emoticon_id });
    expect((await send(a, 2)).body.code).toBe(200);
    expectRefused(await send(a, 3), 'EMOTICON_TOO_FREQUENT');
    expectRefused(await send(outsider, 2), 'BATTLE_NOT_SEATED');
    expectRefused(await send(a, 999), 'EMOTICON_NOT_FOUND');
    const shown = await until(async () => events.find((e) => e.room === battleRoom(id) && e.type === 'send_emoticon'));
    expect(shown.data).toEqual({ room_id: id, user_id: a.userId, seat: 0, emoticon_id: 2 });
    expect(events.filter((e) => e.room === battleRoom(id) && e.type === 'send_emoticon')).toHaveLength(1);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'two players racing for the last seat: exactly one joins and pays',
    async () => {
      for (let i = 0; i < 4; i++) {
        const a = await player(box.price);
        const [b, c] = await Promise.all([player(box.price), player(box.price)]);
        const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, { box_ids: [box.box_id], user_num: 2 });
        const id = made.body.data.room_id;
        const answers = await Promise.all([b, c].map((u) => post(u, BATTLE_PATHS.join, { room_id: id })));
        expect(answers.filter((r) => r.body.code === 200)).toHaveLength(1);
        expectRefused(answers.find((r) => r.body.code !== 200) as { body: { code: number } }, 'BATTLE_FULL');
        expect([await coin(b), await coin(c)].sort((x, y) => x - y)).toEqual([0, box.price]);
      }
      await expectLedgerBalanced(t);
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)('a dissolve racing a join: one of them wins, money follows', async () => {
    for (let i = 0; i < 4; i++) {
      const a = await player(box.price);
      const b = await player(box.price);
      const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, { box_ids: [box.box_id], user_num: 2 });
      const id = made.body.data.room_id;
      const [dissolved, joined] = await Promise.all([
        post(a, BATTLE_PATHS.dissolve, { room_id: id }),
        post(b, BATTLE_PATHS.join, { room_id: id }),
      ]);
      expect([dissolved.body.code, joined.body.code].filter((c) => c === 200)).toHaveLength(1);
      if (dissolved.body.code === 200) {
        expect(await coin(a)).toBe(box.price);
        expect(await coin(b)).toBe(box.price);
      } else {
        expect(await coin(b)).toBe(0);
      }
    }
    await expectLedgerBalanced(t);
  });
});
