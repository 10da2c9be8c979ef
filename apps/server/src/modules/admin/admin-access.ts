import { isStaffRole, type Permission, roleCan } from '@kaixiang/shared/admin';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { accountsRepo } from '../accounts/accounts.repo.ts';
import { authOf } from '../accounts/authenticate.ts';

/** Who is acting on an admin route, and from where: what an audit record names. */
export interface AdminActor {
  adminId: number;
  ip: string;
}

/**
 * preValidation of every admin route (before the body is looked at: someone without the right is
 * told only that): a signed-in account whose role, as stored now, holds the
 * route's permission, or one of its permissions (shared/admin.ts ROLE_PERMISSIONS). An account that is not staff at all gets
 * ADMIN_ONLY; a staff member whose role lacks the permission, STAFF_PERMISSION_MISSING. The
 * session's cached role may be seconds old; a role just taken away must stop the next change, so
 * this reads the row (admin routes are not hot). Authorised on the server, never by hiding buttons.
 */
export function requirePermission(
  db: Db,
  authenticate: (req: FastifyRequest) => Promise<void>,
  permission: Permission | readonly Permission[],
) {
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return async (req: FastifyRequest) => {
    await authenticate(req);
    const role = (await accountsRepo.userById(db, authOf(req).userId))?.role ?? '';
    if (!isStaffRole(role)) throw new AppError('ADMIN_ONLY');
    if (!anyOf.some((p) => roleCan(role, p))) throw new AppError('STAFF_PERMISSION_MISSING');
  };
}

/** The admin of a route behind `requirePermission`. */
export function actorOf(req: FastifyRequest): AdminActor {
  return { adminId: authOf(req).userId, ip: req.ip };
}
