import { ERRORS } from '@kaixiang/shared/errors';
import { COMMAND_PATHS, type CommandListResponse, type CommandRewardResponse } from '@kaixiang/shared/vip';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { recharge, Y } from './vip.test-support.ts';

const list = (t: TestApp, u: TestUser) =>
  asUser<CommandListResponse>(t, u.tokens.access_token, 'GET', COMMAND_PATHS.list);
const reward = (t: TestApp, u: TestUser, key: string) =>
  asUser<CommandRewardResponse>(t, u.tokens.access_token, 'POST', COMMAND_PATHS.reward, { key });

describe('command codes (口令)', () => {
  // Saturday 2026-11-21 16:00 China time: the week began Monday the 16th, the month on the 1st.
  const clock = fakeClock(Date.UTC(2026, 10, 21, 8));
  const LOCK = 3_000;
  let t: TestApp;
  const setCodeItem = (v: number) =>
    t.rt.database.db
      .update(siteSettings)
      .set({ value: JSON.stringify(v) })
      .where(eq(siteSettings.key, 'code_item'));
  beforeAll(async () => {
    t = await startTestApp({ clock });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('shows day, week and month progress, revealing a key once its requirement is reached', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 200 * Y, Date.UTC(2026, 10, 2, 4)); // this month, an earlier week
    await recharge(t, u.userId, 900 * Y, Date.UTC(2026, 10, 16, 4)); // this week's Monday
    await recharge(t, u.userId, 150 * Y); // today
    const res = await list(t, u);
    expect(res.body.code).toBe(200);
    const d = res.body.data;
    expect(d).toMatchObject({ day_recharge: 150 * Y, week_recharge: 1050 * Y, month_recharge: 1250 * Y });
    expect(d.recharge_list_info.map((r) => [r.type, r.money / Y, r.bag_id, r.key])).toEqual([
      [1, 100, 0, 'KX-DAY-100'],
      [1, 500, 0, ''],
      [2, 1000, 0, 'KX-WEEK-1000'],
      [2, 3000, 0, ''],
      [3, 5000, 0, ''],
      [3, 20000, 0, ''],
    ]);
  });

  it('pays a reached tier once per period, refuses wrong, empty, too long and unreached codes', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 120 * Y);
    const paid = await reward(t, u, ' KX-DAY-100 ');
    expect(paid.body.code).toBe(200);
    expect(paid.body.data).toEqual({ get_money: 1 * Y, money: 121 * Y });
    const tier = (await list(t, u)).body.data.recharge_list_info[0];
    expect(tier?.bag_id).toBeGreaterThan(0);

    clock.advance(LOCK);
    expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(ERRORS.COMMAND_ALREADY_CLAIMED.code);
    clock.advance(LOCK);
    expect((await reward(t, u, 'KX-DAY-500')).body.code).toBe(ERRORS.COMMAND_NOT_REACHED.code);
    clock.advance(LOCK);
    const wrong = await reward(t, u, 'NOT-A-CODE');
    expect(wrong.body.code).toBe(ERRORS.COMMAND_KEY_INVALID.code);
    // Empty and over-long codes are refused before the lock is taken.
    expect((await reward(t, u, '   ')).body.code).toBe(ERRORS.COMMAND_KEY_REQUIRED.code);
    expect((await reward(t, u, 'x'.repeat(201))).body.code).toBe(ERRORS.COMMAND_KEY_TOO_LONG.code);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(121 * Y);

    // The next China day is a new period: the day tier pays again once today's recharge reaches it.
    clock.advance(86_400_000);
    // (A day later the access token has expired: sign in again.)
    const again = await login(t, u.mobile, u.password);
    u.tokens = again.body.data;
    expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(ERRORS.COMMAND_NOT_REACHED.code);
    clock.advance(LOCK);
    await recharge(t, u.userId, 100 * Y);
    expect((await reward(t, u, 'KX-DAY-100')).body.data).toEqual({ get_money: 1 * Y, money: 222 * Y });
  });

  it('locks a player for 3 s after each claim attempt', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 1000 * Y);
    expect((await reward(t, u, 'NOT-A-CODE')).body.code).toBe(ERRORS.COMMAND_KEY_INVALID.code);
    const locked = await reward(t, u, 'KX-DAY-100');
    expect(locked.body.code).toBe(ERRORS.COMMAND_TOO_FREQUENT.code);
    expect(locked.status).toBe(429);
    clock.advance(LOCK - 1);
    expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(ERRORS.COMMAND_TOO_FREQUENT.code);
    clock.advance(1);
    expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(200);
    // Another player is not held by this one's lock.
    const other = await registerUser(t);
    await recharge(t, other.userId, 100 * Y);
    expect((await reward(t, other, 'KX-DAY-100')).body.code).toBe(200);
  });

  it('is closed when the site setting code_item is not 1', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 100 * Y);
    await setCodeItem(0);
    try {
      const l = await list(t, u);
      expect(l.body.code).toBe(ERRORS.COMMAND_DISABLED.code);
      expect(l.body.msg).toBe('当前口令饰品功能已关闭，请联系客服');
      expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(ERRORS.COMMAND_DISABLED.code);
    } finally {
      await setCodeItem(1);
    }
    clock.advance(LOCK);
    expect((await reward(t, u, 'KX-DAY-100')).body.code).toBe(200);
  });
});
