import {
  ADMIN_POINTS_SHOP_PATHS,
  adminPointsShopAddStock,
  adminPointsShopEntries,
  adminPointsShopEntry,
  adminPointsShopInput,
  adminPointsShopUpdate,
  adminPointsShopWithdraw,
} from '@kaixiang/shared/admin-points-shop';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { PointsShopAdmin } from './points-shop.admin.ts';

/** admin/v1/points-shop/*: role admin; schema in, schema out, call the admin service (STYLE.md §1). */
export function pointsShopAdminRoutes(
  admin: PointsShopAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    const answer = { 200: envelopeOf(adminPointsShopEntry) };
    app.get(
      ADMIN_POINTS_SHOP_PATHS.entries,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminPointsShopEntries) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      ADMIN_POINTS_SHOP_PATHS.create,
      { ...gate, schema: { tags, body: adminPointsShopInput, response: answer } },
      async (req) => ok(await admin.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_POINTS_SHOP_PATHS.update,
      { ...gate, schema: { tags, body: adminPointsShopUpdate, response: answer } },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_POINTS_SHOP_PATHS.addStock,
      { ...gate, schema: { tags, body: adminPointsShopAddStock, response: answer } },
      async (req) => ok(await admin.addStock(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_POINTS_SHOP_PATHS.withdraw,
      { ...gate, schema: { tags, body: adminPointsShopWithdraw, response: answer } },
      async (req) => ok(await admin.withdraw(actorOf(req), req.body)),
    );
  };
}
