import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_PLAYER_PATHS, type AdjustBalanceResponse } from '@kaixiang/shared/admin-players';
import { ERRORS } from '@kaixiang/shared/errors';
import { like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerTransfers } from '../../../db/schema/ledger.ts';
import { balancesOf } from '../../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * Balance adjustments at once on the real PostgreSQL, over two server instances with pools of
 * their own (only the database holds them together): debits queue on the player's ledger row and
 * stop at zero; one request id, however often and wherever it arrives, moves money once.
 */
describe.skipIf(!PG_URL)('console players: adjustments at once (PostgreSQL)', () => {
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

  const adjust = (app: TestApp, body: Record<string, unknown>) =>
    app.api<AdjustBalanceResponse>('POST', ADMIN_PLAYER_PATHS.adjustBalance, {
      headers: bearer(admin.tokens.access_token),
      body,
    });
  const audits = async (userId: number) =>
    (
      await t.api<AuditLogResponse>(
        'GET',
        `${ADMIN_PATHS.auditLog}?action=player.balance_adjust&target=user:${userId}&page_size=100`,
        { headers: bearer(admin.tokens.access_token) },
      )
    ).body.data;

  it('30 debits of ¥0.70 at once on ¥10: 14 pass, 16 are refused, the balance stops at ¥0.20', async () => {
    const p = await registerUser(t);
    await credit(t, p.userId, 100_000);
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        adjust(i % 2 ? t2 : t, { user_id: p.userId, amount: -7_000, reason: '并发扣回', request_id: randomUUID() }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(14);
    expect(codes.filter((c) => c === ERRORS.ADJUST_BALANCE_SHORT.code)).toHaveLength(16);
    // Each debit saw the balance the one before it left: one of each step down, none below zero.
    const after = answers
      .filter((a) => a.body.code === 200)
      .map((a) => a.body.data.balance_after)
      .sort((a, b) => b - a);
    expect(after).toEqual(Array.from({ length: 14 }, (_, i) => 100_000 - 7_000 * (i + 1)));
    expect((await balancesOf(t.rt.database.db, p.userId)).coin).toBe(2_000);
    expect((await audits(p.userId)).total).toBe(14);
  });

  it('one request id sent 12 times at once to two processes: one transfer, one audit record, the same answer', async () => {
    const p = await registerUser(t);
    const body = { user_id: p.userId, amount: 5_000, reason: '重复点击', request_id: randomUUID() };
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => adjust(i % 2 ? t2 : t, body)));
    expect(answers.map((a) => a.body.code)).toEqual(Array(12).fill(200));
    const first = answers[0]?.body.data;
    for (const a of answers) expect(a.body.data).toEqual(first);
    expect(first).toMatchObject({ balance_before: 0, balance_after: 5_000 });
    expect((await balancesOf(t.rt.database.db, p.userId)).coin).toBe(5_000);
    const posted = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `admin_adjust:%:${body.request_id}`));
    expect(posted).toHaveLength(1);
    expect((await audits(p.userId)).total).toBe(1);

    // The same for a debit: twelve at once take it once.
    const debit = { ...body, amount: -3_000, request_id: randomUUID() };
    const debits = await Promise.all(Array.from({ length: 12 }, (_, i) => adjust(i % 2 ? t2 : t, debit)));
    expect(new Set(debits.map((a) => JSON.stringify(a.body)))).toHaveProperty('size', 1);
    expect((await balancesOf(t.rt.database.db, p.userId)).coin).toBe(2_000);
    expect((await audits(p.userId)).total).toBe(2);
  });
});
