import { ok } from '@kaixiang/shared/envelope';
import {
  ROLL_PATHS,
  rollCreateRequest,
  rollCreateRule,
  rollIsOpenAwardResponse,
  rollItemsResponse,
  rollJoinRequest,
  rollJoinResponse,
  rollListQuery,
  rollListResponse,
  rollPageQuery,
  rollRewardResponse,
  rollRoomIdRequest,
  rollRoomIdResponse,
  rollRoomInfo,
  rollRoomQuery,
  rollUsersQuery,
  rollUsersResponse,
} from '@kaixiang/shared/roll';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf, bearerToken } from '../accounts/authenticate.ts';
import type { RollService } from './roll.service.ts';
import type { RollViews } from './roll.views.ts';

/**
 * roll-room/* and site/v1/*roll*: schema in, schema out, call the service (STYLE.md §1). Watching
 * needs no login; a signed-in viewer (a token sent) also sees their own standing.
 */
export function rollRoutes(
  roll: RollService,
  views: RollViews,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['roll'];
    const auth = { preHandler: authenticate };
    const maybeAuth = async (req: FastifyRequest) => {
      if (bearerToken(req)) await authenticate(req);
    };
    const viewer = (req: FastifyRequest) => req.auth?.userId ?? null;

    app.post(
      ROLL_PATHS.create,
      { ...auth, schema: { tags, body: rollCreateRequest, response: { 200: envelopeOf(rollRoomIdResponse) } } },
      async (req) => ok(await roll.create(authOf(req).userId, req.body)),
    );
    app.post(
      ROLL_PATHS.isOpenAward,
      { schema: { tags, body: rollRoomIdRequest, response: { 200: envelopeOf(rollIsOpenAwardResponse) } } },
      async (req) => ok(await views.isOpenAward(req.body.room_id)),
    );
    app.get(
      ROLL_PATHS.createRule,
      { ...auth, schema: { tags, response: { 200: envelopeOf(rollCreateRule) } } },
      async (req) => ok(await views.createRule(authOf(req).userId)),
    );
    app.get(
      ROLL_PATHS.list,
      {
        preHandler: maybeAuth,
        schema: { tags, querystring: rollListQuery, response: { 200: envelopeOf(rollListResponse) } },
      },
      async (req) =>
        ok(await views.list(req.query.state, req.query.page, req.query.page_size, requestLocale(req), viewer(req))),
    );
    app.get(
      ROLL_PATHS.info,
      {
        preHandler: maybeAuth,
        schema: { tags, querystring: rollRoomQuery, response: { 200: envelopeOf(rollRoomInfo) } },
      },
      async (req) => ok(await views.info(req.query.room_id, requestLocale(req), viewer(req))),
    );
    app.get(
      ROLL_PATHS.items,
      { schema: { tags, querystring: rollRoomQuery, response: { 200: envelopeOf(rollItemsResponse) } } },
      async (req) => ok(await views.items(req.query.room_id, requestLocale(req))),
    );
    app.get(
      ROLL_PATHS.users,
      { schema: { tags, querystring: rollUsersQuery, response: { 200: envelopeOf(rollUsersResponse) } } },
      async (req) => ok(await views.users(req.query.room_id, req.query.page, req.query.page_size)),
    );
    app.get(
      ROLL_PATHS.reward,
      { schema: { tags, querystring: rollRoomQuery, response: { 200: envelopeOf(rollRewardResponse) } } },
      async (req) => ok(await views.reward(req.query.room_id, requestLocale(req))),
    );
    app.post(
      ROLL_PATHS.join,
      { ...auth, schema: { tags, body: rollJoinRequest, response: { 200: envelopeOf(rollJoinResponse) } } },
      async (req) => ok(await roll.join(authOf(req).userId, req.body.room_id, req.body.password)),
    );
    app.get(
      ROLL_PATHS.selfJoin,
      { ...auth, schema: { tags, querystring: rollPageQuery, response: { 200: envelopeOf(rollListResponse) } } },
      async (req) =>
        ok(await views.selfJoin(authOf(req).userId, req.query.page, req.query.page_size, requestLocale(req))),
    );
  };
}
