import { BOX_PATHS, openHistoryResponse, selfHistoryResponse } from '@kaixiang/shared/boxes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const OPEN_RECORDS_PAGE_SIZE = 20;

/** The player's own openings, each with the inputs that let /fairness recompute it. */
export function selfOpenRecordsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'open-records', page],
    queryFn: ({ signal }) =>
      apiGet(
        BOX_PATHS.selfHistory,
        { page, page_size: OPEN_RECORDS_PAGE_SIZE },
        { schema: selfHistoryResponse, signal, silent: true },
      ),
  });
}

export function useSelfOpenRecords(page: number) {
  return useQuery({ ...selfOpenRecordsQueryOptions(page), placeholderData: keepPreviousData });
}

/** Everybody's recent openings (public; the tickers link here). */
export function publicOpenRecordsQueryOptions(page: number) {
  return queryOptions({
    queryKey: ['open-records', 'public', page],
    queryFn: ({ signal }) =>
      apiGet(
        BOX_PATHS.history,
        { page, page_size: OPEN_RECORDS_PAGE_SIZE },
        { schema: openHistoryResponse, signal, silent: true },
      ),
  });
}

export function usePublicOpenRecords(page: number) {
  return useQuery({ ...publicOpenRecordsQueryOptions(page), placeholderData: keepPreviousData });
}
