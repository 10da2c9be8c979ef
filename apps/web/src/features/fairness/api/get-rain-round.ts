import { RAIN_PATHS, rainRoundDetail } from '@kaixiang/shared/rain';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** A rain round with everything verifyRainRound needs. Ended, it never changes again. */
export const rainRoundQueryOptions = (roundId: number) =>
  queryOptions({
    queryKey: ['fairness', 'rain', roundId],
    queryFn: ({ signal }) =>
      // Silent: the verifier says under its form why the round could not be loaded.
      apiGet(RAIN_PATHS.round, { round_id: roundId }, { schema: rainRoundDetail, signal, silent: true }),
    staleTime: (query) => (query.state.data?.state === 'ended' ? Number.POSITIVE_INFINITY : 0),
  });
