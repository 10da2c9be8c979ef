import type { Locale } from '@kaixiang/shared/locale';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

export const bannersQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['site', 'banners', locale],
    queryFn: ({ signal }) =>
      apiGet(SITE_PATHS.banners, {}, { schema: siteSchema('bannersResponse'), signal }).then((d) => d.banners),
    staleTime: 5 * 60_000,
  });

export function useBanners() {
  // On a language switch the old texts stay up until the new ones arrive, instead of blinking out.
  return useQuery({ ...bannersQueryOptions(useLocale()), placeholderData: keepPreviousData });
}
