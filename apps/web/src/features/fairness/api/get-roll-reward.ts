import { ROLL_PATHS, rollRewardResponse } from '@kaixiang/shared/roll';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/** A roll room's draw with everything verifyRoll needs. Drawn, it never changes again. */
export const rollRewardQueryOptions = (roomId: number) =>
  queryOptions({
    queryKey: ['fairness', 'roll', roomId],
    queryFn: ({ signal }) =>
      // Silent: the verifier says under its form why the room could not be loaded.
      apiGet(ROLL_PATHS.reward, { room_id: roomId }, { schema: rollRewardResponse, signal, silent: true }),
    staleTime: (query) => (query.state.data?.drawn ? Number.POSITIVE_INFINITY : 0),
  });
