import {
  ADMIN_ENERGY_PATHS,
  adminEnergyLevel,
  adminEnergyLevelInput,
  adminEnergyLevelsResponse,
  adminEnergyLevelUpdate,
  ENERGY_PATHS,
  energyInfoResponse,
  energyOpenRequest,
  energyOpenResponse,
} from '@kaixiang/shared/energy';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { EnergyAdmin } from './energy.admin.ts';
import type { EnergyService } from './energy.service.ts';

/** promotion/v1/energy/*: schema in, schema out, call the service (STYLE.md §1). */
export function energyRoutes(
  energy: EnergyService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['energy'];
    const auth = { preHandler: authenticate };
    app.get(
      ENERGY_PATHS.info,
      { ...auth, schema: { tags, response: { 200: envelopeOf(energyInfoResponse) } } },
      async (req) => ok(await energy.info(authOf(req).userId, requestLocale(req))),
    );
    app.post(
      ENERGY_PATHS.open,
      { ...auth, schema: { tags, body: energyOpenRequest, response: { 200: envelopeOf(energyOpenResponse) } } },
      async (req) => ok(await energy.open(authOf(req).userId, req.body.level_id, requestLocale(req))),
    );
  };
}

/** admin/v1/energy/*: role admin; schema in, schema out. */
export function energyAdminRoutes(
  admin: EnergyAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    app.get(
      ADMIN_ENERGY_PATHS.levels,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminEnergyLevelsResponse) } } },
      async () => ok(await admin.list()),
    );
    app.post(
      ADMIN_ENERGY_PATHS.createLevel,
      { ...gate, schema: { tags, body: adminEnergyLevelInput, response: { 200: envelopeOf(adminEnergyLevel) } } },
      async (req) => ok(await admin.create(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_ENERGY_PATHS.updateLevel,
      { ...gate, schema: { tags, body: adminEnergyLevelUpdate, response: { 200: envelopeOf(adminEnergyLevel) } } },
      async (req) => ok(await admin.update(actorOf(req), req.body)),
    );
  };
}
