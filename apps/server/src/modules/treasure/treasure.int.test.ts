import { sha256Hex } from '@kaixiang/game/sha256';
import { verifyTreasure } from '@kaixiang/game/treasure';
import { ADMIN_GAME_PATHS } from '@kaixiang/shared/admin-games';
import { beaconRoundAfter, beaconRoundTime } from '@kaixiang/shared/beacon';
import { ERRORS, type ErrorKey } from '@kaixiang/shared/errors';
import {
  TREASURE_CARD_STATUS,
  TREASURE_EVENTS,
  TREASURE_HALL_ROOM,
  TREASURE_PATHS,
  type TreasureDynamicResponse,
  type TreasureEndInfo,
  type TreasureInfo,
  type TreasureJoinResponse,
  type TreasureListResponse,
  type TreasureMyCardsResponse,
  treasureRoom,
} from '@kaixiang/shared/treasure';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows } from '../../../test/support/items.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { mails } from '../../db/schema/mail.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';
import { TestSocket } from '../../realtime/socket-test-client.ts';
import { consolePostAgain } from '../admin/games/games-admin.test-support.ts';
import { balancesOf } from '../ledger/ledger.ts';

const HOUR = 3_600_000;
const CARD = 10_000; // ¥1 a card

/**
 * Card grabbing through the API on a clock the test moves (PGlite by default, PostgreSQL with
 * TEST_DATABASE_URL): the test ticks each treasure itself, as the scheduler leader would.
 */
