import { useSyncExternalStore } from 'react';
import { i18n } from '../i18n/index.ts';
import { COOKIE, getCookie, removeCookie } from './cookies.ts';
import { APP_EVENTS } from './events.ts';
import { toast } from './toast.ts';

/**
 * The session as the browser holds it: cookies Authorization, user_id and loginFlag (spec 1 §3).
 * The login guard checks only the login flag (spec 1 §4). Signing in is the accounts issue's job;
 * it sets the cookies and calls `notifySessionChanged()`.
 */
export function isLoggedIn(): boolean {
  return getCookie(COOKIE.loginFlag) !== null;
}

export function sessionToken(): string | null {
  return getCookie(COOKIE.token);
}

export function sessionUserId(): string | null {
  return getCookie(COOKIE.userId);
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
  removeCookie(COOKIE.token);
  removeCookie(COOKIE.userId);
  removeCookie(COOKIE.loginFlag);
  window.dispatchEvent(new Event(APP_EVENTS.signedOut));
  notifySessionChanged();
  if (!opts.silent) toast.success(i18n.t('auth.loggedOut'));
}
