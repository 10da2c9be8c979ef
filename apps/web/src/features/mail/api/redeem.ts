import { MAIL_PATHS, redeemResponse } from '@kaixiang/shared/mail';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { MAILS_QUERY_ROOT } from './get-mails.ts';
import { newMailCountQueryOptions } from './new-mail-count.ts';

/** site/v1/get-token-receiving-item (spec 1 §7): the reward arrives as a mail. Refusals show their msg. */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) => apiPost(MAIL_PATHS.redeem, { key }, { schema: redeemResponse }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: MAILS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: newMailCountQueryOptions.queryKey });
    },
  });
}