describe('card grabbing (夺宝)', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let itemId: number;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t);
    // An admin signed in to the console: treasures are made there only (admin/v1/games).
    await setRole(t, admin, 'admin');
    const [def] = await catalogueRows(t, 1);
    if (!def) throw new Error('no catalogue');
    itemId = def.id;
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const coins = async (u: { userId: number }) => (await balancesOf(db(), u.userId)).coin;
  const post = <T>(u: TestUser, path: string, body: unknown, lang?: string) =>
    t.api<T>('POST', path, {
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
      body,
      ...(lang ? { lang } : {}),
    });
  const get = async <T>(path: string, u?: TestUser) =>
    (u ? await asUser<T>(t, u.tokens.access_token, 'GET', path) : await t.api<T>('GET', path)).body;
  const make = (cards: number, over: Record<string, unknown> = {}, lang?: string) =>
    consolePostAgain<{ room_id: number }>(
      t,
      admin,
      ADMIN_GAME_PATHS.treasureCreate,
      {
        title: '龙狙夺宝',
        item_id: itemId,
        exter: 2,
        cards,
        card_price: CARD,
        deadline: clock.now() + HOUR,
        ...over,
      },
      lang,
    );
  const grab = (u: TestUser, roomId: number, count: number, lang?: string) =>
    post<TreasureJoinResponse>(u, TREASURE_PATHS.join, { room_id: roomId, count }, lang);
  const expectRefused = (res: { body: { code: number } }, key: ErrorKey) =>
    expect(res.body.code).toBe(ERRORS[key].code);
  async function player(balance: number) {
    const u = await registerUser(t);
    if (balance > 0) await credit(t, u.userId, balance);
    return u;
  }

  it('only an admin in the console makes a treasure, and the rules refuse bad ones', async () => {
    const p = await player(0);
    expectRefused(
      await post(p, ADMIN_GAME_PATHS.treasureCreate, {
        title: 'x',
        item_id: itemId,
        cards: 5,
        card_price: CARD,
        deadline: clock.now() + HOUR,
      }),
      'ADMIN_ONLY',
    );
    expectRefused(await make(1), 'TREASURE_CARDS_INVALID');
    expectRefused(await make(5, { card_price: 0 }), 'TREASURE_PRICE_INVALID');
    expectRefused(await make(5, { deadline: clock.now() }), 'TREASURE_DEADLINE_INVALID');
    const tw = await consolePostAgain<unknown>(
      t,
      admin,
      ADMIN_GAME_PATHS.treasureCreate,
      { title: '', item_id: itemId, cards: 5, card_price: 1, deadline: clock.now() + HOUR },
      'zh-TW',
    );
    expect(tw.body).toMatchObject({ code: ERRORS.TREASURE_TITLE_INVALID.code, msg: '奪寶標題須為1–30個字' });
  });

  it('refuses a prize the catalogue does not have, or priced otherwise than the admin saw, and makes nothing', async () => {
    const treasures = async () =>
      (await db().select({ id: gameRooms.id }).from(gameRooms).where(eq(gameRooms.game, 'treasure'))).length;
    const before = await treasures();
    const unknown = await make(5, { item_id: 99_999_999 }, 'zh-TW');
    expect(unknown.body).toMatchObject({ code: ERRORS.ITEM_NOT_FOUND.code, msg: '飾品不存在' });
    // The price the admin saw: what a treasure of this item and wear is made with.
    const seen = (await make(5)).body.data.room_id;
    const price = (await get<TreasureInfo>(`${TREASURE_PATHS.info}?room_id=${seen}`)).data.item.price;
    expect(price).toBeGreaterThan(0);
    const changed = await make(5, { prize_price: price + 1 }, 'en-US');
    expect(changed.body).toMatchObject({
      code: ERRORS.TREASURE_PRIZE_CHANGED.code,
      msg: 'The prize’s price has changed; please check it again',
    });
    expect(await treasures()).toBe(before + 1);
    const agreed = await make(5, { prize_price: price });
    expect(agreed.body.code).toBe(200);
    expect(await treasures()).toBe(before + 2);
  });

  it('a whole treasure: cards grabbed, bad grabs change nothing, full, drawn, the winner gets the item, verifiable', async () => {
    const made = await make(5);
    const id = made.body.data.room_id;
    const [a, b, poor] = [await player(3 * CARD), await player(2 * CARD), await player(CARD - 1)];

    const first = await grab(a, id, 2);
    expect(first.body.data).toMatchObject({ room_id: id, cards: [0, 1], paid: 2 * CARD, sold: 2, total: 5 });
    // Bad input changes nothing.
    expectRefused(await grab(b, id, 0), 'TREASURE_COUNT_INVALID');
    expectRefused(await grab(b, id, 1.5), 'TREASURE_COUNT_INVALID');
    expectRefused(await grab(b, id, 4), 'TREASURE_NOT_ENOUGH_CARDS');
    const broke = await grab(poor, id, 1, 'en-US');
    expectRefused(broke, 'INSUFFICIENT_BALANCE');
    expectRefused(await grab(b, 999_999, 1), 'TREASURE_NOT_FOUND');
    expect(await coins(poor)).toBe(CARD - 1);
    expect(await coins(b)).toBe(2 * CARD);
    let info = (await get<TreasureInfo>(`${TREASURE_PATHS.info}?room_id=${id}`, a)).data;
    expect(info).toMatchObject({
      sold: 2,
      total: 5,
      phase: 'open',
      my_cards: [0, 1],
      my_status: TREASURE_CARD_STATUS.inProgress,
      // The server's clock, which the screen counts the deadline down on.
      now: clock.now(),
    });

    expect((await grab(b, id, 2)).body.data.cards).toEqual([2, 3]);
    clock.advance(1_000);
    expect((await grab(a, id, 1)).body.data).toMatchObject({ cards: [4], sold: 5 });
    expect(await coins(a)).toBe(0);
    expect(await coins(b)).toBe(0);
    expectRefused(await grab(poor, id, 1), 'TREASURE_ENDED');
    info = (await get<TreasureInfo>(`${TREASURE_PATHS.info}?room_id=${id}`)).data;
    expect(info).toMatchObject({ phase: 'full', state: 1, my_cards: [], my_status: null });

    const dyn = (await get<TreasureDynamicResponse>(`${TREASURE_PATHS.dynamic}?room_id=${id}`)).data;
    expect(dyn.total).toBe(3);
    expect(dyn.list.map((g) => [g.user_id, g.first, g.count])).toEqual([
      [a.userId, 4, 1],
      [b.userId, 2, 2],
      [a.userId, 0, 2],
    ]);

    await t.app.games.treasure.tick(id);
    await t.app.games.treasure.tick(id); // a repeated tick does nothing
    const end = (await get<TreasureEndInfo>(`${TREASURE_PATHS.endInfo}?room_id=${id}`)).data;
    expect(end).toMatchObject({ phase: 'won', state: 2, holders: [a.userId, a.userId, b.userId, b.userId, a.userId] });
    const winner = end.winner?.user_id;
    expect(end.holders[end.winning_card ?? -1]).toBe(winner);
    const v = verifyTreasure({
      serverSeed: end.server_seed ?? '',
      serverSeedHash: end.server_seed_hash,
      publicSeed: end.public_seed ?? '',
      roomId: id,
      holders: end.holders,
      card: end.winning_card ?? -1,
      userId: winner ?? -1,
    });
    expect(v).toMatchObject({ seedMatches: true, matches: true });
    expect(sha256Hex(end.server_seed ?? '')).toBe(made.body.data && end.server_seed_hash);
    // The last card's time closed the entries; the beacon round is the first published after it,
    // and its link (followed unsigned, as a player's tab does) serves the value the draw took.
    expect(end.filled_at).toBe(Math.max(...dyn.list.map((g) => g.at)));
    const schedule = t.app.games.beacon.info.schedule;
    expect(end.beacon_round).toBe(beaconRoundAfter(schedule, end.filled_at as number));
    clock.advance(Math.max(0, beaconRoundTime(schedule, end.beacon_round as number) - clock.now()));
    const beacon = await t.app.inject({ method: 'GET', url: end.beacon_url as string });
    expect(beacon.json().data).toEqual({ round: end.beacon_round, randomness: end.public_seed });

    const prizes = await db()
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'treasure'), eq(userItems.sourceId, id)));
    expect(prizes).toHaveLength(1);
    expect(prizes[0]).toMatchObject({ userId: winner, itemDefId: itemId, exter: 2, sourceName: `夺宝 #${id}` });

    const mailed = await db().select().from(mails).where(eq(mails.source, 'treasure'));
    expect(mailed.filter((m) => m.sourceKey === `treasure:${id}`).map((m) => [m.userId, m.titleZhCn])).toEqual([
      [winner, '恭喜您在夺宝中获奖'],
    ]);
    const [w, l] = winner === a.userId ? [a, b] : [b, a];
    const mine = (await get<TreasureMyCardsResponse>(TREASURE_PATHS.myCards, w)).data;
    expect(mine.list[0]).toMatchObject({ room_id: id, status: TREASURE_CARD_STATUS.won });
    // Every list carries the server's clock, for the cards' countdowns.
    expect(mine.now).toBe(clock.now());
    expect((await get<TreasureListResponse>(TREASURE_PATHS.list)).data.now).toBe(clock.now());
    const theirs = (await get<TreasureMyCardsResponse>(TREASURE_PATHS.myCards, l)).data;
    expect(theirs.list[0]).toMatchObject({
      room_id: id,
      status: TREASURE_CARD_STATUS.notWon,
      paid: end.holders.filter((h) => h === l.userId).length * CARD,
    });
    expect((await get<TreasureListResponse>(TREASURE_PATHS.reward, w)).data.list.map((r) => r.room_id)).toContain(id);
    expect((await get<TreasureListResponse>(TREASURE_PATHS.reward, l)).data.list.map((r) => r.room_id)).not.toContain(
      id,
    );
    expect((await get<TreasureListResponse>(TREASURE_PATHS.selfJoin, a)).data.list.map((r) => r.room_id)).toEqual([id]);
    expect((await get<TreasureListResponse>(TREASURE_PATHS.endList)).data.list[0]).toMatchObject({
      room_id: id,
      winner: { user_id: winner },
    });
    expect((await get<TreasureListResponse>(TREASURE_PATHS.list)).data.list.map((r) => r.room_id)).not.toContain(id);
    await expectLedgerBalanced(t);
  });

  it('a grab sent again with its request id buys once and answers the same cards', async () => {
    const id = (await make(6)).body.data.room_id;
    const p = await player(6 * CARD);
    const send = (count: number, requestId: string) =>
      post<TreasureJoinResponse>(p, TREASURE_PATHS.join, { room_id: id, count, request_id: requestId });
    // Two copies at once (a retry racing the first): one purchase, the same answer twice.
    const [a, b] = await Promise.all([send(2, 'grab-request-0001'), send(2, 'grab-request-0001')]);
    expect(a.body.code).toBe(200);
    expect(b.body.data).toEqual(a.body.data);
    expect(a.body.data).toMatchObject({ cards: [0, 1], paid: 2 * CARD, sold: 2 });
    expect(await coins(p)).toBe(4 * CARD);
    // Later, the same id again: the first grab's cards, nothing bought.
    expect((await send(2, 'grab-request-0001')).body.data).toMatchObject({ cards: [0, 1], paid: 2 * CARD });
    // The same id for another count is a mistake, said so; a new id buys.
    expectRefused(await send(3, 'grab-request-0001'), 'REQUEST_ID_REUSED');
    expect((await send(1, 'grab-request-0002')).body.data).toMatchObject({ cards: [2], sold: 3 });
    expect(await coins(p)).toBe(3 * CARD);
    // Not an id: refused before anything moves.
    expect((await send(1, 'x')).body.code).toBe(ERRORS.VALIDATION_FAILED.code);
    expect(await coins(p)).toBe(3 * CARD);
    await expectLedgerBalanced(t);
  });

  it('a treasure not full by its deadline refunds every card, once', async () => {
    // Access tokens live 15 minutes on the same clock: a short treasure.
    const id = (await make(10, { deadline: clock.now() + 2 * 60_000 })).body.data.room_id;
    const [a, b] = [await player(5 * CARD), await player(5 * CARD)];
    await grab(a, id, 3);
    await grab(b, id, 1);
    await grab(a, id, 1);
    expect([await coins(a), await coins(b)]).toEqual([CARD, 4 * CARD]);
    expect((await get<TreasureListResponse>(TREASURE_PATHS.list)).data.list.map((r) => r.room_id)).toContain(id);

    clock.advance(2 * 60_000 - 1);
    await t.app.games.treasure.tick(id); // not yet due
    expect((await get<TreasureInfo>(`${TREASURE_PATHS.info}?room_id=${id}`)).data.phase).toBe('open');
    clock.advance(1);
    expectRefused(await grab(b, id, 1), 'TREASURE_ENDED'); // the deadline passed, before the tick
    await t.app.games.treasure.tick(id);
    await t.app.games.treasure.tick(id);
    expect([await coins(a), await coins(b)]).toEqual([5 * CARD, 5 * CARD]);
    const end = (await get<TreasureEndInfo>(`${TREASURE_PATHS.endInfo}?room_id=${id}`)).data;
    expect(end).toMatchObject({ phase: 'refunded', state: 2, winner: null, winning_card: null, roll: null });
    expect((await get<TreasureMyCardsResponse>(TREASURE_PATHS.myCards, b)).data.list[0]).toMatchObject({
      room_id: id,
      status: TREASURE_CARD_STATUS.notWon,
    });
    expectRefused(await grab(b, id, 1), 'TREASURE_ENDED');
    await expectLedgerBalanced(t);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'players on two processes racing for the last cards: exactly N sold, each debited for what they got',
    async () => {
      const b = await startTestApp({ clock, sharing: t });
      try {
        for (let round = 0; round < 3; round++) {
          const id = (await make(7)).body.data.room_id;
          const crowd = await db()
            .insert(users)
            .values(Array.from({ length: 12 }, (_, n) => ({ nickName: `grab-${round}-${n}` })))
            .returning({ userId: users.id });
          for (const u of crowd) await credit(t, u.userId, 2 * CARD);
          // Eight ask for one card and four for two, on both processes. With at least seven one-card
          // asks, all seven cards sell whatever the order: a one-card ask is refused only once all
          // seven are gone. (With six, the ones could all come first and leave a card no two-card
          // ask may take.)
          const answers = await Promise.all(
            crowd.map((u, n) =>
              (n % 2 === 0 ? t : b).app.games.treasure.join(u.userId, id, n % 3 === 2 ? 2 : 1).then(
                (r) => ({ userId: u.userId, cards: r.cards.length }),
                (e: unknown) => ({ userId: u.userId, cards: 0, key: e instanceof AppError ? e.key : String(e) }),
              ),
            ),
          );
          const sold = answers.reduce((s, a) => s + a.cards, 0);
          expect(sold).toBe(7);
          for (const a of answers) {
            if ('key' in a) expect(['TREASURE_ENDED', 'TREASURE_NOT_ENOUGH_CARDS']).toContain(a.key);
            expect(await coins(a)).toBe(2 * CARD - a.cards * CARD);
          }
          const end = (await get<TreasureEndInfo>(`${TREASURE_PATHS.endInfo}?room_id=${id}`)).data;
          expect(end.holders).toHaveLength(7);
          // Both processes tick at once: one draw, one prize.
          await Promise.all([t.app.games.treasure.tick(id), b.app.games.treasure.tick(id)]);
          const prizes = await db()
            .select()
            .from(userItems)
            .where(and(eq(userItems.source, 'treasure'), eq(userItems.sourceId, id)));
          expect(prizes).toHaveLength(1);
          expect(end.holders).toContain(prizes[0]?.userId);
        }
        await expectLedgerBalanced(t);
      } finally {
        await b.close();
      }
    },
  );
});

