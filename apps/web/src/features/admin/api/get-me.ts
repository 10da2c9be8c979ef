import { ADMIN_PATHS, type AdminMeResponse, adminMeResponse } from '@kaixiang/shared/admin';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** Under the user root: a site sign-out drops every console query with the rest (app/providers.tsx). */
export const CONSOLE_QUERY_ROOT = [USER_QUERY_ROOT, 'admin'] as const;

/**
 * Who the signed-in staff member is, and where their second factor stands: the gate decides from
 * this alone. Silent: ADMIN_ONLY is a page of its own here, not a toast.
 */
export const adminMeQueryOptions = queryOptions({
  queryKey: [...CONSOLE_QUERY_ROOT, 'me'],
  queryFn: ({ signal }) => apiGet(ADMIN_PATHS.me, undefined, { schema: adminMeResponse, signal, silent: true }),
});

export function useAdminMe() {
  return useQuery({ ...adminMeQueryOptions, enabled: useLoggedIn() });
}

/** Records a console session opened (the code was accepted) or closed (null), without asking again. */
export function setConsoleSession(
  queryClient: QueryClient,
  session: { expiresAtMs: number | null; recoveryCodesLeft?: number },
): void {
  queryClient.setQueryData(adminMeQueryOptions.queryKey, (me: AdminMeResponse | undefined) =>
    me
      ? {
          ...me,
          totp_enrolled: me.totp_enrolled || session.expiresAtMs !== null,
          console_expires_at: session.expiresAtMs,
          recovery_codes_left: session.recoveryCodesLeft ?? me.recovery_codes_left,
        }
      : me,
  );
}

/** Whether `me` has a console session that has not ended yet by our clock. */
export function hasLiveSession(me: AdminMeResponse, nowMs: number): boolean {
  return me.console_expires_at !== null && me.console_expires_at > nowMs;
}
