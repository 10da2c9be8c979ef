import {
  type CoolOffRequest,
  type LimitsRequest,
  PROTECTION_API,
  type ProtectionView,
  protectionView,
  type RealityCheckRequest,
  type SelfExcludeRequest,
} from '@kaixiang/shared/protection';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** The view with the server's clock beside it: reminders are due on the server's time, not ours. */
export type ProtectionSnapshot = ProtectionView & { offsetMs: number };

/** The player's own settings: under the user root, so a sign-out drops them. */
export const protectionQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'protection'],
  queryFn: async ({ signal }): Promise<ProtectionSnapshot> => {
    const sentAt = Date.now();
    // Silent: the global reality-check host reads this on every page, and a refusal there is
    // nothing the player asked about; the protection page says so in its own words.
    const view = await apiGet(PROTECTION_API.view, {}, { schema: protectionView, signal, silent: true });
    return { ...view, offsetMs: serverOffsetMs(view.now, sentAt) };
  },
  staleTime: 30_000,
});

export function useProtectionView() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...protectionQueryOptions, enabled: loggedIn });
}

/** Every change answers with the new view: it replaces the cached one, with a fresh clock offset. */
function storeView(queryClient: QueryClient, view: ProtectionView, sentAt: number): void {
  queryClient.setQueryData<ProtectionSnapshot>(protectionQueryOptions.queryKey, {
    ...view,
    offsetMs: serverOffsetMs(view.now, sentAt),
  });
}

/**
 * One POST of the protection API. Silent: the card that sent it shows the server's message
 * beside the control the player used, not as a toast somewhere else on the page.
 */
function useProtectionPost<B>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: B) => {
      const sentAt = Date.now();
      const view = await apiPost(path, body, { schema: protectionView, silent: true });
      return { view, sentAt };
    },
    onSuccess: ({ view, sentAt }) => storeView(queryClient, view, sentAt),
  });
}

export const useSaveLimits = () => useProtectionPost<LimitsRequest>(PROTECTION_API.limits);
export const useSetRealityCheck = () => useProtectionPost<RealityCheckRequest>(PROTECTION_API.realityCheck);
export const useCoolOff = () => useProtectionPost<CoolOffRequest>(PROTECTION_API.coolOff);
export const useSelfExclude = () => useProtectionPost<SelfExcludeRequest>(PROTECTION_API.selfExclude);
/** The player saw the reminder: the server moves the next one an interval on. */
export const useRealityAck = () => useProtectionPost<Record<string, never>>(PROTECTION_API.realityAck);
