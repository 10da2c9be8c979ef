import { inviteRechargeResponse, PROMOTION_PATHS } from '@kaixiang/shared/promotion';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const INVITE_PAGE_SIZE = 20;

/** My invitees' recharges and what I earned from them (spec 1 §7 get-invite-recharge). */
export function inviteRechargeQueryOptions(page: number) {
  return queryOptions({
    queryKey: [USER_QUERY_ROOT, 'invite-recharge', page],
    queryFn: ({ signal }) =>
      apiGet(
        PROMOTION_PATHS.inviteRecharge,
        { page, page_size: INVITE_PAGE_SIZE },
        { schema: inviteRechargeResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useInviteRecharge(page: number) {
  return useQuery({ ...inviteRechargeQueryOptions(page), enabled: useLoggedIn() });
}
