import { BAG_COUNT_EVENT, BAG_PATHS, type BagCountPush, hasBagResponse } from '@kaixiang/shared/bags';
import { ORDER_STATUS, ORDER_STATUS_EVENT } from '@kaixiang/shared/payments';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { useSocketEvent } from '../../../lib/socket.ts';

/** Everything of the player's bags: an opening refreshes it all (the icon, the record). */
export const BAGS_QUERY_ROOT = [USER_QUERY_ROOT, 'bags'] as const;

export const hasBagQueryOptions = queryOptions({
  queryKey: [...BAGS_QUERY_ROOT, 'has'],
  queryFn: ({ signal }) => apiGet(BAG_PATHS.hasBag, {}, { schema: hasBagResponse, signal, silent: true }),
  staleTime: 60_000,
});

/**
 * Whether the player holds an unopened bag (the icon), kept live: the server's `bag_count` push on
 * the player's own room when bags are given or opened elsewhere (another tab, a mail collected),
 * and a paid recharge (`order_status` 2), which is when a day's or a level's bag is given.
 */
export function useHasBag() {
  const queryClient = useQueryClient();
  const query = useQuery({ ...hasBagQueryOptions, enabled: useLoggedIn() });
  useSocketEvent<BagCountPush>(BAG_COUNT_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    if (!push || !Number.isSafeInteger(push.count)) return;
    void queryClient.invalidateQueries({ queryKey: BAGS_QUERY_ROOT });
  });
  useSocketEvent<{ status?: number }>(ORDER_STATUS_EVENT, (push) => {
    if (push?.status === ORDER_STATUS.paid)
      void queryClient.invalidateQueries({ queryKey: hasBagQueryOptions.queryKey });
  });
  return query;
}
