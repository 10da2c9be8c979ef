import { exchangeResponse, WALLET_PATHS } from '@kaixiang/shared/wallet';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';

/**
 * Mall quota → coins 1:1 (spec 1 §5, §7): the payload is the amount in units. A request id made
 * once per confirmed exchange lets the server exchange a double submit once. Silent, because the
 * dialog says 兑换失败 itself (spec 1 §8) rather than the client's generic popup.
 */
export function exchangeQuota(convertAmountUnits: number) {
  return apiPost(
    WALLET_PATHS.exchange,
    { convert_amount: convertAmountUnits, request_id: crypto.randomUUID() },
    { schema: exchangeResponse, silent: true },
  );
}

export function useExchangeQuota() {
  return useMutation({ mutationFn: exchangeQuota });
}
