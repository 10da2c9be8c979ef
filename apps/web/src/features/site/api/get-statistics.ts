import { SITE_PATHS, type Statistics, statisticsResponse } from '@kaixiang/shared/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const statisticsQueryOptions = queryOptions({
  queryKey: ['site', 'statistics'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.statistics, {}, { schema: statisticsResponse, signal }),
  staleTime: 60_000,
});

export function useStatistics() {
  return useQuery(statisticsQueryOptions);
}

/** The footer's totals; alchemy (upgrade) shows three times the server value (spec 1 §2). */
export function footerTotals(s: Statistics) {
  return {
    users: s.user_num,
    boxesOpened: s.open_box_num,
    battles: s.pk_num,
    upgrades: s.upgrade_num * 3,
  };
}
