import { ITEM_PATHS, ITEM_STATUS, knapsackResponse } from '@kaixiang/shared/inventory';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { INVENTORY_QUERY_ROOT } from '../../inventory/api/get-inventory.ts';

export const STAKE_PAGE_SIZE = 15;

/**
 * The items an upgrade may stake: the ones the player could sell (normal, or back after a failed
 * retrieval), dearest first. Under the inventory's key root, so a sale, recycle or retrieval
 * anywhere refreshes the picker too.
 */
export const stakeItemsQueryOptions = (page: number, keyword: string) =>
  queryOptions({
    queryKey: [...INVENTORY_QUERY_ROOT, 'upgrade-stake', page, keyword],
    queryFn: ({ signal }) =>
      apiPost(
        ITEM_PATHS.knapsack,
        {
          page,
          page_size: STAKE_PAGE_SIZE,
          status: [ITEM_STATUS.normal, ITEM_STATUS.retrieveFailed],
          sort: 'price_desc',
          ...(keyword.trim() ? { keyword: keyword.trim() } : {}),
        },
        { schema: knapsackResponse, signal, silent: true },
      ),
  });

export function useStakeItems(page: number, keyword: string) {
  return useQuery({
    ...stakeItemsQueryOptions(page, keyword),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}
