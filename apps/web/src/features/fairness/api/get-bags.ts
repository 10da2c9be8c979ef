import { BAG_PATHS, BAG_STATE, type BagRecord, bagRecordResponse, bagTableResponse } from '@kaixiang/shared/bags';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const BAGS_PAGE_SIZE = 10;
/** Rotating the seed pair reveals these openings' server seed: seed-actions refetches this root. */
export const bagsQueryRoot = [USER_QUERY_ROOT, 'fairness', 'bags'] as const;

const opened = (page: number, pageSize: number, signal?: AbortSignal) =>
  apiGet(
    BAG_PATHS.record,
    { page, page_size: pageSize, state: BAG_STATE.opened },
    { schema: bagRecordResponse, signal, silent: true },
  );

/** The player's opened bags, newest first, each with the public inputs of its roll. */
export function useBags(page: number) {
  return useQuery({
    queryKey: [...bagsQueryRoot, page],
    queryFn: ({ signal }) => opened(page, BAGS_PAGE_SIZE, signal),
    enabled: useLoggedIn(),
    placeholderData: keepPreviousData,
  });
}

const SEARCH_PAGE_SIZE = 100;
/** At most this many records are searched for one id (the API has no "one bag" call). */
const SEARCH_MAX_PAGES = 50;

/**
 * One of the player's opened bags by id (`/fairness?bag=<id>`, the result overlay's and the
 * record's link): the pages are read until the id turns up or the ids fall below it.
 */
export async function findBag(bagId: number, signal?: AbortSignal): Promise<BagRecord | null> {
  for (let page = 1; page <= SEARCH_MAX_PAGES; page++) {
    const data = await opened(page, SEARCH_PAGE_SIZE, signal);
    const found = data.list.find((r) => r.id === bagId);
    if (found) return found;
    const last = data.list.at(-1);
    if (!last || last.id < bagId || page * SEARCH_PAGE_SIZE >= data.total) return null;
  }
  return null;
}

/** A campaign's table of one version: published once and never changed, so it is kept for good. */
export const bagTableQueryOptions = (campaignId: number, version: number) =>
  queryOptions({
    queryKey: ['fairness', 'bag-table', campaignId, version],
    queryFn: ({ signal }) =>
      apiGet(BAG_PATHS.table, { campaign_id: campaignId, version }, { schema: bagTableResponse, signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
