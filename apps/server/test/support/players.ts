import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../../src/db/client.ts';
import { sessions } from '../../src/db/schema/accounts.ts';
import { users } from '../../src/db/schema/users.ts';
import { ACCESS_TTL_MS } from '../../src/modules/accounts/sessions.service.ts';
import { signAccessToken } from '../../src/modules/auth/access-token.ts';

/**
 * Many signed-in players at once, for tests and benches of a crowd (a rain's thousands of
 * grabbers): user rows and session rows written directly, access tokens signed with the
 * deployment's secret, as a login would issue them. Registering each through the SMS flow would
 * meet the code limits (rightly) long before the crowd is there. Everything after the login goes
 * through the API as usual: the token is checked against its session row like any other.
 */
export async function signedInPlayers(
  db: Db,
  tokenSecret: string,
  n: number,
  nowMs: number,
): Promise<{ userId: number; token: string }[]> {
  const out: { userId: number; token: string }[] = [];
  for (let from = 0; from < n; from += 1_000) {
    const size = Math.min(1_000, n - from);
    const rows = await db
      .insert(users)
      .values(Array.from({ length: size }, (_, i) => ({ nickName: `玩家${from + i}` })))
      .returning({ id: users.id });
    const made = rows.map((r) => ({ userId: r.id, sessionId: randomUUID() }));
    await db.insert(sessions).values(
      made.map((m) => ({
        id: m.sessionId,
        userId: m.userId,
        refreshHash: randomBytes(32).toString('hex'),
        expiresAt: new Date(nowMs + 86_400_000),
        createdAt: new Date(nowMs),
      })),
    );
    for (const m of made) {
      out.push({
        userId: m.userId,
        token: signAccessToken(
          { userId: m.userId, sessionId: m.sessionId, expiresAtMs: nowMs + ACCESS_TTL_MS },
          tokenSecret,
        ),
      });
    }
  }
  return out;
}
