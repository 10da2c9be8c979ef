import { PATHS } from '../lib/paths.ts';

/**
 * The login guard of spec 1 §4 as a pure decision, so it can be tested without a router.
 * Protected: the spec's named routes (personal centre, user centre, VIP pages, histories, card
 * pages, world cup), and whatever the server navigation marks need_login = 2. /vip is not here:
 * its page itself asks for a login (spec 1 §2).
 */
const PROTECTED_EXACT: readonly string[] = [
  PATHS.battleHistory,
  PATHS.rollDetails,
  PATHS.upgradeHistory,
  PATHS.cardDetails,
  PATHS.cardMy,
  PATHS.vipActivity,
  PATHS.vipDailyTasks,
  PATHS.vipUnpackingRecord,
  PATHS.vipShoppingMall,
  PATHS.vipJewelry,
  PATHS.vipUnpackingKing,
  PATHS.worldCup,
  PATHS.vipRollDetails,
];
const PROTECTED_PREFIXES: readonly string[] = ['/personalCenter', PATHS.userinfo];

function normalise(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '/';
  return bare.length > 1 && bare.endsWith('/') ? bare.slice(0, -1) : bare;
}

export function isProtectedPath(path: string, navProtected: readonly string[] = []): boolean {
  const p = normalise(path);
  if (PROTECTED_EXACT.includes(p)) return true;
  if (PROTECTED_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))) return true;
  return navProtected.some((navPath) => !navPath.includes('http') && normalise(navPath) === p);
}

export type GuardDecision =
  | { action: 'allow' }
  | {
      action: 'redirect';
      /** Where the visitor ends up instead. */
      to: string;
      openLogin: boolean;
      /** The session looked valid on a protected page: sign out and say 'please log in first'. */
      signOut: boolean;
    };

export interface GuardInput {
  /** Path being visited. */
  to: string;
  /** Path (with query) of the page the visitor is on, or null on the first page of the visit. */
  from: string | null;
  loggedIn: boolean;
  /** Nav paths with need_login = 2. */
  navProtected?: readonly string[];
}

export function guardNavigation({ to, from, loggedIn, navProtected = [] }: GuardInput): GuardDecision {
  if (loggedIn || !isProtectedPath(to, navProtected)) return { action: 'allow' };
  // Landed here directly (typed address, bookmark): there is no page to stay on, so go home.
  if (from === null) return { action: 'redirect', to: PATHS.home, openLogin: false, signOut: false };
  // Coming from a protected page means the session ended while in use. That page cannot be shown
  // either, so home it is.
  if (isProtectedPath(from, navProtected)) {
    return { action: 'redirect', to: PATHS.home, openLogin: true, signOut: true };
  }
  // Stay where the visitor was and ask for a login.
  return { action: 'redirect', to: from, openLogin: true, signOut: false };
}
