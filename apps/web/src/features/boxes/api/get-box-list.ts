import { BOX_PATHS } from '@kaixiang/shared/boxes-paths';
import type { Locale } from '@kaixiang/shared/locale';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { boxSchema } from '../../../lib/contract.ts';

/** Every category with its boxes (the home page). Names are localised, so the locale is in the key. */
export const boxListQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['boxes', 'list', locale],
    queryFn: ({ signal }) =>
      // Silent: the catalogue says itself that it could not load, with a retry button.
      apiGet(BOX_PATHS.list, {}, { schema: boxSchema('boxListResponse'), signal, silent: true }).then(
        (d) => d.categories,
      ),
    staleTime: 60_000,
  });

export function useBoxList() {
  return useQuery({ ...boxListQueryOptions(useLocale()), placeholderData: keepPreviousData });
}
