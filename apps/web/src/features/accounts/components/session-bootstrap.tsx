import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { browser } from '../../../lib/browser.ts';
import { COOKIE, getCookie, removeCookie, setCookie } from '../../../lib/cookies.ts';
import { showLoading } from '../../../lib/loading.ts';
import { PATHS } from '../../../lib/paths.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { writeStored } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.ts';
import { completeLogin, loginBySteam } from '../api/sign-in.ts';
import { INVITE_STORAGE_KEY, TRACE_STORAGE_KEY } from '../registration-keys.ts';

/** The Steam ticket waits in its cookie at most this long (it is single use and short-lived anyway). */
const STEAM_COOKIE_MAX_AGE_S = 300;

/**
 * What the app does once at start (spec 1 §4): keep an `?invite=` code and a `?trace=` for the
 * registration; turn a `?steamId=` ticket from our OpenID callback into a session. The user
 * detail itself loads through the header's query as soon as a token cookie exists.
 */
export function SessionBootstrap() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ran = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page load, like the spec's app start
  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const params = new URLSearchParams(location.search);
    const invite = params.get('invite');
    if (invite) writeStored(INVITE_STORAGE_KEY, invite.slice(0, 15));
    const trace = params.get('trace');
    if (trace) writeStored(TRACE_STORAGE_KEY, trace.slice(0, 500), 'session');

    const ticket = params.get('steamId');
    if (ticket && !isLoggedIn()) {
      setCookie(COOKIE.steamId, ticket, { maxAgeSeconds: STEAM_COOKIE_MAX_AGE_S });
      // Signed in from a popup our site opened: the opener does the login on its reload.
      const opener = browser.sameSiteOpener();
      if (opener) {
        opener.location.reload();
        browser.close();
        return;
      }
    }
    if (ticket) {
      // The ticket must not stay in the address bar, bookmarks or the history.
      params.delete('steamId');
      const search = params.toString();
      navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true },
      );
    }

    const stored = getCookie(COOKIE.steamId);
    if (stored && !isLoggedIn()) {
      const release = showLoading(t('auth.steamSigningIn'));
      loginBySteam(stored)
        .then(async (tokens) => {
          await completeLogin(queryClient, tokens);
          toast.success(t('auth.loginSuccess'));
          navigate(PATHS.home, { replace: true });
        })
        .catch(() => {
          // The API client said why; a used or expired ticket must not be retried on every load.
          removeCookie(COOKIE.steamId);
        })
        .finally(release);
    }
  }, []);

  return null;
}
