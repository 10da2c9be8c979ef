import { VIP_PATHS, vipHistoryResponse } from '@kaixiang/shared/vip';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const VIP_HISTORY_PAGE_SIZE = 10;

/** The player's claimed upgrade rewards, newest first (spec 2 §7 "vip get-history"). */
export function vipHistoryQueryOptions(page: number) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'vip', 'history', page],
    queryFn: ({ signal }) =>
      apiGet(
        VIP_PATHS.history,
        { page, page_size: VIP_HISTORY_PAGE_SIZE },
        { schema: vipHistoryResponse, signal, silent: true },
      ),
  });
}

export function useVipHistory(page: number) {
  return useQuery({ ...vipHistoryQueryOptions(page), placeholderData: keepPreviousData });
}
