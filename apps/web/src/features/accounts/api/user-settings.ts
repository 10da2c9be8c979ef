import { ACCOUNT_PATHS, avatarListResponse, promoteUsersResponse, steamLinkResponse } from '@kaixiang/shared/accounts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { userDetailQueryOptions } from './user-detail.ts';

/** The personal centre's calls (spec 1 §7 user centre). Each success refreshes the user detail. */
export const avatarListQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'avatar-list'],
  queryFn: ({ signal }) => apiGet(ACCOUNT_PATHS.avatarList, {}, { schema: avatarListResponse, signal }),
  staleTime: 10 * 60_000,
});

export function useAvatarList(enabled: boolean) {
  return useQuery({ ...avatarListQueryOptions, enabled });
}

export const PROMOTE_PAGE_SIZE = 20;

export function promoteUsersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'promote-users', page],
    queryFn: ({ signal }) =>
      apiGet(
        ACCOUNT_PATHS.promoteUsers,
        { page, page_size: PROMOTE_PAGE_SIZE },
        { schema: promoteUsersResponse, signal },
      ),
  });
}

export function usePromoteUsers(page: number) {
  return useQuery({ ...promoteUsersQueryOptions(page), placeholderData: keepPreviousData });
}

/** A mutation that posts `body` to `path` and then reloads the user detail. */
function useUserMutation<V>(path: string, toBody: (v: V) => unknown) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: V) => apiPost(path, toBody(v)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDetailQueryOptions.queryKey }),
  });
}

export const useChangeAvatar = () =>
  useUserMutation(ACCOUNT_PATHS.changeAvatar, (avatar_id: number) => ({ avatar_id }));
export const useChangeNickName = () =>
  useUserMutation(ACCOUNT_PATHS.changeNickName, (nick_name: string) => ({ nick_name }));
export const useSmsSwitch = () => useUserMutation(ACCOUNT_PATHS.smsSwitch, (on: boolean) => ({ switch: on ? 1 : 0 }));
export const useBindInvite = () =>
  useUserMutation(ACCOUNT_PATHS.bindInvite, (invite_code: string) => ({ invite_code }));
export const useVerifyIdentity = () =>
  useUserMutation(ACCOUNT_PATHS.identity, (v: { realname: string; identification: string; type: 1 | 2 | 3 | 4 }) => v);

export function useSetSteamLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (steam_link: string) => apiPost(ACCOUNT_PATHS.steamLink, { steam_link }, { schema: steamLinkResponse }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userDetailQueryOptions.queryKey }),
  });
}

export function destroyAccount(verify_code: string) {
  return apiPost(ACCOUNT_PATHS.destroy, { verify_code });
}
