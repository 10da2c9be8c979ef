/**
 * The admin API's common parts (ours: the spec names no admin calls). Every admin route is under
 * /admin/v1, answers only accounts whose role is admin (as stored now, not as a session last saw
 * it), and records each change it makes in the audit log, with who made it and from where.
 */
import { z } from 'zod';

export const ADMIN_PATHS = {
  /** GET ?action&admin_id&target&page&page_size: the audit log, newest first. */
  auditLog: '/admin/v1/audit-log',
} as const;

const int = () => z.number().int();

export const auditLogQuery = z.object({
  /** An action's prefix: `rain` finds `rain.schedule` and `rain.cancel`. */
  action: z.string().trim().max(64).default(''),
  admin_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** A target exactly (`rain:3`). */
  target: z.string().trim().max(128).default(''),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

export const auditEntry = z.object({
  id: int(),
  admin_id: int(),
  admin_name: z.string(),
  action: z.string(),
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
  ip: z.string(),
  created_at: int(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditLogResponse = z.object({ list: z.array(auditEntry), total: int() });
export type AuditLogResponse = z.infer<typeof auditLogResponse>;
