import { PROMOTION_PATHS, pickupRankingResponse } from '@kaixiang/shared/promotion';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export type RankingDay = 1 | 2;

/** The pickup ranking of today (1) or yesterday (2); public (spec 2 §2 dialog 6). */
export function pickupRankingQueryOptions(listType: RankingDay) {
  return queryOptions({
    queryKey: ['promotion', 'pickup-ranking', listType],
    queryFn: ({ signal }) =>
      apiGet(
        PROMOTION_PATHS.pickupRanking,
        { list_type: listType },
        { schema: pickupRankingResponse, signal, silent: true },
      ),
    staleTime: 30_000,
  });
}

export function usePickupRanking(listType: RankingDay, enabled: boolean) {
  return useQuery({ ...pickupRankingQueryOptions(listType), enabled });
}
