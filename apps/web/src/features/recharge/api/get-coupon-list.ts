import { COUPON_PATHS, couponListResponse } from '@kaixiang/shared/coupons';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

export const COUPONS_QUERY_KEY = [USER_QUERY_ROOT, 'recharge', 'coupons'] as const;

/** The player's usable coupon cards (spec 2 §7 "get coupon list -> data.infos"). */
export function useCouponList(enabled: boolean) {
  return useQuery({
    queryKey: COUPONS_QUERY_KEY,
    enabled,
    queryFn: async ({ signal }) =>
      (await apiGet(COUPON_PATHS.list, {}, { schema: couponListResponse, signal, silent: true })).infos,
  });
}
