import { COUPON_PATHS, type CouponListResponse } from '@kaixiang/shared/coupons';
import { ERRORS } from '@kaixiang/shared/errors';
import { type CreateOrderResponse, PAYMENT_PATHS, type RechargeListResponse } from '@kaixiang/shared/payments';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { coupons as couponTemplates, userCards } from '../../db/schema/coupons.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../db/schema/ledger.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { recharge } from '../vip/vip.test-support.ts';

const Y = 10_000;

/**
 * Coupons end to end through the HTTP API and the sandbox cashier (docs/payments.md "Coupons"):
 * a card named by an order is fixed on it and used up by its payment, once.
 */
function couponSuite(name: string, makeClock: () => ReturnType<typeof fakeClock>) {
  describe(name, () => {
    let t: TestApp;
    const clock = makeClock();
    let tiers: RechargeListResponse['elems'];
    let templates: Map<string, number>;

    beforeAll(async () => {
      t = await startTestApp({ clock });
      const u = await registerUser(t);
      tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
        .data.elems;
      const rows = await t.rt.database.db.select().from(couponTemplates);
      templates = new Map(rows.map((r) => [r.nameZhCn, r.id]));
    });
    afterAll(() => t.close());
    afterEach(() => expectLedgerBalanced(t));

    const tierOf = (yuan: number) => {
      const tier = tiers.find((x) => x.money === yuan * Y);
      if (!tier) throw new Error(`no tier of ${yuan}`);
      return tier;
    };
    const give = async (u: TestUser, template: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/dev/test/coupon',
        payload: { user_id: u.userId, coupon_id: templates.get(template) },
      });
      const id = (res.json() as { data: { user_card_id: number } }).data.user_card_id;
      expect(id).toBeGreaterThan(0);
      return id;
    };
    const list = async (u: TestUser) =>
      (await asUser<CouponListResponse>(t, u.tokens.access_token, 'GET', COUPON_PATHS.list)).body.data.infos;
    const create = (u: TestUser, yuan: number, card?: number) => {
      clock.advance(THROTTLE_GAP_MS);
      return asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
        ...AGREED,
        coin_recharge_id: tierOf(yuan).id,
        pay_model: 'alipay',
        ...(card === undefined ? {} : { card_coupon_id: card }),
      });
    };
    const pay = (sn: string) => t.app.inject({ method: 'POST', url: `/dev/cashier/${sn}/pay` });
    const coins = async (u: TestUser) => (await balancesOf(t.rt.database.db, u.userId)).coin;
    const kindsOf = async (u: TestUser, sn: string) =>
      (
        await t.rt.database.db
          .select({ kind: ledgerTransfers.kind, amount: ledgerEntries.amount })
          .from(ledgerTransfers)
          .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
          .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
          .where(and(eq(ledgerTransfers.memo, sn), eq(ledgerAccounts.owner, `u:${u.userId}`)))
      )
        .map((r) => [r.kind, r.amount])
        .sort();

    it('lists the player’s usable cards with their terms, in the player’s language', async () => {
      const u = await registerUser(t);
      expect(await list(u)).toEqual([]);
      const id = await give(u, '充值加赠5%券');
      const infos = await list(u);
      expect(infos).toEqual([
        {
          user_card_id: id,
          name: '充值加赠5%券',
          info_value: { award_type: 1, value: 500, min_money: 50 * Y },
          expire_time: clock.now() + 7 * 24 * 3600 * 1000,
        },
      ]);
      const en = await t.api<CouponListResponse>('GET', COUPON_PATHS.list, {
        headers: { authorization: `Bearer ${u.tokens.access_token}` },
        lang: 'en-US',
      });
      expect(en.body.data.infos[0]?.name).toBe('+5% recharge bonus');
      // Another player sees none of them.
      expect(await list(await registerUser(t))).toEqual([]);
    });

    it('adds a percent coupon to the tier bonus, credits it as its own transfer, and uses the card once', async () => {
      const u = await registerUser(t);
      const card = await give(u, '充值加赠5%券');
      const o = (await create(u, 200, card)).body.data;
      // 200 CNY: tier bonus 5 % (10) + coupon 5 % (10).
      expect(o).toMatchObject({ price: 200 * Y, real_price: 200 * Y, extra_std_money: 20 * Y });
      expect((await pay(o.order_sn)).statusCode).toBe(200);
      expect(await coins(u)).toBe(220 * Y);
      expect(await kindsOf(u, o.order_sn)).toEqual(
        [
          ['coupon_bonus', 10 * Y],
          ['recharge', 200 * Y],
          ['recharge_bonus', 10 * Y],
        ].sort(),
      );
      expect(await list(u)).toEqual([]);
      const again = await create(u, 200, card);
      expect(again.body).toMatchObject({ code: ERRORS.COUPON_UNAVAILABLE.code, msg: '优惠券不可用' });
    });

    it('lets an award_type 2 coupon replace the tier bonus', async () => {
      const u = await registerUser(t);
      const card = await give(u, '满100送15元券');
      const o = (await create(u, 100, card)).body.data;
      expect(o.extra_std_money).toBe(15 * Y);
      await pay(o.order_sn);
      expect(await coins(u)).toBe(115 * Y);
      expect(await kindsOf(u, o.order_sn)).toEqual(
        [
          ['coupon_bonus', 15 * Y],
          ['recharge', 100 * Y],
        ].sort(),
      );
    });

    it('refuses a card below its minimum, another player’s, a used one and an expired one, making no order', async () => {
      const u = await registerUser(t);
      const other = await registerUser(t);
      const tenPercent = await give(u, '充值加赠10%券');
      const below = await create(u, 100, tenPercent);
      expect(below.body).toMatchObject({ code: ERRORS.COUPON_MIN_NOT_REACHED.code, msg: '未达到优惠券使用门槛' });
      const foreign = await create(other, 500, tenPercent);
      expect(foreign.body.code).toBe(ERRORS.COUPON_UNAVAILABLE.code);
      expect(await t.rt.database.db.select().from(userCards).where(eq(userCards.id, tenPercent))).toMatchObject([
        { orderId: null, usedAt: null },
      ]);
      clock.advance(7 * 24 * 3600 * 1000);
      const u2 = await registerUser(t);
      const fresh = await give(u2, '充值加赠10%券');
      expect((await list(u2)).map((c) => c.user_card_id)).toEqual([fresh]);
      const expired = await create(u2, 500, tenPercent);
      expect(expired.body.code).toBe(ERRORS.COUPON_UNAVAILABLE.code);
    });

    it('gives the coupon to the newest order that named it; the older one pays with its tier bonus only', async () => {
      const u = await registerUser(t);
      const card = await give(u, '满100送15元券');
      const older = (await create(u, 100, card)).body.data;
      const newer = (await create(u, 100, card)).body.data;
      await pay(older.order_sn);
      expect(await kindsOf(u, older.order_sn)).toEqual(
        [
          ['recharge', 100 * Y],
          ['recharge_bonus', 3 * Y],
        ].sort(),
      );
      await pay(newer.order_sn);
      expect(await kindsOf(u, newer.order_sn)).toEqual(
        [
          ['coupon_bonus', 15 * Y],
          ['recharge', 100 * Y],
        ].sort(),
      );
      expect(await coins(u)).toBe(218 * Y);
    });

    it('adds the VIP level’s recharge bonus fixed when the order is made', async () => {
      const u = await registerUser(t);
      await recharge(t, u.userId, 100 * Y); // V1: award_desc 50 = 0.5 %
      const o = (await create(u, 200, undefined)).body.data;
      expect(o.extra_std_money).toBe(10 * Y + 1 * Y);
      await pay(o.order_sn);
      expect(await kindsOf(u, o.order_sn)).toEqual(
        [
          ['recharge', 200 * Y],
          ['recharge_bonus', 10 * Y],
          ['vip_recharge_bonus', 1 * Y],
        ].sort(),
      );
    });
  });
}

