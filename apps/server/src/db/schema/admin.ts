import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every change an operator makes through the admin API (docs/operations.md "Admin API"): who,
 * when, from where, what, and the record before and after. Written in the change's own
 * transaction, so a change that committed is always recorded and a refused one never is. Rows
 * are never updated or deleted.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: integer('admin_id').notNull(),
    /** What was done, `<area>.<verb>` (`rain.schedule`, `bag.campaign.update`). */
    action: text('action').notNull(),
    /** What it was done to, `<kind>:<id>` (`rain:3`). */
    target: text('target').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('admin_audit_created_idx').on(t.createdAt),
    index('admin_audit_admin_idx').on(t.adminId, t.createdAt),
    index('admin_audit_target_idx').on(t.target, t.createdAt),
  ],
);
