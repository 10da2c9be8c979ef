import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import { ACCOUNTS_CONTROL_ROOM, SESSION_ENDED_EVENT, SIGNED_OUT_EVENT } from './accounts.deps.ts';

/** What decides whether an access token's session may act (session-loader.ts). */
export interface SessionRow {
  userId: number;
  expiresAt: Date;
  revokedAt: Date | null;
  bannedAt: Date | null;
  destroyedAt: Date | null;
  role: string;
}

/** How long a process trusts a session row it read, when no event has told it otherwise. */
export const SESSION_CACHE_MS = 5_000;
const MAX_SESSIONS = 100_000;

/**
 * Session rows as this process last read them. Every signed-in request needs its session's row
 * (logout, ban, password change end a login at once, though its access token lives 15 minutes):
 * reading it each time was a database round trip per call, as many as the call's own work. A row
 * is trusted for SESSION_CACHE_MS at most. Whatever ends a session forgets it here at once, in
 * the process that ended it, and tells every other process on the bus (SIGNED_OUT_EVENT for all
 * of a user's sessions, SESSION_ENDED_EVENT for one); the time limit covers an event lost on the
 * way. Only rows that exist are kept: an unknown session is read again every time.
 */
export function createSessionCache(deps: { clock: Clock; bus: EventBus; ttlMs?: number }) {
  const ttlMs = deps.ttlMs ?? SESSION_CACHE_MS;
  const rows = new Map<string, { row: SessionRow; at: number }>();

  function forgetUser(userId: number) {
    for (const [id, entry] of rows) if (entry.row.userId === userId) rows.delete(id);
  }
  const unsubscribe = deps.bus.subscribe((msg) => {
    if (msg.room !== ACCOUNTS_CONTROL_ROOM) return;
    const data = msg.data as { user_id?: unknown; session_id?: unknown };
    if (msg.type === SIGNED_OUT_EVENT && typeof data.user_id === 'number') forgetUser(data.user_id);
    if (msg.type === SESSION_ENDED_EVENT && typeof data.session_id === 'string') rows.delete(data.session_id);
  });

  return {
    get(sessionId: string): SessionRow | undefined {
      const hit = rows.get(sessionId);
      if (!hit) return undefined;
      if (deps.clock.now() - hit.at >= ttlMs) {
        rows.delete(sessionId);
        return undefined;
      }
      return hit.row;
    },
    set(sessionId: string, row: SessionRow) {
      rows.delete(sessionId);
      rows.set(sessionId, { row, at: deps.clock.now() });
      // A Map iterates in insertion order: the first key is the oldest read.
      if (rows.size > MAX_SESSIONS) rows.delete(rows.keys().next().value as string);
    },
    forgetSession: (sessionId: string) => rows.delete(sessionId),
    forgetUser,
    close: unsubscribe,
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
