import { BOX_PATHS, type OpenBoxResponse, type OpenCount, openBoxResponse } from '@kaixiang/shared/boxes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { postPaid, useKeptRequestId } from '../../../lib/paid-request.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from './balance.ts';

export interface OpenBoxRequest {
  box_id: number;
  count: OpenCount;
  request_id: string;
}

/**
 * Opens boxes. A lost answer is retried with the same request id: the server debits once per id
 * and answers a repeat with the first result, so a retry can never charge twice.
 */
export function openBox(req: OpenBoxRequest): Promise<OpenBoxResponse> {
  return postPaid(BOX_PATHS.open, req, openBoxResponse);
}

/**
 * The open-box mutation of one box page. The request id of an opening whose answer never came
 * is kept, so pressing the same button again repeats that request instead of paying twice.
 */
export function useOpenBox(boxId: number) {
  const queryClient = useQueryClient();
  const requestIds = useKeptRequestId();
  const mutation = useMutation({
    mutationFn: openBox,
    onSuccess: (data) => {
      requestIds.settled();
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      // The inventory, records and seed (nonce) of this player are out of date too; they refetch
      // when next shown. Not now: an inventory on screen would tell the result before the reel.
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT], refetchType: 'none' });
    },
    onError: (error) => requestIds.settled(error),
  });

  function open(count: OpenCount): Promise<OpenBoxResponse> {
    return mutation.mutateAsync({ box_id: boxId, count, request_id: requestIds.idFor(String(count)) });
  }

  return { open, isPending: mutation.isPending };
}
