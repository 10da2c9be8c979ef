import {
  ADMIN_CUP_PATHS,
  adminCupFixture,
  adminCupFixtureInput,
  adminCupFixturesQuery,
  adminCupFixturesResponse,
  adminCupFixtureUpdate,
  adminCupSettleInput,
  adminCupTournament,
  adminCupTournamentInput,
  adminCupTournamentsResponse,
  adminCupTournamentUpdate,
} from '@kaixiang/shared/cup';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { CupAdmin } from './cup.admin.ts';

/** admin/v1/cup/*: permission promotions.manage; schema in, schema out, call the admin service (STYLE.md §1). */
export function cupAdminRoutes(
  admin: CupAdmin,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    const tournament = { 200: envelopeOf(adminCupTournament) };
    const fixture = { 200: envelopeOf(adminCupFixture) };
    app.get(
      ADMIN_CUP_PATHS.tournaments,
      { ...gate, schema: { tags, response: { 200: envelopeOf(adminCupTournamentsResponse) } } },
      async () => ok(await admin.tournaments()),
    );
    app.post(
      ADMIN_CUP_PATHS.createTournament,
      { ...gate, schema: { tags, body: adminCupTournamentInput, response: tournament } },
      async (req) => ok(await admin.createTournament(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_CUP_PATHS.updateTournament,
      { ...gate, schema: { tags, body: adminCupTournamentUpdate, response: tournament } },
      async (req) => ok(await admin.updateTournament(actorOf(req), req.body)),
    );
    app.get(
      ADMIN_CUP_PATHS.fixtures,
      {
        ...gate,
        schema: { tags, querystring: adminCupFixturesQuery, response: { 200: envelopeOf(adminCupFixturesResponse) } },
      },
      async (req) => ok(await admin.fixtures(req.query)),
    );
    app.post(
      ADMIN_CUP_PATHS.createFixture,
      { ...gate, schema: { tags, body: adminCupFixtureInput, response: fixture } },
      async (req) => ok(await admin.createFixture(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_CUP_PATHS.updateFixture,
      { ...gate, schema: { tags, body: adminCupFixtureUpdate, response: fixture } },
      async (req) => ok(await admin.updateFixture(actorOf(req), req.body)),
    );
    app.post(
      ADMIN_CUP_PATHS.settleFixture,
      { ...gate, schema: { tags, body: adminCupSettleInput, response: fixture } },
      async (req) => ok(await admin.settle(actorOf(req), req.body)),
    );
  };
}
