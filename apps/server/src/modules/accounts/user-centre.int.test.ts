import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asUser, login, registerUser, smsCode, type TestUser } from '../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { reachVipLevel } from '../../../test/support/vip.ts';
import { users } from '../../db/schema/users.ts';
import { spreadAvatarId } from './avatar-svg.ts';

const P = '/usercenter/v1/user';
const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

describe('user centre', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  const clock = fakeClock();
  beforeAll(async () => {
    t = await startTestApp({ clock });
    a = await registerUser(t, { nick_name: '甲' });
    b = await registerUser(t, { nick_name: '乙' });
  });
  afterAll(() => t.close());
  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, `${P}/${path}`, body);
  const row = async (u: TestUser) => (await t.rt.database.db.select().from(users).where(eq(users.id, u.userId)))[0];

  it('shows the caller their own detail, with money 0 until the ledger exists', async () => {
    const res = await as<Record<string, unknown>>(a, 'GET', 'detail');
    expect(res.body.data).toMatchObject({
      user_id: a.userId,
      nick_name: '甲',
      money: 0,
      mall_quota: 0,
      role: 'player',
      identity_verified: false,
      mobile: `${a.mobile.slice(0, 3)}****${a.mobile.slice(7)}`,
    });
    expect(res.body.data.super_invite_code).toMatch(/^[A-Z0-9]{6,8}$/);
    expect((await as(a, 'GET', 'get-std-money')).body.data).toEqual({ std_money: 0, mall_quota: 0 });
  });

  it("lists avatars that exist as images and changes the caller's avatar only", async () => {
    const list = await as<{ list: { id: number; url: string }[] }>(a, 'GET', 'get_user_avatar_list');
    expect(list.body.data.list).toHaveLength(12);
    const img = await t.app.inject({ method: 'GET', url: list.body.data.list[4]!.url });
    expect(img.headers['content-type']).toContain('image/svg+xml');
    expect((await as(a, 'POST', 'change-user-avatar', { avatar_id: 5 })).body.code).toBe(200);
    expect((await row(a))?.avatar).toBe('/img/avatars/5.svg');
    expect((await row(b))?.avatar).toBe(`/img/avatars/${spreadAvatarId(b.userId)}.svg`);
    expect((await as(a, 'POST', 'change-user-avatar', { avatar_id: 99 })).body.error).toBe('NOT_FOUND');
  });

  it('gives new accounts the seeded avatars in turn, not all the first one', async () => {
    const made = [];
    for (let i = 0; i < 12; i++) made.push(await registerUser(t));
    const ids = new Set<number>();
    for (const u of made) {
      const r = await row(u);
      expect(r?.avatar).toBe(`/img/avatars/${r?.avatarId}.svg`);
      if (r?.avatarId) ids.add(r.avatarId);
      // What the player's own detail shows.
      expect((await as<{ avatar: string }>(u, 'GET', 'detail')).body.data.avatar).toBe(r?.avatar);
    }
    expect([...ids].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it('changes the nickname, stripped and width-limited; an id in the body is ignored', async () => {
    const res = await as(a, 'POST', 'change-nick-name', { nick_name: ' 新 名字! ', user_id: b.userId });
    expect(res.body.data).toEqual({ nick_name: '新名字' });
    expect((await row(b))?.nickName).toBe('乙');
    expect((await as(a, 'POST', 'change-nick-name', { nick_name: '  ' })).body.error).toBe('NICKNAME_REQUIRED');
    expect((await as(a, 'POST', 'change-nick-name', { nick_name: 'x'.repeat(25) })).body.error).toBe(
      'NICKNAME_TOO_LONG',
    );
  });

  it('sets the SMS switch and the trade link; the bind reward is offered once', async () => {
    expect((await as(a, 'POST', 'set-receipt-sms-switch', { switch: 0 })).body.code).toBe(200);
    expect((await row(a))?.receiptSms).toBe(false);
    expect((await as(a, 'POST', 'set-steam-link', { steam_link: '' })).body).toMatchObject({
      error: 'TRADE_LINK_REQUIRED',
      msg: '您没有填写交易链接',
    });
    expect((await as(a, 'POST', 'set-steam-link', { steam_link: 'https://x.com' })).body.error).toBe(
      'TRADE_LINK_INVALID',
    );
    // Binding pays no coins: its reward is the trade-link free box (free-boxes.int.test.ts).
    expect((await as(a, 'POST', 'set-steam-link', { steam_link: LINK })).body.data).toEqual({ reward_price: 0 });
    expect((await as(a, 'POST', 'set-steam-link', { steam_link: LINK })).body.data).toEqual({ reward_price: 0 });
    expect((await row(a))?.steamLink).toBe(LINK);
    expect((await row(b))?.steamLink).toBe('');
  });

  it("binds an invite code once, never one's own, never in a cycle", async () => {
    const c = await registerUser(t);
    const codeOf = async (u: TestUser) => (await row(u))?.superInviteCode ?? '';
    const bind = (u: TestUser, code: string) => as(u, 'POST', 'bind-invite-code', { invite_code: code });
    expect((await bind(a, await codeOf(a))).body.error).toBe('INVITE_CODE_INVALID');
    expect((await bind(a, 'ZZZZZZZZ')).body.error).toBe('INVITE_CODE_INVALID');
    expect((await bind(b, await codeOf(a))).body.code).toBe(200); // a invited b
    expect((await bind(c, await codeOf(b))).body.code).toBe(200); // b invited c
    expect((await bind(a, await codeOf(c))).body.error).toBe('INVITE_CODE_INVALID'); // would close a→b→c→a
    expect((await bind(b, await codeOf(c))).body.error).toBe('INVITE_ALREADY_BOUND');
    await reachVipLevel(t, b.userId, 1);
    const promoted = await as<{ list: { user_id: number; vip_level: number }[]; total: number }>(
      a,
      'GET',
      'get-promote-users?page=1',
    );
    expect(promoted.body.data.total).toBe(1);
    expect(promoted.body.data.list.map((x) => [x.user_id, x.vip_level])).toEqual([[b.userId, 1]]);
    expect((await as<{ total: number }>(b, 'GET', 'get-promote-users')).body.data.total).toBe(1);
  });

  it('destroys the account with a type 4 code: every login ends and none is possible after', async () => {
    const d = await registerUser(t);
    clock.advance(61_000);
    expect((await as(d, 'POST', 'destroy-user', { verify_code: '000000' })).body.error).toBe('CODE_WRONG');
    const code = await smsCode(t, d.mobile, 4);
    expect((await as(d, 'POST', 'destroy-user', { verify_code: code })).body.code).toBe(200);
    expect((await as(d, 'GET', 'detail')).body.code).toBe(401);
    expect((await login(t, d.mobile, d.password)).body.error).toBe('LOGIN_FAILED');
    expect((await row(d))?.destroyedAt).not.toBeNull();
    // Another user's code cannot close this account: codes are bound to the caller's own phone.
    clock.advance(61_000);
    const bCode = await smsCode(t, b.mobile, 4);
    expect((await as(a, 'POST', 'destroy-user', { verify_code: bCode })).body.error).toBe('CODE_WRONG');
    expect((await as(a, 'GET', 'detail')).body.code).toBe(200);
  });
});
