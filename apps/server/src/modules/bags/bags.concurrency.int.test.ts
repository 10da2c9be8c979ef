import { BAG_PATHS, type OpenBagResponse } from '@kaixiang/shared/bags';
import type { Envelope } from '@kaixiang/shared/envelope';
import { ERRORS } from '@kaixiang/shared/errors';
import { signRequest } from '@kaixiang/shared/signature';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { giveBags } from '../../../test/support/bags.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { type NodeProcess, startNodeProcess, stopNodeProcess } from '../../../test/support/node-process.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { until } from '../../../test/support/until.ts';
import { userBags } from '../../db/schema/bags.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { type BagsService, createBagsService } from './bags.service.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;

type Answer = { status: number; body: Envelope<OpenBagResponse> };

/**
 * Races on the real PostgreSQL and Redis with a second server process (PGlite runs one statement
 * at a time and memory counters are one process's: they would prove nothing here).
 */
describe.skipIf(!PG_URL || !REDIS_URL)('lucky bags opened at once on two processes (PostgreSQL + Redis)', () => {
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

  /** get-bag on this process. */
  const here = (u: TestUser): Promise<Answer> =>
    t.api<OpenBagResponse>('POST', BAG_PATHS.getBag, {
      body: {},
      headers: { authorization: `Bearer ${u.tokens.access_token}` },
    });
  /** get-bag on the other process, signed as the web client signs it. */
  const there = async (u: TestUser): Promise<Answer> => {
    const url = `/api${BAG_PATHS.getBag}`;
    const body = '{}';
    const sign = await signRequest(t.rt.config.SIGN_SECRET, { method: 'POST', pathWithQuery: url, body }, Date.now());
    const res = await fetch(`http://127.0.0.1:${other?.port}${url}`, {
      method: 'POST',
      headers: { ...sign, 'content-type': 'application/json', authorization: `Bearer ${u.tokens.access_token}` },
      body,
    });
    return { status: res.status, body: (await res.json()) as Envelope<OpenBagResponse> };
  };
  const credits = async (userId: number) => {
    const db = t.rt.database.db;
    const bags = await db.select().from(userBags).where(eq(userBags.userId, userId));
    const transfers = await db
      .select()
      .from(ledgerTransfers)
      .where(and(eq(ledgerTransfers.kind, 'bag_open')));
    const mine = new Set(bags.map((b) => `bag_open:${b.id}`));
    return { bags, transfers: transfers.filter((x) => mine.has(x.idemKey)) };
  };
  /** The service with the 3 s rule off, on one app's own pool and seed cache: the database's guard alone. */
  const unthrottled = (app: TestApp): BagsService =>
    createBagsService({
      db: app.rt.database.db,
      clock: app.rt.clock,
      ledger: { transaction: () => Promise.reject(new Error('unused')), pushBalances: async () => undefined },
      bus: app.rt.bus,
      counters: app.rt.counters,
      transaction: (fn) => app.rt.transaction(fn),
      cooldownMs: 0,
    });
  const outcome = (p: Promise<unknown>) =>
    p.then(
      () => 'ok',
      (e: { key?: string }) => e.key ?? String(e),
    );

  it('20 opening requests at once, half on each process, open one bag once: one credit, the rest told to wait', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 3);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? there(u) : here(u))));
    const ok = answers.filter((a) => a.body.code === 200);
    expect(ok).toHaveLength(1);
    expect(answers.filter((a) => a.body.code === ERRORS.BAG_TOO_FREQUENT.code)).toHaveLength(19);
    const { bags, transfers } = await credits(u.userId);
    expect(bags.filter((b) => b.state === 1)).toHaveLength(1);
    expect(transfers).toHaveLength(1);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(ok[0]?.body.data.get_money);
  });

  it('the 3 s hold across processes: refused on one right after an opening on the other, then open again', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 2);
    expect((await there(u)).body.code).toBe(200);
    expect((await here(u)).body.code).toBe(ERRORS.BAG_TOO_FREQUENT.code);
    // A refused request takes no turn of its own: asking again opens once the 3 s have passed.
    const later = await until(async () => {
      const a = await here(u);
      return a.body.code === ERRORS.BAG_TOO_FREQUENT.code ? null : a;
    });
    expect(later.body.code).toBe(200);
    expect((await there(u)).body.code).toBe(ERRORS.BAG_TOO_FREQUENT.code);
  });

  it('without the 3 s, the database alone opens one bag once, whatever the number of openings and instances', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 1);
    const [bag] = (await credits(u.userId)).bags;
    const services = [unthrottled(t), unthrottled(t2)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(services[i % 2]!.open(u.userId, bag?.id ?? 0, 'zh-CN'))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(results.filter((r) => r === 'BAG_ALREADY_OPENED')).toHaveLength(19);
    expect((await credits(u.userId)).transfers).toHaveLength(1);
  });

  it('without the 3 s, 20 get-bag at once on two instances open each of 5 bags once, each with its own nonce', async () => {
    const u = await registerUser(t);
    await giveBags(t, u.userId, 5);
    const services = [unthrottled(t), unthrottled(t2)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(services[i % 2]!.getBag(u.userId, undefined, 'zh-CN'))),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(5);
    expect(results.filter((r) => r === 'BAG_NONE')).toHaveLength(15);
    const { bags, transfers } = await credits(u.userId);
    expect(bags.every((b) => b.state === 1)).toBe(true);
    expect(transfers).toHaveLength(5);
    const nonces = bags.map((b) => b.nonce ?? -1).sort((a, b) => a - b);
    expect(nonces).toEqual([0, 1, 2, 3, 4]);
    const paid = bags.reduce((s, b) => s + (b.amountUnits ?? 0), 0);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(paid);
  });
});
