import { PAYMENT_PATHS, type PayMode, rechargeListResponse } from '@kaixiang/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/** Spec 2 §7: the money list is asked for with device 1 (the PC site). */
export const DEVICE_PC = 1;

export function rechargeListQueryOptions(payMode: PayMode) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'recharge', 'tiers', payMode],
    queryFn: ({ signal }) =>
      apiGet(
        PAYMENT_PATHS.rechargeList,
        { pay_mode: payMode, device: DEVICE_PC },
        { schema: rechargeListResponse, signal },
      ),
    staleTime: 60_000,
  });
}

export function useRechargeList(payMode: PayMode | null) {
  return useQuery({ ...rechargeListQueryOptions(payMode ?? 'alipay'), enabled: payMode !== null });
}
