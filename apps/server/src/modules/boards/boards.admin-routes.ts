import {
  ADMIN_BOARDS_PATHS,
  adminBoardSettings,
  adminBoardSettingsInput,
  adminClosuresQuery,
  adminClosuresResponse,
  adminPkPowerEvent,
  adminPkPowerEventInput,
  adminPkPowerEventsResponse,
  adminPkPowerEventUpdate,
} from '@kaixiang/shared/boards';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { BoardsAdmin } from './boards.admin.ts';

/** admin/v1/boards/*: promotions.manage; schema in, schema out (STYLE.md §1). */
export function boardsAdminRoutes(
  admin: BoardsAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    const event = { 200: envelopeOf(adminPkPowerEvent) };
    app.get(
      ADMIN_BOARDS_PATHS.settings,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminBoardSettings) } } },
      async () => ok(await admin.settings()),
    );
    app.post(
      ADMIN_BOARDS_PATHS.saveSettings,
      { ...gate, schema: { tags, body: adminBoardSettingsInput, response: { 200: envelopeOf(adminBoardSettings) } } },
      async (req) => ok(await admin.saveSettings(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_BOARDS_PATHS.closures,
      {
        ...gate,
        schema: { tags, querystring: adminClosuresQuery, response: { 200: envelopeOf(adminClosuresResponse) } },
      },
      async (req) => ok(await admin.closures(req.query)),
    );
    app.get(
      ADMIN_BOARDS_PATHS.pkPowerEvents,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminPkPowerEventsResponse) } } },
      async () => ok(await admin.pkPowerEvents()),
    );
    app.post(
      ADMIN_BOARDS_PATHS.createPkPowerEvent,
      { ...gate, schema: { tags, body: adminPkPowerEventInput, response: event } },
      async (req) => ok(await admin.createPkPowerEvent(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_BOARDS_PATHS.updatePkPowerEvent,
      { ...gate, schema: { tags, body: adminPkPowerEventUpdate, response: event } },
      async (req) => ok(await admin.updatePkPowerEvent(actorOf(req), req.body)),
    );
  };
}
