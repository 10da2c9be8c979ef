import { TURNTABLE_PATHS, turntableRoundResponse } from '@kaixiang/shared/turntable';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/**
 * One turntable round with what it takes to verify it. A settled round never changes again, so it
 * is kept for the visit; one still running is asked for afresh, its seed may be out by now.
 */
export const turntableRoundQueryOptions = (roundId: number) =>
  queryOptions({
    queryKey: ['fairness', 'turntable', roundId],
    queryFn: ({ signal }) =>
      // Silent: the verifier says under its form why the round could not be loaded.
      apiGet(TURNTABLE_PATHS.round, { round_id: roundId }, { schema: turntableRoundResponse, signal, silent: true }),
    staleTime: (query) => (query.state.data?.state === 'settled' ? Number.POSITIVE_INFINITY : 0),
  });
