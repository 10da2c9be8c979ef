import { ERRORS } from '@kaixiang/shared/errors';
import { SIGN_IN_PATHS } from '@kaixiang/shared/sign-in';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';

/**
 * Ten sign-ins of one player at once, on two app processes sharing one PostgreSQL: the unique
 * (player, day) lets one in, the others answer SIGN_IN_ALREADY, and one transfer pays.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('sign-in concurrency (PostgreSQL)', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp();
    b = await startTestApp({ sharing: a });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('pays one sign-in of ten at once', async () => {
    const u = await registerUser(a);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b : a).api('POST', SIGN_IN_PATHS.sign, { headers: bearer(u.tokens.access_token), body: {} }),
      ),
    );
    expect(results.map((r) => r.body.code).sort()).toEqual([
      200,
      ...Array.from({ length: 9 }, () => ERRORS.SIGN_IN_ALREADY.code),
    ]);
    const db = a.rt.database.db;
    const rows = (await db.execute(
      sql`select count(*)::int as n from sign_ins where user_id = ${u.userId}`,
    )) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.rows[0]?.n).toBe(1);
    const transfers = (await db.execute(
      sql`select count(*)::int as n from ledger_transfers where kind = 'sign_in' and idem_key like ${`sign_in:${u.userId}:%`}`,
    )) as unknown as { rows: { n: number }[] };
    expect(transfers.rows[0]?.n).toBe(1);
    await expectLedgerBalanced(a);
  });
});
