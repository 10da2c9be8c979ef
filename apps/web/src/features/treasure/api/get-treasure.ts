import type { Locale } from '@kaixiang/shared/locale';
import {
  TREASURE_PAGE_SIZE,
  TREASURE_PATHS,
  type TreasureInfo,
  treasureDynamicResponse,
  treasureEndInfo,
  treasureInfo,
  treasureJoinResponse,
  treasureListResponse,
  treasureMyCardsResponse,
} from '@kaixiang/shared/treasure';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { postPaid } from '../../../lib/paid-request.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/**
 * Every treasure query lives under the user root: what a treasure says depends on who looks
 * (`my_cards`, `my_status`), so a sign-in or sign-out refetches it, and a grab's success (which
 * moves the balance) refreshes the header and the treasure together.
 */
export const TREASURE_QUERY_ROOT = [USER_QUERY_ROOT, 'treasure'] as const;

/** The hall's tabs: the two lists of spec 2 §3 "card states: ongoing, ended", and my cards. */
export const TREASURE_TABS = { ongoing: 'ongoing', ended: 'ended', mine: 'mine' } as const;
export type TreasureTab = (typeof TREASURE_TABS)[keyof typeof TREASURE_TABS];

export function useTreasureList(which: 'ongoing' | 'ended', page: number, locale: Locale, enabled: boolean) {
  return useQuery({
    queryKey: [...TREASURE_QUERY_ROOT, 'list', which, page, locale],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const list = await apiGet(
        which === 'ongoing' ? TREASURE_PATHS.list : TREASURE_PATHS.endList,
        { page, page_size: TREASURE_PAGE_SIZE },
        { schema: treasureListResponse, signal, silent: true },
      );
      // The cards count down on the server's clock, as the treasure's page does.
      return { ...list, offsetMs: serverOffsetMs(list.now, sentAt) };
    },
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The signed-in player's treasures with their cards, paid and status 1/2/3. */
export function useMyCards(page: number, locale: Locale, enabled = true) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...TREASURE_QUERY_ROOT, 'list', 'mine', page, locale],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const list = await apiGet(
        TREASURE_PATHS.myCards,
        { page, page_size: TREASURE_PAGE_SIZE },
        { schema: treasureMyCardsResponse, signal, silent: true },
      );
      return { ...list, offsetMs: serverOffsetMs(list.now, sentAt) };
    },
    enabled: enabled && loggedIn,
    placeholderData: keepPreviousData,
  });
}

/** The treasures the signed-in player won (treasure/get-rewaed, the spec's spelling). */
export function useMyWins(page: number, locale: Locale) {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...TREASURE_QUERY_ROOT, 'list', 'won', page, locale],
    queryFn: ({ signal }) =>
      apiGet(
        TREASURE_PATHS.reward,
        { page, page_size: TREASURE_PAGE_SIZE },
        { schema: treasureListResponse, signal, silent: true },
      ),
    enabled: loggedIn,
    placeholderData: keepPreviousData,
  });
}

/** A treasure with the server's clock: `offsetMs` is server time minus ours when the answer came. */
export interface TreasureSnapshot {
  info: TreasureInfo;
  offsetMs: number;
}

export const treasureInfoQueryOptions = (roomId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...TREASURE_QUERY_ROOT, 'info', roomId, locale],
    queryFn: async ({ signal }): Promise<TreasureSnapshot> => {
      const sentAt = Date.now();
      const info = await apiGet(
        TREASURE_PATHS.info,
        { room_id: roomId },
        { schema: treasureInfo, signal, silent: true },
      );
      return { info, offsetMs: serverOffsetMs(info.now, sentAt) };
    },
    retry: 1,
  });

export function useTreasureInfo(roomId: number, locale: Locale) {
  return useQuery({ ...treasureInfoQueryOptions(roomId, locale), placeholderData: keepPreviousData });
}

/** Who grabbed which cards, newest first: one page of the largest size the server gives. */
export const DYNAMIC_PAGE_SIZE = 100;

export function useTreasureDynamic(roomId: number) {
  return useQuery({
    queryKey: [...TREASURE_QUERY_ROOT, 'dynamic', roomId],
    queryFn: ({ signal }) =>
      apiGet(
        TREASURE_PATHS.dynamic,
        { room_id: roomId, page: 1, page_size: DYNAMIC_PAGE_SIZE },
        { schema: treasureDynamicResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

/** An ended treasure's draw (seeds, beacon, every card's holder). Ended, it never changes again. */
export function useTreasureEndInfo(roomId: number, locale: Locale, enabled: boolean) {
  return useQuery({
    queryKey: [...TREASURE_QUERY_ROOT, 'end', roomId, locale],
    queryFn: ({ signal }) =>
      apiGet(TREASURE_PATHS.endInfo, { room_id: roomId }, { schema: treasureEndInfo, signal, silent: true }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A grab buys the next cards and pays at once; the API takes no request id, so it is never sent
 * twice by us. Whatever happened (an answer, a refusal, a lost answer), the balance in the header
 * and the treasure are refetched together: both live under the user root. The money push
 * (`money_modify`) usually updates the header first.
 */
/**
 * A grab carries a request id (lib/paid-request.ts): a lost answer is asked again with the same
 * id, and the server answers the first grab instead of selling more cards. Refusals are toasted
 * once, in the player's language, by postPaid.
 */
export function useGrabCards() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: { room_id: number; count: number; request_id: string }) =>
      postPaid(TREASURE_PATHS.join, req, treasureJoinResponse),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
  });
}
