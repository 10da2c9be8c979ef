import { type MockRechargeRequest, mockRechargeResponse, PAYMENT_PATHS } from '@kaixiang/shared/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/**
 * The development-only test recharge. A paid recharge changes much of what the player sees (VIP
 * level and badge, first-recharge flag, command progress), so every ['user', …] query refetches;
 * the balance itself arrives by the money_modify push. Failures are shown in the panel, not toasted.
 */
export function useMockRecharge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MockRechargeRequest) =>
      apiPost(PAYMENT_PATHS.testMockRecharge, body, { schema: mockRechargeResponse, silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
  });
}
