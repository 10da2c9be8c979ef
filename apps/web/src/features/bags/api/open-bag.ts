import { BAG_PATHS, type OpenBagResponse, openBagResponse } from '@kaixiang/shared/bags';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';
import { BAGS_QUERY_ROOT, hasBagQueryOptions } from './has-bag.ts';

/**
 * Opens a bag: the oldest unopened one (the icon's get-bag), or the one named (the record's
 * bag/get). The answer's balance goes to the header at once; the icon follows the answer's count.
 * A refusal (the 3 s rule, no bag left) is shown as the server words it.
 */
export function useOpenBag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bagId?: number): Promise<OpenBagResponse> =>
      bagId === undefined
        ? apiPost(BAG_PATHS.getBag, {}, { schema: openBagResponse })
        : apiPost(BAG_PATHS.open, { bag_id: bagId }, { schema: openBagResponse }),
    onSuccess: (data) => {
      showBalance(queryClient, data.money);
      queryClient.setQueryData(hasBagQueryOptions.queryKey, (was) =>
        was ? { ...was, has_bag: data.count > 0, count: data.count } : was,
      );
      void queryClient.invalidateQueries({ queryKey: BAGS_QUERY_ROOT });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
  });
}
