import { PAYMENT_PATHS, type PayModeEntry, payModesResponse } from '@kaixiang/shared/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';

/** Spec 2 §7: pay modes are asked for with platform 1 (the PC site). */
export const PLATFORM_PC = 1;

/** Channels sorted by sort_id descending (spec 2 §2 dialog 1): the first one is selected by default. */
export function sortPayModes(list: readonly PayModeEntry[]): PayModeEntry[] {
  return [...list].sort((a, b) => b.sort_id - a.sort_id);
}

export const payModesQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'recharge', 'pay-modes'],
  queryFn: async ({ signal }) => {
    const res = await apiGet(PAYMENT_PATHS.payModes, { platform: PLATFORM_PC }, { schema: payModesResponse, signal });
    return sortPayModes(res.list);
  },
  staleTime: 60_000,
});

export function usePayModes(enabled: boolean) {
  return useQuery({ ...payModesQueryOptions, enabled });
}
