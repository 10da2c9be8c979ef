import type { UserDetail } from '@kaixiang/shared/accounts';
import { SIGN_IN_PATHS, type SignInResponse, signInInfoResponse, signInResponse } from '@kaixiang/shared/sign-in';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';

/** Under ['user', …]: sign-out forgets it. */
export const signInQueryKey = [USER_QUERY_ROOT, 'sign-in'] as const;

/** The player's current cycle, streak and today's state; refetched when the China day may have turned. */
export function useSignInInfo() {
  return useQuery({
    queryKey: signInQueryKey,
    queryFn: ({ signal }) => apiGet(SIGN_IN_PATHS.info, {}, { schema: signInInfoResponse, signal, silent: true }),
    enabled: useLoggedIn(),
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

/**
 * Signs in for today. The answer's balances go to the header at once (points and coins); a
 * refusal (signed in already, in another tab) is shown as the server words it, and the calendar
 * is read again either way.
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<SignInResponse> => apiPost(SIGN_IN_PATHS.sign, {}, { schema: signInResponse }),
    onSuccess: (data) => {
      queryClient.setQueryData<UserDetail>(userDetailQueryOptions.queryKey, (u) =>
        u ? { ...u, money: data.money, score_point: data.points } : u,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: signInQueryKey });
      void queryClient.invalidateQueries({ queryKey: userDetailQueryOptions.queryKey });
    },
  });
}
