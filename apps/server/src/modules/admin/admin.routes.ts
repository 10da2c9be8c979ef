import {
  ADMIN_PATHS,
  adminMeResponse,
  auditLogQuery,
  auditLogResponse,
  isStaffRole,
  ROLE_PERMISSIONS,
} from '@kaixiang/shared/admin';
import { ok } from '@kaixiang/shared/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { envelopeOf } from '../../http/envelope-schema.ts';
import { accountsRepo } from '../accounts/accounts.repo.ts';
import { authOf } from '../accounts/authenticate.ts';
import { requirePermission } from './admin-access.ts';
import { auditPage } from './audit.ts';

/**
 * admin/v1 calls of the admin API itself: the audit log, and who the signed-in staff member is
 * (their role and its permissions, for the console to offer what they may do; the server checks
 * each route regardless). Each feature adds its own admin routes.
 */
export function adminRoutes(db: Db, authenticate: (req: FastifyRequest) => Promise<void>): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      ADMIN_PATHS.auditLog,
      {
        preValidation: requirePermission(db, authenticate, 'audit.read'),
        schema: { tags: ['admin'], querystring: auditLogQuery, response: { 200: envelopeOf(auditLogResponse) } },
      },
      async (req) => ok(await auditPage(db, req.query)),
    );
    app.get(
      ADMIN_PATHS.me,
      { preHandler: authenticate, schema: { tags: ['admin'], response: { 200: envelopeOf(adminMeResponse) } } },
      async (req) => {
        const user = await accountsRepo.userById(db, authOf(req).userId);
        const role = user?.role ?? '';
        if (!user || !isStaffRole(role)) throw new AppError('ADMIN_ONLY');
        return ok({ user_id: user.id, nick_name: user.nickName, role, permissions: [...ROLE_PERMISSIONS[role]] });
      },
    );
  };
}
