import { accountChangesResponse, type Currency, WALLET_PATHS } from '@kaixiang/shared/wallet';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const ACCOUNT_CHANGES_PAGE_SIZE = 20;

/** The player's ledger entries, newest first; under ['user', …] so sign-out forgets them. */
export function accountChangesQueryOptions(page: number, currency: Currency | undefined) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'account-changes', { page, currency: currency ?? null }],
    queryFn: ({ signal }) =>
      apiGet(
        WALLET_PATHS.accountChanges,
        { page, page_size: ACCOUNT_CHANGES_PAGE_SIZE, currency },
        { schema: accountChangesResponse, signal, silent: true },
      ),
  });
}

export function useAccountChanges(page: number, currency: Currency | undefined) {
  return useQuery({ ...accountChangesQueryOptions(page, currency), placeholderData: keepPreviousData });
}
