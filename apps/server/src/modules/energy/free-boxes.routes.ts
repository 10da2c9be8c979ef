import {
  ADMIN_FREE_BOX_PATHS,
  adminFreeBoxesResponse,
  adminFreeBoxUpdate,
  FREE_BOX_PATHS,
  freeBoxesResponse,
  freeBoxOpenRequest,
  freeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requestLocale } from '../../http/locale.ts';
import { authOf } from '../accounts/authenticate.ts';
import { actorOf, requirePermission } from '../admin/admin-access.ts';
import type { FreeBoxesService } from './free-boxes.ts';

/** promotion/v1/free-box/* (login) and admin/v1/free-boxes/* (role admin). */
export function freeBoxRoutes(
  free: FreeBoxesService,
  authenticate: (req: FastifyRequest) => Promise<void>,
): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = { preHandler: authenticate };
    const gate = { preValidation: requirePermission(authenticate, 'promotions.manage') };
    app.get(
      FREE_BOX_PATHS.info,
      { ...auth, schema: { tags: ['energy'], response: { 200: envelopeOf(freeBoxesResponse) } } },
      async (req) => ok(await free.info(authOf(req).userId, requestLocale(req))),
    );
    app.post(
      FREE_BOX_PATHS.open,
      {
        ...auth,
        schema: { tags: ['energy'], body: freeBoxOpenRequest, response: { 200: envelopeOf(freeBoxOpenResponse) } },
      },
      async (req) => ok(await free.open(authOf(req).userId, req.body.kind, requestLocale(req))),
    );
    app.get(
      ADMIN_FREE_BOX_PATHS.list,
      { ...gate, schema: { tags: ['admin'], response: { 200: envelopeOf(adminFreeBoxesResponse) } } },
      async (req) => ok(await free.adminList(requestLocale(req))),
    );
    app.post(
      ADMIN_FREE_BOX_PATHS.update,
      {
        ...gate,
        schema: { tags: ['admin'], body: adminFreeBoxUpdate, response: { 200: envelopeOf(adminFreeBoxesResponse) } },
      },
      async (req) => ok(await free.adminUpdate(actorOf(req), req.body, requestLocale(req))),
    );
  };
}
