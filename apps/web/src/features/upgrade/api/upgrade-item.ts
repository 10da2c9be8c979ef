import { UPGRADE_PATHS, type UpgradeResponse, upgradeResponse } from '@kaixiang/shared/upgrade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postPaid, useKeptRequestId } from '../../../lib/paid-request.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';

export interface UpgradeInput {
  upgrade_item_id: number;
  item_ids: number[];
  balance: number;
}

/**
 * One upgrade. A lost answer is retried with the same request id: the server rolls once per id and
 * answers a repeat with the first result, so a retry never stakes twice.
 */
export function upgradeItem(req: UpgradeInput & { request_id: string }): Promise<UpgradeResponse> {
  return postPaid(UPGRADE_PATHS.upgrade, req, upgradeResponse);
}

const fingerprint = (i: UpgradeInput) => `${i.upgrade_item_id}|${[...i.item_ids].sort().join(',')}|${i.balance}`;

/**
 * The upgrade button's mutation. The answer's balance goes to the header at once (the stake is
 * debited whatever the roll, so it tells nothing); the inventory and the histories are only
 * marked stale: refetched now they would show the won item before the needle lands. The screen
 * refreshes them when it does. A request whose answer never came keeps its id, so pressing the
 * button again on the same stake repeats it instead of rolling twice.
 */
export function useUpgradeItem() {
  const queryClient = useQueryClient();
  const requestIds = useKeptRequestId();
  const mutation = useMutation({
    mutationFn: upgradeItem,
    onSuccess: (data) => {
      requestIds.settled();
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT], refetchType: 'none' });
    },
    onError: (error) => requestIds.settled(error),
  });

  function upgrade(input: UpgradeInput): Promise<UpgradeResponse> {
    return mutation.mutateAsync({ ...input, request_id: requestIds.idFor(fingerprint(input)) });
  }

  return { upgrade, isPending: mutation.isPending };
}
