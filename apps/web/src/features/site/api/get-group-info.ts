import { groupInfoResponse, SITE_PATHS } from '@kaixiang/shared/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const groupInfoQueryOptions = queryOptions({
  queryKey: ['site', 'group-info'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.groupInfo, {}, { schema: groupInfoResponse, signal }),
  staleTime: 5 * 60_000,
});

export function useGroupInfo() {
  return useQuery(groupInfoQueryOptions);
}
