import { ORDER_POLL_MS, PAYMENT_PATHS, payStatusResponse } from '@kaixiang/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/**
 * The order's status, every 3 s while `polling` (spec 2 §4). Silent: a failed poll is retried by
 * the next tick, and a toast every 3 s would drown the dialog.
 */
export function usePayStatus(orderSn: string | null, polling: boolean) {
  return useQuery({
    queryKey: [USER_QUERY_ROOT, 'recharge', 'pay-status', orderSn],
    queryFn: ({ signal }) =>
      apiGet(PAYMENT_PATHS.payStatus, { order_sn: orderSn ?? '' }, { schema: payStatusResponse, signal, silent: true }),
    enabled: orderSn !== null && polling,
    refetchInterval: polling ? ORDER_POLL_MS : false,
    refetchIntervalInBackground: true,
    gcTime: 0,
    retry: false,
  });
}
