import { isStaffRole, STAFF_ROLES } from '@kaixiang/shared/admin';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
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
  const byId = /^\d{1,9}$/.test(who);
  return db.transaction(async (tx) => {
    const [u] = await tx
      .select({ id: users.id, role: users.role })
      .from(users)
      .where(byId ? eq(users.id, Number(who)) : eq(users.mobile, who))
      .for('update');
    if (!u) throw new Error(`no account with ${byId ? 'user id' : 'phone number'} ${who}`);
    if (u.role === 'anchor' && role === 'player') throw new Error('an anchor is not a staff member');
    await tx.update(users).set({ role }).where(eq(users.id, u.id));
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
