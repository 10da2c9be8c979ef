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
  /** GET: the signed-in staff member's role and permissions, and the state of their second factor. */
  me: '/admin/v1/me',
  /** POST: a new authenticator secret for a staff member who has none confirmed yet. */
  totpSetup: '/admin/v1/totp/setup',
  /** POST {code}: confirms the secret of `totpSetup`; answers the recovery codes, once, and opens a console session. */
  totpEnable: '/admin/v1/totp/enable',
  /** POST {code}: a current authenticator code or an unused recovery code opens a console session. */
  totpVerify: '/admin/v1/totp/verify',
  /** POST: ends the console session (the site session stays signed in). */
  signOut: '/admin/v1/sign-out',
} as const;

/**
 * A console session (a site session that has passed the second factor) ends after this long
 * without an admin request, and at the latest this long after the code was entered: sooner than a
 * player's session (docs/operations.md "Console sign-in").
 */
export const CONSOLE_SESSION_IDLE_MS = 30 * 60_000;
export const CONSOLE_SESSION_MAX_MS = 8 * 60 * 60_000;
/** Wrong codes in a row before the second factor is locked for TOTP_LOCK_MS. */
export const TOTP_MAX_FAILURES = 5;
export const TOTP_LOCK_MS = 15 * 60_000;
/** Recovery codes given at enrolment; each works once. */
export const RECOVERY_CODE_COUNT = 10;

/**
 * The console's roles (issue 23): the operator's admin may do everything; support looks after
 * players (read, ban, mail, retrievals); finance looks after money (balances, payments). A
 * player's `role` is one of these or player / anchor.
 */
export const STAFF_ROLES = ['admin', 'support', 'finance'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What an admin route may require; each route names one (server/modules/admin/admin-access.ts). */
export const PERMISSIONS = [
  /** The dashboard: deposits, players, games' turnover and revenue, RTP, queue health, channels. */
  'dashboard.read',
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
  finance: ['audit.read', 'dashboard.read', 'players.read', 'balance.adjust', 'payments.manage'],
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
  /** Whether an authenticator is confirmed: if not, the console offers `totpSetup`. */
  totp_enrolled: z.boolean(),
  /** When this site session's console session ends (epoch ms), null when it has none: then `totpVerify`. */
  console_expires_at: z.number().int().nullable(),
  /** Unused recovery codes left. */
  recovery_codes_left: z.number().int(),
});
export type AdminMeResponse = z.infer<typeof adminMeResponse>;

const int = () => z.number().int();

export const totpSetupResponse = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauth_uri: z.string(),
});
export type TotpSetupResponse = z.infer<typeof totpSetupResponse>;

/** Six digits, or a recovery code (`xxxxx-xxxxx`, case and dashes ignored) where the route allows it. */
export const totpCodeRequest = z.object({ code: z.string().trim().min(6).max(32) });
export type TotpCodeRequest = z.infer<typeof totpCodeRequest>;

export const totpEnableResponse = z.object({
  /** Shown once: each opens one console session when the authenticator is lost. */
  recovery_codes: z.array(z.string()),
  console_expires_at: int(),
});
export type TotpEnableResponse = z.infer<typeof totpEnableResponse>;

export const totpVerifyResponse = z.object({ console_expires_at: int(), recovery_codes_left: int() });
export type TotpVerifyResponse = z.infer<typeof totpVerifyResponse>;

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
