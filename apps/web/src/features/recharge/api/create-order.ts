import { type CreateOrderRequest, createOrderResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/**
 * create-coin-order (spec 2 §3 recharge pay request). Not silent: the server's refusals
 * ('操作频繁，请稍微再试', '暂无可用支付渠道，请稍后重试', the WeChat limit) are shown as they come.
 */
export function createOrder(request: CreateOrderRequest) {
  return apiPost(PAYMENT_PATHS.createOrder, request, { schema: createOrderResponse });
}

export function useCreateOrder() {
  return useMutation({ mutationFn: createOrder });
}
