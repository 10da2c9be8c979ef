import type { LoginResponse } from '@kaixiang/shared/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';

const ORIGIN = 'http://localhost';

describe('Steam sign-in through the sandbox OpenID provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(ORIGIN, '') });

  /** Follows the browser's path: our redirect, the provider's page, the pick, back to our callback. */
  async function assertionFor(steamIndex: number): Promise<string> {
    const start = await t.api<{ url: string }>('POST', '/site/steam', { body: { return_to: ORIGIN, realm: ORIGIN } });
    expect(start.body).toMatchObject({ code: 200 });
    const providerUrl = new URL(start.body.data.url);
    expect(providerUrl.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(providerUrl.searchParams.get('openid.return_to')).toBe(
      `${ORIGIN}/api/usercenter/v1/user/steam-openid-callback`,
    );
    const page = await get(start.body.data.url);
    const links = [...page.body.matchAll(/href="([^"]+approve[^"]+)"/g)].map((m) => m[1]!.replace(/&#38;/g, '&'));
    const approved = await get(links[steamIndex]!);
    expect(approved.statusCode).toBe(302);
    return approved.headers.location as string;
  }

  async function ticketFrom(callbackUrl: string): Promise<string | null> {
    const back = await get(callbackUrl);
    expect(back.statusCode).toBe(302);
    return new URL(back.headers.location as string).searchParams.get('steamId');
  }

  const loginBySteam = (ticket: string) =>
    t.api<LoginResponse & { api_token: string; user: { steam_id: string; user_id: number } }>(
      'POST',
      '/usercenter/v1/user/login-by-steam',
      { body: { steam_id: ticket, nickname: '', avatar: '', login_type: 0 } },
    );

  it('creates the account on the first sign-in, finds it on the next, and a ticket works once', async () => {
    const callback = await assertionFor(0);
    const ticket = await ticketFrom(callback);
    expect(ticket).toBeTruthy();
    const first = await loginBySteam(ticket!);
    expect(first.body.code).toBe(0);
    expect(first.body.data.user.steam_id).toBe('76561198000000001');
    expect((await loginBySteam(ticket!)).body.error).toBe('STEAM_LOGIN_FAILED');
    const second = await loginBySteam((await ticketFrom(await assertionFor(0)))!);
    expect(second.body.data.user_id).toBe(first.body.data.user_id);
    const other = await loginBySteam((await ticketFrom(await assertionFor(1)))!);
    expect(other.body.data.user_id).not.toBe(first.body.data.user_id);
  });

  it('refuses a replayed assertion, a tampered one, and one made for another site', async () => {
    const callback = await assertionFor(2);
    expect(await ticketFrom(callback)).toBeTruthy();
    expect(await ticketFrom(callback)).toBeNull(); // nonce already used

    const tampered = new URL(await assertionFor(2), ORIGIN);
    tampered.searchParams.set('openid.claimed_id', 'https://steamcommunity.com/openid/id/76561198999999999');
    tampered.searchParams.set('openid.identity', 'https://steamcommunity.com/openid/id/76561198999999999');
    expect(await ticketFrom(tampered.toString())).toBeNull();

    const elsewhere = new URL(await assertionFor(2), ORIGIN);
    elsewhere.searchParams.set('openid.return_to', 'https://evil.example/api/usercenter/v1/user/steam-openid-callback');
    expect(await ticketFrom(elsewhere.toString())).toBeNull();

    const bad = await t.api('POST', '/site/steam', {
      body: { return_to: 'https://evil.example', realm: 'https://evil.example' },
    });
    expect(bad.body.code).not.toBe(200);
    expect((await loginBySteam('made-up')).body.error).toBe('STEAM_LOGIN_FAILED');
  });
});
