import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n/index.ts';
import { COOKIE, getCookie, removeCookie, setCookie } from './cookies.ts';
import { APP_EVENTS } from './events.ts';
import { toast } from './toast.ts';

/**
 * The session as the browser holds it: cookies Authorization, user_id and loginFlag (spec 1 §3).
 * The login guard checks only the login flag (spec 1 §4). features/accounts signs in: it stores
 * the tokens with `storeSession()`, loads the user and calls `notifySessionChanged()`.
 */
/** Query keys that hold the signed-in user's data start with 'user'; sign-out drops them. */
export const USER_QUERY_ROOT = 'user';

export function isLoggedIn(): boolean {
  return getCookie(COOKIE.loginFlag) !== null;
}

export function sessionToken(): string | null {
  return getCookie(COOKIE.token);
}

export function sessionUserId(): string | null {
  return getCookie(COOKIE.userId);
}

/** What a login, a registration or a refresh hands back (packages/shared accounts loginResponse). */
export interface SessionTokens {
  access_token: string;
  refresh_after: number;
  refresh_token: string;
  user_id: number;
}

/**
 * Cookies outlive the access token on purpose: the refresh token in them is what keeps a player
 * signed in; the server refuses whichever token has expired, and a failed refresh signs out.
 */
const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 3600;

/** Stores a new token pair. Does not notify: the caller does once the user is loaded. */
export function storeSession(tokens: SessionTokens): void {
  const opts = { maxAgeSeconds: SESSION_COOKIE_MAX_AGE_S };
  setCookie(COOKIE.token, tokens.access_token, opts);
  setCookie(COOKIE.refresh, tokens.refresh_token, opts);
  setCookie(COOKIE.refreshAfter, String(tokens.refresh_after), opts);
  setCookie(COOKIE.userId, String(tokens.user_id), opts);
  setCookie(COOKIE.loginFlag, '1', opts);
}

export function refreshTokenCookie(): string | null {
  return getCookie(COOKIE.refresh);
}

/** True once the clock passed the login response's refresh_after (epoch seconds). */
export function refreshDue(nowMs: number = Date.now()): boolean {
  const after = Number(getCookie(COOKIE.refreshAfter));
  return refreshTokenCookie() !== null && Number.isFinite(after) && after > 0 && nowMs >= after * 1000;
}

export function notifySessionChanged(): void {
  window.dispatchEvent(new Event(APP_EVENTS.sessionChanged));
}

function subscribe(listener: () => void): () => void {
  window.addEventListener(APP_EVENTS.sessionChanged, listener);
  return () => window.removeEventListener(APP_EVENTS.sessionChanged, listener);
}

export function useLoggedIn(): boolean {
  return useSyncExternalStore(subscribe, isLoggedIn, () => false);
}

/**
 * Clears every session cookie and tells the rest of the app (user queries, socket) to forget the
 * user. `silent` skips the 'logged out successfully' toast: used when the server ended the
 * session, where a login prompt is shown instead.
 */
export function signOut(opts: { silent?: boolean } = {}): void {
  for (const name of Object.values(COOKIE)) removeCookie(name);
  window.dispatchEvent(new Event(APP_EVENTS.signedOut));
  notifySessionChanged();
  if (!opts.silent) toast.success(i18n.t('auth.loggedOut'));
}
