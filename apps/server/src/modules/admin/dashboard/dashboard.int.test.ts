import { ADMIN_DASHBOARD_PATHS, type DashboardDay, type DashboardResponse } from '@kaixiang/shared/admin-dashboard';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { giveItems } from '../../../../test/support/items.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { dashboardDays } from '../../../db/schema/dashboard.ts';
import { boxOpenings, upgradeRecords } from '../../../db/schema/games.ts';
import { rechargeOrders } from '../../../db/schema/payments.ts';
import { tradeOffers } from '../../../db/schema/trade.ts';
import { users } from '../../../db/schema/users.ts';
import { type HouseAccount, postTransfer } from '../../ledger/ledger.ts';

const HOUR = 3_600_000;
/** 16:00 in China on 2026-11-21: today is the 21st, yesterday the 20th. */
const NOW = Date.UTC(2026, 10, 21, 8, 0, 0);
const TODAY = '2026-11-21';
const YESTERDAY = '2026-11-20';
const Y = Date.UTC(2026, 10, 20, 4, 0, 0); // noon of yesterday, China time

/**
 * The console's Dashboard: each figure on a small known set of recharges, openings and games,
 * today read live and yesterday from the rollup, the rollup written twice without doubling, and
 * who may read it.
 */
describe('console dashboard: figures, rollup, access', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  let a: TestUser;
  let b: TestUser;
  let seq = 0;
  beforeAll(async () => {
    t = await startTestApp({ clock: fakeClock(NOW) });
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
    a = await registerUser(t, { nick_name: 'Alice' });
    b = await registerUser(t, { nick_name: 'Bob' });
    const db = t.rt.database.db;
    // Bob signed up yesterday.
    await db
      .update(users)
      .set({ createdAt: new Date(Y - HOUR) })
      .where(eq(users.id, b.userId));

    // Yesterday: both recharge, Alice opens two paid boxes (and a free one), bets on the
    // turntable and upgrades twice; Bob plays a battle (part refunded) and buys a card.
    await move('recharge', a.userId, 'payments_in', 50_000, Y);
    await move('recharge', b.userId, 'payments_in', 30_000, Y);
    // Today's recharge posted between yesterday's transfers: its id is inside yesterday's range of
    // ids (as commits interleave around midnight), and only its time keeps it out of yesterday.
    await move('recharge', b.userId, 'payments_in', 20_000, NOW - HOUR);
    await opening(a.userId, 10_000, 8_000, Y);
    await opening(a.userId, 10_000, 15_000, Y + 1000);
    await opening(a.userId, 0, 3_000, Y + 2000);
    await move('turntable_bet', a.userId, 'game_pool', -2_000, Y);
    await move('turntable_win', a.userId, 'game_pool', 3_000, Y + 1000);
    await upgrade(a.userId, 6_000, 12_000, true, Y);
    await upgrade(a.userId, 4_000, 20_000, false, Y + 1000);
    await move('battle_entry', b.userId, 'game_pool', -3_000, Y);
    await move('battle_refund', b.userId, 'game_pool', 1_000, Y + 1000);
    await giveItems(t, b.userId, [{ price: 5_000, source: 'battle', createdAt: Y + 2000 }]);
    await move('treasure_card', b.userId, 'game_pool', -1_000, Y);
    await giveItems(t, b.userId, [{ price: 400, source: 'treasure', createdAt: Y + 3000 }]);
    await order(a.userId, 'alipay', 2, Y);
    await order(a.userId, 'alipay', 3, Y);
    await order(b.userId, 'wechat', 2, Y);

    // Today: Bob recharges (posted above, amid yesterday's), Alice opens one box; an order waits.
    await opening(a.userId, 10_000, 2_000, NOW - HOUR);
    await order(a.userId, 'alipay', 1, NOW - HOUR);

    // The retrieval queue: one waiting 3 h, one failed an hour ago, one failed 30 h ago, one accepted.
    await offer(a.userId, 'pending', NOW - 3 * HOUR, null);
    await offer(a.userId, 'failed', NOW - 5 * HOUR, NOW - HOUR);
    await offer(a.userId, 'declined', NOW - 40 * HOUR, NOW - 30 * HOUR);
    await offer(a.userId, 'accepted', NOW - 2 * HOUR, NOW - HOUR);
  });
  afterAll(() => t.close());

  /** A player's coins moved against a house account (negative: the player pays). */
  async function move(kind: string, userId: number, house: HouseAccount, amount: number, atMs: number) {
    seq += 1;
    await postTransfer(
      t.rt.database.db,
      {
        kind,
        key: `dashboard-test:${seq}`,
        currency: 'coin',
        legs: [
          { account: { userId }, amount },
          { account: { house }, amount: -amount },
        ],
      },
      new Date(atMs),
    );
  }
  const opening = (userId: number, boxPriceUnits: number, priceUnits: number, atMs: number) =>
    t.rt.database.db
      .insert(boxOpenings)
      .values({ userId, boxId: 1, itemDefId: 1, priceUnits, boxPriceUnits, createdAt: new Date(atMs) });
  const upgrade = (userId: number, stakeUnits: number, target: number, success: boolean, atMs: number) => {
    seq += 1;
    return t.rt.database.db.insert(upgradeRecords).values({
      userId,
      requestId: `dashboard-test:${seq}`,
      upgradeItemId: 1,
      targetItemDefId: 1,
      targetExter: 3,
      targetPriceUnits: target,
      stakeItemIds: [],
      stakeItemPrices: [],
      stakeBalanceUnits: stakeUnits,
      stakeUnits,
      ratePpm: 400_000,
      houseEdgePpm: 50_000,
      maxRatePpm: 800_000,
      seedId: 1,
      clientSeed: 'c',
      nonce: seq,
      // The outcome is the roll against the rate (upgrade_records_outcome_ck).
      roll: success ? 1 : 999_998,
      success,
      createdAt: new Date(atMs),
    });
  };
  const order = (userId: number, payMode: string, status: number, atMs: number) => {
    seq += 1;
    return t.rt.database.db.insert(rechargeOrders).values({
      orderSn: `DASH${seq}`,
      userId,
      tierId: 1,
      payMode,
      provider: 'sandbox',
      amountUnits: 10_000,
      realPriceUnits: 10_000,
      status,
      expiresAt: new Date(atMs + HOUR),
      createdAt: new Date(atMs),
      ...(status === 2 ? { paidAt: new Date(atMs + 1000) } : {}),
    });
  };
  const offer = (userId: number, state: string, createdMs: number, resolvedMs: number | null) =>
    t.rt.database.db.insert(tradeOffers).values({
      userId,
      itemIds: [],
      tradeLink: 'https://steamcommunity.com/tradeoffer/new/?partner=1&token=x',
      state,
      createdAt: new Date(createdMs),
      expiresAt: new Date(NOW + 24 * HOUR),
      ...(resolvedMs === null ? {} : { resolvedAt: new Date(resolvedMs) }),
    });

  const get = (u: TestUser, lang = 'en-US') =>
    t.api<DashboardResponse>('GET', ADMIN_DASHBOARD_PATHS.overview, { headers: bearer(u.tokens.access_token), lang });
  const dayIn = (res: DashboardResponse, day: string) => res.days.find((d) => d.day === day);
  const game = (d: DashboardDay | undefined, g: string) => d?.games.find((x) => x.game === g);

  it('shows today live and no past day before the rollup has run', async () => {
    const res = await get(admin);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.from_day).toBe('2026-10-22');
    expect(data.days.map((d) => d.day)).toEqual([TODAY]);
    const today = dayIn(data, TODAY);
    expect(today).toMatchObject({ live: true, deposits: { n: 1, amount: 20_000 }, active_players: 1 });
    // Registered today: the three staff members and Alice (Bob moved to yesterday).
    expect(today?.new_players).toBe(4);
    expect(game(today, 'box')).toEqual({ game: 'box', n: 1, turnover: 10_000, won: 2_000 });
    expect(today?.ggr).toBe(8_000);
    expect(data.channels).toEqual([
      { pay_mode: 'alipay', today: { created: 1, paid: 0 }, window: { created: 0, paid: 0 } },
    ]);
    expect(data.retrievals).toEqual({
      by_state: { pending: 1, accepted: 1, declined: 1, failed: 1, expired: 0 },
      oldest_pending_at: NOW - 3 * HOUR,
      failures_24h: 1,
    });
    // The public page's snapshot, in the caller's language.
    expect(data.rtp.games.map((g) => g.game).sort()).toEqual(['battle', 'turntable', 'upgrade']);
    expect(data.rtp.boxes.length).toBeGreaterThan(0);
  });

  it('rolls up each past day once; a second run writes the same figures, not twice as much', async () => {
    const written = await t.app.dashboard.refresh();
    expect(written).toHaveLength(30);
    expect(written.at(-1)).toBe(YESTERDAY);
    const rowsOf = () =>
      t.rt.database.db
        .select()
        .from(dashboardDays)
        .where(eq(dashboardDays.day, YESTERDAY))
        .orderBy(dashboardDays.metric);
    const first = await rowsOf();
    // Settled days are not written again.
    expect(await t.app.dashboard.refresh()).toEqual([]);
    await t.app.dashboard.rollupDay(YESTERDAY);
    await t.app.dashboard.rollupDay(YESTERDAY);
    const again = await rowsOf();
    expect(again.map(({ computedAt: _, ...r }) => r)).toEqual(first.map(({ computedAt: _, ...r }) => r));

    const data = (await get(finance)).body.data;
    expect(data.days).toHaveLength(31);
    const y = dayIn(data, YESTERDAY);
    expect(y).toMatchObject({
      live: false,
      deposits: { n: 2, amount: 80_000 },
      new_players: 1,
      active_players: 2,
    });
    expect(y?.games).toEqual([
      { game: 'box', n: 2, turnover: 20_000, won: 23_000 },
      { game: 'battle', n: 1, turnover: 2_000, won: 5_000 },
      { game: 'turntable', n: 1, turnover: 2_000, won: 3_000 },
      { game: 'upgrade', n: 2, turnover: 10_000, won: 12_000 },
      { game: 'card_grab', n: 1, turnover: 1_000, won: 400 },
    ]);
    expect(y?.ggr).toBe(-3_000 - 3_000 - 1_000 - 2_000 + 600);
    // An empty day of the window is stored too (zeros), so the job does not compute it again.
    expect(dayIn(data, '2026-11-01')).toMatchObject({ live: false, deposits: { n: 0, amount: 0 }, ggr: 0 });
    expect(data.channels).toEqual([
      { pay_mode: 'alipay', today: { created: 1, paid: 0 }, window: { created: 2, paid: 1 } },
      { pay_mode: 'wechat', today: { created: 0, paid: 0 }, window: { created: 1, paid: 1 } },
    ]);
  });

  it('reads a past day from the rollup: a late row shows once the day is rolled up again', async () => {
    await opening(a.userId, 50_000, 1_000, Y + 5000);
    const before = dayIn((await get(admin)).body.data, YESTERDAY);
    expect(game(before, 'box')).toEqual({ game: 'box', n: 2, turnover: 20_000, won: 23_000 });
    await t.app.dashboard.rollupDay(YESTERDAY);
    const after = dayIn((await get(admin)).body.data, YESTERDAY);
    expect(game(after, 'box')).toEqual({ game: 'box', n: 3, turnover: 70_000, won: 24_000 });
    const stored = await t.rt.database.db.execute(
      sql`select count(*)::int as n from dashboard_days where day = ${YESTERDAY}`,
    );
    // Five games, three single figures, two channels: replaced, not added to.
    expect(Number((stored as unknown as { rows: { n: unknown }[] }).rows[0]?.n)).toBe(5 + 3 + 2);
  });

  it('answers admin and finance; refuses support and a player', async () => {
    expect((await get(admin)).status).toBe(200);
    expect((await get(finance)).status).toBe(200);
    const bySupport = await get(support, 'zh-CN');
    expect(bySupport.status).toBe(403);
    expect(bySupport.body.code).toBe(ERRORS.STAFF_PERMISSION_MISSING.code);
    const byPlayer = await get(a);
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.body.code).toBe(ERRORS.ADMIN_ONLY.code);
  });
});
