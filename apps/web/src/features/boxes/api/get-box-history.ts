import { BOX_PATHS, openHistoryResponse } from '@kaixiang/shared/boxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

export const BOX_HISTORY_PAGE_SIZE = 20;

/** Everybody's recent openings of one box, newest first. */
export const boxHistoryQueryOptions = (boxId: number) =>
  queryOptions({
    queryKey: ['boxes', 'history', boxId],
    queryFn: ({ signal }) =>
      apiGet(
        BOX_PATHS.history,
        { box_id: boxId, page: 1, page_size: BOX_HISTORY_PAGE_SIZE },
        // A list below the game: a failure here must not interrupt the player with a toast.
        { schema: openHistoryResponse, signal, silent: true },
      ),
    staleTime: 15_000,
  });

export function useBoxHistory(boxId: number) {
  return useQuery(boxHistoryQueryOptions(boxId));
}