describe('a treasure filled on a process that dies before its draw', () => {
  it.skipIf(!process.env.TEST_DATABASE_URL)('is drawn by the other process, once', async () => {
    const clock = fakeClock();
    const a = await startTestApp({ clock });
    const b = await startTestApp({ clock, sharing: a });
    const doomed = await startTestApp({ clock, sharing: a });
    try {
      const db = a.rt.database.db;
      const admin = await registerUser(a);
      await setRole(a, admin, 'admin');
      const [def] = await catalogueRows(a, 1);
      const made = await a.api<{ room_id: number }>('POST', ADMIN_GAME_PATHS.treasureCreate, {
        headers: { authorization: `Bearer ${admin.tokens.access_token}` },
        body: { title: '断电夺宝', item_id: def?.id, cards: 3, card_price: CARD, deadline: clock.now() + HOUR },
      });
      const id = made.body.data.room_id;
      const [p, q] = [await registerUser(a), await registerUser(a)];
      await credit(a, p.userId, 2 * CARD);
      await credit(a, q.userId, CARD);
      await a.app.games.treasure.join(p.userId, id, 2);
      // The last card is sold on the process that then dies, before its timer draws.
      await doomed.app.games.treasure.join(q.userId, id, 1);
      await doomed.close();
      // The survivor's sweep finds the treasure due and ticks it; a second tick finds it won.
      await b.app.games.treasure.tick(id);
      await b.app.games.treasure.tick(id);
      const end = (await a.api<TreasureEndInfo>('GET', `${TREASURE_PATHS.endInfo}?room_id=${id}`)).body.data;
      expect(end.phase).toBe('won');
      const prizes = await db
        .select()
        .from(userItems)
        .where(and(eq(userItems.source, 'treasure'), eq(userItems.sourceId, id)));
      expect(prizes).toHaveLength(1);
      expect([p.userId, q.userId]).toContain(prizes[0]?.userId);
      expect(end.winner?.user_id).toBe(prizes[0]?.userId);
      await expectLedgerBalanced(a);
    } finally {
      await doomed.close().catch(() => undefined);
      await b.close();
      await a.close();
    }
  });
});

