import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import type { Locale } from '@kaixiang/shared/locale';
import {
  ROLL_PATHS,
  type RollCreateRequest,
  type RollRoomInfo,
  rollCreateRule,
  rollItemsResponse,
  rollJoinResponse,
  rollListResponse,
  rollRewardResponse,
  rollRoomIdResponse,
  rollRoomInfo,
  rollUsersResponse,
} from '@kaixiang/shared/roll';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiGet, apiPost } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Every roll query lives under the user root: what a room says depends on who looks (`joined`,
 * `self`), so a sign-in or sign-out refetches it, and so does the recharge dialog's success (it
 * invalidates the user root): that is spec 2 §4's "after a recharge, vipRoll-details reloads".
 */
export const ROLL_QUERY_ROOT = [USER_QUERY_ROOT, 'roll'] as const;

export const rollListQueryOptions = (state: number, page: number, locale: Locale) =>
  queryOptions({
    queryKey: [...ROLL_QUERY_ROOT, 'list', state, page, locale],
    queryFn: async ({ signal }) => {
      const sentAt = Date.now();
      const list = await apiGet(ROLL_PATHS.list, { state, page }, { schema: rollListResponse, signal, silent: true });
      // The cards count down on the server's clock, as the room's page does.
      return { ...list, offsetMs: serverOffsetMs(list.now, sentAt) };
    },
  });

export function useRollList(state: number, page: number, locale: Locale, enabled = true) {
  return useQuery({ ...rollListQueryOptions(state, page, locale), enabled, placeholderData: keepPreviousData });
}

/** A room with the server's clock: `offsetMs` is server time minus ours when the answer came. */
export interface RollSnapshot {
  room: RollRoomInfo;
  offsetMs: number;
}

export const rollRoomQueryOptions = (roomId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...ROLL_QUERY_ROOT, 'room', roomId, locale],
    queryFn: async ({ signal }): Promise<RollSnapshot> => {
      const sentAt = Date.now();
      const room = await apiGet(ROLL_PATHS.info, { room_id: roomId }, { schema: rollRoomInfo, signal, silent: true });
      return { room, offsetMs: serverOffsetMs(room.now, sentAt) };
    },
    retry: 1,
  });

export function useRollRoom(roomId: number, locale: Locale) {
  return useQuery({ ...rollRoomQueryOptions(roomId, locale), placeholderData: keepPreviousData });
}

export const rollItemsQueryOptions = (roomId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...ROLL_QUERY_ROOT, 'items', roomId, locale],
    queryFn: ({ signal }) =>
      apiGet(ROLL_PATHS.items, { room_id: roomId }, { schema: rollItemsResponse, signal, silent: true }),
  });

export const USERS_PAGE_SIZE = 60;

export const rollUsersQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: [...ROLL_QUERY_ROOT, 'users', roomId],
    queryFn: ({ signal }) =>
      apiGet(
        ROLL_PATHS.users,
        { room_id: roomId, page: 1, page_size: USERS_PAGE_SIZE },
        { schema: rollUsersResponse, signal, silent: true },
      ),
  });

export const rollRewardQueryOptions = (roomId: number, locale: Locale) =>
  queryOptions({
    queryKey: [...ROLL_QUERY_ROOT, 'reward', roomId, locale],
    queryFn: ({ signal }) =>
      apiGet(ROLL_PATHS.reward, { room_id: roomId }, { schema: rollRewardResponse, signal, silent: true }),
  });

/** May the signed-in player make a room, and the create dialog's limits. */
export function useRollCreateRule() {
  const loggedIn = useLoggedIn();
  return useQuery({
    queryKey: [...ROLL_QUERY_ROOT, 'create-rule'],
    queryFn: ({ signal }) => apiGet(ROLL_PATHS.createRule, {}, { schema: rollCreateRule, signal, silent: true }),
    enabled: loggedIn,
    staleTime: 5 * 60_000,
  });
}

function toastRefusal(error: unknown) {
  if (error instanceof ApiError && error.failure !== 'unauthorized' && error.failure !== 'aborted') {
    toast.error(error.message);
  }
}

/** Joining is free and the server makes a second join of the same player a refusal: no request id. */
export function useJoinRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: { room_id: number; password?: string }) =>
      apiPost(ROLL_PATHS.join, req, { schema: rollJoinResponse, silent: true }),
    onError: toastRefusal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ROLL_QUERY_ROOT }),
  });
}

export function useCreateRoll() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (req: RollCreateRequest) =>
      apiPost(ROLL_PATHS.create, req, { schema: rollRoomIdResponse, silent: true }),
    onError: toastRefusal,
    // The prizes left the inventory's sellable list (locked): everything per user is stale.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
  });
}

/**
 * Binds the room owner's invite code as the player's inviter (the profile page's binding, from the
 * room that asks for it): permanent, and refused when the player has one already. Everything per
 * user is refetched: the room's `self.invited`, the profile's inviter.
 */
export function useBindOwnerInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiPost(ACCOUNT_PATHS.bindInvite, { invite_code: code }, { silent: true }),
    onError: toastRefusal,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [USER_QUERY_ROOT] }),
  });
}
