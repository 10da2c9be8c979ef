import { TURNTABLE_GAME } from '@kaixiang/game/turntable';
import { ADMIN_GAME_PATHS, type GameSettingsResponse } from '@kaixiang/shared/admin-games';
import { ERRORS } from '@kaixiang/shared/errors';
import {
  TURNTABLE_PATHS,
  type TurntableBetResponse,
  type TurntableRecordResponse,
  type TurntableRoomInfo,
  type TurntableRoundResponse,
} from '@kaixiang/shared/turntable';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { credit, expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { consolePostAgain } from '../admin/games/games-admin.test-support.ts';
import { jackpotBalance, type StoredRound } from './turntable.repo.ts';

/**
 * The jackpot feed as operator data (issue 23), through the console's API and the turntable's
 * (PGlite by default, PostgreSQL with TEST_DATABASE_URL): a round takes the feed in force when it
 * opens, keeps it through a change and settles with it; the jackpot's ledger account moves by
 * exactly floor(stakes × feed / 10,000); a round persisted before rounds recorded their feed
 * settles at the default. Bets go only on areas that never win the jackpot, so the pool moves by
 * the feed alone.
 */
describe('turntable jackpot feed from the game settings', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let a: TestUser;
  let b: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ clock });
    [admin, a, b] = (await Promise.all(['运营', '甲', '乙'].map((nick_name) => registerUser(t, { nick_name })))) as [
      TestUser,
      TestUser,
      TestUser,
    ];
    await setRole(t, admin, 'admin');
    for (const u of [a, b]) await credit(t, u.userId, 100_000_000);
  });
  afterAll(() => t.close());

  const db = () => t.rt.database.db;
  const tt = () => t.app.games.turntable;
  const pool = () => jackpotBalance(db());
  const info = async () => (await t.api<TurntableRoomInfo>('GET', TURNTABLE_PATHS.roomInfo)).body.data;
  const stored = async (roundId: number) => {
    const round = await t.app.games.engine.load<StoredRound>(TURNTABLE_GAME, roundId);
    if (!round) throw new Error(`no round ${roundId}`);
    return round;
  };
  const facts = async (roundId: number) =>
    (await t.api<TurntableRoundResponse>('GET', `${TURNTABLE_PATHS.round}?round_id=${roundId}`)).body.data;
  const settings = async () =>
    (
      await t.api<GameSettingsResponse>('GET', ADMIN_GAME_PATHS.settings, {
        headers: bearer(admin.tokens.access_token),
      })
    ).body;
  const saveFeed = async (feed: number, lang?: string) => {
    const current = (await settings()).data.settings;
    return consolePostAgain<GameSettingsResponse>(
      t,
      admin,
      ADMIN_GAME_PATHS.settingsSave,
      { settings: { ...current, turntable: { ...current.turntable, jackpot_feed_bp: feed } }, reason: '奖池调整' },
      lang,
    );
  };
  const bet = async (u: TestUser, area: number, amount: number) => {
    const res = await asUser<TurntableBetResponse>(t, u.tokens.access_token, 'POST', TURNTABLE_PATHS.bet, {
      bets: [{ area, amount }],
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
  };
  /** Opens the next round (after the last one's result was shown), answering it as the screen sees it. */
  const openNext = async () => {
    const last = await info().catch(() => null);
    if (last?.next_round_at != null) clock.advance(Math.max(0, last.next_round_at - clock.now()));
    if (last) await tt().tick(last.round_id);
    await tt().ensure();
    const now = await info();
    expect(now.phase).toBe(0);
    return now;
  };
  const settle = async (roundId: number) => {
    clock.advance((await stored(roundId)).data.betsCloseAtMs - clock.now());
    await tt().tick(roundId);
    expect((await stored(roundId)).data.state).toBe('settled');
  };
  const feedTransfer = async (roundId: number) =>
    db()
      .select()
      .from(ledgerTransfers)
      .where(
        and(
          eq(ledgerTransfers.kind, 'turntable_jackpot_feed'),
          eq(ledgerTransfers.idemKey, `turntable_jackpot_feed:${roundId}`),
        ),
      );

  it('keeps the feed a round opened with through a save, and feeds a new round the saved share', async () => {
    // Nothing saved: the default, 1 %, and the pool shown beside it.
    const before = (await settings()).data;
    expect(before.settings.turntable.jackpot_feed_bp).toBe(100);
    expect(before.defaults.turntable.jackpot_feed_bp).toBe(100);
    expect(before.jackpot_pool).toBe(await pool());

    const old = await openNext();
    expect((await stored(old.round_id)).data.jackpotFeedBp).toBe(100);
    expect(old.rtp).toMatchObject({ jackpot: { num: 1, den: 100 }, long_run: { num: 97, den: 100 } });
    await bet(a, 0, 123_457);
    await bet(b, 13, 200_000);

    // The operator saves 3 % while that round is open.
    const saved = await saveFeed(300);
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.settings.turntable.jackpot_feed_bp).toBe(300);
    expect((await stored(old.round_id)).data.jackpotFeedBp).toBe(100);
    expect((await info()).rtp.jackpot).toEqual({ num: 1, den: 100 });

    // The open round settles with its own 1 %: floor(323,457 × 100 / 10,000) = 3,234.
    const pool0 = await pool();
    await settle(old.round_id);
    const pool1 = await pool();
    expect(pool1 - pool0).toBe(3_234);
    expect(await feedTransfer(old.round_id)).toHaveLength(1); // booked once, by its key
    expect((await stored(old.round_id)).data.result?.jackpot).toMatchObject({ feedUnits: 3_234, paidUnits: 0 });
    expect(await facts(old.round_id)).toMatchObject({ round_id: old.round_id, jackpot_feed_bp: 100 });

    // The next round opens with 3 % and shows it; it feeds floor(323,457 × 300 / 10,000) = 9,703.
    const next = await openNext();
    expect(next.round_id).toBeGreaterThan(old.round_id);
    expect((await stored(next.round_id)).data.jackpotFeedBp).toBe(300);
    expect(next.rtp).toMatchObject({ jackpot: { num: 3, den: 100 }, long_run: { num: 99, den: 100 } });
    expect(await facts(next.round_id)).toMatchObject({ state: 'betting', jackpot_feed_bp: 300 });
    await bet(a, 1, 123_457);
    await bet(b, 14, 200_000);
    await settle(next.round_id);
    const pool2 = await pool();
    expect(pool2 - pool1).toBe(9_703);
    expect((await stored(next.round_id)).data.result?.jackpot).toMatchObject({ feedUnits: 9_703, paidUnits: 0 });
    expect(await facts(next.round_id)).toMatchObject({ state: 'settled', jackpot_feed_bp: 300 });
    expect((await settings()).data.jackpot_pool).toBe(pool2);

    // A player's records carry each round's own feed.
    const records = (await asUser<TurntableRecordResponse>(t, a.tokens.access_token, 'GET', TURNTABLE_PATHS.userRecord))
      .body.data.list;
    expect(records.map((r) => [r.round_id, r.jackpot_feed_bp])).toEqual([
      [next.round_id, 300],
      [old.round_id, 100],
    ]);
    await expectLedgerBalanced(t);
  });

  it('refuses a feed out of bounds in the caller’s language and changes nothing', async () => {
    const before = (await settings()).data;
    for (const [feed, lang] of [
      [301, 'zh-CN'],
      [-1, 'zh-TW'],
      [10_000, 'en-US'],
    ] as const) {
      const res = await saveFeed(feed, lang);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({
        code: ERRORS.GAMES_JACKPOT_FEED_INVALID.code,
        msg: {
          'zh-CN': '奖池注入比例须为 0%–3%（0–300 基点）',
          'zh-TW': '獎池注入比例須為 0%–3%（0–300 基點）',
          'en-US': 'The jackpot feed must be between 0 % and 3 % (0–300 basis points)',
        }[lang],
      });
    }
    const after = (await settings()).data;
    expect(after.settings).toEqual(before.settings);
    expect(after.updated_at).toBe(before.updated_at);
    // The next round still opens with the feed saved before.
    const round = await openNext();
    expect((await stored(round.round_id)).data.jackpotFeedBp).toBe(300);
  });

  it('settles a round persisted without a feed at the default 1 %', async () => {
    const round = (await info()).round_id;
    // As a round stored before rounds recorded their feed.
    await db().execute(sql`update game_rooms set data = data - 'jackpotFeedBp' where id = ${round}`);
    const [row] = await db().select({ data: gameRooms.data }).from(gameRooms).where(eq(gameRooms.id, round));
    expect(row?.data).not.toHaveProperty('jackpotFeedBp');
    expect(await facts(round)).toMatchObject({ jackpot_feed_bp: 100 });
    await bet(a, 2, 99_999);
    const pool0 = await pool();
    await settle(round);
    expect((await pool()) - pool0).toBe(999); // floor(99,999 / 100)
    expect(await facts(round)).toMatchObject({ state: 'settled', jackpot_feed_bp: 100 });
    await expectLedgerBalanced(t);
  });

  it('publishes the jackpot’s long-run return at the stake-weighted feed of the window’s rounds', async () => {
    // The rounds above: 323,457 staked at 100 bp, 323,457 at 300 bp, 99,999 at 100 bp (stored without one).
    const rounds = await db()
      .select({ data: gameRooms.data })
      .from(gameRooms)
      .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'settled')));
    const played = rounds.map((r) => r.data as StoredRound).filter((r) => (r.result?.stakedUnits ?? 0) > 0);
    expect(played.map((r) => [r.result?.stakedUnits, r.jackpotFeedBp ?? null])).toEqual([
      [323_457, 100],
      [323_457, 300],
      [99_999, null],
    ]);
    // +1 ms: the window excludes its end, and the last round settled at this very ms.
    const row = (await t.app.transparency.compute(clock.now() + 1)).games.find((g) => g.game === 'turntable');
    const feedBp = (323_457 * 100 + 323_457 * 300 + 99_999 * 100) / (323_457 + 323_457 + 99_999);
    expect(row?.paid).toBe(746_913);
    expect(row?.published_rtp).toBe(0.96);
    expect(row?.jackpot?.published_rtp).toBeCloseTo(0.96 + feedBp / 10_000, 12);
    expect(row?.jackpot?.published_rtp).toBeGreaterThan(0.97); // not the default's 97 %
  });
});
