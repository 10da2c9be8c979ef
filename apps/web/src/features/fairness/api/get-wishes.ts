import { WISHING_WELL_PATHS, type WishRecord, wishRecordsResponse } from '@kaixiang/shared/wishing-well';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const WISHES_PAGE_SIZE = 10;
/** Under the user root: a rotation (seed-actions) and a new wish refetch it. */
export const wishesQueryRoot = [USER_QUERY_ROOT, 'fairness', 'wishes'] as const;

const fetchPage = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiGet(
    WISHING_WELL_PATHS.records,
    { page, page_size: pageSize },
    { schema: wishRecordsResponse, signal, silent: true },
  );

/** The player's wishes, newest first, each with the public inputs of its roll. */
export function useWishes(page: number) {
  return useQuery({
    queryKey: [...wishesQueryRoot, page],
    queryFn: ({ signal }) => fetchPage(page, WISHES_PAGE_SIZE, signal),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

/**
 * One of the player's wishes by its number (`/fairness?wish=<id>`, the wishing well's link): the
 * records are newest first, so pages of 100 are read until the number turns up or falls behind.
 */
export async function findWish(wishId: number, signal?: AbortSignal): Promise<WishRecord | null> {
  const size = 100;
  for (let page = 1; page <= 50; page++) {
    const { list, total } = await fetchPage(page, size, signal);
    const hit = list.find((w) => w.id === wishId);
    if (hit) return hit;
    const oldest = list[list.length - 1];
    if (oldest === undefined || oldest.id < wishId || page * size >= total) break;
  }
  return null;
}
