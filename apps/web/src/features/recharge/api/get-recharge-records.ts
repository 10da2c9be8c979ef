import { PAYMENT_PATHS, rechargeRecordsResponse } from '@kaixiang/shared/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const RECHARGE_RECORDS_PAGE_SIZE = 10;

/** The player's recharge orders, newest first; under ['user', …] so sign-out forgets them. */
export function rechargeRecordsQueryOptions(page: number, status: number | undefined) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'recharge', 'records', { page, status: status ?? null }],
    queryFn: ({ signal }) =>
      apiGet(
        PAYMENT_PATHS.rechargeRecords,
        { page, page_size: RECHARGE_RECORDS_PAGE_SIZE, status },
        { schema: rechargeRecordsResponse, signal, silent: true },
      ),
  });
}

export function useRechargeRecords(page: number, status: number | undefined) {
  return useQuery({ ...rechargeRecordsQueryOptions(page, status), placeholderData: keepPreviousData });
}
