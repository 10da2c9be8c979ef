import { ok } from '@kaixiang/shared/envelope';
import {
  TURNTABLE_PATHS,
  turntableBetRequest,
  turntableBetResponse,
  turntableJackpotResponse,
  turntableRecordQuery,
  turntableRecordResponse,
  turntableRoomInfo,
  turntableRoundQuery,
  turntableRoundResponse,
} from '@kaixiang/shared/turntable';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { TurntableService } from './turntable.service.ts';

/** roulette/v1/*: schema in, schema out, call the service (STYLE.md §1). Watching needs no login. */
export function turntableRoutes(
  turntable: TurntableService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['turntable'];
    const auth = { preHandler: authenticate };
    // A visitor watches as a guest; a signed-in player (a token sent) also sees their own stakes.
    const maybeAuth = async (req: FastifyRequest) => {
      if (bearerToken(req)) await authenticate(req);
    };
    app.get(
      TURNTABLE_PATHS.roomInfo,
      { preHandler: maybeAuth, schema: { tags, response: { 200: envelopeOf(turntableRoomInfo) } } },
      async (req) => ok(await turntable.roomInfo(req.auth?.userId ?? null)),
    );
    app.post(
      TURNTABLE_PATHS.bet,
      { ...auth, schema: { tags, body: turntableBetRequest, response: { 200: envelopeOf(turntableBetResponse) } } },
      async (req) => ok(await turntable.bet(authOf(req).userId, req.body)),
    );
    app.get(
      TURNTABLE_PATHS.userRecord,
      {
        ...auth,
        schema: { tags, querystring: turntableRecordQuery, response: { 200: envelopeOf(turntableRecordResponse) } },
      },
      async (req) => ok(await turntable.userRecords(authOf(req).userId, req.query.page_no, req.query.page_size)),
    );
    app.get(
      TURNTABLE_PATHS.jackpotRecord,
      { schema: { tags, response: { 200: envelopeOf(turntableJackpotResponse) } } },
      async () => ok(await turntable.jackpotRecords()),
    );
    app.get(
      TURNTABLE_PATHS.round,
      { schema: { tags, querystring: turntableRoundQuery, response: { 200: envelopeOf(turntableRoundResponse) } } },
      async (req) => ok(await turntable.round(req.query.round_id)),
    );
  };
}
