import { TREASURE_PATHS, TREASURE_STATE, treasureEndInfo } from '@kaixiang/shared/treasure';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** A treasure's draw with everything verifyTreasure needs. Ended, it never changes again. */
export const treasureEndQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: ['fairness', 'treasure', roomId],
    queryFn: ({ signal }) =>
      // Silent: the verifier says under its form why the treasure could not be loaded.
      apiGet(TREASURE_PATHS.endInfo, { room_id: roomId }, { schema: treasureEndInfo, signal, silent: true }),
    staleTime: (query) => (query.state.data?.state === TREASURE_STATE.ended ? Number.POSITIVE_INFINITY : 0),
  });
