import type { UserDetail } from '@kaixiang/shared/accounts';
import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { accountSchema } from '../../../lib/contract.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** The signed-in player (spec 1 §3 User info). Sign-out drops every ['user', …] query. */
export const userDetailQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'detail'],
  queryFn: ({ signal }): Promise<UserDetail> =>
    apiGet(ACCOUNT_PATHS.detail, {}, { schema: accountSchema('userDetail'), signal, silent: true }),
  staleTime: 30_000,
});

export function useUserDetail() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...userDetailQueryOptions, enabled: loggedIn });
}
