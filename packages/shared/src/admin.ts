/**
 * The admin API's common parts (ours: the spec names no admin calls). Every admin route is under
 * /admin/v1, answers only staff accounts whose role, as stored now (not as a session last saw it),
 * holds the route's permission, and records each change it makes in the audit log, with who made
 * it and from where.
 */
import { z } from 'zod';

export const ADMIN_PATHS = {
  /** GET ?action&admin_id&target&page&page_size: the audit log, newest first. */
  auditLog: '/admin/v1/audit-log',
  /** GET: the signed-in staff member's role and permissions (what the console offers them). */
  me: '/admin/v1/me',
} as const;

/**
 * The console's roles (issue 23): the operator's admin may do everything; support looks after
 * players (read, ban, mail, retrievals); finance looks after money (balances, payments). A
 * player's `role` is one of these or player / anchor.
 */
export const STAFF_ROLES = ['admin', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an admin route may require; each route names one (server/modules/admin/admin-access.ts). */
export const PERMISSIONS = [
  /** The audit log. */
  'audit.read',
  /** Players' accounts, balances, records and items, read only. */
  'players.read',
  /** Banning and unbanning, resetting a password, mail to a player. */
  'players.manage',
  /** Adjusting a balance (a ledger transfer naming the admin, with a reason). */
  'balance.adjust',
  /** Payment orders and channels. */
  'payments.manage',
  /** The retrieval queue: retry, cancel. */
  'retrievals.manage',
  /** Boxes, their contents and odds, item prices. */
  'catalogue.manage',
  /** The games' limits, robots, official rooms and treasures. */
  'games.manage',
  /** Promotions and activities: sign-in, tasks, shop, wishing well, energy, free boxes, rain, bags, lucky player, command items. */
  'promotions.manage',
  /** Notices, banners, help pages, navigation. */
  'content.manage',
  /** Staff accounts and their roles. */
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const ROLE_PERMISSIONS: Readonly<Record<StaffRole, readonly Permission[]>> = {
  admin: PERMISSIONS,
  support: ['audit.read', 'players.read', 'players.manage', 'retrievals.manage'],
  finance: ['audit.read', 'players.read', 'balance.adjust', 'payments.manage'],
};

export function isStaffRole(role: string): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role);
}

/** Whether an account's role (any, player included) holds a permission. */
export function roleCan(role: string, permission: Permission): boolean {
  return isStaffRole(role) && ROLE_PERMISSIONS[role].includes(permission);
}

export const adminMeResponse = z.object({
  user_id: z.number().int(),
  nick_name: z.string(),
  role: z.enum(STAFF_ROLES),
  permissions: z.array(z.enum(PERMISSIONS)),
});
export type AdminMeResponse = z.infer<typeof adminMeResponse>;

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
