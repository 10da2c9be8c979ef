import {
  BOX_PATHS,
  boxIdQuery,
  boxInfoResponse,
  boxListResponse,
  containsQuery,
  containsResponse,
  FAIRNESS_PATHS,
  historyQuery,
  openBoxRequest,
  openBoxResponse,
  openHistoryResponse,
  seedResponse,
  selfHistoryResponse,
  setClientSeedRequest,
} from '@kaixiang/shared/boxes';
import { ok } from '@kaixiang/shared/envelope';
import { pageQuery } from '@kaixiang/shared/wallet';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { BoxesService } from './boxes.service.ts';

/** goods/v1/box/* and goods/v1/fair/*: schema in, schema out, call the service (STYLE.md §1). */
export function boxesRoutes(
  boxes: BoxesService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['boxes'];
    const auth = { preHandler: authenticate };
    app.get(BOX_PATHS.list, { schema: { tags, response: { 200: envelopeOf(boxListResponse) } } }, async (req) =>
      ok(await boxes.list(requestLocale(req))),
    );
    app.get(
      BOX_PATHS.info,
      { schema: { tags, querystring: boxIdQuery, response: { 200: envelopeOf(boxInfoResponse) } } },
      async (req) => ok(await boxes.info(req.query.box_id, requestLocale(req))),
    );
    app.get(
      BOX_PATHS.contains,
      { schema: { tags, querystring: containsQuery, response: { 200: envelopeOf(containsResponse) } } },
      async (req) => ok(await boxes.contains(req.query.box_id, req.query.version, requestLocale(req))),
    );
    app.get(
      BOX_PATHS.history,
      { schema: { tags, querystring: historyQuery, response: { 200: envelopeOf(openHistoryResponse) } } },
      async (req) => ok(await boxes.history(req.query, requestLocale(req))),
    );
    app.post(
      BOX_PATHS.open,
      {
        ...auth,
        // kx_open_box claims the signature's nonce itself: one round trip per opening, not two.
        config: { deferNonce: true },
        schema: { tags, body: openBoxRequest, response: { 200: envelopeOf(openBoxResponse) } },
      },
      async (req) => ok(await boxes.open(authOf(req).userId, req.body, requestLocale(req), req.deferredNonce)),
    );
    app.get(
      BOX_PATHS.selfHistory,
      { ...auth, schema: { tags, querystring: pageQuery, response: { 200: envelopeOf(selfHistoryResponse) } } },
      async (req) => ok(await boxes.selfHistory(authOf(req).userId, req.query, requestLocale(req))),
    );
    app.get(
      FAIRNESS_PATHS.seed,
      { ...auth, schema: { tags, response: { 200: envelopeOf(seedResponse) } } },
      async (req) => ok(await boxes.seed(authOf(req).userId)),
    );
    app.post(
      FAIRNESS_PATHS.setClientSeed,
      { ...auth, schema: { tags, body: setClientSeedRequest, response: { 200: envelopeOf(seedResponse) } } },
      async (req) => ok(await boxes.setClientSeed(authOf(req).userId, req.body.client_seed)),
    );
    app.post(
      FAIRNESS_PATHS.rotate,
      { ...auth, schema: { tags, body: z.object({}).optional(), response: { 200: envelopeOf(seedResponse) } } },
      async (req) => ok(await boxes.rotate(authOf(req).userId)),
    );
  };
}
