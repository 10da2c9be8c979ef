import {
  BATTLE_PATHS,
  battleResultsResponse,
  createRoomRequest,
  createRuleResponse,
  emoticonListResponse,
  joinRoomRequest,
  ownRecordQuery,
  ownRecordResponse,
  robotListResponse,
  roomDataResponse,
  roomIdQuery,
  roomIdRequest,
  roomIdResponse,
  roomListQuery,
  roomListResponse,
  sendEmoticonRequest,
} from '@kaixiang/shared/battles';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { BattlesService } from './battles.service.ts';

/** goods/v1/pk/*: schema in, schema out, call the service (STYLE.md §1). Watching needs no login. */
export function battlesRoutes(
  battles: BattlesService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['battles'];
    const auth = { preHandler: authenticate };
    app.get(
      BATTLE_PATHS.list,
      { schema: { tags, querystring: roomListQuery, response: { 200: envelopeOf(roomListResponse) } } },
      async (req) => ok(await battles.list(req.query.room_state, requestLocale(req))),
    );
    app.get(
      BATTLE_PATHS.room,
      { schema: { tags, querystring: roomIdQuery, response: { 200: envelopeOf(roomDataResponse) } } },
      async (req) => ok(await battles.room(req.query.room_id, requestLocale(req), null)),
    );
    app.get(
      BATTLE_PATHS.realTimeResult,
      { schema: { tags, response: { 200: envelopeOf(battleResultsResponse) } } },
      async (req) => ok(await battles.realTimeResults(requestLocale(req))),
    );
    app.get(
      BATTLE_PATHS.report,
      { schema: { tags, response: { 200: envelopeOf(battleResultsResponse) } } },
      async (req) => ok(await battles.report(requestLocale(req))),
    );
    app.get(
      BATTLE_PATHS.createRule,
      { schema: { tags, response: { 200: envelopeOf(createRuleResponse) } } },
      async (req) => ok(await battles.createRule(requestLocale(req))),
    );
    app.get(BATTLE_PATHS.robots, { schema: { tags, response: { 200: envelopeOf(robotListResponse) } } }, async (req) =>
      ok(await battles.robots(requestLocale(req))),
    );
    app.get(
      BATTLE_PATHS.ownRecord,
      { ...auth, schema: { tags, querystring: ownRecordQuery, response: { 200: envelopeOf(ownRecordResponse) } } },
      async (req) =>
        ok(await battles.ownRecord(authOf(req).userId, req.query.page, req.query.page_size, requestLocale(req))),
    );
    app.post(
      BATTLE_PATHS.create,
      { ...auth, schema: { tags, body: createRoomRequest, response: { 200: envelopeOf(roomIdResponse) } } },
      async (req) => ok(await battles.create(authOf(req).userId, req.body, requestLocale(req))),
    );
    app.post(
      BATTLE_PATHS.join,
      { ...auth, schema: { tags, body: joinRoomRequest, response: { 200: envelopeOf(roomIdResponse) } } },
      async (req) => ok(await battles.join(authOf(req).userId, req.body.room_id, req.body.seat)),
    );
    app.post(
      BATTLE_PATHS.addRobot,
      { ...auth, schema: { tags, body: joinRoomRequest, response: { 200: envelopeOf(roomIdResponse) } } },
      async (req) => ok(await battles.addRobot(authOf(req).userId, req.body.room_id, req.body.seat)),
    );
    app.get(
      BATTLE_PATHS.emoticon,
      { schema: { tags, response: { 200: envelopeOf(emoticonListResponse) } } },
      async () => ok(battles.emoticons()),
    );
    app.post(
      BATTLE_PATHS.emoticon,
      { ...auth, schema: { tags, body: sendEmoticonRequest, response: { 200: envelopeOf(roomIdResponse) } } },
      async (req) => ok(await battles.sendEmoticon(authOf(req).userId, req.body.room_id, req.body.emoticon_id)),
    );
    app.post(
      BATTLE_PATHS.dissolve,
      { ...auth, schema: { tags, body: roomIdRequest, response: { 200: envelopeOf(roomIdResponse) } } },
      async (req) => ok(await battles.dissolve(authOf(req).userId, req.body.room_id)),
    );
  };
}
