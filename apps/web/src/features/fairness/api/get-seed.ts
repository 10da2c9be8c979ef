import { FAIRNESS_PATHS, seedResponse } from '@kaixiang/shared/boxes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

/** The player's active seed pair (server seed as a hash only) and the last revealed pair. */
export const seedQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'fairness', 'seed'],
  queryFn: ({ signal }) => apiGet(FAIRNESS_PATHS.seed, {}, { schema: seedResponse, signal }),
});

export function useSeed() {
  return useQuery({ ...seedQueryOptions, enabled: useLoggedIn() });
}
