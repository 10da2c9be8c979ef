import { isFirstRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/** Whether the player has never paid an order: such players get the first-recharge notice. */
export function useIsFirstRecharge() {
  return useQuery({
    queryKey: [USER_QUERY_ROOT, 'recharge', 'first'],
    queryFn: async ({ signal }) => {
      const res = await apiGet(
        PAYMENT_PATHS.isFirstRecharge,
        {},
        { schema: isFirstRechargeResponse, signal, silent: true },
      );
      return res.first_recharge;
    },
  });
}
