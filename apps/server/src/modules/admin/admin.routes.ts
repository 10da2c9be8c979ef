import { ADMIN_PATHS, auditLogQuery, auditLogResponse } from '@kaixiang/shared/admin';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { requireAdmin } from './admin-access.ts';
import { auditPage } from './audit.ts';

/** admin/v1 calls of the admin API itself: the audit log. Each feature adds its own admin routes. */
export function adminRoutes(db: Db, authenticate: (req: FastifyRequest) => Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ADMIN_PATHS.auditLog,
      {
        preHandler: requireAdmin(db, authenticate),
        schema: { tags: ['admin'], querystring: auditLogQuery, response: { 200: envelopeOf(auditLogResponse) } },
      },
      async (req) => ok(await auditPage(db, req.query)),
    );
  };
}
