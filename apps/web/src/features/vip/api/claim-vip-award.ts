import { VIP_PATHS, vipAwardResponse, vipRedPacketResponse } from '@kaixiang/shared/vip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';
import { vipConfigQueryOptions } from './get-vip-config.ts';

/**
 * Claims one level's upgrade reward (vip_award_id), or with no id every reached and unclaimed
 * level at once (a multi-level jump). Refusals show the server's msg.
 */
export function useClaimVipAward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vipAwardId: number | null) =>
      apiPost(VIP_PATHS.award, vipAwardId === null ? {} : { vip_award_id: vipAwardId }, { schema: vipAwardResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) =>
        u ? { ...u, money: res.money, vip_level: res.vip_level } : u,
      );
      void queryClient.invalidateQueries({ queryKey: vipConfigQueryOptions.queryKey });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'vip', 'history'] });
    },
  });
}

/** Claims this month's exclusive red packet of the current level. Refusals show the server's msg. */
export function useClaimVipRedPacket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiPost(VIP_PATHS.redPacket, {}, { schema: vipRedPacketResponse }),
    onSuccess: (res) => {
      queryClient.setQueryData(userDetailQueryOptions.queryKey, (u) => (u ? { ...u, money: res.money } : u));
      void queryClient.invalidateQueries({ queryKey: vipConfigQueryOptions.queryKey });
    },
  });
}
