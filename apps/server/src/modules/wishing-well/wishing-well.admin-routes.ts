import {
  ADMIN_WISHING_WELL_PATHS,
  adminWishEntries,
  adminWishEntry,
  adminWishInput,
  adminWishUpdate,
  adminWishWithdraw,
} from '@kaixiang/shared/admin-wishing-well';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { WishingWellAdmin } from './wishing-well.admin.ts';

/** admin/v1/wishing-well/*: role admin; schema in, schema out, call the admin service (STYLE.md §1). */
export function wishingWellAdminRoutes(
  admin: WishingWellAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    const answer = { 200: envelopeOf(adminWishEntry) };
    app.get(
      ADMIN_WISHING_WELL_PATHS.entries,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminWishEntries) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      ADMIN_WISHING_WELL_PATHS.create,
      { ...gate, schema: { tags, body: adminWishInput, response: answer } },
      async (req) => ok(await admin.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_WISHING_WELL_PATHS.update,
      { ...gate, schema: { tags, body: adminWishUpdate, response: answer } },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_WISHING_WELL_PATHS.withdraw,
      { ...gate, schema: { tags, body: adminWishWithdraw, response: answer } },
      async (req) => ok(await admin.withdraw(actorOf(req), req.body)),
    );
  };
}
