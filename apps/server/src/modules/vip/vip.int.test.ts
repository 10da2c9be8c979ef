import type { UserDetail } from '@kaixiang/shared/accounts';
import { ERRORS } from '@kaixiang/shared/errors';
import { VIP_PATHS, type VipAwardResponse, type VipConfigResponse } from '@kaixiang/shared/vip';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { balancesOf, createLedger } from '../ledger/ledger.ts';
import { createVipService, vipStatusOf } from './vip.service.ts';
import { recharge, Y } from './vip.test-support.ts';

const config = (t: TestApp, u: TestUser) =>
  asUser<VipConfigResponse>(t, u.tokens.access_token, 'GET', VIP_PATHS.config);
const claim = (t: TestApp, u: TestUser, body: object = {}) =>
  asUser<VipAwardResponse>(t, u.tokens.access_token, 'POST', VIP_PATHS.award, body);
const completeness = (c: VipConfigResponse) => c.level_vip_configs.map((l) => l.isComplete);
const levelOf = async (t: TestApp, u: TestUser) => (await config(t, u)).body.data.vip_level;

describe('VIP levels and upgrade rewards', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('shows a new player 11 levels, none reached beyond 0, and nothing to claim', async () => {
    const u = await registerUser(t);
    const res = await config(t, u);
    expect(res.body.code).toBe(200);
    const c = res.body.data;
    expect(c.level_vip_configs.map((l) => l.level)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(c.level_vip_configs[1]).toMatchObject({
      recharge_num: 100 * Y,
      upgrade_num: 100 * Y,
      award: { coins: 2 * Y },
    });
    expect(c.level_vip_configs[3]).toMatchObject({ recharge_num: 1000 * Y, upgrade_num: 500 * Y, award_desc: 150 });
    expect(completeness(c)).toEqual([1, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2]);
    expect(c).toMatchObject({ vip_level: 0, vip_exp: 0, recharge_num: 0, next_level_need: 100 * Y });
    expect((await claim(t, u)).body.code).toBe(ERRORS.VIP_NOTHING_TO_CLAIM.code);
    const detail = await asUser<UserDetail>(t, u.tokens.access_token, 'GET', '/usercenter/v1/user/detail');
    expect(detail.body.data).toMatchObject({ vip_level: 0, recharge_num: 0, is_recharged: false });
  });

  it('rises with cumulative recharge and pays every reached level once, multi-level jumps included', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 300 * Y);
    await recharge(t, u.userId, 300 * Y);
    const before = (await config(t, u)).body.data;
    expect(before).toMatchObject({ vip_level: 2, recharge_num: 600 * Y, vip_exp: 600 * Y, next_level_need: 400 * Y });
    expect(completeness(before).slice(0, 4)).toEqual([1, 0, 0, 2]);
    // The badge column and the user detail follow.
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, u.userId));
    expect(row?.vipLevel).toBe(2);
    const detail = await asUser<UserDetail>(t, u.tokens.access_token, 'GET', '/usercenter/v1/user/detail');
    expect(detail.body.data).toMatchObject({ vip_level: 2, recharge_num: 600 * Y, is_recharged: true });

    const first = await claim(t, u);
    expect(first.body.code).toBe(200);
    expect(first.body.data).toEqual({ get_money: 10 * Y, levels: [1, 2], vip_level: 2, money: 610 * Y });
    expect(completeness((await config(t, u)).body.data).slice(0, 4)).toEqual([1, 1, 1, 2]);

    // Claiming again pays nothing; asking for a level above the player's is refused.
    expect((await claim(t, u)).body.code).toBe(ERRORS.VIP_NOTHING_TO_CLAIM.code);
    expect((await claim(t, u, { level: 1 })).body.code).toBe(ERRORS.VIP_NOTHING_TO_CLAIM.code);
    expect((await claim(t, u, { level: 3 })).body.code).toBe(ERRORS.VIP_LEVEL_NOT_REACHED.code);
    expect((await claim(t, u, { level: 11 })).body.code).toBe(ERRORS.VALIDATION_FAILED.code);

    // 3000 CNY more: levels 3 and 4 reached; asking for level 3 pays only it.
    await recharge(t, u.userId, 3000 * Y);
    const cfg = (await config(t, u)).body.data;
    expect(completeness(cfg).slice(0, 6)).toEqual([1, 1, 1, 0, 0, 2]);
    const three = await claim(t, u, { vip_award_id: cfg.level_vip_configs[3]?.id });
    expect(three.body.data).toMatchObject({ get_money: 15 * Y, levels: [3], vip_level: 4 });
    const rest = await claim(t, u);
    expect(rest.body.data).toMatchObject({ get_money: 38 * Y, levels: [4] });
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe((3600 + 10 + 15 + 38) * Y);

    const history = await asUser<{ list: { level: number; amount: number }[]; total: number }>(
      t,
      u.tokens.access_token,
      'GET',
      `${VIP_PATHS.history}?page=1&page_size=10`,
    );
    expect(history.body.data.total).toBe(4);
    expect(history.body.data.list.map((h) => [h.level, h.amount])).toEqual([
      [4, 38 * Y],
      [3, 15 * Y],
      [2, 8 * Y],
      [1, 2 * Y],
    ]);
  });

  it('counts only recharges: other credits raise no level', async () => {
    const u = await registerUser(t);
    await t.app.inject({ method: 'POST', url: '/dev/test/credit', payload: { user_id: u.userId, amount: 5000 * Y } });
    expect(await levelOf(t, u)).toBe(0);
  });
});

