import {
  ADMIN_COMMAND_CODE_PATHS,
  adminCommandCode,
  adminCommandCodeDisable,
  adminCommandCodeInput,
  adminCommandCodes,
} from '@kaixiang/shared/admin-command-codes';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { CommandItems } from './command-items.service.ts';

/** admin/v1/command-codes/*: role admin; schema in, schema out, call the service (STYLE.md §1). */
export function commandItemsAdminRoutes(
  items: CommandItems,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    const answer = { 200: envelopeOf(adminCommandCode) };
    app.get(
      ADMIN_COMMAND_CODE_PATHS.list,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminCommandCodes) } } },
      async () => ok(await items.list()),
    );
    app.post(
      ADMIN_COMMAND_CODE_PATHS.create,
      { ...gate, schema: { tags, body: adminCommandCodeInput, response: answer } },
      async (req) => ok(await items.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_COMMAND_CODE_PATHS.disable,
      { ...gate, schema: { tags, body: adminCommandCodeDisable, response: answer } },
      async (req) => ok(await items.setEnabled(actorOf(req), req.body, false)),
    );
    app.post(
      ADMIN_COMMAND_CODE_PATHS.enable,
      { ...gate, schema: { tags, body: adminCommandCodeDisable, response: answer } },
      async (req) => ok(await items.setEnabled(actorOf(req), req.body, true)),
    );
  };
}
