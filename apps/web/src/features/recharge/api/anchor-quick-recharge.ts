import { anchorQuickRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/** An anchor account settles its own open order from the anchor credit account (spec 2 §4). */
export function useAnchorQuickRecharge() {
  return useMutation({
    mutationFn: (orderSn: string) =>
      apiPost(PAYMENT_PATHS.anchorQuickRecharge, { order_sn: orderSn }, { schema: anchorQuickRechargeResponse }),
  });
}
