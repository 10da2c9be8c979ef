import { ok } from '@kaixiang/shared/envelope';
import {
  RAIN_PATHS,
  rainGrabRequest,
  rainGrabResponse,
  rainInfo,
  rainRecordQuery,
  rainRecordResponse,
  rainRoundDetail,
  rainRoundQuery,
} from '@kaixiang/shared/rain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { RainGrab } from './rain.grab.ts';
import type { RainViews } from './rain.views.ts';

/** promotion/v1 rain calls: schema in, schema out, call the service (STYLE.md §1). */
export function rainRoutes(
  grab: RainGrab,
  views: RainViews,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['rain'];
    const auth = { preHandler: authenticate };
    // A visitor sees the countdown; a signed-in player (a token sent) also their own packet.
    const maybeAuth = async (req: FastifyRequest) => {
      if (bearerToken(req)) await authenticate(req);
    };
    app.get(
      RAIN_PATHS.info,
      { preHandler: maybeAuth, schema: { tags, response: { 200: envelopeOf(rainInfo) } } },
      async (req) => ok(await views.info(req.auth?.userId ?? null)),
    );
    app.post(
      RAIN_PATHS.grab,
      { ...auth, schema: { tags, body: rainGrabRequest, response: { 200: envelopeOf(rainGrabResponse) } } },
      async (req) => ok(await grab.grab(authOf(req).userId, req.body.round_id)),
    );
    app.get(
      RAIN_PATHS.record,
      { ...auth, schema: { tags, querystring: rainRecordQuery, response: { 200: envelopeOf(rainRecordResponse) } } },
      async (req) => ok(await views.records(authOf(req).userId, req.query.page, req.query.page_size)),
    );
    app.get(
      RAIN_PATHS.round,
      { schema: { tags, querystring: rainRoundQuery, response: { 200: envelopeOf(rainRoundDetail) } } },
      async (req) => ok(await views.round(req.query.round_id, requestLocale(req))),
    );
  };
}
