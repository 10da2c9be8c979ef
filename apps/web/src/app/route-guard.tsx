import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { navProtectedPaths, useNav } from '../features/site/api/get-nav.ts';
import { openLoginDialog } from '../lib/events.ts';
import { PATHS } from '../lib/paths.ts';
import { signOut, useLoggedIn } from '../lib/session.ts';
import { toast } from '../lib/toast.ts';
import { guardNavigation, isProtectedPath } from './login-guard.ts';

/**
 * Applies the login guard to every page (spec 1 §4). It remembers the last page the visitor was
 * allowed on: that is the "from" of the next navigation, and null on the first page of a visit.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const nav = useNav();
  const navProtected = navProtectedPaths(nav.data);
  const navKey = navProtected.join('|');
  const lastAllowed = useRef<string | null>(null);
  const here = location.pathname + location.search;

  const decision = guardNavigation({ to: location.pathname, from: lastAllowed.current, loggedIn, navProtected });

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per navigation
  useEffect(() => {
    if (decision.action === 'allow') {
      lastAllowed.current = here;
      return;
    }
    if (decision.signOut) {
      signOut({ silent: true });
      toast.warning(t('auth.pleaseLogin'));
    }
    if (decision.openLogin) openLoginDialog();
    navigate(decision.to, { replace: true });
  }, [location.key]);

  // The session ended (sign-out, a 401) or the navigation loaded and marks this page need_login,
  // while the visitor sits on it: leave quietly for the home page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to session and nav changes only
  useEffect(() => {
    if (!loggedIn && lastAllowed.current === here && isProtectedPath(location.pathname, navProtected)) {
      lastAllowed.current = null;
      navigate(PATHS.home, { replace: true });
    }
  }, [loggedIn, navKey]);

  return decision.action === 'allow' ? children : null;
}