/**
 * The wiring, on the real clock: the last card's deadline reaches the scheduler leader, whose
 * timer draws the treasure with nobody calling the tick; an unfilled one's deadline (moved close:
 * the rules want it at least a minute off) is refunded the same way.
 */
describe('treasures settled by the scheduler leader', () => {
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

  async function settle(id: number, phase: string) {
    let seen = '';
    for (let i = 0; i < 200 && seen !== phase; i++) {
      await new Promise((r) => setTimeout(r, 50));
      seen = (await t.api<TreasureInfo>('GET', `${TREASURE_PATHS.info}?room_id=${id}`)).body.data.phase;
    }
    return seen;
  }

  it('draws a full treasure and refunds an expired one by itself', async () => {
    const db = t.rt.database.db;
    const admin = await registerUser(t);
    await setRole(t, admin, 'admin');
    const [def] = await catalogueRows(t, 1);
    const make = async () =>
      (
        await asUser<{ room_id: number }>(t, admin.tokens.access_token, 'POST', ADMIN_GAME_PATHS.treasureCreate, {
          title: 'auto',
          item_id: def?.id,
          cards: 2,
          card_price: CARD,
          deadline: Date.now() + HOUR,
        })
      ).body.data.room_id;
    const p = await registerUser(t);
    await credit(t, p.userId, 3 * CARD);

    const full = await make();
    const grabbed = await asUser(t, p.tokens.access_token, 'POST', TREASURE_PATHS.join, { room_id: full, count: 2 });
    expect(grabbed.body.code).toBe(200);
    expect(await settle(full, 'won')).toBe('won');
    const won = await db
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'treasure'), eq(userItems.sourceId, full)));
    expect(won.map((r) => r.userId)).toEqual([p.userId]);

    const left = await make();
    await asUser(t, p.tokens.access_token, 'POST', TREASURE_PATHS.join, { room_id: left, count: 1 });
    expect((await balancesOf(db, p.userId)).coin).toBe(0);
    const soon = Date.now() + 300;
    await db
      .update(gameRooms)
      .set({ dueAt: new Date(soon), data: sql`jsonb_set(${gameRooms.data}, '{deadlineMs}', ${String(soon)}::jsonb)` })
      .where(eq(gameRooms.id, left));
    expect(await settle(left, 'refunded')).toBe('refunded');
    expect((await balancesOf(db, p.userId)).coin).toBe(CARD);
    await expectLedgerBalanced(t);
  });
});

