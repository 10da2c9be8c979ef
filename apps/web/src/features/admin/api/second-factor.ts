import {
  ADMIN_PATHS,
  type TotpEnableResponse,
  totpEnableResponse,
  totpSetupResponse,
  totpVerifyResponse,
} from '@kaixiang/shared/admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { consolePost } from './console-call.ts';
import { CONSOLE_QUERY_ROOT, setConsoleSession } from './get-me.ts';

/**
 * The second factor's calls. Silent, like the gate's: a wrong code is said beside the field it
 * was typed in, in the server's words, not in a toast that hides the form.
 */
export const TOTP_SETUP_QUERY_KEY = [...CONSOLE_QUERY_ROOT, 'totp-setup'] as const;

/**
 * A new authenticator secret. A query rather than a mutation, though it is a POST: it is asked for
 * once when the enrolment shows, and a second mount (React's strict mode, a language change) must
 * show the same secret, not make a new one that replaces the one already scanned. Dropped as soon
 * as the enrolment screen goes (gcTime 0): nothing keeps the secret in memory after it is
 * confirmed. Not removed on the confirmation itself: the screen still observes it then, and a
 * removed query with an observer is fetched again, i.e. a new secret asked for after the first
 * was confirmed.
 */
export function useTotpSetup(enabled: boolean) {
  return useQuery({
    queryKey: TOTP_SETUP_QUERY_KEY,
    queryFn: () => apiPost(ADMIN_PATHS.totpSetup, {}, { schema: totpSetupResponse, silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}

/** Confirms the secret with its first code; the answer holds the recovery codes, this once. */
export function useTotpEnable() {
  return useMutation({
    mutationFn: (code: string): Promise<TotpEnableResponse> =>
      apiPost(ADMIN_PATHS.totpEnable, { code }, { schema: totpEnableResponse, silent: true }),
  });
}

export function useTotpVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) =>
      apiPost(ADMIN_PATHS.totpVerify, { code }, { schema: totpVerifyResponse, silent: true }),
    onSuccess: (res) =>
      setConsoleSession(queryClient, {
        expiresAtMs: res.console_expires_at,
        recoveryCodesLeft: res.recovery_codes_left,
      }),
  });
}

/**
 * Ends the console session (the site stays signed in). What the console had loaded goes with it:
 * the next person at this screen must pass the code before they see any of it.
 */
export function useConsoleSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => consolePost(ADMIN_PATHS.signOut, {}),
    onSuccess: () => {
      setConsoleSession(queryClient, { expiresAtMs: null });
      queryClient.removeQueries({
        queryKey: CONSOLE_QUERY_ROOT,
        predicate: (q) => q.queryKey[2] !== 'me',
      });
    },
  });
}
