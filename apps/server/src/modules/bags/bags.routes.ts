import {
  BAG_PATHS,
  bagRecordQuery,
  bagRecordResponse,
  bagTableQuery,
  bagTableResponse,
  getBagRequest,
  hasBagResponse,
  openBagRequest,
  openBagResponse,
} from '@kaixiang/shared/bags';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { BagsService } from './bags.service.ts';

/**
 * promotion/v1/blessing-bag/* and promotion/v1/bag/get: schema in, schema out, call the service
 * (STYLE.md §1). A published table is public (a player checks an opening against it).
 */
export function bagsRoutes(
  bags: BagsService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['bags'];
    const auth = { preHandler: authenticate };
    app.get(
      BAG_PATHS.hasBag,
      { ...auth, schema: { tags, response: { 200: envelopeOf(hasBagResponse) } } },
      async (req) => ok(await bags.hasBag(authOf(req).userId, requestLocale(req))),
    );
    app.post(
      BAG_PATHS.getBag,
      { ...auth, schema: { tags, body: getBagRequest, response: { 200: envelopeOf(openBagResponse) } } },
      async (req) => ok(await bags.getBag(authOf(req).userId, req.body.campaign_id, requestLocale(req))),
    );
    app.post(
      BAG_PATHS.open,
      { ...auth, schema: { tags, body: openBagRequest, response: { 200: envelopeOf(openBagResponse) } } },
      async (req) => ok(await bags.open(authOf(req).userId, req.body.bag_id, requestLocale(req))),
    );
    app.get(
      BAG_PATHS.record,
      { ...auth, schema: { tags, querystring: bagRecordQuery, response: { 200: envelopeOf(bagRecordResponse) } } },
      async (req) => ok(await bags.record(authOf(req).userId, req.query, requestLocale(req))),
    );
    app.get(
      BAG_PATHS.table,
      { schema: { tags, querystring: bagTableQuery, response: { 200: envelopeOf(bagTableResponse) } } },
      async (req) => ok(await bags.table(req.query.campaign_id, req.query.version, requestLocale(req))),
    );
  };
}
