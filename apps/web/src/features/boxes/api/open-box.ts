import { BOX_PATHS, type OpenBoxResponse, type OpenCount, openBoxResponse } from '@kaixiang/shared/boxes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { ApiError, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { balanceQueryKey, showBalance } from './balance.ts';

/** Waits before the automatic retries of an opening whose answer was lost on the way. */
export const OPEN_RETRY_DELAYS_MS = [600, 1500] as const;

export interface OpenBoxRequest {
  box_id: number;
  count: OpenCount;
  request_id: string;
}

/** No answer reached us: the server may or may not have debited. */
function answerLost(error: unknown): boolean {
  return error instanceof ApiError && (error.failure === 'network' || error.failure === 'timeout');
}

/**
 * A UUID v4. randomUUID exists only in secure contexts (https, localhost); a site reached over plain
 * http on a LAN address still has getRandomValues.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Opens boxes. A lost answer is retried with the same request id: the server debits once per id
 * and answers a repeat with the first result, so a retry can never charge twice. Attempts are
 * silent and the final failure is toasted once, as the API client would have.
 */
export async function openBox(req: OpenBoxRequest): Promise<OpenBoxResponse> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await apiPost(BOX_PATHS.open, req, { schema: openBoxResponse, silent: true });
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

/**
 * The open-box mutation of one box page. The request id of an opening whose answer never came
 * is kept, so pressing the same button again repeats that request instead of paying twice.
 */
export function useOpenBox(boxId: number) {
  const queryClient = useQueryClient();
  const unanswered = useRef<{ count: OpenCount; requestId: string } | null>(null);
  const mutation = useMutation({
    mutationFn: openBox,
    onSuccess: (data) => {
      unanswered.current = null;
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
      // The inventory, records and seed (nonce) of this player are out of date too; they refetch
      // when next shown. Not now: an inventory on screen would tell the result before the reel.
      void queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT], refetchType: 'none' });
    },
    onError: (error) => {
      if (!answerLost(error)) unanswered.current = null;
    },
  });

  function open(count: OpenCount): Promise<OpenBoxResponse> {
    const kept = unanswered.current?.count === count ? unanswered.current.requestId : null;
    const requestId = kept ?? newRequestId();
    unanswered.current = { count, requestId };
    return mutation.mutateAsync({ box_id: boxId, count, request_id: requestId });
  }

  return { open, isPending: mutation.isPending };
}
