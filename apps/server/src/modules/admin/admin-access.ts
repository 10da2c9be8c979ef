import type { Permission } from '@kaixiang/shared/admin';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { authOf } from '../accounts/authenticate.ts';
import type { ConsoleAuth } from './console-auth.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The console's sign-in (console-auth.ts), decorated on the root app before any admin route. */
    consoleAuth?: ConsoleAuth;
  }
}

/** Who is acting on an admin route, and from where: what an audit record names. */
export interface AdminActor {
  adminId: number;
  ip: string;
}

/**
 * preValidation of every admin route (before the body is looked at: someone without the right is
 * told only that): a signed-in account whose role, as stored now, holds the route's permission,
 * or one of its permissions (shared/admin.ts ROLE_PERMISSIONS), on a site session that has passed
 * the console's second factor and not timed out (console-auth.ts). An account that is not staff
 * gets ADMIN_ONLY; a staff member whose role lacks the permission, STAFF_PERMISSION_MISSING;
 * one without a live console session, CONSOLE_2FA_REQUIRED. Authorised on the server, never by
 * hiding buttons; an app without the console's sign-in refuses every admin route.
 */
export function requirePermission(
  authenticate: (req: FastifyRequest) => Promise<void>,
  permission: Permission | readonly Permission[],
) {
  const anyOf: readonly Permission[] = typeof permission === 'string' ? [permission] : permission;
  return async (req: FastifyRequest) => {
    await authenticate(req);
    const consoleAuth = req.server.consoleAuth;
    if (!consoleAuth) throw new AppError('ADMIN_ONLY');
    const { userId, sessionId } = authOf(req);
    await consoleAuth.authorize({ userId, sessionId, ip: req.ip }, anyOf);
  };
}

/** The admin of a route behind `requirePermission`. */
export function actorOf(req: FastifyRequest): AdminActor {
  return { adminId: authOf(req).userId, ip: req.ip };
}
