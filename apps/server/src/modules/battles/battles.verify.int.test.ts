import { BATTLE_GAME } from '@kaixiang/game/battle';
import { oddsHash } from '@kaixiang/game/fair';
import { BATTLE_PATHS, type BattleRoomData } from '@kaixiang/shared/battles';
import { beaconRoundAfter } from '@kaixiang/shared/beacon';
import { BOX_PATHS, type BoxListResponse, type ContainsResponse } from '@kaixiang/shared/boxes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { credit } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { gameRoomMembers, gameRooms } from '../../db/schema/games.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * What a battle's snapshot gives the fairness page besides the rolls (docs/games/battles.md
 * "Verify data"): when the last seat was taken, against which the beacon round is checked, and
 * each round's box version and odds hash, against the table the box publishes for that version.
 */
describe('battle verify data', () => {
  let t: TestApp;
  let scheduler: Scheduler;
  let box: { box_id: number; price: number };

  beforeAll(async () => {
    t = await startTestApp();
    scheduler = createScheduler({ database: t.rt.database, pollMs: 20, clock: t.rt.clock, log: quiet });
    t.app.games.timers.attach(scheduler);
    scheduler.start();
    const list = await t.api<BoxListResponse>('GET', BOX_PATHS.list);
    box = list.body.data.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
  });
  afterAll(async () => {
    await scheduler.stop();
    await t.close();
  });

  async function player(): Promise<TestUser> {
    const u = await registerUser(t);
    await credit(t, u.userId, box.price * 4);
    return u;
  }
  const post = <T>(u: TestUser, path: string, body: unknown) => asUser<T>(t, u.tokens.access_token, 'POST', path, body);
  const room = async (id: number) =>
    (await t.api<{ data: BattleRoomData; now: number }>('GET', `${BATTLE_PATHS.room}?room_id=${id}`)).body.data.data;
  it('gives the time the last seat was taken, the beacon round after it, and each box version and odds hash', async () => {
    const [a, b] = [await player(), await player()];
    const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, {
      box_ids: [box.box_id, box.box_id],
      user_num: 2,
      game_mode: 3,
    });
    const id = made.body.data.room_id;
    expect((await room(id)).full_at).toBeNull(); // a seat is still open
    expect((await post(b, BATTLE_PATHS.join, { room_id: id })).body.code).toBe(200);
    const ended = await until(async () => {
      const r = await room(id);
      return r.room_state === 3 ? r : null;
    });

    // The last seat's row was written by the join that filled the room, at that join's time.
    const seats = await t.rt.database.db.select().from(gameRoomMembers).where(eq(gameRoomMembers.roomId, id));
    expect(ended.full_at).toBe(Math.max(...seats.map((s) => s.joinedAt.getTime())));
    expect(ended.beacon_round).toBe(beaconRoundAfter(t.app.games.beacon.info.schedule, ended.full_at as number));
    // Its link, followed unsigned as a player's tab does, serves the value the rolls took.
    const beacon = await t.app.inject({ method: 'GET', url: ended.beacon_url as string });
    expect(beacon.json().data).toEqual({ round: ended.beacon_round, randomness: ended.public_seed });

    // Each round's table is the one the box publishes for the version the room was made with.
    const contains = (await t.api<ContainsResponse>('GET', `${BOX_PATHS.contains}?box_id=${box.box_id}`)).body.data;
    expect(ended.odds).toHaveLength(2);
    for (const table of ended.odds) {
      expect(table).toMatchObject({ box_id: box.box_id, version: contains.version, odds_hash: contains.odds_hash });
      const entries = table.entries.map((e) => ({ itemId: e.item_id, exter: e.exter, tickets: e.tickets }));
      expect(oddsHash(entries, table.total)).toBe(table.odds_hash);
    }

    // A room made before versions were kept says so (null) and still hashes the table it used.
    const [row] = await t.rt.database.db.select().from(gameRooms).where(eq(gameRooms.id, id));
    if (!row) throw new Error('no room row');
    const { boxVersions: _, ...before } = row.data as { boxVersions?: number[] };
    await t.rt.database.db.update(gameRooms).set({ data: before }).where(eq(gameRooms.id, id));
    const legacy = await room(id);
    expect(legacy.odds.map((o) => [o.version, o.odds_hash])).toEqual(ended.odds.map((o) => [null, o.odds_hash]));
    expect((await t.app.games.engine.load(BATTLE_GAME, id))?.data).not.toHaveProperty('boxVersions');
  });

  it('gives no close time for a room dissolved unfilled', async () => {
    const a = await player();
    const made = await post<{ room_id: number }>(a, BATTLE_PATHS.create, { box_ids: [box.box_id], user_num: 2 });
    const id = made.body.data.room_id;
    expect((await post(a, BATTLE_PATHS.dissolve, { room_id: id })).body.code).toBe(200);
    expect(await room(id)).toMatchObject({ room_state: 4, full_at: null, beacon_round: null, beacon_url: null });
  });
});
