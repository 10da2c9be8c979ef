import type { RewardHistoryEntry } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

/** 1 recent wins (left ticker), 2 big wins (right ticker). */
export type RewardType = 1 | 2;

export function getRewardHistory(rewardType: RewardType, signal?: AbortSignal): Promise<RewardHistoryEntry[]> {
  return apiGet(
    SITE_PATHS.rewardHistory,
    { reward_type: rewardType },
    { schema: siteSchema('rewardHistoryResponse'), signal },
  ).then((d) => d.infos);
}

export const rewardHistoryQueryOptions = (rewardType: RewardType) =>
  queryOptions({
    queryKey: ['site', 'reward-history', rewardType],
    queryFn: ({ signal }) => getRewardHistory(rewardType, signal),
    // Live updates arrive through the socket; a refetch happens only after a missed event.
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useRewardHistory(rewardType: RewardType) {
  return useQuery(rewardHistoryQueryOptions(rewardType));
}