/**
 * The screens follow a treasure through the socket: a visitor's connection may JOIN treasure:hall
 * and treasure:{id}, and hears each event there with the room's sequence number.
 */
describe('treasure events reach a watcher’s socket', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}/connect`;
  });
  afterAll(() => t.close());

  it('joins the hall and the treasure, and hears a grab on both', async () => {
    const admin = await registerUser(t);
    await setRole(t, admin, 'admin');
    const [def] = await catalogueRows(t, 1);
    const made = await asUser<{ room_id: number }>(
      t,
      admin.tokens.access_token,
      'POST',
      ADMIN_GAME_PATHS.treasureCreate,
      {
        title: '直播夺宝',
        item_id: def?.id,
        cards: 3,
        card_price: CARD,
        deadline: Date.now() + HOUR,
      },
    );
    const id = made.body.data.room_id;
    const ws = await TestSocket.open(url);
    try {
      for (const room of [TREASURE_HALL_ROOM, treasureRoom(id)]) {
        ws.send('JOIN', { room });
        expect((await ws.next('JOIN')).data).toMatchObject({ room });
      }
      const p = await registerUser(t);
      await credit(t, p.userId, CARD);
      const grabbed = await asUser(t, p.tokens.access_token, 'POST', TREASURE_PATHS.join, { room_id: id, count: 1 });
      expect(grabbed.body.code).toBe(200);
      for (const room of [treasureRoom(id), TREASURE_HALL_ROOM]) {
        const frame = await ws.next(TREASURE_EVENTS.grab, (f) => f.room === room);
        expect(frame.data).toMatchObject({ room_id: id, user_id: p.userId, first: 0, count: 1, sold: 1 });
        expect(frame.seq).toBeGreaterThan(0);
      }
    } finally {
      await ws.close();
    }
  });
});