describe('VIP monthly retention', () => {
  // Saturday 2026-11-21 16:00 China time; the last boundary is 2026-11-01 00:00 China time.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 8));
  const sep = Date.UTC(2026, 8, 10);
  const oct = Date.UTC(2026, 9, 10);
  const nov = Date.UTC(2026, 10, 5);
  let t: TestApp;
  const service = () =>
    createVipService({
      db: t.rt.database.db,
      clock,
      ledger: createLedger({ db: t.rt.database.db, bus: t.rt.bus, clock, transaction: t.rt.transaction }),
    });
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('keeps a level with 30 % of its threshold recharged last month and drops one level otherwise', async () => {
    const [kept, idle, short, fresh] = await Promise.all([1, 2, 3, 4].map(() => registerUser(t)));
    if (!kept || !idle || !short || !fresh) throw new Error('users');
    await recharge(t, kept.userId, 1000 * Y, oct); // V3, October 1000 ≥ 300: kept
    await recharge(t, idle.userId, 1000 * Y, sep); // V3, nothing in October: drops to V2
    await recharge(t, short.userId, 1000 * Y, sep);
    await recharge(t, short.userId, 299 * Y, oct); // V3, October 299 < 300: drops to V2
    await recharge(t, fresh.userId, 1000 * Y, nov); // V3 reached after the boundary: not judged yet
    expect(await Promise.all([kept, idle, short, fresh].map((u) => levelOf(t, u)))).toEqual([3, 3, 3, 3]);
    // V1..V3 claimed before the demotion stay claimed.
    expect((await claim(t, idle)).body.data.levels).toEqual([1, 2, 3]);

    const run = await service().runRetention();
    expect(run).toEqual({ checked: 3, demoted: 2 });
    expect(await Promise.all([kept, idle, short, fresh].map((u) => levelOf(t, u)))).toEqual([3, 2, 2, 3]);
    const idleCfg = (await config(t, idle)).body.data;
    expect(idleCfg).toMatchObject({ vip_exp: 500 * Y, recharge_num: 1000 * Y, next_level_need: 500 * Y });
    expect(completeness(idleCfg).slice(0, 5)).toEqual([1, 1, 1, 1, 2]);
    const [row] = await t.rt.database.db.select().from(users).where(eq(users.id, idle.userId));
    expect(row?.vipLevel).toBe(2);

    // The same boundary again, from another process: nobody drops twice.
    expect(await service().runRetention()).toEqual({ checked: 0, demoted: 0 });
    expect(await levelOf(t, short)).toBe(2);

    // Recharging the gap regains the level, and its reward is not paid a second time.
    await recharge(t, idle.userId, 500 * Y);
    expect(await levelOf(t, idle)).toBe(3);
    expect((await claim(t, idle)).body.code).toBe(ERRORS.VIP_NOTHING_TO_CLAIM.code);

    // December 1st judges November: kept and short recharged nothing then and drop one more level;
    // idle's 500 reaches 30 % of V3, fresh's 1000 too.
    clock.advance(11 * 86_400_000);
    const dec = await service().runRetention();
    expect(dec).toEqual({ checked: 4, demoted: 2 });
    // (Access tokens have expired by now: read the level directly.)
    const levels = await Promise.all(
      [kept, idle, short, fresh].map(async (u) => (await vipStatusOf(t.rt.database.db, u.userId)).level),
    );
    expect(levels).toEqual([2, 3, 1, 3]);
  });
});

describe('the VIP exclusive red packet, once a month', () => {
  let t: TestApp;
  // 2026-11-21 16:00 China time.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 8, 0, 0));
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));
  const redPacket = (u: TestUser) =>
    asUser<{ get_money: number; level: number; money: number }>(
      t,
      u.tokens.access_token,
      'POST',
      VIP_PATHS.redPacket,
      {},
    );

  it('pays the current level’s red packet once per China-time month; V0 has none', async () => {
    const u = await registerUser(t);
    expect((await redPacket(u)).body).toMatchObject({ code: ERRORS.VIP_LEVEL_NOT_REACHED.code });
    await recharge(t, u.userId, 1000 * Y); // V3: red packet 5 CNY
    expect((await config(t, u)).body.data.red_packet_claimed).toBe(false);
    const first = await redPacket(u);
    expect(first.body).toMatchObject({ code: 200, data: { get_money: 5 * Y, level: 3, money: 1005 * Y } });
    expect((await config(t, u)).body.data.red_packet_claimed).toBe(true);
    const again = await redPacket(u);
    expect(again.body).toMatchObject({ code: ERRORS.VIP_RED_PACKET_CLAIMED.code, msg: '本月专属红包已领取' });
    // A level reached later in the month does not open a second one.
    await recharge(t, u.userId, 2000 * Y); // V4
    expect((await redPacket(u)).body.code).toBe(ERRORS.VIP_RED_PACKET_CLAIMED.code);
    // 2026-12-01 00:00 China time is 2026-11-30 16:00 UTC: a new month, at the new level.
    clock.advance(Date.UTC(2026, 10, 30, 16, 0, 0) - clock.now());
    const relogged = await login(t, u.mobile, u.password);
    u.tokens = relogged.body.data;
    const december = await redPacket(u);
    expect(december.body).toMatchObject({ code: 200, data: { get_money: 10 * Y, level: 4 } });
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(3015 * Y);
  });
});
