import {
  ADMIN_RETRIEVAL_PATHS,
  type RetrievalActionRequest,
  type RetrievalCancelResponse,
  type RetrievalRetryResponse,
  retrievalCancelResponse,
  retrievalQueueResponse,
  retrievalRetryResponse,
} from '@kaixiang/shared/admin-retrievals';
import type { OfferState } from '@kaixiang/shared/inventory';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleGet, consolePost } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const RETRIEVALS_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'retrievals'] as const;
export const RETRIEVALS_PAGE_SIZE = 20;

/** What the queue is filtered by; it lives in the address, so a filtered queue can be shared. */
export interface RetrievalFilter {
  state: OfferState | null;
  userId: number | null;
  page: number;
}

export function useRetrievalQueue(f: RetrievalFilter) {
  const query: Record<string, string> = { page: String(f.page), page_size: String(RETRIEVALS_PAGE_SIZE) };
  if (f.state) query.state = f.state;
  if (f.userId !== null) query.user_id = String(f.userId);
  return useQuery({
    queryKey: [...RETRIEVALS_QUERY_ROOT, 'queue', query],
    queryFn: ({ signal }) => consoleGet(ADMIN_RETRIEVAL_PATHS.queue, query, retrievalQueueResponse, signal),
    placeholderData: keepPreviousData,
  });
}

/** Retry or cancel: the queue is read again afterwards, whatever the answer (a refusal may mean it moved on). */
export function useRetrievalAction(action: 'retry' | 'cancel') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RetrievalActionRequest): Promise<RetrievalRetryResponse | RetrievalCancelResponse> =>
      action === 'retry'
        ? consolePost(ADMIN_RETRIEVAL_PATHS.retry, body, retrievalRetryResponse)
        : consolePost(ADMIN_RETRIEVAL_PATHS.cancel, body, retrievalCancelResponse),
    onSettled: () => client.invalidateQueries({ queryKey: RETRIEVALS_QUERY_ROOT }),
  });
}
