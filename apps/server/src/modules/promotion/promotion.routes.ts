import { ok } from '@kaixiang/shared/envelope';
import {
  invitePageQuery,
  inviteRechargeResponse,
  PROMOTION_PATHS,
  pickupRankingQuery,
  pickupRankingResponse,
} from '@kaixiang/shared/promotion';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { InviteService } from './invite.service.ts';
import type { RankingService } from './ranking.service.ts';

/** site/v1/get-pickup-ranking and usercenter/v1/user/get-invite-recharge. */
export function promotionRoutes(
  ranking: RankingService,
  invite: InviteService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['promotion'];
    app.get(
      PROMOTION_PATHS.pickupRanking,
      { schema: { tags, querystring: pickupRankingQuery, response: { 200: envelopeOf(pickupRankingResponse) } } },
      async (req) => ok(await ranking.list(req.query.list_type, requestLocale(req))),
    );
    app.get(
      PROMOTION_PATHS.inviteRecharge,
      {
        preHandler: authenticate,
        schema: { tags, querystring: invitePageQuery, response: { 200: envelopeOf(inviteRechargeResponse) } },
      },
      async (req) => ok(await invite.inviteRecharges(authOf(req).userId, req.query)),
    );
  };
}
