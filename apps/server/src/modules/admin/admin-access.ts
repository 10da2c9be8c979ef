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
 * preHandler of every admin route: a signed-in account whose role, as stored now, is admin. The
 * session's cached role may be seconds old; a role just taken away must stop the next change, so
 * this reads the row (admin routes are not hot). Authorised on the server, never by hiding buttons.
 */
export function requireAdmin(db: Db, authenticate: (req: FastifyRequest) => Promise<void>) {
  return async (req: FastifyRequest) => {
    await authenticate(req);
    const user = await accountsRepo.userById(db, authOf(req).userId);
    if (user?.role !== 'admin') throw new AppError('ADMIN_ONLY');
  };
}

/** The admin of a route behind `requireAdmin`. */
export function actorOf(req: FastifyRequest): AdminActor {
  return { adminId: authOf(req).userId, ip: req.ip };
}
