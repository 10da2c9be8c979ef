import {
  BEACON_PATHS,
  type BeaconInfoResponse,
  beaconInfoResponse,
  beaconRoundQuery,
  beaconRoundResponse,
} from '@kaixiang/shared/beacon';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import type { PublicBeacon } from './beacon.ts';

/**
 * The beacon a player checks a shared room's public seed against (docs/games/engine.md "Public
 * beacon"): both GETs are signature-exempt (app.ts), since a player follows them as plain links.
 * A published round never changes, so its answer may be kept for good; a round still to come is
 * refused (its value would tell the outcome of rooms waiting for it).
 */
export function beaconRoutes(beacon: PublicBeacon): FastifyPluginAsyncZod {
  const info: BeaconInfoResponse = {
    kind: beacon.info.kind,
    hash: beacon.info.hash,
    genesis_at: beacon.info.schedule.genesisMs,
    period_ms: beacon.info.schedule.periodMs,
    round_url: beacon.info.roundUrl,
  };
  return async (app) => {
    const tags = ['games'];
    app.get(
      BEACON_PATHS.round,
      { schema: { tags, querystring: beaconRoundQuery, response: { 200: envelopeOf(beaconRoundResponse) } } },
      async (req, reply) => {
        const { round } = req.query;
        // drand's rounds are drand's to serve: the link goes there, the server fetches nothing.
        if (beacon.info.kind === 'drand') return reply.redirect(beacon.urlOf(round), 302);
        const value = await beacon.published(round);
        if (!value) throw new AppError('BEACON_ROUND_NOT_PUBLISHED');
        reply.header('cache-control', 'public, max-age=31536000, immutable');
        return ok({ round: value.round, randomness: value.value });
      },
    );
    app.get(
      BEACON_PATHS.info,
      { schema: { tags, response: { 200: envelopeOf(beaconInfoResponse) } } },
      async (_req, reply) => {
        // Fixed for the life of the process (a restart may change the local beacon's key).
        reply.header('cache-control', 'public, max-age=3600');
        return ok(info);
      },
    );
  };
}
