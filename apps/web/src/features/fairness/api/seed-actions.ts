import { FAIRNESS_PATHS, seedResponse } from '@kaixiang/shared/boxes';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api.ts';
import { bagsQueryRoot } from './get-bags.ts';
import { rollsQueryRoot } from './get-rolls.ts';
import { seedQueryOptions } from './get-seed.ts';
import { upgradesQueryRoot } from './get-upgrades.ts';
import { wishesQueryRoot } from './get-wishes.ts';

/**
 * Changing the client seed or rotating changes what the seed panel shows; rotating also reveals
 * the server seed of every roll made with the old pair, so the roll, upgrade, bag and wish lists refetch too.
 */
function useRefreshAfter() {
  const queryClient = useQueryClient();
  return (data: unknown) => {
    const parsed = seedResponse.safeParse(data);
    if (parsed.success) queryClient.setQueryData(seedQueryOptions.queryKey, parsed.data);
    void queryClient.invalidateQueries({ queryKey: seedQueryOptions.queryKey });
    void queryClient.invalidateQueries({ queryKey: rollsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: upgradesQueryRoot });
    void queryClient.invalidateQueries({ queryKey: bagsQueryRoot });
    void queryClient.invalidateQueries({ queryKey: wishesQueryRoot });
  };
}

export function useSetClientSeed() {
  const onSuccess = useRefreshAfter();
  return useMutation({
    mutationFn: (clientSeed: string) => apiPost<unknown>(FAIRNESS_PATHS.setClientSeed, { client_seed: clientSeed }),
    onSuccess,
  });
}

export function useRotateSeed() {
  const onSuccess = useRefreshAfter();
  return useMutation({ mutationFn: () => apiPost<unknown>(FAIRNESS_PATHS.rotate, {}), onSuccess });
}
