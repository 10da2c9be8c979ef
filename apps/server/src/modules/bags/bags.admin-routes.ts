import {
  ADMIN_BAG_PATHS,
  adminCampaign,
  adminCampaignInput,
  adminCampaignsResponse,
  adminCampaignUpdate,
  adminGrantInput,
  adminGrantResponse,
} from '@kaixiang/shared/admin-bags';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { BagsAdmin } from './bags.admin.ts';

/** admin/v1/bags/*: role admin; schema in, schema out, call the admin service (STYLE.md §1). */
export function bagsAdminRoutes(
  admin: BagsAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    app.get(
      ADMIN_BAG_PATHS.campaigns,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminCampaignsResponse) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      ADMIN_BAG_PATHS.createCampaign,
      { ...gate, schema: { tags, body: adminCampaignInput, response: { 200: envelopeOf(adminCampaign) } } },
      async (req) => ok(await admin.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_BAG_PATHS.updateCampaign,
      { ...gate, schema: { tags, body: adminCampaignUpdate, response: { 200: envelopeOf(adminCampaign) } } },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_BAG_PATHS.grant,
      { ...gate, schema: { tags, body: adminGrantInput, response: { 200: envelopeOf(adminGrantResponse) } } },
      async (req) => ok(await admin.grant(actorOf(req), req.body, req.id)),
    );
  };
}
