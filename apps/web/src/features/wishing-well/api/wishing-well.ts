import {
  WISHING_WELL_PATHS,
  type WishEntry,
  type WishResponse,
  wishingWellListResponse,
  wishRecordsResponse,
  wishResponse,
} from '@kaixiang/shared/wishing-well';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';

/** The well's list depends on who asks (balances) and in which language (names). */
export const WISHING_WELL_QUERY_ROOT = [USER_QUERY_ROOT, 'wishing-well'] as const;
export const WISH_RECORDS_PAGE_SIZE = 10;

export function useWishingWell() {
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...WISHING_WELL_QUERY_ROOT, 'list', locale, loggedIn],
    queryFn: ({ signal }) =>
      apiGet(WISHING_WELL_PATHS.list, {}, { schema: wishingWellListResponse, signal, silent: true }),
  });
}

export function useWishRecords(page: number) {
  return useQuery({
    queryKey: [...WISHING_WELL_QUERY_ROOT, 'records', useLocale(), page],
    queryFn: ({ signal }) =>
      apiGet(
        WISHING_WELL_PATHS.records,
        { page, page_size: WISH_RECORDS_PAGE_SIZE },
        { schema: wishRecordsResponse, signal, silent: true },
      ),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

/** Made once per confirmed wish: a retried request wishes once. */
export const newWishRequestId = (): string => `w${crypto.randomUUID().replaceAll('-', '')}`;

/**
 * One wish at the price and chance the player confirmed. The coin balance in the answer shows in
 * the header at once; the list (balances) and the history refetch. A refusal (not enough points,
 * changed terms) is shown in the server's words by the API client.
 */
export function useWish() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { entry: WishEntry; requestId: string }): Promise<WishResponse> =>
      apiPost(
        WISHING_WELL_PATHS.wish,
        { entry_id: v.entry.id, price: v.entry.price, chance_ppm: v.entry.chance_ppm, request_id: v.requestId },
        { schema: wishResponse },
      ),
    onSuccess: (data) => {
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: WISHING_WELL_QUERY_ROOT });
    },
  });
}
