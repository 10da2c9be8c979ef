import { ok } from '@kaixiang/shared/envelope';
import {
  adminLuckyWindowsResponse,
  LUCKY_ADMIN_PATHS,
  LUCKY_PATHS,
  luckyActivityResponse,
  luckyPlayersQuery,
  luckyPlayersResponse,
  luckyWindow,
  luckyWindowCancel,
  luckyWindowInput,
  luckyWindowUpdate,
} from '@kaixiang/shared/lucky';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { LuckyAdmin } from './lucky.admin.ts';
import type { LuckyService } from './lucky.service.ts';

/** The lucky player's page calls (public) and its admin calls (role admin, audited). */
export function luckyRoutes(
  lucky: LuckyService,
  admin: LuckyAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['lucky'];
    app.get(
      LUCKY_PATHS.activity,
      { schema: { tags, response: { 200: envelopeOf(luckyActivityResponse) } } },
      async () => ok(await lucky.activity()),
    );
    app.get(
      LUCKY_PATHS.players,
      { schema: { tags, querystring: luckyPlayersQuery, response: { 200: envelopeOf(luckyPlayersResponse) } } },
      async (req) => ok(await lucky.players(req.query, requestLocale(req))),
    );

    const preValidation = requirePermission(authenticate, 'promotions.manage');
    const adminTags = ['admin', 'lucky'];
    app.get(
      LUCKY_ADMIN_PATHS.windows,
      { preValidation, schema: { tags: adminTags, response: { 200: envelopeOf(adminLuckyWindowsResponse) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      LUCKY_ADMIN_PATHS.windows,
      {
        preValidation,
        schema: { tags: adminTags, body: luckyWindowInput, response: { 200: envelopeOf(luckyWindow) } },
      },
      async (req) => ok(await admin.schedule(actorOf(req), req.body)),
    );
    app.post(
      LUCKY_ADMIN_PATHS.update,
      {
        preValidation,
        schema: { tags: adminTags, body: luckyWindowUpdate, response: { 200: envelopeOf(luckyWindow) } },
      },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
    app.post(
      LUCKY_ADMIN_PATHS.cancel,
      {
        preValidation,
        schema: { tags: adminTags, body: luckyWindowCancel, response: { 200: envelopeOf(luckyWindow) } },
      },
      async (req) => ok(await admin.cancel(actorOf(req), req.body)),
    );
  };
}
