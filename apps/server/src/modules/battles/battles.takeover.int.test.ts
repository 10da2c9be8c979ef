import { advance, BATTLE_GAME, type Battle, begin } from '@kaixiang/game/battle';
import { BATTLE_PATHS } from '@kaixiang/shared/battles';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { userItems } from '../../db/schema/items.ts';
import { createScheduler, type Scheduler } from '../../infra/scheduler.ts';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * Two processes of one deployment (two apps on one PostgreSQL database). A leads the scheduler
 * and runs a battle's rounds; mid-battle A's scheduler stops (as when its process dies: the
 * advisory lock goes with its connection). B takes the lead, finds the room's deadline in its
 * sweep and finishes the battle — with the result the committed seeds give, settled once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('a battle whose scheduler leader dies', () => {
  let a: TestApp;
  let b: TestApp;
  let leaderA: Scheduler;
  let leaderB: Scheduler;

  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ sharing: a });
    leaderA = createScheduler({ database: a.rt.database, pollMs: 50, clock: a.rt.clock, log: quiet });
    a.app.games.timers.attach(leaderA);
    leaderA.start();
    await new Promise((r) => setTimeout(r, 200)); // A takes the lock first
    leaderB = createScheduler({ database: b.rt.database, pollMs: 50, clock: b.rt.clock, log: quiet });
    b.app.games.timers.attach(leaderB);
    leaderB.start();
  });
  afterAll(async () => {
    await leaderB.stop();
    await leaderA.stop().catch(() => undefined);
    await b.close();
    await a.close();
  });

  it('ends on the other process with the result the seeds give, once', async () => {
    expect(leaderA.isLeader()).toBe(true);
    expect(leaderB.isLeader()).toBe(false);
    const list = await a.api<BoxListResponse>('GET', BOX_PATHS.list);
    const box = list.body.data.categories.flatMap((c) => c.boxes).reduce((x, y) => (y.price < x.price ? y : x));
    const [p, q] = [await registerUser(a), await registerUser(a)];
    for (const u of [p, q]) await credit(a, u.userId, box.price * 6);
    const made = await asUser<{ room_id: number }>(a, p.tokens.access_token, 'POST', BATTLE_PATHS.create, {
      box_ids: Array(6).fill(box.box_id),
      user_num: 2,
      game_mode: 3,
    });
    const id = made.body.data.room_id;
    await asUser(b, q.tokens.access_token, 'POST', BATTLE_PATHS.join, { room_id: id });

    const load = () => b.app.games.engine.load<Battle>(BATTLE_GAME, id);
    // Wait until A has revealed a round or two, then A's leadership ends.
    for (let i = 0; i < 400 && ((await load())?.data.round ?? 0) < 2; i++) await new Promise((r) => setTimeout(r, 25));
    const midway = await load();
    expect(midway?.data.state).toBe('running');
    expect(midway?.data.round).toBeGreaterThanOrEqual(2);
    await leaderA.stop();

    let ended = await load();
    for (let i = 0; i < 400 && ended?.data.state !== 'ended'; i++) {
      await new Promise((r) => setTimeout(r, 25));
      ended = await load();
    }
    expect(leaderB.isLeader()).toBe(true);
    expect(ended?.data.state).toBe('ended');

    // The same battle replayed from its committed seeds gives the same result.
    const full: Battle = {
      ...(ended as { data: Battle }).data,
      state: 'running',
      publicSeed: null,
      rolls: [],
      round: 0,
      result: null,
    };
    const started = begin(full, ended?.publicSeed as string);
    if (!started.ok) throw new Error(started.error);
    let battle = started.value.state;
    while (battle.state === 'running') {
      const next = advance(battle);
      if (!next.ok) throw new Error(next.error);
      battle = next.value.state;
    }
    expect(battle.result).toEqual(ended?.data.result);
    // Settled once: the winner got the 12 items once, a repeated tick changes nothing.
    await b.app.games.battles.tick(id);
    const items = await b.rt.database.db
      .select()
      .from(userItems)
      .where(and(eq(userItems.source, 'battle'), eq(userItems.sourceId, id)));
    expect(items).toHaveLength(12);
    await expectLedgerBalanced(b);
  });
});
