import {
  CUP_PATHS,
  cupMyPredictionsQuery,
  cupMyPredictionsResponse,
  cupPrediction,
  cupPredictRequest,
  cupQuery,
  cupView,
} from '@kaixiang/shared/cup';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { CupService } from './cup.service.ts';

/**
 * promotion/v1/cup/*: schema in, schema out, call the service (STYLE.md §1). The fixtures and the
 * board are open to anyone; with a token they carry the caller's own picks and place.
 */
export function cupRoutes(
  cup: CupService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['cup'];
    const auth = { preHandler: authenticate };
    const optionalAuth = {
      preHandler: async (req: FastifyRequest) => {
        if (bearerToken(req)) await authenticate(req);
      },
    };
    app.get(
      CUP_PATHS.info,
      { ...optionalAuth, schema: { tags, querystring: cupQuery, response: { 200: envelopeOf(cupView) } } },
      async (req) => ok(await cup.info(req.auth?.userId ?? null, req.query, requestLocale(req))),
    );
    app.post(
      CUP_PATHS.predict,
      { ...auth, schema: { tags, body: cupPredictRequest, response: { 200: envelopeOf(cupPrediction) } } },
      async (req) => ok(await cup.predict(authOf(req).userId, req.body)),
    );
    app.get(
      CUP_PATHS.mine,
      {
        ...auth,
        schema: { tags, querystring: cupMyPredictionsQuery, response: { 200: envelopeOf(cupMyPredictionsResponse) } },
      },
      async (req) => ok(await cup.mine(authOf(req).userId, req.query, requestLocale(req))),
    );
  };
}
