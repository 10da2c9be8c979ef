import { BAG_PATHS, bagRecordResponse } from '@kaixiang/shared/bags';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { BAGS_QUERY_ROOT } from './has-bag.ts';

export const BAG_RECORD_PAGE_SIZE = 10;

/** The player's bags, newest first (get-record): a page, of one state (0 unopened, 1 opened) when given. */
export function useBagRecord(page: number, state?: number) {
  return useQuery({
    queryKey: [...BAGS_QUERY_ROOT, 'record', page, state ?? 'all'],
    queryFn: ({ signal }) =>
      apiGet(
        BAG_PATHS.record,
        { page, page_size: BAG_RECORD_PAGE_SIZE, state },
        { schema: bagRecordResponse, signal, silent: true },
      ),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}
