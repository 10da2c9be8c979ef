import { and, asc, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  avatars,
  captchas,
  devOutbox,
  identities,
  sessionRetiredTokens,
  sessions,
  steamLoginTickets,
  steamNonces,
  verificationCodes,
} from '../../db/schema/accounts.ts';
import { siteSettings } from '../../db/schema/site.ts';
import { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type CodeRow = typeof verificationCodes.$inferSelect;

/** PostgreSQL unique_violation, wherever Drizzle put the driver error. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const x = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (x.code === '23505')
      return constraint === undefined || x.constraint === constraint || String(x.message).includes(constraint);
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/** SQL only; every function takes the executor it runs in (a Db or a transaction). */
export const accountsRepo = {
  // --- captchas ----------------------------------------------------------------------------
  insertCaptcha: (db: Db, row: typeof captchas.$inferInsert) => db.insert(captchas).values(row),

  /** Marks the captcha used and returns it, whether the answer will match or not: single use. */
  consumeCaptcha: async (db: Db, id: string, now: Date) => {
    const [row] = await db
      .update(captchas)
      .set({ consumedAt: now })
      .where(and(eq(captchas.id, id), isNull(captchas.consumedAt)))
      .returning();
    return row;
  },

  liveCaptchas: (db: Db, now: Date, limit: number) =>
    db
      .select()
      .from(captchas)
      .where(and(isNull(captchas.consumedAt), gt(captchas.expiresAt, now)))
      .orderBy(desc(captchas.createdAt))
      .limit(limit),

  // --- verification codes ------------------------------------------------------------------
  /** Serialises code requests of one target inside the caller's transaction. */
  lockTarget: (db: Db, key: string) => db.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`),

  lastCodeAt: async (db: Db, channel: string, target: string) => {
    const [row] = await db
      .select({ at: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.channel, channel), eq(verificationCodes.target, target)))
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row?.at ?? null;
  },

  countCodesForTarget: async (db: Db, channel: string, target: string, since: Date) => {
    const [row] = await db
      .select({ n: count() })
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.target, target),
          gt(verificationCodes.createdAt, since),
        ),
      );
    return row?.n ?? 0;
  },

  countCodesForIp: async (db: Db, ip: string, since: Date) => {
    const [row] = await db
      .select({ n: count() })
      .from(verificationCodes)
      .where(and(eq(verificationCodes.ip, ip), gt(verificationCodes.createdAt, since)));
    return row?.n ?? 0;
  },

  insertCode: (db: Db, row: typeof verificationCodes.$inferInsert) => db.insert(verificationCodes).values(row),

  /** The newest code of a target and type, locked: only it counts, older ones are superseded. */
  latestCodeForUpdate: async (db: Db, channel: string, target: string, type: number) => {
    const [row] = await db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.type, type),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt), desc(verificationCodes.id))
      .limit(1)
      .for('update');
    return row;
  },

  updateCode: (db: Db, id: number, set: Partial<CodeRow>) =>
    db.update(verificationCodes).set(set).where(eq(verificationCodes.id, id)),

  // --- users -------------------------------------------------------------------------------
  userById: async (db: Db, id: number) => (await db.select().from(users).where(eq(users.id, id)))[0],
  userByIdForUpdate: async (db: Db, id: number) =>
    (await db.select().from(users).where(eq(users.id, id)).for('update'))[0],
  userByMobile: async (db: Db, mobile: string) => (await db.select().from(users).where(eq(users.mobile, mobile)))[0],
  userByEmail: async (db: Db, email: string) =>
    (await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`))[0],
  userBySteamId: async (db: Db, steamId: string) =>
    (await db.select().from(users).where(eq(users.steamId, steamId)))[0],
  userByInviteCode: async (db: Db, code: string) =>
    (await db.select().from(users).where(eq(users.superInviteCode, code.toUpperCase())))[0],

  insertUser: async (db: Db, row: typeof users.$inferInsert) => {
    const [u] = await db.insert(users).values(row).returning();
    if (!u) throw new Error('insert users returned nothing');
    return u;
  },

  updateUser: (db: Db, id: number, set: Partial<typeof users.$inferInsert>) =>
    db.update(users).set(set).where(eq(users.id, id)),

  promoteUsers: (db: Db, inviterId: number, limit: number, offset: number) =>
    db
      .select({
        id: users.id,
        nickName: users.nickName,
        avatar: users.avatar,
        vipLevel: users.vipLevel,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(eq(users.inviteUserId, inviterId))
      .orderBy(desc(users.id))
      .limit(limit)
      .offset(offset),

  countPromoteUsers: async (db: Db, inviterId: number) => {
    const [row] = await db.select({ n: count() }).from(users).where(eq(users.inviteUserId, inviterId));
    return row?.n ?? 0;
  },

  // --- sessions ----------------------------------------------------------------------------
  insertSession: (db: Db, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row),

  sessionByRefreshForUpdate: async (db: Db, refreshHash: string) =>
    (await db.select().from(sessions).where(eq(sessions.refreshHash, refreshHash)).for('update'))[0],

  retiredToken: async (db: Db, refreshHash: string) =>
    (await db.select().from(sessionRetiredTokens).where(eq(sessionRetiredTokens.refreshHash, refreshHash)))[0],

  retireToken: (db: Db, row: typeof sessionRetiredTokens.$inferInsert) => db.insert(sessionRetiredTokens).values(row),

  updateSession: (db: Db, id: string, set: Partial<SessionRow>) =>
    db.update(sessions).set(set).where(eq(sessions.id, id)),

  revokeSession: (db: Db, id: string, now: Date, reason: string) =>
    db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt))),

  revokeUserSessions: (db: Db, userId: number, now: Date, reason: string) =>
    db
      .update(sessions)
      .set({ revokedAt: now, revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt))),

  /** The session an access token names, with what decides whether its user may act. */
  // --- avatars, settings, identity -----------------------------------------------------------
  avatars: (db: Db) =>
    db.select().from(avatars).where(eq(avatars.enabled, true)).orderBy(asc(avatars.sort), asc(avatars.id)),
  avatarById: async (db: Db, id: number) =>
    (
      await db
        .select()
        .from(avatars)
        .where(and(eq(avatars.id, id), eq(avatars.enabled, true)))
    )[0],

  setting: async (db: Db, key: string) => {
    const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, key));
    return row ? (JSON.parse(row.value) as unknown) : undefined;
  },

  /** The identity row of an ID hash, created if new, locked for the rest of the transaction. */
  lockIdentity: async (db: Db, idHash: string, now: Date) => {
    await db.insert(identities).values({ idNumberHash: idHash, accounts: 0, createdAt: now }).onConflictDoNothing();
    const [row] = await db.select().from(identities).where(eq(identities.idNumberHash, idHash)).for('update');
    if (!row) throw new Error('identity row vanished');
    return row;
  },
  incrementIdentity: (db: Db, idHash: string) =>
    db
      .update(identities)
      .set({ accounts: sql`${identities.accounts} + 1` })
      .where(eq(identities.idNumberHash, idHash)),

  // --- Steam -------------------------------------------------------------------------------
  claimSteamNonce: async (db: Db, nonce: string, now: Date) => {
    const rows = await db.insert(steamNonces).values({ nonce, seenAt: now }).onConflictDoNothing().returning();
    return rows.length === 1;
  },
  insertSteamTicket: (db: Db, row: typeof steamLoginTickets.$inferInsert) => db.insert(steamLoginTickets).values(row),
  consumeSteamTicket: async (db: Db, ticketHash: string, now: Date) => {
    const [row] = await db
      .update(steamLoginTickets)
      .set({ consumedAt: now })
      .where(
        and(
          eq(steamLoginTickets.ticketHash, ticketHash),
          isNull(steamLoginTickets.consumedAt),
          gt(steamLoginTickets.expiresAt, now),
        ),
      )
      .returning();
    return row;
  },

  // --- development outbox ------------------------------------------------------------------
  outbox: (db: Db, limit: number) => db.select().from(devOutbox).orderBy(desc(devOutbox.id)).limit(limit),
};
