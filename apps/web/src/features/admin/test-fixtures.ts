import {
  ADMIN_PATHS,
  type AdminMeResponse,
  type AuditEntry,
  type AuditLogResponse,
  ROLE_PERMISSIONS,
  type TotpEnableResponse,
  type TotpVerifyResponse,
} from '@kaixiang/shared/admin';
import { accountHandlers } from '../../test/accounts-fixtures.ts';
import { fail, type MockHandler, type MockRequest } from '../../test/mock-api.ts';

/** Test data only. */
export const SUPPORT: AdminMeResponse = {
  user_id: 42,
  nick_name: '客服小王',
  role: 'support',
  permissions: [...ROLE_PERMISSIONS.support],
  totp_enrolled: true,
  console_expires_at: null,
  recovery_codes_left: 10,
};

/** Test data only: a role that may do everything. */
export const ADMIN: AdminMeResponse = {
  ...SUPPORT,
  user_id: 1,
  nick_name: '运营老板',
  role: 'admin',
  permissions: [...ROLE_PERMISSIONS.admin],
};

/** Test data only: balances, payments and the dashboard. */
export const FINANCE: AdminMeResponse = {
  ...SUPPORT,
  user_id: 43,
  nick_name: '财务小李',
  role: 'finance',
  permissions: [...ROLE_PERMISSIONS.finance],
};

/** A console session that ends well after any test does. */
export const liveSession = (): Pick<AdminMeResponse, 'console_expires_at'> => ({
  console_expires_at: Date.now() + 30 * 60_000,
});

export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DP';
export const OTPAUTH_URI = `otpauth://totp/Kaixiang:42?secret=${SECRET}&issuer=Kaixiang`;
export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `k${i}x2q-7m4p${i}`);

export const entry = (id: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  admin_id: 1,
  admin_name: '运营老板',
  action: 'box.odds',
  target: `box:${id}`,
  before: { name: '千瓦武器箱', price: 250_000, contents: [{ item: 7, tickets: 500 }] },
  after: { name: '千瓦武器箱', price: 260_000, contents: [{ item: 7, tickets: 450 }] },
  reason: '调整赔率',
  ip: '203.0.113.9',
  created_at: 1_795_000_000_000 + id * 60_000,
  ...over,
});

export const page = (list: AuditEntry[], total = list.length): AuditLogResponse => ({ list, total });

/** The code CONSOLE_2FA_REQUIRED answers with, as the server words it in zh-CN. */
export const consoleLocked = () => fail(4032, '请先输入身份验证器的验证码', 403);

/**
 * A signed-in staff member's server, as far as the console's state goes: `me` answers what the
 * second-factor calls made of it (an accepted code opens a session, sign-out ends it), so the
 * console's own re-reads of `me` agree with what a test did. An empty audit log; tests override
 * the path they are about (a function `me` answers as it likes, e.g. ADMIN_ONLY).
 */
export function consoleHandlers(
  me: AdminMeResponse | (() => unknown),
  overrides: Record<string, MockHandler> = {},
): Record<string, MockHandler> {
  let state = typeof me === 'function' ? null : { ...me };
  const update =
    (handler: MockHandler | undefined, change: (res: never) => Partial<AdminMeResponse>): MockHandler =>
    async (req) => {
      const res = await handler?.(req);
      if (state && !(res instanceof Response)) state = { ...state, ...change(res as never) };
      return res;
    };
  return accountHandlers({
    [ADMIN_PATHS.auditLog]: () => page([]),
    ...overrides,
    [ADMIN_PATHS.me]: typeof me === 'function' ? me : () => state,
    [ADMIN_PATHS.totpEnable]: update(overrides[ADMIN_PATHS.totpEnable], (res: TotpEnableResponse) => ({
      totp_enrolled: true,
      console_expires_at: res.console_expires_at,
      recovery_codes_left: res.recovery_codes.length,
    })),
    [ADMIN_PATHS.totpVerify]: update(overrides[ADMIN_PATHS.totpVerify], (res: TotpVerifyResponse) => ({
      console_expires_at: res.console_expires_at,
      recovery_codes_left: res.recovery_codes_left,
    })),
    [ADMIN_PATHS.signOut]: update(overrides[ADMIN_PATHS.signOut] ?? (() => null), () => ({ console_expires_at: null })),
  });
}

export const callsTo = (requests: MockRequest[], path: string) =>
  requests.filter((r) => r.url.pathname === `/api${path}`);
