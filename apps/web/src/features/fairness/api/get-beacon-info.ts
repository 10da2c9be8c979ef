import { BEACON_PATHS, beaconInfoResponse } from '@kaixiang/shared/beacon';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';

/**
 * Which public beacon the site uses and its schedule: the verifiers check each room's beacon
 * round against it. Fixed while the server runs, so fetched once per visit.
 */
export const beaconInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['fairness', 'beacon-info'],
    queryFn: ({ signal }) =>
      // Silent: a verifier that cannot read it says so beside the beacon's check.
      apiGet(BEACON_PATHS.info, undefined, { schema: beaconInfoResponse, signal, silent: true }),
    staleTime: Number.POSITIVE_INFINITY,
  });
