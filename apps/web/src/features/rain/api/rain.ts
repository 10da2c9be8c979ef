import type { UserDetail } from '@kaixiang/shared/accounts';
import { RAIN_PATHS, type RainInfo, rainGrabResponse, rainInfo, rainRecordResponse } from '@kaixiang/shared/rain';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { USER_QUERY_ROOT } from '../../../lib/session.ts';
import { userDetailQueryOptions } from '../../accounts/api/user-detail.ts';

/** What the viewer sees depends on who looks (their packet, their conditions): under the user root. */
export const RAIN_QUERY_ROOT = [USER_QUERY_ROOT, 'rain'] as const;
export const RAIN_RECORD_PAGE_SIZE = 20;

export type RainSnapshot = RainInfo & { offsetMs: number };

/**
 * Packets left never go upwards within a running round, whoever says so: a frame patched in while
 * an info request was on its way (the server caches the info's public part a moment) must not be
 * undone by the older answer landing after it.
 */
export function keepFewerLeft(old: RainSnapshot | undefined, next: RainSnapshot): RainSnapshot {
  const was = old?.round;
  const now = next.round;
  if (!was || !now || was.round_id !== now.round_id || old?.status !== 2 || next.status !== 2) return next;
  if (now.remaining <= was.remaining) return next;
  return { ...next, complete: old.complete || next.complete, round: { ...now, remaining: was.remaining } };
}

export const rainInfoQueryOptions = queryOptions({
  queryKey: [...RAIN_QUERY_ROOT, 'info'],
  queryFn: async ({ signal }): Promise<RainSnapshot> => {
    const sentAt = Date.now();
    const info = await apiGet(RAIN_PATHS.info, {}, { schema: rainInfo, signal, silent: true });
    // The countdown runs on the server's clock, as every game's does.
    return { ...info, offsetMs: serverOffsetMs(info.system_time, sentAt) };
  },
  staleTime: 30_000,
  structuralSharing: (old, next) => keepFewerLeft(old as RainSnapshot | undefined, next as RainSnapshot),
});

export function useRainInfo() {
  return useQuery(rainInfoQueryOptions);
}

/**
 * One grab. Silent: the overlay says what happened in its own words (gone, already, the
 * conditions), not a toast over the rain. The balance goes to the header at once.
 */
export function useGrab() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (roundId: number) =>
      apiPost(RAIN_PATHS.grab, { round_id: roundId }, { schema: rainGrabResponse, silent: true }),
    onSuccess: (answer) => {
      queryClient.setQueryData<UserDetail>(userDetailQueryOptions.queryKey, (user) =>
        user ? { ...user, money: answer.balance } : user,
      );
      queryClient.setQueryData<RainSnapshot>(rainInfoQueryOptions.queryKey, (s) =>
        s && s.round?.round_id === answer.round_id
          ? { ...s, userComplete: true, self: { index: answer.index, amount: answer.amount } }
          : s,
      );
      void queryClient.invalidateQueries({ queryKey: [...RAIN_QUERY_ROOT, 'records'] });
    },
  });
}

export function useRainRecords(page: number) {
  return useQuery({
    queryKey: [...RAIN_QUERY_ROOT, 'records', page],
    queryFn: ({ signal }) =>
      apiGet(
        RAIN_PATHS.record,
        { page, page_size: RAIN_RECORD_PAGE_SIZE },
        { schema: rainRecordResponse, signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}
