import { ADMIN_CUP_PATHS, type AdminCupFixture, type AdminCupTournament, CUP_PATHS } from '@kaixiang/shared/cup';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { boardScores, cupPredictions } from '../../db/schema/boards.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf } from '../ledger/ledger.ts';

const PG_URL = process.env.TEST_DATABASE_URL;
const MINUTE = 60_000;

/**
 * Predictions and settlements at once on the real PostgreSQL, over two server instances with pools
 * of their own (PGlite runs one statement at a time: it would prove nothing). Only the database
 * keeps them apart: the unique index on (fixture, player) for predictions, the fixture's row lock
 * and the ledger's keys for a settlement.
 */
describe.skipIf(!PG_URL)('world cup predictions at once (PostgreSQL)', () => {
  const clock = fakeClock();
  let t: TestApp;
  let t2: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    t2 = await startTestApp({ clock, sharing: t, env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
  });
  afterAll(async () => {
    await t2?.close();
    await t?.close();
  });
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  const on = (i: number) => (i % 2 === 0 ? t : t2);
  const adminOk = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const res = await t.api<T>('POST', path, { headers: bearer(admin.tokens.access_token), body });
    if (res.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const fixture = async () => {
    const tour = await adminOk<AdminCupTournament>(ADMIN_CUP_PATHS.createTournament, {
      title_zh_cn: '世界杯',
      state: 'open',
    });
    return adminOk<AdminCupFixture>(ADMIN_CUP_PATHS.createFixture, {
      tournament_id: tour.id,
      home_zh_cn: '阿根廷',
      away_zh_cn: '法国',
      kickoff_at: clock.now() + MINUTE,
      odds_home_bp: 21_000,
      odds_draw_bp: 30_000,
      odds_away_bp: 35_000,
      max_stake: 10_000,
    });
  };
  const predict = (i: number, u: TestUser, fixtureId: number, pick: string, stake: number) =>
    on(i).api('POST', CUP_PATHS.predict, {
      headers: bearer(u.tokens.access_token),
      body: { fixture_id: fixtureId, pick, stake },
    });

  it('one player predicting 10 times at once: one prediction, one debit', async () => {
    const f = await fixture();
    const u = await registerUser(t);
    await credit(t, u.userId, 1000, 'point');
    const picks = ['home', 'draw', 'away'];
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => predict(i, u, f.id, picks[i % 3] ?? 'home', 100 + i)),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.CUP_ALREADY_PREDICTED.code)).toHaveLength(9);
    const rows = await db().select().from(cupPredictions).where(eq(cupPredictions.userId, u.userId));
    expect(rows).toHaveLength(1);
    const debits = await db()
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idemKey, `cup_stake:${rows[0]?.id}`));
    expect(debits).toHaveLength(1);
    expect((await balancesOf(db(), u.userId)).point).toBe(1000 - (rows[0]?.stake ?? 0));
  });

  it('two settlements at once, on two instances: one pays, the other is refused', async () => {
    const f = await fixture();
    const players = await Promise.all(Array.from({ length: 6 }, () => registerUser(t)));
    for (const [i, u] of players.entries()) {
      await credit(t, u.userId, 1000, 'point');
      expect((await predict(i, u, f.id, i % 2 === 0 ? 'home' : 'away', 100)).body.code).toBe(200);
    }
    clock.advance(MINUTE);
    const answers = await Promise.all(
      [0, 1, 2, 3].map((i) =>
        on(i).api<AdminCupFixture>('POST', ADMIN_CUP_PATHS.settleFixture, {
          headers: bearer(admin.tokens.access_token),
          body: { id: f.id, result: 'home', reason: `赛果 ${i}` },
        }),
      ),
    );
    const codes = answers.map((a) => a.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.CUP_RESULT_ALREADY_SET.code)).toHaveLength(3);
    // Three home picks of 100 at 2.1×: 210 each, paid once.
    for (const [i, u] of players.entries()) {
      expect((await balancesOf(db(), u.userId)).point).toBe(i % 2 === 0 ? 900 + 210 : 900);
    }
    const payouts = await db().select().from(ledgerTransfers).where(like(ledgerTransfers.idemKey, 'cup_payout:%'));
    const ids = new Set(
      (await db().select().from(cupPredictions).where(eq(cupPredictions.fixtureId, f.id))).map((p) => p.id),
    );
    expect(payouts.filter((p) => ids.has(Number(p.idemKey.split(':')[1])))).toHaveLength(3);
    const board = await db()
      .select()
      .from(boardScores)
      .where(eq(boardScores.period, `t:${f.tournament_id}`));
    expect(board).toHaveLength(6);
    expect(board.every((r) => r.plays === 1)).toBe(true);
    expect(board.map((r) => r.score).sort((a, b) => b - a)).toEqual([210, 210, 210, 0, 0, 0]);
    const audits = await db()
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `cup_fixture:${f.id}`));
    expect(audits.filter((a) => a.action === 'cup.fixture.settle')).toHaveLength(1);
  });
});
