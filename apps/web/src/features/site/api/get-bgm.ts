import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

export const bgmQueryOptions = queryOptions({
  queryKey: ['site', 'bgm', 1],
  queryFn: ({ signal }) =>
    apiGet(SITE_PATHS.bgm, { type: 1 }, { schema: siteSchema('bgmResponse'), signal, silent: true }).then(
      (d) => d.bgm_list_info,
    ),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useBgmList(enabled: boolean) {
  return useQuery({ ...bgmQueryOptions, enabled });
}
