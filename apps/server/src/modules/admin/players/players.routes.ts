import {
  ADMIN_PLAYER_PATHS,
  adjustBalanceRequest,
  adjustBalanceResponse,
  adminMailRequest,
  adminMailResponse,
  playerActionRequest,
  playerBanResponse,
  playerDetail,
  playerIdQuery,
  playerRecordsQuery,
  playerRecordsResponse,
  playerSearchQuery,
  playerSearchResponse,
  resetPasswordResponse,
} from '@kaixiang/shared/admin-players';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { requestLocale } from '../../../http/locale.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { PlayerActions } from './players.actions.ts';
import type { PlayerViews } from './players.views.ts';

/**
 * admin/v1/players/* (docs/console/players.md): reads ask players.read; ban, unban, password
 * reset and mail players.manage; a balance adjustment balance.adjust. Schema in, schema out, call
 * the views or the actions (STYLE.md §1).
 */
export function playersAdminRoutes(
  views: PlayerViews,
  actions: PlayerActions,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const read = { preValidation: requirePermission(authenticate, 'players.read') };
    const manage = { preValidation: requirePermission(authenticate, 'players.manage') };
    const adjust = { preValidation: requirePermission(authenticate, 'balance.adjust') };
    const changed = envelopeOf(playerBanResponse);

    app.get(
      ADMIN_PLAYER_PATHS.search,
      {
        ...read,
        schema: { tags, querystring: playerSearchQuery, response: { 200: envelopeOf(playerSearchResponse) } },
      },
      async (req) => ok(await views.search(req.query)),
    );
    app.get(
      ADMIN_PLAYER_PATHS.detail,
      { ...read, schema: { tags, querystring: playerIdQuery, response: { 200: envelopeOf(playerDetail) } } },
      async (req) => ok(await views.detail(req.query.user_id)),
    );
    app.get(
      ADMIN_PLAYER_PATHS.records,
      {
        ...read,
        schema: { tags, querystring: playerRecordsQuery, response: { 200: envelopeOf(playerRecordsResponse) } },
      },
      async (req) => ok(await views.records(req.query, requestLocale(req))),
    );
    app.post(
      ADMIN_PLAYER_PATHS.ban,
      { ...manage, schema: { tags, body: playerActionRequest, response: { 200: changed } } },
      async (req) => ok(await actions.ban(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_PLAYER_PATHS.unban,
      { ...manage, schema: { tags, body: playerActionRequest, response: { 200: changed } } },
      async (req) => ok(await actions.unban(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_PLAYER_PATHS.resetPassword,
      { ...manage, schema: { tags, body: playerActionRequest, response: { 200: envelopeOf(resetPasswordResponse) } } },
      async (req) => ok(await actions.resetPassword(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_PLAYER_PATHS.adjustBalance,
      {
        ...adjust,
        schema: { tags, body: adjustBalanceRequest, response: { 200: envelopeOf(adjustBalanceResponse) } },
      },
      async (req) => ok(await actions.adjustBalance(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_PLAYER_PATHS.sendMail,
      { ...manage, schema: { tags, body: adminMailRequest, response: { 200: envelopeOf(adminMailResponse) } } },
      async (req) => ok(await actions.sendMail(actorOf(req), req.body)),
    );
  };
}
