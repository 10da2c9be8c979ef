import type { Locale } from '@kaixiang/shared/locale';
import { rtpResponse, TRANSPARENCY_PATHS } from '@kaixiang/shared/transparency';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/**
 * The latest daily snapshot (box names in the page's language). It changes once a day, so it is
 * kept for the visit's hour rather than asked again on every focus.
 */
export const rtpQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['transparency', 'rtp', locale],
    queryFn: ({ signal }) => apiGet(TRANSPARENCY_PATHS.rtp, {}, { schema: rtpResponse, signal }),
    staleTime: 60 * 60_000,
  });

export const useRtp = (locale: Locale) => useQuery(rtpQueryOptions(locale));
