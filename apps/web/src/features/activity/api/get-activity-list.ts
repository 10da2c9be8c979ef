import { activitiesResponse } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';

/** The spec's data.activities: running activities first, then upcoming ones, in the request's language. */
export function useActivityList() {
  const locale = useLocale();
  return useQuery({
    queryKey: ['site', 'activities', locale],
    queryFn: ({ signal }) =>
      apiGet(SITE_PATHS.activities, {}, { schema: activitiesResponse, signal, silent: true }).then((d) => d.activities),
    staleTime: 60_000,
  });
}
