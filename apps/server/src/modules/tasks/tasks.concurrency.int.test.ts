import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { ERRORS } from '@kaixiang/shared/errors';
import { TASK_PATHS, TASK_REWARD_KIND, type TaskClaimResponse } from '@kaixiang/shared/tasks';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { dailyTaskClaims, dailyTasks } from '../../db/schema/tasks.ts';
import { balancesOf } from '../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * Claims at once on the real PostgreSQL, over two app instances sharing the database (two
 * processes of one deployment; PGlite runs one statement at a time and would prove nothing).
 */
describe.skipIf(!PG_URL)('daily task claims at once (PostgreSQL)', () => {
  let t: TestApp;
  let t2: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    t2 = await startTestApp({ sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  it('20 claims of one completed task over two instances pay once; the other 19 are refused', async () => {
    const u = await registerUser(t);
    const boxes = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data.categories.flatMap((c) => c.boxes);
    const box = boxes.sort((a, b) => a.price - b.price)[0];
    if (!box) throw new Error('no boxes');
    await credit(t, u.userId, box.price);
    const opened = await asUser(t, u.tokens.access_token, 'POST', BOX_PATHS.open, {
      box_id: box.box_id,
      count: 1,
      request_id: randomUUID(),
    });
    expect(opened.body.code).toBe(200);
    const [task] = await t.rt.database.db.select().from(dailyTasks).where(eq(dailyTasks.slug, 'open_box_1'));
    if (!task) throw new Error('no seeded task');

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asUser<TaskClaimResponse>(i % 2 ? t2 : t, u.tokens.access_token, 'POST', TASK_PATHS.claim, {
          task_id: task.id,
        }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.TASK_ALREADY_CLAIMED.code)).toHaveLength(19);
    expect((await balancesOf(t.rt.database.db, u.userId)).point).toBe(10);
    const claims = await t.rt.database.db.select().from(dailyTaskClaims).where(eq(dailyTaskClaims.userId, u.userId));
    expect(claims).toHaveLength(1);
    const paid = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, TASK_REWARD_KIND));
    expect(paid.filter((p) => p.idemKey.startsWith(`${TASK_REWARD_KIND}:${u.userId}:`))).toHaveLength(1);
  });
});
