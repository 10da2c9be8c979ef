import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { sessions } from '../../db/schema/accounts.ts';
import { users } from '../../db/schema/users.ts';
import { createTickBatcher } from '../../infra/tick-batcher.ts';
import type { SessionRow } from './session-cache.ts';

/** Reads the row that decides whether an access token's session may act; undefined when none. */
export type SessionLoader = (sessionId: string) => Promise<SessionRow | undefined>;

/**
 * Session rows read in batches: the reads asked for in one turn of the event loop go to the
 * database as ONE indexed query (`id = any($1)`), one alone as a prepared query. In the busiest
 * second (a red-packet rain: thousands of signed-in players, each process's cache cold for most
 * of them) a read per request was a round trip per request beside the request's own work: the
 * writes to PostgreSQL's socket were most of the server's time (docs/promotions/rain.md, "The
 * hot path"). A read only; nothing to roll back, so a batch that fails fails each of its callers.
 */
export function sessionLoader(db: Db, onBatch?: (size: number) => void): SessionLoader {
  const columns = {
    id: sessions.id,
    userId: sessions.userId,
    expiresAt: sessions.expiresAt,
    revokedAt: sessions.revokedAt,
    bannedAt: users.bannedAt,
    destroyedAt: users.destroyedAt,
    role: users.role,
  };
  const one = db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('kx_session_row');
  const many = db
    .select(columns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('kx_session_rows');
  type Found = Awaited<ReturnType<typeof one.execute>>[number];
  const rowOf = (r: Found | undefined): SessionRow | undefined =>
    r && {
      userId: r.userId,
      expiresAt: r.expiresAt,
      revokedAt: r.revokedAt,
      bannedAt: r.bannedAt,
      destroyedAt: r.destroyedAt,
      role: r.role,
    };
  return createTickBatcher<string, SessionRow | undefined>({
    one: async (id) => rowOf((await one.execute({ id }))[0]),
    many: async (ids) => {
      const found = new Map((await many.execute({ ids: [...new Set(ids)] })).map((r) => [r.id, r]));
      return ids.map((id) => rowOf(found.get(id)));
    },
    maxBatch: 256,
    ...(onBatch ? { onBatch } : {}),
  });
}
