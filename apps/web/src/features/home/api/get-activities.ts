import type { Locale } from '@kaixiang/shared/locale';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

export const activitiesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['site', 'activities', locale],
    queryFn: ({ signal }) =>
      apiGet(SITE_PATHS.activities, {}, { schema: siteSchema('activitiesResponse'), signal }).then((d) => d.activities),
    staleTime: 5 * 60_000,
  });

export function useActivities() {
  // On a language switch the old texts stay up until the new ones arrive, instead of blinking out.
  return useQuery({ ...activitiesQueryOptions(useLocale()), placeholderData: keepPreviousData });
}
