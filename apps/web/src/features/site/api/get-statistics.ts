import type { Statistics } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

export const statisticsQueryOptions = queryOptions({
  queryKey: ['site', 'statistics'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.statistics, {}, { schema: siteSchema('statisticsResponse'), signal }),
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
