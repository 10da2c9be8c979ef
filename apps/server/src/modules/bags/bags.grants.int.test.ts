import { BAG_PATHS, type BagRecordResponse, type HasBagResponse } from '@kaixiang/shared/bags';
import { ERRORS } from '@kaixiang/shared/errors';
import { MAIL_PATHS, type ReceiveResponse } from '@kaixiang/shared/mail';
import { type CreateOrderResponse, PAYMENT_PATHS, type RechargeListResponse } from '@kaixiang/shared/payments';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { seededCampaign } from '../../../test/support/bags.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { AGREED, THROTTLE_GAP_MS } from '../../../test/support/payments.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recharge, Y } from '../vip/vip.test-support.ts';
import { grantRechargeBags } from './bags.grants.ts';

/** Campaigns give bags: a credited recharge (a day's, a VIP level's), a mail attachment, a redeem code. */
describe('lucky bags: how players get them', () => {
  // 10:00 in China: the next China day starts in 14 hours.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 2, 0, 0));
  let t: TestApp;
  let tiers: RechargeListResponse['elems'];
  let ids: { daily: number; vip: number; gift: number };
  beforeAll(async () => {
    t = await startTestApp({ clock });
    const u = await registerUser(t);
    tiers = (await asUser<RechargeListResponse>(t, u.tokens.access_token, 'GET', PAYMENT_PATHS.rechargeList)).body.data
      .elems;
    ids = {
      daily: await seededCampaign(t, 'daily_recharge'),
      vip: await seededCampaign(t, 'vip_level'),
      gift: await seededCampaign(t, 'gift'),
    };
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const record = async (u: TestUser) =>
    (await asUser<BagRecordResponse>(t, u.tokens.access_token, 'GET', `${BAG_PATHS.record}?page_size=50`)).body.data
      .list;
  /** The player's bags as [campaign, source], oldest first. */
  const bags = async (u: TestUser) => (await record(u)).map((b) => [b.campaign_id, b.source]).reverse();
  const cashier = (sn: string) => t.app.inject({ method: 'POST', url: `/dev/cashier/${sn}/pay` });
  /** Orders a tier of `yuan` and pays it in the sandbox cashier; returns the order number. */
  const pay = async (u: TestUser, yuan: number) => {
    clock.advance(THROTTLE_GAP_MS);
    const tier = tiers.find((x) => x.money === yuan * Y);
    if (!tier) throw new Error(`no tier of ${yuan}`);
    const res = await asUser<CreateOrderResponse>(t, u.tokens.access_token, 'POST', PAYMENT_PATHS.createOrder, {
      ...AGREED,
      coin_recharge_id: tier.id,
      pay_model: 'alipay',
    });
    if (res.body.code !== 200) throw new Error(`create order: ${JSON.stringify(res.body)}`);
    expect((await cashier(res.body.data.order_sn)).statusCode).toBe(200);
    return res.body.data.order_sn;
  };

  it('a recharge of ¥10 or more gives the day’s bag once per China day; each VIP level crossed gives its bag once', async () => {
    const u = await registerUser(t);
    const sn = await pay(u, 10);
    expect(await bags(u)).toEqual([[ids.daily, 'daily_recharge']]);
    // The provider delivers the same notification again: nothing more.
    expect((await cashier(sn)).statusCode).toBe(200);
    // Another recharge the same day: no second day's bag; ¥60 in all is below VIP 1 (¥100).
    await pay(u, 50);
    expect(await bags(u)).toEqual([[ids.daily, 'daily_recharge']]);
    // ¥110: VIP 1 reached.
    await pay(u, 50);
    expect(await bags(u)).toEqual([
      [ids.daily, 'daily_recharge'],
      [ids.vip, 'vip_level'],
    ]);
    // ¥1,110: VIP 2 (¥500) and 3 (¥1,000) at once, a bag each.
    await pay(u, 1000);
    expect((await bags(u)).filter(([c]) => c === ids.vip)).toHaveLength(3);
    // The next China day (00:00 UTC+8), the first recharge gives that day's bag.
    clock.advance(14 * 60 * 60 * 1000);
    const relogged = await login(t, u.mobile, u.password);
    u.tokens = relogged.body.data;
    await pay(u, 10);
    expect((await bags(u)).filter(([c]) => c === ids.daily)).toHaveLength(2);
    const held = await asUser<HasBagResponse>(t, u.tokens.access_token, 'GET', BAG_PATHS.hasBag);
    expect(held.body.data).toMatchObject({ has_bag: true, count: 5 });
  });

  it('gives nothing twice when the recharge hook runs again for the same day and levels', async () => {
    const u = await registerUser(t);
    const hook = () =>
      t.rt.transaction(async (tx) =>
        grantRechargeBags({ tx, now: new Date(clock.now()) }, { userId: u.userId, amountUnits: 100 * Y }),
      );
    await recharge(t, u.userId, 100 * Y);
    expect(await hook()).toBe(2); // the day's bag and VIP 1's
    expect(await hook()).toBe(0);
    expect(await bags(u)).toHaveLength(2);
    // Below the day's minimum (¥10) nothing is given.
    const small = await registerUser(t);
    await recharge(t, small.userId, 9 * Y);
    const none = await t.rt.transaction((tx) =>
      grantRechargeBags({ tx, now: new Date(clock.now()) }, { userId: small.userId, amountUnits: 9 * Y }),
    );
    expect(none).toBe(0);
  });

  it('a mail attachment gives its bags when collected, once; a redeem code’s mail too', async () => {
    const u = await registerUser(t);
    const sent = await t.app.mail.send({
      userId: u.userId,
      title: { zhCn: '补偿', en: 'Compensation' },
      bags: [ids.gift, ids.gift],
      source: 'system',
      sourceKey: `bags-test:${u.userId}`,
    });
    const mails = await asUser<{ list: { id: number; bags: { campaign_id: number; name: string }[] }[] }>(
      t,
      u.tokens.access_token,
      'GET',
      MAIL_PATHS.mails,
    );
    expect(mails.body.data.list[0]?.bags).toEqual([
      { campaign_id: ids.gift, name: '幸运福袋' },
      { campaign_id: ids.gift, name: '幸运福袋' },
    ]);
    const receive = () =>
      asUser<ReceiveResponse>(t, u.tokens.access_token, 'POST', MAIL_PATHS.receive, { id: sent.id });
    expect((await receive()).body.data).toMatchObject({ bags: 2, already_received: false });
    expect((await receive()).body.data).toMatchObject({ bags: 0, already_received: true });
    expect(await bags(u)).toEqual([
      [ids.gift, 'mail'],
      [ids.gift, 'mail'],
    ]);

    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/test/redeem-code',
      payload: { coins: 0, bag_campaign_ids: [ids.gift] },
    });
    const code = (made.json() as { data: { code: string } }).data.code;
    const redeemed = await asUser<{ mail_id: number }>(t, u.tokens.access_token, 'POST', MAIL_PATHS.redeem, {
      key: code,
    });
    await asUser(t, u.tokens.access_token, 'POST', MAIL_PATHS.receive, { id: redeemed.body.data.mail_id });
    expect((await bags(u)).at(-1)).toEqual([ids.gift, 'redeem']);
  });

  it('refuses an attachment or a code of a campaign that gives by itself, or of none', async () => {
    const u = await registerUser(t);
    await expect(
      t.app.mail.send({ userId: u.userId, title: 'x', bags: [ids.daily], source: 'system' }),
    ).rejects.toMatchObject({ key: 'BAG_KIND_FIXED' });
    await expect(
      t.app.mail.send({ userId: u.userId, title: 'x', bags: [999_999], source: 'system' }),
    ).rejects.toMatchObject({ key: 'BAG_CAMPAIGN_NOT_FOUND' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/dev/test/redeem-code',
      payload: { coins: 0, bag_campaign_ids: [ids.vip] },
      headers: { 'x-lang': 'en-US' },
    });
    expect(made.json()).toMatchObject({ code: ERRORS.BAG_KIND_FIXED.code });
  });

  it('says rechargeBag 1 in the group info while the daily campaign gives bags', async () => {
    const info = await t.api<{ rechargeBag: number }>('GET', SITE_PATHS.groupInfo);
    expect(info.body.data.rechargeBag).toBe(1);
  });
});
