import { COMMAND_PATHS, commandListResponse, commandRewardResponse } from '@kaixiang/shared/vip';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';

/** The day / week / month recharge and the reward tiers of the command dialog (spec 2 §3). */
export const commandListQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'command', 'list'],
  queryFn: ({ signal }) => apiGet(COMMAND_PATHS.list, {}, { schema: commandListResponse, signal, silent: true }),
});

export function useCommandList(enabled: boolean) {
  return useQuery({ ...commandListQueryOptions, enabled });
}

/** Claims the tier whose code this is; refusals show the server's msg. */
export function useClaimCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiPost(COMMAND_PATHS.reward, { key }, { schema: commandRewardResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) => (u ? { ...u, money: res.money } : u));
      void queryClient.invalidateQueries({ queryKey: commandListQueryOptions.queryKey });
    },
  });
}
