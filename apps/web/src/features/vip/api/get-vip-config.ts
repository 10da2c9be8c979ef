import { VIP_PATHS, vipConfigResponse } from '@kaixiang/shared/vip';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** The level table for the signed-in player (spec 2 §3 VIP level config). */
export const vipConfigQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'vip', 'config'],
  queryFn: ({ signal }) => apiGet(VIP_PATHS.config, {}, { schema: vipConfigResponse, signal, silent: true }),
});

export function useVipConfig() {
  return useQuery({ ...vipConfigQueryOptions, enabled: useLoggedIn() });
}
