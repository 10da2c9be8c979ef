import { BOX_PATHS, containsResponse } from '@kaixiang/shared/boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/**
 * One version of a box's odds table. A version never changes once published (a new table is a
 * new version), so it is fetched once per visit and language (the item names are localised).
 */
export const oddsTableQueryOptions = (boxId: number, version: number, locale: Locale) =>
  queryOptions({
    queryKey: ['fairness', 'odds', boxId, version, locale],
    queryFn: ({ signal }) =>
      // Silent: the verifier says under its form that the table could not be loaded.
      apiGet(BOX_PATHS.contains, { box_id: boxId, version }, { schema: containsResponse, signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
