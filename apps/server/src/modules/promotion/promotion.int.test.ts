import { ERRORS } from '@kaixiang/shared/errors';
import { type InviteRechargeResponse, type PickupRankingResponse, PROMOTION_PATHS } from '@kaixiang/shared/promotion';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows, giveItems } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { reachVipLevel } from '../../../test/support/vip.ts';
import { ledgerTransfers } from '../../db/schema/ledger.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { balancesOf, createLedger } from '../ledger/ledger.ts';
import { INVITE_REBATE_SETTING, onRecharge } from './invite.service.ts';
import { PICKUP_REWARDS_SETTING } from './ranking.service.ts';

const HOUR = 3_600_000;
const money = async (t: TestApp, u: TestUser) =>
  (await asUser<{ std_money: number }>(t, u.tokens.access_token, 'GET', '/usercenter/v1/user/get-std-money')).body.data
    .std_money;

describe('pickup ranking', () => {
  // 2026-11-21 10:00 China time.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 2, 0, 0));
  let t: TestApp;
  const p: TestUser[] = [];
  beforeAll(async () => {
    t = await startTestApp({ clock });
    for (let i = 0; i < 12; i++) p.push(await registerUser(t, { nick_name: `榜${i}` }));
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const ranking = (listType: 1 | 2, lang = 'zh-CN') =>
    t.api<PickupRankingResponse>('GET', `${PROMOTION_PATHS.pickupRanking}?list_type=${listType}`, { lang });

  it('ranks today’s top 10 by value picked up on the China day, with the prizes', async () => {
    const now = clock.now();
    const todayStart = Date.UTC(2026, 10, 20, 16, 0, 0); // 00:00 China time
    // p0..p11 pick up 100k × (i + 1): p11 first. Mail rewards and items from before midnight don't count.
    for (let i = 0; i < 12; i++)
      await giveItems(t, p[i]!.userId, [{ price: 100_000 * (i + 1), createdAt: now - HOUR }]);
    await giveItems(t, p[0]!.userId, [
      { price: 50_000_000, source: 'reward', createdAt: now - HOUR },
      { price: 50_000_000, createdAt: todayStart - 1 },
    ]);
    // p1 reaches 650,000 with two items; its best item is the 450,000 one.
    await giveItems(t, p[1]!.userId, [{ price: 450_000, defIndex: 3, createdAt: todayStart }]);

    await reachVipLevel(t, p[11]!.userId, 6);
    const r = await ranking(1);
    expect(r.body.code).toBe(200);
    expect(r.body.data.day).toBe('2026-11-21');
    expect(r.body.data.reward_info).toEqual({ reward_a: 1_000_000, reward_b: 500_000, reward_c: 200_000 });
    const rows = r.body.data.list;
    expect(rows).toHaveLength(10);
    expect(rows.map((x) => x.user_id)).toEqual([11, 10, 9, 8, 7, 6, 1, 5, 4, 3].map((i) => p[i]!.userId));
    expect(rows.map((x) => x.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(rows[0]).toMatchObject({ user_nick_name: '榜11', vip_level: 6, list_price: 1_200_000 });
    expect(rows.slice(1).map((x) => x.vip_level)).toEqual(Array(9).fill(0));
    expect(rows[0]?.user_avatar).toBeTypeOf('string');
    const second = rows.find((x) => x.user_id === p[1]!.userId);
    const defs = await catalogueRows(t, 4);
    expect(second).toMatchObject({ list_price: 650_000, list_item: { item_id: defs[3]!.id, price: 450_000 } });

    const en = await ranking(1, 'en-US');
    expect(en.body.data.list.find((x) => x.user_id === p[1]!.userId)?.list_item.name).toBe(defs[3]!.nameEn);
    // Yesterday: only p0's item of 23:59:59.999.
    const y = await ranking(2);
    expect(y.body.data.day).toBe('2026-11-20');
    expect(y.body.data.list.map((x) => [x.user_id, x.list_price])).toEqual([[p[0]!.userId, 50_000_000]]);
  });

  it('breaks a tie in favour of whoever got there first', async () => {
    const clock2 = fakeClock(Date.UTC(2026, 10, 25, 2, 0, 0));
    const t2 = await startTestApp({ clock: clock2 });
    try {
      const x = await registerUser(t2);
      const y = await registerUser(t2);
      await giveItems(t2, y.userId, [{ price: 300_000, createdAt: clock2.now() - 2 * HOUR }]);
      await giveItems(t2, x.userId, [{ price: 300_000, createdAt: clock2.now() - HOUR }]);
      const r = await t2.api<PickupRankingResponse>('GET', `${PROMOTION_PATHS.pickupRanking}?list_type=1`);
      expect(r.body.data.list.map((e) => e.user_id)).toEqual([y.userId, x.userId]);
    } finally {
      await t2.close();
    }
  });

  it('pays yesterday’s top 3 once, after the day has settled', async () => {
    await t.rt.database.db
      .update(siteSettings)
      .set({ value: JSON.stringify({ reward_a: 300_000, reward_b: 200_000, reward_c: 100_000 }) })
      .where(eq(siteSettings.key, PICKUP_REWARDS_SETTING));
    // The clock jumps past the access tokens' life: read balances from the ledger.
    const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
    const before = await Promise.all([p[11]!, p[10]!, p[9]!, p[8]!].map(coins));
    // 00:02 China time on the 22nd: the 21st has not settled yet.
    clock.advance(14 * HOUR + 2 * 60_000);
    expect((await t.app.promotion.ranking.payFinishedDays()) > 0).toBe(true); // the 20th: p0 alone
    expect(await coins(p[11]!)).toBe(before[0]);
    clock.advance(5 * 60_000);
    expect(await t.app.promotion.ranking.payFinishedDays()).toBe(3);
    expect(await t.app.promotion.ranking.payFinishedDays()).toBe(0);
    expect(await t.app.promotion.ranking.payDay('2026-11-21')).toEqual([]);
    const after = await Promise.all([p[11]!, p[10]!, p[9]!, p[8]!].map(coins));
    expect(after.map((v, i) => v - (before[i] ?? 0))).toEqual([300_000, 200_000, 100_000, 0]);
    const keys = await t.rt.database.db
      .select({ key: ledgerTransfers.idemKey })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'pickup_prize'));
    expect(keys.map((k) => k.key).sort()).toEqual([
      'pickup_prize:2026-11-20:1',
      'pickup_prize:2026-11-21:1',
      'pickup_prize:2026-11-21:2',
      'pickup_prize:2026-11-21:3',
    ]);
  });

  it('refuses an unknown list type', async () => {
    expect((await t.api('GET', `${PROMOTION_PATHS.pickupRanking}?list_type=3`)).body.code).toBe(
      ERRORS.VALIDATION_FAILED.code,
    );
  });
});

describe('invite rebates', () => {
  let t: TestApp;
  let inviter: TestUser;
  let invitee: TestUser;
  let loner: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    inviter = await registerUser(t, { nick_name: '邀请人' });
    const detail = await asUser<{ super_invite_code: string }>(
      t,
      inviter.tokens.access_token,
      'GET',
      '/usercenter/v1/user/detail',
    );
    invitee = await registerUser(t, { nick_name: '被邀请', invite_code: detail.body.data.super_invite_code });
    loner = await registerUser(t, { nick_name: '独行' });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  /** A recharge as payments posts it, with the rebate in the same transaction. */
  const recharge = (userId: number, amountUnits: number, orderSn: string) => {
    const ledger = createLedger({
      db: t.rt.database.db,
      bus: t.rt.bus,
      clock: t.rt.clock,
      transaction: t.rt.transaction,
    });
    return ledger.transaction(async (lt) => {
      await lt.post({
        kind: 'recharge',
        key: `recharge:${orderSn}`,
        currency: 'coin',
        legs: [
          { account: { house: 'payments_in' }, amount: -amountUnits },
          { account: { userId }, amount: amountUnits },
        ],
      });
      return onRecharge(lt, { userId, amountUnits, orderSn });
    });
  };

  it('credits the inviter 5 % of an invitee’s recharge, once per order', async () => {
    expect(await recharge(invitee.userId, 1_000_000, 'SN-1')).toEqual({
      inviterId: inviter.userId,
      rebateUnits: 50_000,
    });
    expect(await recharge(invitee.userId, 1_000_000, 'SN-1')).toBeNull();
    expect(await money(t, inviter)).toBe(50_000);
    expect(await money(t, invitee)).toBe(1_000_000);
  });

  it('pays nothing for a player nobody invited', async () => {
    expect(await recharge(loner.userId, 1_000_000, 'SN-LONER')).toBeNull();
    expect(await money(t, loner)).toBe(1_000_000);
  });

  it('follows the share setting and floors to whole units', async () => {
    await t.rt.database.db
      .update(siteSettings)
      .set({ value: '333' })
      .where(eq(siteSettings.key, INVITE_REBATE_SETTING));
    expect(await recharge(invitee.userId, 100_001, 'SN-2')).toEqual({ inviterId: inviter.userId, rebateUnits: 3_330 });
  });

  it('lists the invitees’ recharges and the rebates earned', async () => {
    const r = await asUser<InviteRechargeResponse>(
      t,
      inviter.tokens.access_token,
      'GET',
      PROMOTION_PATHS.inviteRecharge,
    );
    expect(r.body.code).toBe(200);
    expect(r.body.data).toMatchObject({
      total: 2,
      total_recharge: 1_100_001,
      total_rebate: 53_330,
      rebate_rate_bp: 333,
    });
    expect(r.body.data.list.map((x) => [x.user_id, x.nick_name, x.order_sn, x.recharge_amount, x.rebate])).toEqual([
      [invitee.userId, '被邀请', 'SN-2', 100_001, 3_330],
      [invitee.userId, '被邀请', 'SN-1', 1_000_000, 50_000],
    ]);
    // The invitee's badge: V0 until their level is brought up to date, then V1 (110.0001 CNY
    // recharged) on every row, read in the same query.
    expect(r.body.data.list.map((x) => x.vip_level)).toEqual([0, 0]);
    await asUser(t, invitee.tokens.access_token, 'GET', '/usercenter/v1/user/detail');
    const after = await asUser<InviteRechargeResponse>(
      t,
      inviter.tokens.access_token,
      'GET',
      PROMOTION_PATHS.inviteRecharge,
    );
    expect(after.body.data.list.map((x) => x.vip_level)).toEqual([1, 1]);
    const none = await asUser<InviteRechargeResponse>(
      t,
      loner.tokens.access_token,
      'GET',
      PROMOTION_PATHS.inviteRecharge,
    );
    expect(none.body.data).toMatchObject({ list: [], total: 0, total_recharge: 0, total_rebate: 0 });
    expect((await t.api('GET', PROMOTION_PATHS.inviteRecharge)).body.code).toBe(401);
  });

  it('a rolled-back recharge leaves no rebate', async () => {
    const ledger = createLedger({
      db: t.rt.database.db,
      bus: t.rt.bus,
      clock: t.rt.clock,
      transaction: t.rt.transaction,
    });
    await expect(
      ledger.transaction(async (lt) => {
        await onRecharge(lt, { userId: invitee.userId, amountUnits: 500_000, orderSn: 'SN-FAIL' });
        throw new Error('provider said no');
      }),
    ).rejects.toThrow('provider said no');
    const r = await asUser<InviteRechargeResponse>(
      t,
      inviter.tokens.access_token,
      'GET',
      PROMOTION_PATHS.inviteRecharge,
    );
    expect(r.body.data.list.map((x) => x.order_sn)).not.toContain('SN-FAIL');
  });
});
