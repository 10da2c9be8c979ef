import { randomUUID } from 'node:crypto';
import { rollWish } from '@kaixiang/game/wish';
import { ADMIN_WISHING_WELL_PATHS, type AdminWishEntry } from '@kaixiang/shared/admin-wishing-well';
import { WISHING_WELL_PATHS, type WishResponse } from '@kaixiang/shared/wishing-well';
import { and, eq, isNull, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { fairSeeds } from '../../db/schema/boxes.ts';
import { userItems } from '../../db/schema/items.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { wishEntries, wishes } from '../../db/schema/wishing-well.ts';
import { balancesOf } from '../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

/**
 * One player's wishes at once on the real PostgreSQL, over two server instances with pools of their
 * own (PGlite runs one statement at a time: it would prove nothing). Each instance's per-player
 * queue and seed cache know nothing of the other's wishes: only kx_wish's compare-and-set of the
 * nonce keeps every nonce to one roll.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('wishing well: wishes at once (PostgreSQL)', () => {
  let t: TestApp;
  let t2: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  const wishOn = (i: number, u: TestUser, e: AdminWishEntry, requestId = randomUUID()) =>
    (i % 2 === 0 ? t : t2).api<WishResponse>('POST', WISHING_WELL_PATHS.wish, {
      headers: bearer(u.tokens.access_token),
      body: { entry_id: e.id, price: e.price, chance_ppm: e.chance_ppm, request_id: requestId },
    });
  const entry = async () => {
    const [q3] = await db().select().from(wishEntries).where(eq(wishEntries.slug, 'q3_points'));
    if (!q3) throw new Error('no seeded entry');
    const res = await t.api<AdminWishEntry>('POST', ADMIN_WISHING_WELL_PATHS.create, {
      headers: bearer(admin.tokens.access_token),
      body: { item_id: q3.itemDefId, exter: q3.exter, currency: 'coin', price: q3.worthUnits, chance_ppm: 500_000 },
    });
    if (res.body.code !== 200) throw new Error(JSON.stringify(res.body));
    return res.body.data;
  };

  it('10 wishes at once by one player: 10 distinct nonces, 10 debits, the items of the hits', async () => {
    const e = await entry();
    const u = await registerUser(t);
    await credit(t, u.userId, e.price * 10);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => wishOn(i, u, e)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(200));
    const rows = await db().select().from(wishes).where(eq(wishes.userId, u.userId));
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((r) => r.nonce)).size).toBe(10);
    const [seed] = await db()
      .select()
      .from(fairSeeds)
      .where(and(eq(fairSeeds.userId, u.userId), isNull(fairSeeds.revealedAt)));
    if (!seed) throw new Error('no seed pair');
    expect(rows.map((r) => r.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(seed.nonce).toBe(10);
    // Every recorded roll is the one its nonce gives, and the hits are exactly the items granted.
    for (const r of rows) {
      const { roll } = rollWish({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: r.nonce });
      expect(r.roll).toBe(roll);
      expect(r.hit).toBe(roll < e.chance_ppm);
    }
    const items = await db().select().from(userItems).where(eq(userItems.userId, u.userId));
    expect(items).toHaveLength(rows.filter((r) => r.hit).length);
    const debits = await db()
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `wishing_well:${u.userId}:%`));
    expect(debits).toHaveLength(10);
    expect((await balancesOf(db(), u.userId)).coin).toBe(0);
  });

  it('one request sent 10 times at once pays once and answers one wish', async () => {
    const e = await entry();
    const u = await registerUser(t);
    await credit(t, u.userId, e.price * 3);
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => wishOn(i, u, e, requestId)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.data.wish.id)).size).toBe(1);
    expect(await db().select().from(wishes).where(eq(wishes.userId, u.userId))).toHaveLength(1);
    expect((await balancesOf(db(), u.userId)).coin).toBe(e.price * 2);
  });
});