couponSuite('coupons and the VIP recharge bonus', () => fakeClock());

describe.skipIf(!process.env.TEST_DATABASE_URL)('one coupon, two orders paid at once on PostgreSQL', () => {
  let t: TestApp;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());

  it('credits the coupon once, to the order that holds it, whatever the order of the payments', async () => {
    const u = await registerUser(t);
    const [template] = await t.rt.database.db
      .select()
      .from(couponTemplates)
      .where(eq(couponTemplates.nameZhCn, '充值加赠5%券'));
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/test/coupon',
      payload: { user_id: u.userId, coupon_id: template?.id },
    });
    const card = (res.json() as { data: { user_card_id: number } }).data.user_card_id;
    const tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body
      .data.elems;
    const tier = tiers.find((x) => x.money === 500 * Y);
    const orders: CreateOrderResponse[] = [];
    for (let i = 0; i < 4; i++) {
      clock.advance(THROTTLE_GAP_MS);
      const r = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
        ...AGREED,
        coin_recharge_id: tier?.id,
        pay_model: 'alipay',
        card_coupon_id: card,
      });
      orders.push(r.body.data);
    }
    await Promise.all(
      orders.flatMap((o) =>
        [0, 1, 2].map(() => t.app.inject({ method: 'POST', url: `/dev/cashier/${o.order_sn}/pay` })),
      ),
    );
    // 4 × (500 + 6 % tier bonus 30) + one coupon of 5 % (25).
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(4 * 530 * Y + 25 * Y);
    const [row] = await t.rt.database.db.select().from(userCards).where(eq(userCards.id, card));
    expect(row?.usedAt).not.toBeNull();
    await expectLedgerBalanced(t);
  });
});
