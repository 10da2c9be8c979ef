import { UPGRADE_PATHS, type UpgradeResponse, upgradeResponse } from '@kaixiang/shared/upgrade';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';
import { newRequestId, OPEN_RETRY_DELAYS_MS } from '../../boxes/api/open-box.ts';

export interface UpgradeInput {
  upgrade_item_id: number;
  item_ids: number[];
  balance: number;
}

/** No answer reached us: the server may or may not have rolled. */
function answerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.failure === 'network' || error.failure === 'timeout');
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One upgrade. A lost answer is retried with the same request id: the server rolls once per id and
 * answers a repeat with the first result, so a retry never stakes twice. Attempts are silent and a
 * final refusal is toasted once, with the server's message in the player's language.
 */
export async function upgradeItem(req: UpgradeInput & { request_id: string }): Promise<UpgradeResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiPost(UPGRADE_PATHS.upgrade, req, { schema: upgradeResponse, silent: true });
    } catch (error) {
      const delay = OPEN_RETRY_DELAYS_MS[attempt];
      if (answerLost(error) && delay !== undefined) {
        await wait(delay);
        continue;
      }
      if (error instanceof ApiError && error.failure !== 'unauthorized' && error.failure !== 'aborted') {
        toast.error(error.message);
      }
      throw error;
    }
  }
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
  const unanswered = useRef<{ key: string; requestId: string } | null>(null);
  const mutation = useMutation({
    mutationFn: upgradeItem,
    onSuccess: (data) => {
      unanswered.current = null;
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT], refetchType: 'none' });
    },
    onError: (error) => {
      if (!answerLost(error)) unanswered.current = null;
    },
  });

  function upgrade(input: UpgradeInput): Promise<UpgradeResponse> {
    const key = fingerprint(input);
    const requestId = unanswered.current?.key === key ? unanswered.current.requestId : newRequestId();
    unanswered.current = { key, requestId };
    return mutation.mutateAsync({ ...input, request_id: requestId });
  }

  return { upgrade, isPending: mutation.isPending };
}
