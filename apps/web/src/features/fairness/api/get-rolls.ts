import { BOX_PATHS, selfHistoryResponse } from '@kaixiang/shared/boxes';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const ROLLS_PAGE_SIZE = 10;
export const rollsQueryRoot = [USER_QUERY_ROOT, 'fairness', 'rolls'] as const;

/** The player's own openings, each with the public inputs of its roll. */
export const rollsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [...rollsQueryRoot, page],
    queryFn: ({ signal }) =>
      apiGet(BOX_PATHS.selfHistory, { page, page_size: ROLLS_PAGE_SIZE }, { schema: selfHistoryResponse, signal }),
  });

export function useRolls(page: number) {
  return useQuery({ ...rollsQueryOptions(page), enabled: useLoggedIn(), placeholderData: keepPreviousData });
}
