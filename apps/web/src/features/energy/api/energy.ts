import { ENERGY_PATHS, type EnergyOpenResponse, energyInfoResponse, energyOpenResponse } from '@kaixiang/shared/energy';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';

/** The player's energy and levels (names in the page's language). */
export const ENERGY_QUERY_ROOT = [USER_QUERY_ROOT, 'energy'] as const;

export function useEnergy() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...ENERGY_QUERY_ROOT, locale],
    queryFn: ({ signal }) => apiGet(ENERGY_PATHS.info, {}, { schema: energyInfoResponse, signal, silent: true }),
    enabled: useLoggedIn(),
  });
}

/**
 * Opens one level's box. The answer's balance goes to the header at once and the levels are
 * fetched again; a refusal (level not reached, opened this week) is shown as the server words it.
 */
export function useOpenEnergy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (levelId: number): Promise<EnergyOpenResponse> =>
      apiPost(ENERGY_PATHS.open, { level_id: levelId }, { schema: energyOpenResponse }),
    onSuccess: (data) => {
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ENERGY_QUERY_ROOT });
    },
  });
}
