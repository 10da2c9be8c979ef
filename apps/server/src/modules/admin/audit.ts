import type { AuditLogQuery, AuditLogResponse } from '@kaixiang/shared/admin';
import { and, count, desc, eq, like, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { adminAudit } from '../../db/schema/admin.ts';
import { users } from '../../db/schema/users.ts';
import type { AdminActor } from './admin-access.ts';

export interface AuditChange {
  /** `<area>.<verb>`: `rain.schedule`, `bag.campaign.update`. */
  action: string;
  /** `<kind>:<id>`: `rain:3`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string;
}

/**
 * Records one admin change. Call it on the change's own transaction: the record commits with the
 * change or not at all (docs/operations.md "Admin API").
 */
export async function recordAudit(tx: Tx | Db, who: AdminActor, change: AuditChange, at: Date): Promise<void> {
  await tx.insert(adminAudit).values({
    adminId: who.adminId,
    action: change.action,
    target: change.target,
    before: change.before ?? null,
    after: change.after ?? null,
    reason: change.reason ?? '',
    ip: who.ip,
    createdAt: at,
  });
}

/** A page of the audit log, newest first, filtered by action prefix, admin and target. */
export async function auditPage(db: Db, q: AuditLogQuery): Promise<AuditLogResponse> {
  const where: SQL[] = [];
  if (q.action) where.push(like(adminAudit.action, `${q.action.replace(/[\\%_]/g, '\\$&')}%`));
  if (q.admin_id !== undefined) where.push(eq(adminAudit.adminId, q.admin_id));
  if (q.target) where.push(eq(adminAudit.target, q.target));
  const filter = where.length ? and(...where) : undefined;
  const rows = await db
    .select({ a: adminAudit, name: users.nickName })
    .from(adminAudit)
    .leftJoin(users, eq(users.id, adminAudit.adminId))
    .where(filter)
    .orderBy(desc(adminAudit.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const [total] = await db.select({ n: count() }).from(adminAudit).where(filter);
  return {
    list: rows.map(({ a, name }) => ({
      id: a.id,
      admin_id: a.adminId,
      admin_name: name ?? '',
      action: a.action,
      target: a.target,
      before: a.before,
      after: a.after,
      reason: a.reason,
      ip: a.ip,
      created_at: a.createdAt.getTime(),
    })),
    total: total?.n ?? 0,
  };
}
