import {
  CONSOLE_SESSION_IDLE_MS,
  CONSOLE_SESSION_MAX_MS,
  isStaffRole,
  type Permission,
  RECOVERY_CODE_COUNT,
  ROLE_PERMISSIONS,
  roleCan,
  type StaffRole,
  TOTP_LOCK_MS,
  TOTP_MAX_FAILURES,
} from '@kaixiang/shared/admin';
import { and, eq, gt, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { consoleSessions, staffRecoveryCodes, staffTotp } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { withTransaction } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { AdminActor } from './admin-access.ts';
import { recordAudit } from './audit.ts';
import {
  newRecoveryCode,
  newTotpSecret,
  otpauthUri,
  recoveryCodeHash,
  sealSecret,
  totpStep,
  unsealSecret,
} from './totp.ts';

/** Who is asking: the signed-in site session (authenticate) and where from. */
export interface ConsoleCaller {
  userId: number;
  sessionId: string;
  ip: string;
}

/** A console session's last request is written at most this often (admin requests come in bursts). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Sign-in to the console (docs/operations.md "Console sign-in"): a staff member's site session
 * becomes a console session only after a code from their authenticator (or a one-use recovery
 * code), and stays one for CONSOLE_SESSION_IDLE_MS without an admin request, CONSOLE_SESSION_MAX_MS
 * at most. Every admin route asks `authorize` (admin-access.ts requirePermission).
 */
export function createConsoleAuth(deps: { db: Db; clock: Clock; totpKey: string }) {
  const { db, clock, totpKey } = deps;

  async function staffRow(userId: number) {
    const [u] = await db
      .select({ id: users.id, nick: users.nickName, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    if (!u || !isStaffRole(u.role)) throw new AppError('ADMIN_ONLY');
    return { ...u, role: u.role as StaffRole };
  }

  /** The live console session's end (epoch ms) at `now`, or null. */
  function liveUntil(row: { expiresAt: Date; lastSeenAt: Date } | null | undefined, now: number): number | null {
    if (!row) return null;
    const end = Math.min(row.expiresAt.getTime(), row.lastSeenAt.getTime() + CONSOLE_SESSION_IDLE_MS);
    return end > now ? end : null;
  }

  /** Opens (or renews) the console session of a site session, in `tx`. */
  async function openSession(tx: Tx, who: ConsoleCaller, now: number): Promise<number> {
    const at = new Date(now);
    const expiresAt = new Date(now + CONSOLE_SESSION_MAX_MS);
    await tx
      .insert(consoleSessions)
      .values({ sessionId: who.sessionId, userId: who.userId, verifiedAt: at, lastSeenAt: at, expiresAt, ip: who.ip })
      .onConflictDoUpdate({
        target: consoleSessions.sessionId,
        set: { verifiedAt: at, lastSeenAt: at, expiresAt, ip: who.ip },
      });
    return Math.min(expiresAt.getTime(), now + CONSOLE_SESSION_IDLE_MS);
  }

  /**
   * Counts an attempt before its code is checked, and answers the factor's row, or null while it is
   * locked (or not in the state asked: `confirmed` for a sign-in, not yet for an enrolment). The
   * fifth attempt in a row locks it for TOTP_LOCK_MS (a lock run out starts the count again); a good
   * code sets the count back to 0. Counting first, in one statement, means a burst of guesses sent
   * at once gets five checked, not as many as arrive before the first failures are written.
   */
  async function claimAttempt(userId: number, now: number, confirmed: boolean) {
    const at = sql`${new Date(now).toISOString()}::timestamptz`;
    const count = sql`(case when ${staffTotp.lockedUntil} <= ${at} then 1 else ${staffTotp.failures} + 1 end)`;
    const [row] = await db
      .update(staffTotp)
      .set({
        failures: count,
        lockedUntil: sql`case when ${count} >= ${TOTP_MAX_FAILURES} then ${new Date(now + TOTP_LOCK_MS).toISOString()}::timestamptz end`,
      })
      .where(
        and(
          eq(staffTotp.userId, userId),
          confirmed ? isNotNull(staffTotp.confirmedAt) : isNull(staffTotp.confirmedAt),
          or(isNull(staffTotp.lockedUntil), lte(staffTotp.lockedUntil, new Date(now))),
        ),
      )
      .returning();
    if (row) return row;
    // Why not: no factor, the other state, or locked.
    const [current] = await db.select().from(staffTotp).where(eq(staffTotp.userId, userId));
    if (!current) throw new AppError('TOTP_NOT_SET_UP');
    if (confirmed && !current.confirmedAt) throw new AppError('TOTP_NOT_SET_UP');
    if (!confirmed && current.confirmedAt) throw new AppError('TOTP_ALREADY_ENROLLED');
    throw new AppError('TOTP_LOCKED');
  }

  const actor = (who: ConsoleCaller): AdminActor => ({ adminId: who.userId, ip: who.ip });

  return {
    /**
     * Whether the caller may use a route asking for any of `anyOf`: a staff role holding one (read
     * from the row now: a role just taken away stops the next change) and a live console session
     * of this very site session. One indexed query; the idle clock is pushed on at most once a minute.
     */
    async authorize(who: ConsoleCaller, anyOf: readonly Permission[]): Promise<void> {
      const now = clock.now();
      const [row] = await db
        .select({ role: users.role, expiresAt: consoleSessions.expiresAt, lastSeenAt: consoleSessions.lastSeenAt })
        .from(users)
        .leftJoin(
          consoleSessions,
          and(eq(consoleSessions.sessionId, who.sessionId), eq(consoleSessions.userId, users.id)),
        )
        .where(eq(users.id, who.userId));
      const role = row?.role ?? '';
      if (!isStaffRole(role)) throw new AppError('ADMIN_ONLY');
      if (!anyOf.some((p) => roleCan(role, p))) throw new AppError('STAFF_PERMISSION_MISSING');
      const session =
        row?.expiresAt && row.lastSeenAt ? { expiresAt: row.expiresAt, lastSeenAt: row.lastSeenAt } : null;
      if (liveUntil(session, now) === null) throw new AppError('CONSOLE_2FA_REQUIRED');
      if (session && now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS)
        await db
          .update(consoleSessions)
          .set({ lastSeenAt: new Date(now) })
          .where(and(eq(consoleSessions.sessionId, who.sessionId), lt(consoleSessions.lastSeenAt, new Date(now))));
    },

    async me(who: ConsoleCaller) {
      const u = await staffRow(who.userId);
      const now = clock.now();
      const [[totp], [session], [left]] = await Promise.all([
        db.select({ confirmedAt: staffTotp.confirmedAt }).from(staffTotp).where(eq(staffTotp.userId, who.userId)),
        db
          .select({ expiresAt: consoleSessions.expiresAt, lastSeenAt: consoleSessions.lastSeenAt })
          .from(consoleSessions)
          .where(and(eq(consoleSessions.sessionId, who.sessionId), eq(consoleSessions.userId, who.userId))),
        db
          .select({ n: sql<number>`count(*)::int` })
          .from(staffRecoveryCodes)
          .where(and(eq(staffRecoveryCodes.userId, who.userId), isNull(staffRecoveryCodes.usedAt))),
      ]);
      return {
        user_id: u.id,
        nick_name: u.nick,
        role: u.role,
        permissions: [...ROLE_PERMISSIONS[u.role]],
        totp_enrolled: Boolean(totp?.confirmedAt),
        console_expires_at: liveUntil(session, now),
        recovery_codes_left: left?.n ?? 0,
      };
    },

    /** A new secret for a staff member without a confirmed authenticator (replaces an unconfirmed one). */
    async setup(who: ConsoleCaller) {
      const u = await staffRow(who.userId);
      const secret = newTotpSecret();
      const sealed = sealSecret(secret, totpKey);
      const [row] = await db
        .insert(staffTotp)
        .values({ userId: u.id, sealedSecret: sealed, createdAt: new Date(clock.now()) })
        .onConflictDoUpdate({
          target: staffTotp.userId,
          set: { sealedSecret: sealed, createdAt: new Date(clock.now()), lastStep: 0 },
          setWhere: isNull(staffTotp.confirmedAt),
        })
        .returning({ userId: staffTotp.userId });
      if (!row) throw new AppError('TOTP_ALREADY_ENROLLED');
      return { secret, otpauth_uri: otpauthUri(secret, u.nick || `staff-${u.id}`) };
    },

    /** Confirms the offered secret with a code from it: recovery codes, once, and a console session. */
    async enable(who: ConsoleCaller, code: string) {
      await staffRow(who.userId);
      const now = clock.now();
      const row = await claimAttempt(who.userId, now, false);
      const step = totpStep(unsealSecret(row.sealedSecret, totpKey), code, now);
      if (step === null) throw new AppError('TOTP_INVALID');
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const expires = await withTransaction(db, async (tx) => {
        // The same secret (not a newer setup's) and not confirmed meanwhile by a second request.
        const [won] = await tx
          .update(staffTotp)
          .set({ confirmedAt: new Date(now), lastStep: step, failures: 0, lockedUntil: null })
          .where(
            and(
              eq(staffTotp.userId, who.userId),
              eq(staffTotp.sealedSecret, row.sealedSecret),
              isNull(staffTotp.confirmedAt),
            ),
          )
          .returning({ userId: staffTotp.userId });
        if (!won) throw new AppError('TOTP_ALREADY_ENROLLED');
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, who.userId));
        await tx
          .insert(staffRecoveryCodes)
          .values(codes.map((c) => ({ userId: who.userId, codeHash: recoveryCodeHash(c) })));
        const until = await openSession(tx, who, now);
        await recordAudit(
          tx,
          actor(who),
          { action: 'console.totp_enable', target: `user:${who.userId}`, after: { recovery_codes: codes.length } },
          new Date(now),
        );
        return until;
      });
      return { recovery_codes: codes, console_expires_at: expires };
    },

    /** A current code (each 30 s step once) or an unused recovery code opens a console session. */
    async verify(who: ConsoleCaller, code: string) {
      await staffRow(who.userId);
      const now = clock.now();
      const row = await claimAttempt(who.userId, now, true);
      const digits = /^\d{6}$/.test(code);
      const result = await withTransaction(db, async (tx) => {
        if (digits) {
          const step = totpStep(unsealSecret(row.sealedSecret, totpKey), code, now);
          if (step === null) return null;
          // A code is good once: a replay (or the same code sent twice at once) finds the step taken.
          const [won] = await tx
            .update(staffTotp)
            .set({ lastStep: step, failures: 0, lockedUntil: null })
            .where(and(eq(staffTotp.userId, who.userId), lt(staffTotp.lastStep, step)))
            .returning({ userId: staffTotp.userId });
          if (!won) return null;
        } else {
          const [used] = await tx
            .update(staffRecoveryCodes)
            .set({ usedAt: new Date(now) })
            .where(
              and(
                eq(staffRecoveryCodes.userId, who.userId),
                eq(staffRecoveryCodes.codeHash, recoveryCodeHash(code)),
                isNull(staffRecoveryCodes.usedAt),
              ),
            )
            .returning({ userId: staffRecoveryCodes.userId });
          if (!used) return null;
          await tx.update(staffTotp).set({ failures: 0, lockedUntil: null }).where(eq(staffTotp.userId, who.userId));
        }
        const until = await openSession(tx, who, now);
        await recordAudit(
          tx,
          actor(who),
          {
            action: 'console.sign_in',
            target: `user:${who.userId}`,
            after: { method: digits ? 'totp' : 'recovery_code' },
          },
          new Date(now),
        );
        const [left] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(staffRecoveryCodes)
          .where(and(eq(staffRecoveryCodes.userId, who.userId), isNull(staffRecoveryCodes.usedAt)));
        return { console_expires_at: until, recovery_codes_left: left?.n ?? 0 };
      });
      if (!result) throw new AppError('TOTP_INVALID');
      return result;
    },

    /** Ends this site session's console session. */
    async signOut(who: ConsoleCaller): Promise<void> {
      await db
        .update(consoleSessions)
        .set({ expiresAt: new Date(clock.now()) })
        .where(and(eq(consoleSessions.sessionId, who.sessionId), gt(consoleSessions.expiresAt, new Date(clock.now()))));
    },
  };
}
export type ConsoleAuth = ReturnType<typeof createConsoleAuth>;
