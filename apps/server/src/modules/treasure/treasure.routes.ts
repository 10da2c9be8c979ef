import { ok } from '@kaixiang/shared/envelope';
import {
  TREASURE_PATHS,
  treasureDynamicQuery,
  treasureDynamicResponse,
  treasureEndInfo,
  treasureInfo,
  treasureJoinRequest,
  treasureJoinResponse,
  treasureListResponse,
  treasureMyCardsResponse,
  treasurePageQuery,
  treasureRoomQuery,
} from '@kaixiang/shared/treasure';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { TreasureService } from './treasure.service.ts';
import type { TreasureViews } from './treasure.views.ts';

/**
 * site/v1/*treasure* and treasure/*: schema in, schema out, call the service (STYLE.md §1).
 * Watching needs no login; a signed-in viewer (a token sent) also sees their own cards.
 */
export function treasureRoutes(
  treasure: TreasureService,
  views: TreasureViews,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['treasure'];
    const auth = { preHandler: authenticate };
    const maybeAuth = async (req: FastifyRequest) => {
      if (bearerToken(req)) await authenticate(req);
    };
    const list = envelopeOf(treasureListResponse);

    app.post(
      TREASURE_PATHS.join,
      { ...auth, schema: { tags, body: treasureJoinRequest, response: { 200: envelopeOf(treasureJoinResponse) } } },
      async (req) => ok(await treasure.join(authOf(req).userId, req.body.room_id, req.body.count, req.body.request_id)),
    );
    app.get(
      TREASURE_PATHS.list,
      { schema: { tags, querystring: treasurePageQuery, response: { 200: list } } },
      async (req) => ok(await views.list('ongoing', req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.endList,
      { schema: { tags, querystring: treasurePageQuery, response: { 200: list } } },
      async (req) => ok(await views.list('ended', req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.dynamic,
      { schema: { tags, querystring: treasureDynamicQuery, response: { 200: envelopeOf(treasureDynamicResponse) } } },
      async (req) =>
        ok(await views.dynamic(req.query.room_id, req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.info,
      {
        preHandler: maybeAuth,
        schema: { tags, querystring: treasureRoomQuery, response: { 200: envelopeOf(treasureInfo) } },
      },
      async (req) => ok(await views.info(req.query.room_id, requestLocale(req), req.auth?.userId ?? null)),
    );
    app.get(
      TREASURE_PATHS.endInfo,
      { schema: { tags, querystring: treasureRoomQuery, response: { 200: envelopeOf(treasureEndInfo) } } },
      async (req) => ok(await views.endInfo(req.query.room_id, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.selfJoin,
      { ...auth, schema: { tags, querystring: treasurePageQuery, response: { 200: list } } },
      async (req) =>
        ok(await views.selfJoin(authOf(req).userId, req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.myCards,
      {
        ...auth,
        schema: { tags, querystring: treasurePageQuery, response: { 200: envelopeOf(treasureMyCardsResponse) } },
      },
      async (req) =>
        ok(await views.myCards(authOf(req).userId, req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.get(
      TREASURE_PATHS.reward,
      { ...auth, schema: { tags, querystring: treasurePageQuery, response: { 200: list } } },
      async (req) =>
        ok(await views.reward(authOf(req).userId, req.query.page, req.query.page_size, requestLocale(req))),
    );
  };
}
