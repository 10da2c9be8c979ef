import {
  TURNTABLE_PATHS,
  TURNTABLE_RECORD_PAGE,
  type TurntableRoomInfo,
  turntableJackpotResponse,
  turntableRecordResponse,
  turntableRoomInfo,
} from '@kaixiang/shared/turntable';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { sessionUserId, USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** The round with the server's clock: `offsetMs` is server time minus ours when it came. */
export interface TurntableSnapshot {
  info: TurntableRoomInfo;
  offsetMs: number;
}

/**
 * The spec's room_info. It holds the viewer's own bets, so the viewer is in the key: a sign-in or
 * sign-out loads the round again as the new viewer sees it. Fresh only through the hall's events
 * (and their gaps): no background refetching.
 */
export const roomInfoQueryOptions = (viewer: string) =>
  queryOptions({
    queryKey: ['turntable', 'room', viewer],
    queryFn: async ({ signal }): Promise<TurntableSnapshot> => {
      const sentAt = Date.now();
      // Silent: the page says itself that the round did not load, and a refetch replacing another
      // is no failure to toast.
      const info = await apiGet(TURNTABLE_PATHS.roomInfo, {}, { schema: turntableRoomInfo, signal, silent: true });
      // The server read its clock somewhere between our send and receipt: take the middle.
      return { info, offsetMs: info.now - (sentAt + Date.now()) / 2 };
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useViewer(): string {
  const loggedIn = useLoggedIn();
  return loggedIn ? (sessionUserId() ?? 'guest') : 'guest';
}

export function useRoomInfo() {
  return useQuery({ ...roomInfoQueryOptions(useViewer()), placeholderData: keepPreviousData });
}

/** Spec 2 §9: the jackpot record is fetched again every 30 s. */
export const JACKPOT_REFRESH_MS = 30_000;

export const jackpotRecordQueryOptions = queryOptions({
  queryKey: ['turntable', 'jackpot-record'],
  queryFn: ({ signal }) =>
    apiGet(TURNTABLE_PATHS.jackpotRecord, {}, { schema: turntableJackpotResponse, signal, silent: true }),
  refetchInterval: JACKPOT_REFRESH_MS,
});

export function useJackpotRecord() {
  return useQuery(jackpotRecordQueryOptions);
}

/** The player's own rounds, newest first, 30 a page (under the user root: sign-out forgets them). */
export const userRecordQueryOptions = (page: number) =>
  queryOptions({
    queryKey: [USER_QUERY_ROOT, 'turntable', 'records', page],
    queryFn: ({ signal }) =>
      apiGet(
        TURNTABLE_PATHS.userRecord,
        // The spec's page_no counts from 0; the pager from 1.
        { page_no: page - 1, page_size: TURNTABLE_RECORD_PAGE },
        { schema: turntableRecordResponse, signal },
      ),
    placeholderData: keepPreviousData,
  });

export function useUserRecord(page: number) {
  const loggedIn = useLoggedIn();
  return useQuery({ ...userRecordQueryOptions(page), enabled: loggedIn });
}
