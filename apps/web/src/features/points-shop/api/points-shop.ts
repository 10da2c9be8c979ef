import {
  POINTS_SHOP_PATHS,
  type PointsShopBuyResponse,
  type PointsShopEntry,
  pointsShopBuyResponse,
  pointsShopListResponse,
  pointsShopRecordsResponse,
} from '@kaixiang/shared/points-shop';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';

/** The shop's list depends on who asks (points, limits) and in which language (names). */
export const POINTS_SHOP_QUERY_ROOT = [USER_QUERY_ROOT, 'points-shop'] as const;
export const POINTS_SHOP_RECORDS_PAGE_SIZE = 10;

export function usePointsShop() {
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...POINTS_SHOP_QUERY_ROOT, 'list', locale, loggedIn],
    queryFn: ({ signal }) =>
      apiGet(POINTS_SHOP_PATHS.list, {}, { schema: pointsShopListResponse, signal, silent: true }),
  });
}

export function usePointsShopRecords(page: number) {
  return useQuery({
    queryKey: [...POINTS_SHOP_QUERY_ROOT, 'records', useLocale(), page],
    queryFn: ({ signal }) =>
      apiGet(
        POINTS_SHOP_PATHS.records,
        { page, page_size: POINTS_SHOP_RECORDS_PAGE_SIZE },
        { schema: pointsShopRecordsResponse, signal, silent: true },
      ),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

/** A request id made once per confirmed purchase: a retry of the same click buys once. */
export function newRequestId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}

/**
 * Buys one unit of an entry at the price the player confirmed. The answer's coin balance goes to
 * the header at once; the list (points, stock, limits) and the history are fetched again. A
 * refusal (not enough points, sold out, limit) is shown as the server words it.
 */
export function useBuyPointsShop() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { entry: PointsShopEntry; requestId: string }): Promise<PointsShopBuyResponse> =>
      apiPost(
        POINTS_SHOP_PATHS.buy,
        { entry_id: v.entry.id, price: v.entry.price, request_id: v.requestId },
        { schema: pointsShopBuyResponse },
      ),
    onSuccess: (data) => {
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: POINTS_SHOP_QUERY_ROOT });
      // A bag bought shows the bag icon (its has-bag query lives under the user root too).
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT, 'bags'] });
    },
  });
}
