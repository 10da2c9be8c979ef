import { ok } from '@kaixiang/shared/envelope';
import {
  COMMAND_PATHS,
  commandListResponse,
  commandRewardRequest,
  commandRewardResponse,
  VIP_PATHS,
  vipAwardRequest,
  vipAwardResponse,
  vipConfigResponse,
  vipHistoryQuery,
  vipHistoryResponse,
  vipRedPacketResponse,
} from '@kaixiang/shared/vip';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { VipService } from './vip.service.ts';

/** VIP and command-code endpoints (shared/vip.ts): schema in, schema out, call the service. */
export function vipRoutes(
  vip: VipService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: authenticate };
    const tags = ['vip'];

    app.get(
      VIP_PATHS.config,
      { ...auth, schema: { tags, response: { 200: envelopeOf(vipConfigResponse) } } },
      async (req) => ok(await vip.config(authOf(req).userId)),
    );
    app.post(
      VIP_PATHS.award,
      { ...auth, schema: { tags, body: vipAwardRequest.optional(), response: { 200: envelopeOf(vipAwardResponse) } } },
      async (req) => ok(await vip.claim(authOf(req).userId, req.body ?? {})),
    );
    app.post(
      VIP_PATHS.redPacket,
      { ...auth, schema: { tags, response: { 200: envelopeOf(vipRedPacketResponse) } } },
      async (req) => ok(await vip.redPacket(authOf(req).userId)),
    );
    app.get(
      VIP_PATHS.history,
      { ...auth, schema: { tags, querystring: vipHistoryQuery, response: { 200: envelopeOf(vipHistoryResponse) } } },
      async (req) => ok(await vip.history(authOf(req).userId, req.query)),
    );

    app.get(
      COMMAND_PATHS.list,
      { ...auth, schema: { tags, response: { 200: envelopeOf(commandListResponse) } } },
      async (req) => ok(await vip.commandList(authOf(req).userId)),
    );
    app.post(
      COMMAND_PATHS.reward,
      {
        ...auth,
        schema: { tags, body: commandRewardRequest, response: { 200: envelopeOf(commandRewardResponse) } },
      },
      async (req) => ok(await vip.commandReward(authOf(req).userId, req.body.key, requestLocale(req), req.ip)),
    );
  };
}
