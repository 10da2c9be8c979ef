import { BOX_PATHS, boxInfoResponse, containsResponse } from '@kaixiang/shared/boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';

export const boxInfoQueryOptions = (boxId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['boxes', 'info', boxId, locale],
    queryFn: ({ signal }) =>
      apiGet(BOX_PATHS.info, { box_id: boxId }, { schema: boxInfoResponse, signal }).then((d) => d.box),
    staleTime: 60_000,
  });

/** The current contents with their ticket ranges: what the probabilities and the reel are drawn from. */
export const boxContentsQueryOptions = (boxId: number, locale: Locale) =>
  queryOptions({
    queryKey: ['boxes', 'contents', boxId, locale],
    queryFn: ({ signal }) => apiGet(BOX_PATHS.contains, { box_id: boxId }, { schema: containsResponse, signal }),
    staleTime: 60_000,
  });

export function useBoxInfo(boxId: number) {
  return useQuery({ ...boxInfoQueryOptions(boxId, useLocale()), placeholderData: keepPreviousData });
}

export function useBoxContents(boxId: number) {
  return useQuery({ ...boxContentsQueryOptions(boxId, useLocale()), placeholderData: keepPreviousData });
}
