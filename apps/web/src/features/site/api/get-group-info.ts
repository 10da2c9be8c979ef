import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

export const groupInfoQueryOptions = queryOptions({
  queryKey: ['site', 'group-info'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.groupInfo, {}, { schema: siteSchema('groupInfoResponse'), signal }),
  staleTime: 5 * 60_000,
});

export function useGroupInfo() {
  return useQuery(groupInfoQueryOptions);
}
