import {
  ADMIN_GAME_PATHS,
  adminCreatedResponse,
  adminGamesPageQuery,
  adminRollCreateRequest,
  adminRollListResponse,
  adminTreasureCreateRequest,
  adminTreasureListResponse,
  gameSettingsResponse,
  gameSettingsSaveRequest,
} from '@kaixiang/shared/admin-games';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../../http/envelope-schema.ts';
import { requestLocale } from '../../../http/locale.ts';
import { actorOf, requirePermission } from '../admin-access.ts';
import type { GamesAdmin } from './games-admin.service.ts';

/** admin/v1/games/* (docs/console/games.md): every call asks games.manage. */
export function gamesAdminRoutes(
  admin: GamesAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const manage = { preValidation: requirePermission(authenticate, 'games.manage') };
    const created = { 200: envelopeOf(adminCreatedResponse) };
    app.get(
      ADMIN_GAME_PATHS.rollRooms,
      {
        ...manage,
        schema: { tags, querystring: adminGamesPageQuery, response: { 200: envelopeOf(adminRollListResponse) } },
      },
      async (req) => ok(await admin.rollRooms(req.query)),
    );
    app.post(
      ADMIN_GAME_PATHS.rollCreate,
      { ...manage, schema: { tags, body: adminRollCreateRequest, response: created } },
      async (req) => ok(await admin.createRoll(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_GAME_PATHS.treasures,
      {
        ...manage,
        schema: { tags, querystring: adminGamesPageQuery, response: { 200: envelopeOf(adminTreasureListResponse) } },
      },
      async (req) => ok(await admin.treasures(req.query, requestLocale(req))),
    );
    app.post(
      ADMIN_GAME_PATHS.treasureCreate,
      { ...manage, schema: { tags, body: adminTreasureCreateRequest, response: created } },
      async (req) => ok(await admin.createTreasure(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_GAME_PATHS.settings,
      { ...manage, schema: { tags, response: { 200: envelopeOf(gameSettingsResponse) } } },
      async () => ok(await admin.settings()),
    );
    app.post(
      ADMIN_GAME_PATHS.settingsSave,
      {
        ...manage,
        schema: { tags, body: gameSettingsSaveRequest, response: { 200: envelopeOf(gameSettingsResponse) } },
      },
      async (req) => ok(await admin.saveSettings(actorOf(req), req.body)),
    );
  };
}
