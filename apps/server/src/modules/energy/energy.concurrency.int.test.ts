import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse, type OpenBoxResponse } from '@kaixiang/shared/boxes';
import {
  ENERGY_PATHS,
  type EnergyOpenResponse,
  FREE_BOX_PATHS,
  type FreeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { ERRORS } from '@kaixiang/shared/errors';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { signedInPlayers } from '../../../test/support/players.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { userBags } from '../../db/schema/bags.ts';
import { boxOpenRequests } from '../../db/schema/boxes.ts';
import { energyLevels, freeBoxClaims } from '../../db/schema/energy.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { users } from '../../db/schema/users.ts';
import { balancesOf, postTransfer } from '../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * Several openings of one level at once on the real PostgreSQL, over two server instances with
 * pools of their own (each process queues one player's openings; across instances only the
 * database holds): the week's bag is given once and kx_open_bag opens it once.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('energy box: openings of one level at once (PostgreSQL)', () => {
  let t: TestApp;
  let t2: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error', BOX_TICKER_DELAY_MS: '0' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error', BOX_TICKER_DELAY_MS: '0' } });
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  it('12 requests at once for one reached level → one opening, one credit, 11 refused', async () => {
    const db = t.rt.database.db;
    const list = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data;
    const box = list.categories.flatMap((c) => c.boxes).sort((a, b) => a.price - b.price)[0];
    if (!box) throw new Error('no boxes');
    const [level] = await db.select().from(energyLevels).where(eq(energyLevels.level, 1));
    if (!level) throw new Error('no seeded level 1');
    await db.update(energyLevels).set({ energyUnits: box.price }).where(eq(energyLevels.id, level.id));

    const [p] = await signedInPlayers(db, t.rt.config.TOKEN_SECRET, 1, Date.now());
    if (!p) throw new Error('no player');
    const headers = { authorization: `Bearer ${p.token}` };
    await credit(t, p.userId, box.price);
    const opened = await t.api<OpenBoxResponse>('POST', BOX_PATHS.open, {
      body: { box_id: box.box_id, count: 1, request_id: randomUUID() },
      headers,
    });
    expect(opened.body.code).toBe(200);
    const before = (await balancesOf(db, p.userId)).coin;

    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? t2 : t).api<EnergyOpenResponse>('POST', ENERGY_PATHS.open, { body: { level_id: level.id }, headers }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.ENERGY_ALREADY_OPENED.code)).toHaveLength(11);
    const won = answers.find((a) => a.body.code === 200)?.body.data;
    if (!won) throw new Error('no opening');

    const bags = await db
      .select()
      .from(userBags)
      .where(and(eq(userBags.userId, p.userId), eq(userBags.source, 'energy')));
    expect(bags.map((b) => [b.id, b.state, b.amountUnits])).toEqual([[won.bag_id, 1, won.get_money]]);
    const credits = await db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `bag_open:${won.bag_id}`));
    expect(credits).toHaveLength(1);
    expect((await balancesOf(db, p.userId)).coin).toBe(before + won.get_money);
  });

  it('free boxes: 12 openings at once → one; two players with one ID → one first-charge box', async () => {
    const db = t.rt.database.db;
    const [p, q, r] = await signedInPlayers(db, t.rt.config.TOKEN_SECRET, 3, Date.now());
    if (!p || !q || !r) throw new Error('no players');
    const as = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });
    const now = new Date();
    await db.update(users).set({ steamLinkBoundAt: now }).where(eq(users.id, p.userId));
    const before = (await balancesOf(db, p.userId)).coin;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? t2 : t).api<FreeBoxOpenResponse>('POST', FREE_BOX_PATHS.open, {
          body: { kind: 'trade_link' },
          headers: as(p),
        }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.FREE_BOX_USED.code)).toHaveLength(11);
    const funded = await db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `free_box:trade_link:${p.userId}`));
    expect(funded).toHaveLength(1);
    expect(await db.select().from(boxOpenRequests).where(eq(boxOpenRequests.userId, p.userId))).toHaveLength(1);
    expect((await balancesOf(db, p.userId)).coin).toBe(before);

    // Two accounts of one verified person, both recharged: six tries each at once, one box.
    for (const u of [q, r]) {
      await db
        .update(users)
        .set({ idNumberHash: `one-person-${q.userId}` })
        .where(eq(users.id, u.userId));
      await postTransfer(
        db,
        {
          kind: 'recharge',
          key: `test-recharge:${u.userId}`,
          currency: 'coin',
          legs: [
            { account: { userId: u.userId }, amount: 100_000 },
            { account: { house: 'payments_in' }, amount: -100_000 },
          ],
        },
        now,
      );
    }
    const firsts = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? t2 : t).api<FreeBoxOpenResponse>('POST', FREE_BOX_PATHS.open, {
          body: { kind: 'first_charge' },
          headers: as(i % 4 < 2 ? q : r),
        }),
      ),
    );
    const firstCodes = firsts.map((a) => a.body.code);
    expect(firstCodes.filter((c) => c === 200)).toHaveLength(1);
    expect(
      firstCodes.filter((c) => c === ERRORS.FREE_BOX_USED.code || c === ERRORS.FREE_BOX_ID_USED.code),
    ).toHaveLength(11);
    const claims = await db.select().from(freeBoxClaims).where(eq(freeBoxClaims.kind, 'first_charge'));
    expect(claims.filter((c) => c.userId === q.userId || c.userId === r.userId)).toHaveLength(1);
  });
});
