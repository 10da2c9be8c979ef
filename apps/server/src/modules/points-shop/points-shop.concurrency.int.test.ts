import { randomUUID } from 'node:crypto';
import type { Envelope } from '@kaixiang/shared/envelope';
import { ERRORS } from '@kaixiang/shared/errors';
import { POINTS_SHOP_PATHS, type PointsShopBuyResponse } from '@kaixiang/shared/points-shop';
import { signRequest } from '@kaixiang/shared/signature';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { type NodeProcess, startNodeProcess, stopNodeProcess } from '../../../test/support/node-process.ts';
import { signedInPlayers } from '../../../test/support/players.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { pointsShopEntries, pointsShopPurchases } from '../../db/schema/points-shop.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { resolveGoods } from './points-shop.goods.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

type Answer = { status: number; body: Envelope<PointsShopBuyResponse> };
type Player = { userId: number; token: string };

/**
 * Purchases at once on the real PostgreSQL, over three server instances: two in this process with
 * pools of their own and a second process (PGlite runs one statement at a time: it would prove
 * nothing). The database's guards alone hold the stock and the limits.
 */
describe.skipIf(!PG_URL || !REDIS_URL)('points shop: purchases at once on several processes (PostgreSQL)', () => {
  let t: TestApp;
  let t2: TestApp;
  let other: NodeProcess | undefined;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    other = await startNodeProcess('app-node.ts', [t.rt.database.url ?? '', REDIS_URL ?? '', t.redisPrefix]);
  });
  afterAll(async () => {
    await stopNodeProcess(other);
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  /** A buy request on instance i % 3: this process's two apps, then the other process. */
  const buyOn = async (i: number, p: Player, entryId: number, price: number, requestId = randomUUID()) => {
    const body = { entry_id: entryId, price, request_id: requestId };
    const headers = { authorization: `Bearer ${p.token}` };
    if (i % 3 < 2)
      return (i % 3 === 0 ? t : t2).api<PointsShopBuyResponse>('POST', POINTS_SHOP_PATHS.buy, { body, headers });
    const url = `/api${POINTS_SHOP_PATHS.buy}`;
    const raw = JSON.stringify(body);
    const sign = await signRequest(
      t.rt.config.SIGN_SECRET,
      { method: 'POST', pathWithQuery: url, body: raw },
      Date.now(),
    );
    const res = await fetch(`http://127.0.0.1:${other?.port}${url}`, {
      method: 'POST',
      headers: { ...sign, ...headers, 'content-type': 'application/json' },
      body: raw,
    });
    return { status: res.status, body: (await res.json()) as Answer['body'] };
  };
  const players = async (n: number, points: number) => {
    const made = await signedInPlayers(db(), t.rt.config.TOKEN_SECRET, n, Date.now());
    for (const p of made) await credit(t, p.userId, points, 'point');
    return made;
  };
  /** A ¥0.10 coin entry for 10 points. */
  const entry = async (o: { stock: number | null; limit: number | null }) => {
    const goods = await resolveGoods(db(), {
      kind: 'coin',
      item_id: null,
      exter: null,
      coin: 1_000,
      bag_campaign_id: null,
      bag_count: 1,
    });
    const now = new Date();
    const [row] = await db()
      .insert(pointsShopEntries)
      .values({
        kind: goods.kind,
        nameZhCn: goods.names.zhCn,
        coinUnits: goods.coinUnits,
        worthUnits: goods.worthUnits,
        pricePoints: 10,
        stock: o.stock,
        limitCount: o.limit,
        limitPeriod: 'ever',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('no entry');
    return row;
  };
  const debits = async (entryId: number) => {
    const purchases = await db().select().from(pointsShopPurchases).where(eq(pointsShopPurchases.entryId, entryId));
    const keys = await db().select().from(ledgerTransfers).where(like(ledgerTransfers.idemKey, 'points_shop:%'));
    const mine = new Set(purchases.map((p) => p.debitTransferId));
    return { purchases, transfers: keys.filter((k) => mine.has(k.id) && !k.idemKey.endsWith(':coin')) };
  };
  const codes = (answers: Answer[]) => answers.map((a) => a.body.code);

  it('stock 3, 20 buyers at once: exactly 3 sold, 3 debits, the other 17 told it is sold out', async () => {
    const e = await entry({ stock: 3, limit: null });
    const crowd = await players(20, 100);
    const answers = await Promise.all(crowd.map((p, i) => buyOn(i, p, e.id, 10)));
    expect(codes(answers).filter((c) => c === 200)).toHaveLength(3);
    expect(codes(answers).filter((c) => c === ERRORS.POINTS_SHOP_SOLD_OUT.code)).toHaveLength(17);
    const [after] = await db().select().from(pointsShopEntries).where(eq(pointsShopEntries.id, e.id));
    expect(after?.stock).toBe(0);
    const { purchases, transfers } = await debits(e.id);
    expect(purchases).toHaveLength(3);
    expect(transfers).toHaveLength(3);
    const paid = await Promise.all(crowd.map(async (p) => (await balancesOf(db(), p.userId)).point));
    expect(paid.filter((b) => b === 90)).toHaveLength(3);
    expect(paid.filter((b) => b === 100)).toHaveLength(17);
  });

  it('one player, limit 1, 10 clicks at once on three instances: one purchase', async () => {
    const e = await entry({ stock: null, limit: 1 });
    const [p] = await players(1, 1_000);
    if (!p) throw new Error('no player');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buyOn(i, p, e.id, 10)));
    expect(codes(answers).filter((c) => c === 200)).toHaveLength(1);
    expect(codes(answers).filter((c) => c === ERRORS.POINTS_SHOP_LIMIT_REACHED.code)).toHaveLength(9);
    expect((await debits(e.id)).transfers).toHaveLength(1);
    expect(await balancesOf(db(), p.userId)).toMatchObject({ point: 990, coin: 1_000 });
  });

  it('points for two, 10 clicks at once: two purchases, never below zero', async () => {
    const e = await entry({ stock: null, limit: null });
    const [p] = await players(1, 25);
    if (!p) throw new Error('no player');
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buyOn(i, p, e.id, 10)));
    expect(codes(answers).filter((c) => c === 200)).toHaveLength(2);
    expect(codes(answers).filter((c) => c === ERRORS.POINTS_SHOP_POINTS_SHORT.code)).toHaveLength(8);
    expect((await balancesOf(db(), p.userId)).point).toBe(5);
    expect((await debits(e.id)).purchases).toHaveLength(2);
  });

  it('one request sent 10 times at once: bought once, every answer the same purchase', async () => {
    const e = await entry({ stock: 5, limit: null });
    const [p] = await players(1, 100);
    if (!p) throw new Error('no player');
    const requestId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => buyOn(i, p, e.id, 10, requestId)));
    expect(codes(answers).every((c) => c === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.body.data.purchase.id)).size).toBe(1);
    expect((await debits(e.id)).transfers).toHaveLength(1);
    const [after] = await db().select().from(pointsShopEntries).where(eq(pointsShopEntries.id, e.id));
    expect(after?.stock).toBe(4);
  });
});
