import {
  ADMIN_CUP_PATHS,
  type AdminCupFixture,
  type AdminCupFixturesResponse,
  type AdminCupTournament,
  type AdminCupTournamentsResponse,
  CUP_PATHS,
  type CupMyPredictionsResponse,
  type CupPrediction,
  type CupView,
} from '@kaixiang/shared/cup';
import { ERRORS, type ErrorKey, errorMessage } from '@kaixiang/shared/errors';
import type { Locale } from '@kaixiang/shared/locale';
import { PROTECTION_API } from '@kaixiang/shared/protection';
import { and, eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { boardScores, cupPredictions } from '../../db/schema/boards.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf } from '../ledger/ledger.ts';

const MINUTE = 60_000;

/**
 * The world cup predictions through HTTP on a fresh database: a round from fixtures to paid
 * predictions, a void, every refusal (each changing nothing), and the admin API's rights and audit.
 * The app's clock is a fake one: kick-off comes when the test moves it, never by waiting.
 */
describe('world cup predictions', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const db = () => t.rt.database.db;
  function as<T>(u: TestUser | null, method: 'GET' | 'POST', path: string, body?: unknown, lang?: Locale) {
    return t.api<T>(method, path, {
      ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  }
  const adminOk = async <T>(path: string, body: Record<string, unknown>): Promise<T> => {
    const res = await as<T>(admin, 'POST', path, { reason: '测试', ...body });
    if (res.body.code !== 200) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const tournament = (state: 'draft' | 'open' | 'archived' = 'open', over: Record<string, unknown> = {}) =>
    adminOk<AdminCupTournament>(ADMIN_CUP_PATHS.createTournament, {
      title_zh_cn: '2026 世界杯',
      title_zh_tw: '2026 世界盃',
      title_en: 'World Cup 2026',
      rules_zh_cn: '猜中即赔',
      state,
      ...over,
    });
  /** A fixture kicking off a minute from the app's now (the clock stands still until a test moves it). */
  const fixtureFields = (over: Record<string, unknown> = {}) => ({
    stage_zh_cn: 'A组',
    stage_en: 'Group A',
    home_zh_cn: '巴西',
    home_zh_tw: '巴西',
    home_en: 'Brazil',
    home_flag: '🇧🇷',
    away_zh_cn: '德国',
    away_zh_tw: '德國',
    away_en: 'Germany',
    away_flag: '🇩🇪',
    kickoff_at: clock.now() + MINUTE,
    odds_home_bp: 25_000,
    odds_draw_bp: 32_000,
    odds_away_bp: 28_000,
    max_stake: 1000,
    ...over,
  });
  const fixtureInput = (tournamentId: number, over: Record<string, unknown> = {}) => ({
    tournament_id: tournamentId,
    ...fixtureFields(over),
  });
  const fixture = (tournamentId: number, over: Record<string, unknown> = {}) =>
    adminOk<AdminCupFixture>(ADMIN_CUP_PATHS.createFixture, fixtureInput(tournamentId, over));
  const player = async (points: number) => {
    const u = await registerUser(t);
    if (points > 0) await credit(t, u.userId, points, 'point');
    return u;
  };
  const predict = (u: TestUser, fixtureId: number, pick: string, stake: number, lang?: Locale) =>
    as<CupPrediction>(u, 'POST', CUP_PATHS.predict, { fixture_id: fixtureId, pick, stake }, lang);
  const info = async (u: TestUser | null, tournamentId?: number, lang?: Locale) => {
    const q = tournamentId === undefined ? '' : `?tournament_id=${tournamentId}`;
    const res = await as<CupView>(u, 'GET', `${CUP_PATHS.info}${q}`, undefined, lang);
    expect(res.body.code).toBe(200);
    return res.body.data;
  };
  const settle = (id: number, result: string, lang?: Locale) =>
    as<AdminCupFixture>(admin, 'POST', ADMIN_CUP_PATHS.settleFixture, { id, result, reason: '赛果' }, lang);
  const points = async (u: TestUser) => (await balancesOf(db(), u.userId)).point;
  /** What a refusal must leave as it was: the player's points and predictions. */
  const footprint = async (u: TestUser) => ({
    points: await points(u),
    predictions: (await db().select().from(cupPredictions).where(eq(cupPredictions.userId, u.userId))).length,
  });
  const expectRefused = (body: { code: number; msg: string }, key: ErrorKey, lang: Locale = 'zh-CN') =>
    expect(body).toMatchObject({ code: ERRORS[key].code, msg: errorMessage(key, lang) });
  /** Points moved by transfers of these kinds for these predictions, per account owner. */
  const moved = async (kind: string, predictionIds: readonly number[]) => {
    const rows = await db()
      .select({ owner: ledgerAccounts.owner, amount: ledgerEntries.amount })
      .from(ledgerTransfers)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(
        and(
          eq(ledgerTransfers.kind, kind),
          inArray(
            ledgerTransfers.idemKey,
            predictionIds.map((id) => `${kind}:${id}`),
          ),
        ),
      );
    const out: Record<string, number> = {};
    for (const r of rows) out[r.owner] = (out[r.owner] ?? 0) + r.amount;
    return out;
  };

  it('a round: three players pick home, draw and away; the result home pays the home pick at once', async () => {
    const tour = await tournament();
    const f = await fixture(tour.id);
    const [a, b, c] = [await player(1000), await player(1000), await player(1000)];
    if (!a || !b || !c) throw new Error('no players');
    // 101 × 2.5 = 252.5: the payout is rounded down, the stake included.
    const pa = await predict(a, f.id, 'home', 101);
    expect(pa.body.code).toBe(200);
    expect(pa.body.data).toMatchObject({ pick: 'home', stake: 101, odds_bp: 25_000, payout: 0, status: 'open' });
    const pb = (await predict(b, f.id, 'draw', 200)).body.data;
    const pc = (await predict(c, f.id, 'away', 150)).body.data;
    expect([await points(a), await points(b), await points(c)]).toEqual([899, 800, 850]);
    const stakes = await moved('cup_stake', [pa.body.data.id, pb.id, pc.id]);
    expect(stakes).toEqual({
      [`u:${a.userId}`]: -101,
      [`u:${b.userId}`]: -200,
      [`u:${c.userId}`]: -150,
      'h:predictions': 451,
    });

    // A later change of the odds by the operator does not touch the predictions already taken.
    await adminOk(ADMIN_CUP_PATHS.updateFixture, {
      ...fixtureFields({ kickoff_at: f.kickoff_at, odds_home_bp: 40_000 }),
      id: f.id,
    });

    // Before kick-off, in English, as the home picker.
    const before = await info(a, undefined, 'en-US');
    expect(before.tournament).toMatchObject({ id: tour.id, title: 'World Cup 2026', state: 'open', rules: '猜中即赔' });
    expect(before.tournaments.map((x) => x.id)).toContain(tour.id);
    const shown = before.fixtures.find((x) => x.id === f.id);
    expect(shown).toMatchObject({
      stage: 'Group A',
      home: { name: 'Brazil', flag: '🇧🇷' },
      away: { name: 'Germany' },
      odds: { home: 40_000, draw: 32_000, away: 28_000 },
      state: 'open',
      result: null,
      picks: { home: 1, draw: 1, away: 1 },
      mine: { id: pa.body.data.id, pick: 'home', stake: 101, odds_bp: 25_000 },
    });
    // zh-TW has no stage of its own: it reads the zh-CN one.
    expect((await info(null, tour.id, 'zh-TW')).fixtures[0]).toMatchObject({ stage: 'A组', mine: null });

    expectRefused((await settle(f.id, 'home')).body, 'CUP_NOT_KICKED_OFF');
    clock.advance(MINUTE);
    const late = await player(1000);
    expectRefused((await predict(late, f.id, 'home', 10, 'en-US')).body, 'CUP_KICKED_OFF', 'en-US');
    expect(await footprint(late)).toEqual({ points: 1000, predictions: 0 });
    expect((await info(null, tour.id)).fixtures[0]?.state).toBe('started');

    const settled = await settle(f.id, 'home');
    expect(settled.body.code).toBe(200);
    expect(settled.body.data).toMatchObject({
      result: 'home',
      state: 'settled',
      settled_at: clock.now(),
      predictions: 3,
      staked: { home: 101, draw: 200, away: 150 },
      paid: 252,
    });
    expect([await points(a), await points(b), await points(c)]).toEqual([899 + 252, 800, 850]);
    expect(await moved('cup_payout', [pa.body.data.id, pb.id, pc.id])).toEqual({
      [`u:${a.userId}`]: 252,
      'h:predictions': -252,
    });
    const rows = await db().select().from(cupPredictions).where(eq(cupPredictions.fixtureId, f.id));
    expect(Object.fromEntries(rows.map((r) => [r.userId, [r.status, r.payout]]))).toEqual({
      [a.userId]: ['won', 252],
      [b.userId]: ['lost', 0],
      [c.userId]: ['lost', 0],
    });

    // The board: the winner first with the points won; the others counted with a settled pick.
    const after = await info(b, tour.id);
    expect(after.fixtures[0]).toMatchObject({ state: 'settled', result: 'home', mine: { status: 'lost', payout: 0 } });
    expect(after.board[0]).toMatchObject({ rank: 1, user_id: a.userId, score: 252, plays: 1 });
    expect(after.board.map((r) => r.user_id).sort()).toEqual([a.userId, b.userId, c.userId].sort());
    expect(after.me).toMatchObject({ score: 0, plays: 1 });
    expect(after.me?.rank).toBeGreaterThan(1);

    const mine = await as<CupMyPredictionsResponse>(
      a,
      'GET',
      `${CUP_PATHS.mine}?page=1&page_size=10`,
      undefined,
      'en-US',
    );
    expect(mine.body.data.total).toBe(1);
    expect(mine.body.data.list[0]).toMatchObject({
      id: pa.body.data.id,
      status: 'won',
      payout: 252,
      tournament_title: 'World Cup 2026',
      home: { name: 'Brazil' },
      result: 'home',
      kickoff_at: f.kickoff_at,
    });

    // Entered again: refused, nothing more paid.
    expectRefused((await settle(f.id, 'away')).body, 'CUP_RESULT_ALREADY_SET');
    expect([await points(a), await points(b), await points(c)]).toEqual([899 + 252, 800, 850]);
    const paid = await db().select().from(ledgerTransfers).where(like(ledgerTransfers.idemKey, 'cup_payout:%'));
    expect(paid.filter((x) => x.idemKey === `cup_payout:${pa.body.data.id}`)).toHaveLength(1);
  });

  it('a void fixture refunds every stake, puts nobody on the board and takes no more predictions', async () => {
    const tour = await tournament();
    const f = await fixture(tour.id);
    const a = await player(500);
    const b = await player(500);
    const pa = (await predict(a, f.id, 'home', 300)).body.data;
    const pb = (await predict(b, f.id, 'draw', 500)).body.data;
    expect([await points(a), await points(b)]).toEqual([200, 0]);
    // A void needs no kick-off (a match called off before it).
    const res = await settle(f.id, 'void');
    expect(res.body.data).toMatchObject({ result: 'void', state: 'void', paid: 800 });
    expect([await points(a), await points(b)]).toEqual([500, 500]);
    expect(await moved('cup_refund', [pa.id, pb.id])).toEqual({
      [`u:${a.userId}`]: 300,
      [`u:${b.userId}`]: 500,
      'h:predictions': -800,
    });
    const view = await info(a, tour.id);
    expect(view.fixtures[0]).toMatchObject({ state: 'void', mine: { status: 'void', payout: 300 } });
    expect(view.board).toEqual([]);
    const c = await player(100);
    expectRefused((await predict(c, f.id, 'home', 10)).body, 'CUP_RESULT_ALREADY_SET');
    expect(await footprint(c)).toEqual({ points: 100, predictions: 0 });
  });

  it('refusals change nothing and read in the player’s language', async () => {
    const open = await tournament();
    const f = await fixture(open.id);
    const noDraw = await fixture(open.id, { odds_draw_bp: null, stage_zh_cn: '决赛' });
    const draft = await tournament('draft', { title_zh_cn: '草稿赛事' });
    const inDraft = await fixture(draft.id);
    const archived = await tournament('archived');
    const inArchived = await fixture(archived.id);
    const u = await player(100);
    const start = await footprint(u);

    const guest = await t.api('POST', CUP_PATHS.predict, { body: { fixture_id: f.id, pick: 'home', stake: 1 } });
    expect(guest.status).toBe(401);
    expectRefused((await predict(u, 999_999, 'home', 1)).body, 'CUP_FIXTURE_NOT_FOUND');
    // An id past the integer column is refused by the request's schema, never a failed query.
    expectRefused((await predict(u, 2 ** 40, 'home', 1)).body, 'VALIDATION_FAILED');
    expectRefused((await predict(u, inDraft.id, 'home', 1, 'zh-TW')).body, 'CUP_TOURNAMENT_NOT_FOUND', 'zh-TW');
    expectRefused((await predict(u, inArchived.id, 'home', 1)).body, 'CUP_TOURNAMENT_CLOSED');
    expectRefused((await predict(u, f.id, 'home', 0, 'en-US')).body, 'CUP_STAKE_INVALID', 'en-US');
    expectRefused((await predict(u, f.id, 'home', -5)).body, 'CUP_STAKE_INVALID');
    expectRefused((await predict(u, f.id, 'home', 1001, 'zh-TW')).body, 'CUP_STAKE_INVALID', 'zh-TW');
    expectRefused((await predict(u, noDraw.id, 'draw', 1, 'en-US')).body, 'CUP_NO_DRAW', 'en-US');
    expectRefused((await predict(u, f.id, 'away', 101, 'zh-TW')).body, 'CUP_POINTS_INSUFFICIENT', 'zh-TW');
    expect(await footprint(u)).toEqual(start);

    // A draft is invisible: not listed, not shown when asked for.
    const listed = await info(u);
    expect(listed.tournaments.map((x) => x.id)).not.toContain(draft.id);
    expect(listed.tournaments.map((x) => x.id)).toContain(archived.id);
    const asked = await as<CupView>(u, 'GET', `${CUP_PATHS.info}?tournament_id=${draft.id}`, undefined, 'en-US');
    expectRefused(asked.body, 'CUP_TOURNAMENT_NOT_FOUND', 'en-US');
    const huge = await as<CupView>(u, 'GET', `${CUP_PATHS.info}?tournament_id=${2 ** 40}`);
    expectRefused(huge.body, 'VALIDATION_FAILED');

    // Once per fixture: the second pick, even another one, is refused.
    expect((await predict(u, f.id, 'away', 100)).body.code).toBe(200);
    await credit(t, u.userId, 50, 'point');
    expectRefused((await predict(u, f.id, 'home', 10, 'en-US')).body, 'CUP_ALREADY_PREDICTED', 'en-US');
    expect(await footprint(u)).toEqual({ points: 50, predictions: 1 });

    // A player on a cool-off cannot predict.
    const resting = await player(100);
    expect((await as(resting, 'POST', PROTECTION_API.coolOff, { days: 7 })).body.code).toBe(200);
    expectRefused((await predict(resting, f.id, 'home', 10)).body, 'PROTECTION_COOL_OFF');
    expect(await footprint(resting)).toEqual({ points: 100, predictions: 0 });
  });

  it('admin: players are refused; bad fixtures and late changes are refused unrecorded; every change is audited', async () => {
    const p = await player(0);
    const denied = await as(p, 'POST', ADMIN_CUP_PATHS.createTournament, { title_zh_cn: 'x' });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe(ERRORS.ADMIN_ONLY.code);
    expect((await as(p, 'GET', ADMIN_CUP_PATHS.tournaments)).body.code).toBe(ERRORS.ADMIN_ONLY.code);

    const audits = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(adminAudit))[0]?.n ?? 0;
    const tour = await tournament('draft', { title_zh_cn: '欧洲杯' });
    const n = await audits();
    const refuse = async (path: string, body: Record<string, unknown>, key: ErrorKey) =>
      expectRefused((await as(admin, 'POST', path, { reason: 'x', ...body })).body, key);
    await refuse(ADMIN_CUP_PATHS.createFixture, fixtureInput(tour.id, { away_zh_cn: '巴西' }), 'CUP_FIXTURE_INVALID');
    await refuse(
      ADMIN_CUP_PATHS.createFixture,
      fixtureInput(tour.id, { kickoff_at: clock.now() }),
      'CUP_FIXTURE_INVALID',
    );
    await refuse(ADMIN_CUP_PATHS.createFixture, fixtureInput(999_999), 'CUP_TOURNAMENT_NOT_FOUND');
    await refuse(ADMIN_CUP_PATHS.createFixture, fixtureInput(2 ** 40), 'VALIDATION_FAILED');
    await refuse(ADMIN_CUP_PATHS.createFixture, fixtureInput(tour.id, { kickoff_at: 2 ** 52 }), 'CUP_FIXTURE_INVALID');
    await refuse(ADMIN_CUP_PATHS.settleFixture, { id: 2 ** 40, result: 'void' }, 'VALIDATION_FAILED');
    await refuse(ADMIN_CUP_PATHS.updateTournament, { id: 999_999, title_zh_cn: 'x' }, 'CUP_TOURNAMENT_NOT_FOUND');
    expect(await audits()).toBe(n);

    const opened = await adminOk<AdminCupTournament>(ADMIN_CUP_PATHS.updateTournament, {
      id: tour.id,
      title_zh_cn: '欧洲杯',
      title_en: 'Euro',
      state: 'open',
      reason: '开放竞猜',
    });
    expect(opened).toMatchObject({ state: 'open', title_en: 'Euro' });
    const f = await fixture(tour.id);
    const noDraw = await fixture(tour.id, { odds_draw_bp: null });
    const u = await player(100);
    expect((await predict(u, f.id, 'draw', 40)).body.code).toBe(200);
    const same = fixtureFields({ kickoff_at: f.kickoff_at });
    await refuse(ADMIN_CUP_PATHS.updateFixture, { ...same, id: f.id, odds_draw_bp: null }, 'CUP_DRAW_PICKED');
    await refuse(ADMIN_CUP_PATHS.updateFixture, { ...same, id: f.id, home_zh_cn: '德国' }, 'CUP_FIXTURE_INVALID');
    // Predicted in: it may be archived, never hidden again as a draft.
    await refuse(
      ADMIN_CUP_PATHS.updateTournament,
      { id: tour.id, title_zh_cn: '欧洲杯', state: 'draft' },
      'CUP_TOURNAMENT_PREDICTED',
    );
    await refuse(ADMIN_CUP_PATHS.settleFixture, { id: 999_999, result: 'void' }, 'CUP_FIXTURE_NOT_FOUND');
    const before = await audits();
    clock.advance(MINUTE);
    await refuse(
      ADMIN_CUP_PATHS.updateFixture,
      { ...same, id: f.id, kickoff_at: clock.now() + MINUTE },
      'CUP_FIXTURE_LOCKED',
    );
    await refuse(ADMIN_CUP_PATHS.settleFixture, { id: noDraw.id, result: 'draw' }, 'CUP_NO_DRAW');
    expect(await audits()).toBe(before);
    expect((await settle(f.id, 'draw')).body.data).toMatchObject({ paid: Math.floor((40 * 32_000) / 10_000) });

    const list = await as<AdminCupTournamentsResponse>(admin, 'GET', ADMIN_CUP_PATHS.tournaments);
    expect(list.body.data.list.find((x) => x.id === tour.id)).toMatchObject({
      fixtures: 2,
      predictions: 1,
      staked: 40,
      paid: 128,
      state: 'open',
    });
    const fixtures = await as<AdminCupFixturesResponse>(
      admin,
      'GET',
      `${ADMIN_CUP_PATHS.fixtures}?tournament_id=${tour.id}`,
    );
    expect(fixtures.body.data.list.map((x) => [x.id, x.state, x.predictions])).toEqual([
      [f.id, 'settled', 1],
      [noDraw.id, 'started', 0],
    ]);

    const rows = await db()
      .select()
      .from(adminAudit)
      .where(inArray(adminAudit.target, [`cup_tournament:${tour.id}`, `cup_fixture:${f.id}`]));
    expect(rows.map((r) => r.action).sort()).toEqual([
      'cup.fixture.create',
      'cup.fixture.settle',
      'cup.tournament.create',
      'cup.tournament.update',
    ]);
    expect(rows.every((r) => r.adminId === admin.userId)).toBe(true);
    const settleRow = rows.find((r) => r.action === 'cup.fixture.settle');
    expect(settleRow).toMatchObject({ reason: '赛果', before: { result: null }, after: { result: 'draw', paid: 128 } });
    const update = rows.find((r) => r.action === 'cup.tournament.update');
    expect(update).toMatchObject({ reason: '开放竞猜', before: { state: 'draft' }, after: { state: 'open' } });
    // The draw's winner is on the tournament's board.
    const board = await db()
      .select()
      .from(boardScores)
      .where(eq(boardScores.period, `t:${tour.id}`));
    expect(board).toMatchObject([{ board: 'cup', userId: u.userId, score: 128, plays: 1 }]);
  });
});
