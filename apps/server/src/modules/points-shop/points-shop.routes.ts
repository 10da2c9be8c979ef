import { ok } from '@kaixiang/shared/envelope';
import {
  POINTS_SHOP_PATHS,
  pointsShopBuyRequest,
  pointsShopBuyResponse,
  pointsShopListResponse,
  pointsShopRecordsQuery,
  pointsShopRecordsResponse,
} from '@kaixiang/shared/points-shop';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { PointsShopService } from './points-shop.service.ts';

/**
 * promotion/v1/points-shop/*: schema in, schema out, call the service (STYLE.md §1). The list is
 * open to anyone (a guest sees what is on sale); with a token it carries the player's points and
 * limits.
 */
export function pointsShopRoutes(
  shop: PointsShopService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['points-shop'];
    const auth = { preHandler: authenticate };
    const optionalAuth = {
      preHandler: async (req: FastifyRequest) => {
        if (bearerToken(req)) await authenticate(req);
      },
    };
    app.get(
      POINTS_SHOP_PATHS.list,
      { ...optionalAuth, schema: { tags, response: { 200: envelopeOf(pointsShopListResponse) } } },
      async (req) => ok(await shop.list(req.auth?.userId ?? null, requestLocale(req))),
    );
    app.post(
      POINTS_SHOP_PATHS.buy,
      { ...auth, schema: { tags, body: pointsShopBuyRequest, response: { 200: envelopeOf(pointsShopBuyResponse) } } },
      async (req) => ok(await shop.buy(authOf(req).userId, req.body, requestLocale(req))),
    );
    app.get(
      POINTS_SHOP_PATHS.records,
      {
        ...auth,
        schema: { tags, querystring: pointsShopRecordsQuery, response: { 200: envelopeOf(pointsShopRecordsResponse) } },
      },
      async (req) => ok(await shop.records(authOf(req).userId, req.query, requestLocale(req))),
    );
  };
}
