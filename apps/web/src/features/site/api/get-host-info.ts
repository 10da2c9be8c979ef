import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

/** What depends on the host: record-filing numbers, the About us page, the app entry. */
export const hostInfoQueryOptions = queryOptions({
  queryKey: ['site', 'host-info'],
  queryFn: ({ signal }) => apiGet(SITE_PATHS.hostInfo, {}, { schema: siteSchema('hostInfoResponse'), signal }),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useHostInfo() {
  return useQuery(hostInfoQueryOptions);
}
