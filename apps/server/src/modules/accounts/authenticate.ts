import { errorMessage } from '@kaixiang/shared/errors';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import { requestLocale } from '../../http/locale.ts';
import type { Clock } from '../../infra/clock.ts';
import { verifyAccessToken } from '../auth/access-token.ts';
import type { SessionCache } from './session-cache.ts';
import type { SessionLoader } from './session-loader.ts';

export type Role = 'player' | 'anchor' | 'admin';
export interface AuthContext {
  userId: number;
  sessionId: string;
  role: Role;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext;
  }
}

export type SessionCheck = { ok: true; auth: AuthContext } | { ok: false; banned: boolean };

/**
 * The whole answer to "may this token act": the signature and expiry of the access token, then
 * its session row (logout, rotation theft, password change) and its user (ban, destruction). The
 * row comes from `cache` when this process read it in the last few seconds (session-cache.ts),
 * else from `load` (session-loader.ts: the rows asked for in one turn of the event loop in one
 * indexed query).
 */
export async function checkAccessToken(
  load: SessionLoader,
  token: string,
  secret: string,
  clock: Clock,
  cache?: SessionCache,
): Promise<SessionCheck> {
  const now = clock.now();
  const claims = verifyAccessToken(token, secret, now);
  if (!claims) return { ok: false, banned: false };
  let row = cache?.get(claims.sessionId);
  if (!row) {
    row = await load(claims.sessionId);
    if (row) cache?.set(claims.sessionId, row);
  }
  if (!row || row.userId !== claims.userId || row.revokedAt || row.expiresAt.getTime() <= now || row.destroyedAt)
    return { ok: false, banned: false };
  if (row.bannedAt) return { ok: false, banned: true };
  return { ok: true, auth: { userId: row.userId, sessionId: claims.sessionId, role: row.role as Role } };
}

export function bearerToken(req: FastifyRequest): string | null {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/** preHandler of protected routes: 401 signs the client out (spec 1 §8). */
export function authenticate(deps: {
  load: SessionLoader;
  tokenSecret: string;
  clock: Clock;
  sessionCache?: SessionCache;
}) {
  return async (req: FastifyRequest) => {
    const token = bearerToken(req);
    if (!token) throw new AppError('UNAUTHENTICATED');
    const r = await checkAccessToken(deps.load, token, deps.tokenSecret, deps.clock, deps.sessionCache);
    if (!r.ok) {
      // A banned player is signed out like anyone else, but told why.
      throw new AppError(
        'UNAUTHENTICATED',
        r.banned ? { msg: errorMessage('ACCOUNT_BANNED', requestLocale(req)) } : {},
      );
    }
    req.auth = r.auth;
  };
}

/** The signed-in user of a route behind `authenticate`. */
export function authOf(req: FastifyRequest): AuthContext {
  if (!req.auth) throw new AppError('UNAUTHENTICATED');
  return req.auth;
}

/** For admin-only routes, after `authenticate`. */
export function requireRole(...roles: Role[]) {
  return async (req: FastifyRequest) => {
    if (!roles.includes(authOf(req).role)) throw new AppError('FORBIDDEN');
  };
}
