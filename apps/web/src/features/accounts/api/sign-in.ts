import type { LoginResponse } from '@kaixiang/shared/accounts';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import type { QueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { accountSchema } from '../../../lib/contract.ts';
import { COOKIE, removeCookie } from '../../../lib/cookies.ts';
import { notifySessionChanged, signOut, storeSession } from '../../../lib/session.ts';
import { userDetailQueryOptions } from './user-detail.ts';

/**
 * The calls that start a session (spec 1 §7) and what follows every one of them (spec 1 §4
 * login state). Passwords leave the device only as `hashPasswordForTransport` of the plain text.
 */
export async function loginByPhone(mobile: string, plainPassword: string): Promise<LoginResponse> {
  const password = await hashPasswordForTransport(plainPassword);
  return apiPost(ACCOUNT_PATHS.login, { mobile, password }, { schema: accountSchema('loginResponse') });
}

export async function loginByEmail(email: string, plainPassword: string): Promise<LoginResponse> {
  const password = await hashPasswordForTransport(plainPassword);
  return apiPost(ACCOUNT_PATHS.loginByEmail, { email, password }, { schema: accountSchema('loginResponse') });
}

export interface PhoneRegistration {
  mobile: string;
  password: string;
  verify_code: string;
  nick_name: string;
  invite_code: string;
  captcha: string;
  captcha_id: string;
  trace_param: string;
}

export async function registerByPhone(f: PhoneRegistration): Promise<LoginResponse> {
  const password = await hashPasswordForTransport(f.password);
  return apiPost(ACCOUNT_PATHS.register, { ...f, password }, { schema: accountSchema('loginResponse') });
}

export interface EmailRegistration {
  email: string;
  password: string;
  verify_code: string;
  nick_name: string;
  invite_code: string;
}

export async function registerByEmail(f: EmailRegistration): Promise<LoginResponse> {
  const password = await hashPasswordForTransport(f.password);
  return apiPost(ACCOUNT_PATHS.registerByEmail, { ...f, password }, { schema: accountSchema('loginResponse') });
}

/** Where to send the browser for Steam; return address and realm are the site origin (spec 1 §4). */
export async function steamRedirectUrl(origin: string): Promise<string> {
  const root = `${origin}/`;
  const data = await apiPost(
    ACCOUNT_PATHS.steamRedirect,
    { return_to: root, realm: root },
    { schema: accountSchema('steamRedirectResponse') },
  );
  return data.url;
}

/**
 * login-by-steam with the one-time ticket our OpenID callback put in the `steamId` query. Success
 * is code 0 here (spec 1 §7), hence allowZero.
 */
export function loginBySteam(steamTicket: string): Promise<LoginResponse> {
  return apiPost(
    ACCOUNT_PATHS.loginBySteam,
    { steam_id: steamTicket, nickname: '', avatar: '', login_type: 0 },
    { schema: accountSchema('steamLoginResponse'), allowZero: true },
  );
}

/**
 * Logged out → logged in (spec 1 §4): store the tokens, load the player, forget the Steam ticket,
 * then tell the header, the guard and the socket (which reconnects and sends LOGIN).
 */
export async function completeLogin(queryClient: QueryClient, tokens: LoginResponse): Promise<void> {
  storeSession(tokens);
  removeCookie(COOKIE.steamId);
  await queryClient.fetchQuery(userDetailQueryOptions).catch(() => {
    // The header retries on its own; the session itself is valid.
  });
  notifySessionChanged();
}

/** Sign-out asked for by the player: the server revokes the session; whatever it says, we forget it. */
export async function logout(): Promise<void> {
  await apiPost(ACCOUNT_PATHS.logout, {}, { silent: true, skipRefresh: true }).catch(() => undefined);
  signOut();
}
