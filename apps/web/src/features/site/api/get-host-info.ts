import { hostInfoResponse, SITE_PATHS } from '@kaixiang/shared/site';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** What depends on the host: record-filing numbers, the About us page, the app entry. */
export const hostInfoQueryOptions = queryOptions({
  queryKey: ['site', 'host-info'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.hostInfo, {}, { schema: hostInfoResponse, signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useHostInfo() {
  return useQuery(hostInfoQueryOptions);
}
