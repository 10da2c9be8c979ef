import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@kaixiang/shared/accounts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import { signAccessToken } from '../auth/access-token.ts';
import { ACCOUNTS_CONTROL_ROOM, type AccountsDeps, SESSION_ENDED_EVENT, SIGNED_OUT_EVENT } from './accounts.deps.ts';
import { accountsRepo as repo } from './accounts.repo.ts';
import { randomToken, sha256 } from './secrets.ts';

export const ACCESS_TTL_MS = 15 * 60 * 1000;
/** The client refreshes after two thirds of the access life, leaving room for a slow network. */
export const REFRESH_AFTER_MS = 10 * 60 * 1000;
export const REFRESH_TTL_MS = 30 * 24 * 3600 * 1000;

export interface ClientInfo {
  ip: string;
  userAgent: string;
}

/**
 * Logins as session rows (docs/site-and-accounts.md "Accounts and sessions" §Tokens). The access token is stateless and
 * short; the refresh token rotates on every use, and presenting one that was already rotated
 * away means two parties hold it (theft), so the whole session ends.
 */
export function createSessionsService(deps: AccountsDeps) {
  const { clock } = deps;

  function tokensFor(userId: number, sessionId: string, refresh: string, now: number): LoginResponse {
    const expiresAtMs = now + ACCESS_TTL_MS;
    return {
      access_token: signAccessToken({ userId, sessionId, expiresAtMs }, deps.tokenSecret),
      access_expire: Math.floor(expiresAtMs / 1000),
      refresh_after: Math.floor((now + REFRESH_AFTER_MS) / 1000),
      refresh_token: refresh,
      user_id: userId,
    };
  }

  /** After a session was revoked: no process may keep trusting its cached row. */
  async function sessionEnded(sessionId: string) {
    deps.sessionCache.forgetSession(sessionId);
    await deps.bus.publish(ACCOUNTS_CONTROL_ROOM, SESSION_ENDED_EVENT, { session_id: sessionId });
  }

  /** Ends every login of a user and tells every process to close that user's sockets. */
  async function signOutEverywhere(db: Db, userId: number, reason: string) {
    await repo.revokeUserSessions(db, userId, new Date(clock.now()), reason);
  }

  return {
    tokensFor,
    signOutEverywhere,

    /**
     * Must run after the transaction that revoked the sessions has committed: every process
     * closes the user's sockets and forgets their cached sessions (this one at once).
     */
    async disconnectSockets(userId: number) {
      deps.sessionCache.forgetUser(userId);
      await deps.bus.publish(ACCOUNTS_CONTROL_ROOM, SIGNED_OUT_EVENT, { user_id: userId });
    },

    async create(db: Db, userId: number, client: ClientInfo): Promise<LoginResponse> {
      const now = clock.now();
      const id = randomUUID();
      const refresh = randomToken();
      await repo.insertSession(db, {
        id,
        userId,
        refreshHash: sha256(refresh),
        expiresAt: new Date(now + REFRESH_TTL_MS),
        createdAt: new Date(now),
        ip: client.ip,
        userAgent: client.userAgent.slice(0, 300),
      });
      return tokensFor(userId, id, refresh, now);
    },

    async refresh(refreshToken: string): Promise<LoginResponse> {
      const hash = sha256(refreshToken);
      let stolen: string | null = null;
      let refreshed: string | null = null;
      const result = await deps.transaction(async (tx) => {
        const now = clock.now();
        stolen = null;
        refreshed = null;
        const s = await repo.sessionByRefreshForUpdate(tx, hash);
        if (!s) {
          const retired = await repo.retiredToken(tx, hash);
          // Reuse of a rotated token: the thief or the owner, we cannot tell which, so neither.
          if (retired) {
            await repo.revokeSession(tx, retired.sessionId, new Date(now), 'refresh-reuse');
            stolen = retired.sessionId;
          }
          return null;
        }
        if (s.revokedAt || s.expiresAt.getTime() <= now) return null;
        const user = await repo.userById(tx, s.userId);
        if (!user || user.bannedAt || user.destroyedAt) return null;
        const next = randomToken();
        await repo.retireToken(tx, { refreshHash: hash, sessionId: s.id, retiredAt: new Date(now) });
        await repo.updateSession(tx, s.id, {
          refreshHash: sha256(next),
          previousRefreshHash: hash,
          refreshedAt: new Date(now),
          expiresAt: new Date(now + REFRESH_TTL_MS),
        });
        refreshed = s.id;
        return tokensFor(s.userId, s.id, next, now);
      });
      if (stolen) await sessionEnded(stolen);
      if (!result) throw new AppError('UNAUTHENTICATED');
      // The session lives longer now: read its row afresh rather than trust the old expiry.
      if (refreshed) deps.sessionCache.forgetSession(refreshed);
      return result;
    },

    async logout(sessionId: string) {
      await repo.revokeSession(deps.db, sessionId, new Date(clock.now()), 'logout');
      await sessionEnded(sessionId);
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
