import { isStaffRole, STAFF_ROLES } from '@kaixiang/shared/admin';
import { and, eq, gt } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { consoleSessions, staffRecoveryCodes, staffTotp } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from './audit.ts';

/** Roles an account can be given from the command line: the staff roles, or back to player. */
export const GRANTABLE_ROLES = [...STAFF_ROLES, 'player'] as const;

/**
 * Gives an account (by user id or phone number) a console role, or takes it back (`player`), in
 * one transaction with its audit record (`staff.role`, by admin 0: the command line, not a person
 * signed in). For the first admin of a site, before any console exists (README "The first admin").
 */
export async function setStaffRole(
  db: Db,
  who: string,
  role: string,
  at: Date,
): Promise<{ userId: number; before: string; after: string }> {
  if (!isStaffRole(role) && role !== 'player') throw new Error(`role must be one of ${GRANTABLE_ROLES.join(', ')}`);
  return db.transaction(async (tx) => {
    const u = await accountOf(tx, who);
    if (u.role === 'anchor' && role === 'player') throw new Error('an anchor is not a staff member');
    await tx.update(users).set({ role }).where(eq(users.id, u.id));
    if (!isStaffRole(role)) await endConsoleSessions(tx, u.id, at);
    await recordAudit(
      tx,
      { adminId: 0, ip: 'cli' },
      {
        action: 'staff.role',
        target: `user:${u.id}`,
        before: { role: u.role },
        after: { role },
        reason: 'command line',
      },
      at,
    );
    return { userId: u.id, before: u.role, after: role };
  });
}

async function accountOf(tx: Tx, who: string): Promise<{ id: number; role: string }> {
  const byId = /^\d{1,9}$/.test(who);
  const [u] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(byId ? eq(users.id, Number(who)) : eq(users.mobile, who))
    .for('update');
  if (!u) throw new Error(`no account with ${byId ? 'user id' : 'phone number'} ${who}`);
  return u;
}

async function endConsoleSessions(tx: Tx, userId: number, at: Date): Promise<void> {
  await tx
    .update(consoleSessions)
    .set({ expiresAt: at })
    .where(and(eq(consoleSessions.userId, userId), gt(consoleSessions.expiresAt, at)));
}

/**
 * For a staff member who lost both their authenticator and their recovery codes: forgets the
 * authenticator and its codes and ends their console sessions, so their next console visit
 * enrols a new one (`npm run staff:role -- <who> reset-2fa`). Recorded as `staff.totp_reset`.
 */
export async function resetStaffTotp(db: Db, who: string, at: Date): Promise<{ userId: number }> {
  return db.transaction(async (tx) => {
    const u = await accountOf(tx, who);
    await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.userId, u.id));
    const gone = await tx.delete(staffTotp).where(eq(staffTotp.userId, u.id)).returning({ userId: staffTotp.userId });
    await endConsoleSessions(tx, u.id, at);
    await recordAudit(
      tx,
      { adminId: 0, ip: 'cli' },
      {
        action: 'staff.totp_reset',
        target: `user:${u.id}`,
        before: { enrolled: gone.length > 0 },
        after: { enrolled: false },
        reason: 'command line',
      },
      at,
    );
    return { userId: u.id };
  });
}
