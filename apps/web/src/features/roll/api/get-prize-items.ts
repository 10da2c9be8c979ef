import { ITEM_PATHS, ITEM_STATUS, knapsackResponse } from '@kaixiang/shared/inventory';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { INVENTORY_QUERY_ROOT } from '../../inventory/api/get-inventory.ts';

/** The anchor's items a room may give away: the ones they still hold, most valuable first. */
export function usePrizeCandidates(enabled: boolean) {
  return useQuery({
    queryKey: [...INVENTORY_QUERY_ROOT, 'roll-prizes'],
    queryFn: ({ signal }) =>
      apiPost(
        ITEM_PATHS.knapsack,
        { page: 1, page_size: 100, status: [ITEM_STATUS.normal, ITEM_STATUS.retrieveFailed], sort: 'price_desc' },
        { schema: knapsackResponse, signal, silent: true },
      ),
    enabled,
  });
}
