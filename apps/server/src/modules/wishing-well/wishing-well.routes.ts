import { ok } from '@kaixiang/shared/envelope';
import {
  WISHING_WELL_PATHS,
  wishingWellListResponse,
  wishRecordsQuery,
  wishRecordsResponse,
  wishRequest,
  wishResponse,
} from '@kaixiang/shared/wishing-well';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { WishingWellService } from './wishing-well.service.ts';

/**
 * promotion/v1/wishing-well/*: schema in, schema out, call the service (STYLE.md §1). The list is
 * open to anyone (a guest sees the entries, their chances and returns); with a token it carries the
 * player's balances.
 */
export function wishingWellRoutes(
  well: WishingWellService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['wishing-well'];
    const auth = { preHandler: authenticate };
    const optionalAuth = {
      preHandler: async (req: FastifyRequest) => {
        if (bearerToken(req)) await authenticate(req);
      },
    };
    app.get(
      WISHING_WELL_PATHS.list,
      { ...optionalAuth, schema: { tags, response: { 200: envelopeOf(wishingWellListResponse) } } },
      async (req) => ok(await well.list(req.auth?.userId ?? null, requestLocale(req))),
    );
    app.post(
      WISHING_WELL_PATHS.wish,
      { ...auth, schema: { tags, body: wishRequest, response: { 200: envelopeOf(wishResponse) } } },
      async (req) => ok(await well.wish(authOf(req).userId, req.body, requestLocale(req))),
    );
    app.get(
      WISHING_WELL_PATHS.records,
      { ...auth, schema: { tags, querystring: wishRecordsQuery, response: { 200: envelopeOf(wishRecordsResponse) } } },
      async (req) => ok(await well.records(authOf(req).userId, req.query, requestLocale(req))),
    );
  };
}
