import { LUCKY_PATHS, luckyActivityResponse, luckyPlayersResponse } from '@kaixiang/shared/lucky';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';

export const LUCKY_PLAYERS_PAGE_SIZE = 20;

/** The window running now or the next one, with the server's clock (`offsetMs`: server minus ours). */
export const luckyActivityQueryOptions = () =>
  queryOptions({
    queryKey: ['lucky', 'activity'],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const activity = await apiGet(LUCKY_PATHS.activity, undefined, { schema: luckyActivityResponse, signal });
      // The countdowns follow the server's clock, as its window does.
      return { ...activity, offsetMs: serverOffsetMs(activity.system_time, sentAt) };
    },
    staleTime: 30_000,
  });

export function useLuckyActivity() {
  return useQuery(luckyActivityQueryOptions());
}

/** The lucky players of the running (else the last) window, latest first. */
export const luckyPlayersQueryOptions = (page: number) =>
  queryOptions({
    queryKey: ['lucky', 'players', page],
    queryFn: ({ signal }) =>
      apiGet(
        LUCKY_PATHS.players,
        { page, page_size: LUCKY_PLAYERS_PAGE_SIZE },
        { schema: luckyPlayersResponse, signal, silent: true },
      ),
    staleTime: 10_000,
    // New lucky players appear while the page is open.
    refetchInterval: 15_000,
  });

export function useLuckyPlayers(page: number) {
  return useQuery({ ...luckyPlayersQueryOptions(page), placeholderData: keepPreviousData });
}
