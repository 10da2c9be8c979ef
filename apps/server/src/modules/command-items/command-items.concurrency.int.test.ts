import type { Envelope } from '@kaixiang/shared/envelope';
import { ERRORS } from '@kaixiang/shared/errors';
import { COMMAND_PATHS, type CommandRewardResponse } from '@kaixiang/shared/vip';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { signedInPlayers } from '../../../test/support/players.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { commandItemClaims, commandItemCodes } from '../../db/schema/command-items.ts';
import { userItems } from '../../db/schema/items.ts';
import type { AppError } from '../../http/app-error.ts';
import { createCommandItems } from './command-items.service.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * Uses at once on the real PostgreSQL, over two server instances with pools of their own sharing
 * one database (PGlite runs one statement at a time: it would prove nothing). The database's
 * guards alone (the unique claim row, the guarded UPDATE of uses_left) hold the stock and the one
 * use per player.
 */
describe.skipIf(!PG_URL)('command item codes: uses at once (PostgreSQL)', () => {
  let t: TestApp;
  let t2: TestApp;
  let itemId: number;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    const [def] = await t.rt.database.db.select().from(itemDefs).orderBy(asc(itemDefs.id)).limit(1);
    if (!def) throw new Error('no catalogue');
    itemId = def.id;
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  const service = () => createCommandItems({ db: db(), clock: t.rt.clock, transaction: (fn) => t.rt.transaction(fn) });
  const claim = (i: number, token: string, key: string) =>
    (i % 2 === 0 ? t : t2).api<CommandRewardResponse>('POST', COMMAND_PATHS.reward, {
      headers: { authorization: `Bearer ${token}` },
      body: { key },
    });
  const given = (codeId: number) =>
    db()
      .select()
      .from(userItems)
      .innerJoin(commandItemClaims, eq(commandItemClaims.userItemId, userItems.id))
      .where(and(eq(commandItemClaims.codeId, codeId), eq(userItems.source, 'command_item')));
  const codeRow = async (id: number) =>
    (await db().select().from(commandItemCodes).where(eq(commandItemCodes.id, id)))[0];

  it('a code of 3 uses, 20 players at once: 3 items, the rest told it is used up', async () => {
    const code = await service().createUnaudited({
      code: 'RACE-3',
      item_id: itemId,
      exter: null,
      coin: 1_000,
      uses: 3,
      starts_at: null,
      ends_at: null,
      reason: '',
    });
    const players = await signedInPlayers(db(), t.rt.config.TOKEN_SECRET, 20, Date.now());
    const answers: { status: number; body: Envelope<CommandRewardResponse> }[] = await Promise.all(
      players.map((p, i) => claim(i, p.token, 'race-3')),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === ERRORS.COMMAND_CODE_USED_UP.code)).toHaveLength(17);
    expect(await given(code.id)).toHaveLength(3);
    expect((await codeRow(code.id))?.usesLeft).toBe(0);
  });

  it('one player, 10 claims at once (past the 3 s lock, straight to the database): one item', async () => {
    const made = await service().createUnaudited({
      code: 'TEN-CLICKS',
      item_id: itemId,
      exter: null,
      coin: 0,
      uses: 100,
      starts_at: null,
      ends_at: null,
      reason: '',
    });
    const [p] = await signedInPlayers(db(), t.rt.config.TOKEN_SECRET, 1, Date.now());
    if (!p) throw new Error('no player');
    const row = await service().find('ten-clicks');
    if (!row) throw new Error('no code');
    // Two services on two pools, as two processes would be.
    const other = createCommandItems({
      db: t2.rt.database.db,
      clock: t2.rt.clock,
      transaction: (fn) => t2.rt.transaction(fn),
    });
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? service() : other).redeem(p.userId, row, 'zh-CN')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).key).toBe('COMMAND_CODE_ALREADY_USED');
    }
    expect(await given(made.id)).toHaveLength(1);
    expect((await codeRow(made.id))?.usesLeft).toBe(99);

    // And through the API, 10 clicks of another player at once: one item whatever answers the rest get.
    const [q] = await signedInPlayers(db(), t.rt.config.TOKEN_SECRET, 1, Date.now());
    if (!q) throw new Error('no player');
    const clicks = await Promise.all(Array.from({ length: 10 }, (_, i) => claim(i, q.token, 'TEN-CLICKS')));
    expect(clicks.filter((c) => c.body.code === 200)).toHaveLength(1);
    expect(await given(made.id)).toHaveLength(2);
  });
});
