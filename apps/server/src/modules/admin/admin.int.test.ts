import {
  ADMIN_PATHS,
  type AdminMeResponse,
  type AuditLogResponse,
  type Permission,
  ROLE_PERMISSIONS,
  roleCan,
  STAFF_ROLES,
} from '@kaixiang/shared/admin';
import { CATALOGUE_SEARCH_PERMISSIONS } from '@kaixiang/shared/admin-catalogue';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, consoleSignIn, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { users } from '../../db/schema/users.ts';
import { recordAudit } from './audit.ts';
import { resetStaffTotp, setStaffRole } from './staff-role.ts';

/** The admin API's gate and its audit log, through HTTP. */
describe('admin API: the gate and the audit log', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, player] = [await registerUser(t, { nick_name: '值班管理员' }), await registerUser(t)];
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());

  const log = (u: TestUser | null, query = '', lang?: string) =>
    t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}${query}`, {
      ...(u ? { headers: bearer(u.tokens.access_token) } : {}),
      ...(lang ? { lang } : {}),
    });

  it('answers only an admin, as the role is stored now', async () => {
    expect((await log(null)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    const refused = await log(player, '', 'en-US');
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: ERRORS.ADMIN_ONLY.code, msg: 'Only an administrator can do this' });
    expect((await log(admin)).body.code).toBe(200);
    // A role taken away stops the very next call, whatever the session last saw.
    const other = await registerUser(t);
    await setRole(t, other, 'admin');
    expect((await log(other)).body.code).toBe(200);
    await setRole(t, other.userId, 'player');
    expect((await log(other)).body.code).toBe(ERRORS.ADMIN_ONLY.code);
  });

  it('lists what was recorded, newest first, by action prefix, admin and target', async () => {
    const db = t.rt.database.db;
    const who = { adminId: admin.userId, ip: '10.1.2.3' };
    await recordAudit(db, who, { action: 'rain.schedule', target: 'rain:1', after: { pool: 100 } }, new Date(1_000));
    await recordAudit(
      db,
      who,
      { action: 'rain.update', target: 'rain:1', before: { pool: 100 }, after: { pool: 200 }, reason: '加大奖池' },
      new Date(2_000),
    );
    await recordAudit(db, who, { action: 'bag.campaign.create', target: 'bag:7' }, new Date(3_000));
    const all = (await log(admin)).body.data;
    // Newest recorded first. The two enrolments of the second factor (admin's, then the other's in
    // the test above) are in the log too.
    expect(all.total).toBe(5);
    expect(all.list.map((e) => e.action)).toEqual([
      'bag.campaign.create',
      'rain.update',
      'rain.schedule',
      'console.totp_enable',
      'console.totp_enable',
    ]);
    expect(all.list[4]).toMatchObject({ admin_id: admin.userId, target: `user:${admin.userId}` });
    expect(all.list[1]).toMatchObject({
      admin_id: admin.userId,
      admin_name: '值班管理员',
      target: 'rain:1',
      before: { pool: 100 },
      after: { pool: 200 },
      reason: '加大奖池',
      ip: '10.1.2.3',
      created_at: 2_000,
    });
    expect((await log(admin, '?action=rain')).body.data.list.map((e) => e.action)).toEqual([
      'rain.update',
      'rain.schedule',
    ]);
    // A prefix is a prefix: `_` and `%` are not wildcards.
    expect((await log(admin, '?action=rain_')).body.data.total).toBe(0);
    expect((await log(admin, '?target=bag:7')).body.data.total).toBe(1);
    expect((await log(admin, `?admin_id=${player.userId}`)).body.data.total).toBe(0);
    expect((await log(admin, '?page=2&page_size=2')).body.data.list.map((e) => e.action)).toEqual([
      'rain.schedule',
      'console.totp_enable',
    ]);
  });
});

/**
 * Every admin route of the OpenAPI document asks for its permission (issue 23): a player is
 * refused all of them, support and finance those their role does not hold, an admin none. A new
 * admin route must be listed here with the permission it asks for.
 */
const ROUTE_PERMISSIONS: [prefix: string, permission: Permission | 'staff' | 'prizes' | 'sign-in'][] = [
  ['/admin/v1/me', 'staff'],
  // The console's own sign-in: any staff member, before a console session (console-auth.int.test.ts).
  ['/admin/v1/totp/', 'sign-in'],
  ['/admin/v1/sign-out', 'sign-in'],
  ['/admin/v1/audit-log', 'audit.read'],
  ['/admin/v1/dashboard', 'dashboard.read'],
  // The console's Players (players/players.routes.ts): reads, account changes, money.
  ...['search', 'detail', 'records'].map((op): [string, Permission] => [`/admin/v1/players/${op}`, 'players.read']),
  ...['ban', 'unban', 'reset-password', 'send-mail'].map((op): [string, Permission] => [
    `/admin/v1/players/${op}`,
    'players.manage',
  ]),
  ['/admin/v1/players/adjust-balance', 'balance.adjust'],
  ['/admin/v1/payments/', 'payments.manage'],
  ['/admin/v1/retrievals/', 'retrievals.manage'],
  // Setting a price is the catalogue's owner's; the search serves every prize picker.
  ['/admin/v1/catalogue/prices/', 'catalogue.manage'],
  ['/admin/v1/catalogue/', 'prizes'],
  ['/admin/v1/boxes/', 'catalogue.manage'],
  ['/admin/v1/games/', 'games.manage'],
  ['/admin/v1/content/', 'content.manage'],
  ...[
    'activities',
    'bags',
    'boards',
    'command-codes',
    'cup',
    'energy',
    'free-boxes',
    'lucky',
    'points-shop',
    'rain',
    'sign-in',
    'tasks',
    'wishing-well',
  ].map((area): [string, Permission] => [`/admin/v1/${area}/`, 'promotions.manage']),
];

describe('admin API: every route asks for its permission', () => {
  let t: TestApp;
  const staff = new Map<string, TestUser>();
  beforeAll(async () => {
    t = await startTestApp();
    for (const role of ['player', ...STAFF_ROLES] as const) {
      const u = await registerUser(t);
      if (role !== 'player') await setRole(t, u, role);
      staff.set(role, u);
    }
    // An admin who has not passed the second factor on this session.
    const unverified = await registerUser(t);
    await setRole(t, unverified.userId, 'admin');
    staff.set('admin without a console session', unverified);
  });
  afterAll(() => t.close());

  it('refuses a player everywhere, a role without the permission with its own message, an admin nowhere', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const ops = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/admin/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((m) => ({ method: m.toUpperCase(), path: path.slice(4) })),
      );
    expect(ops.length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const op of ops) {
      const rule = ROUTE_PERMISSIONS.find(([prefix]) => op.path.startsWith(prefix))?.[1];
      if (!rule) {
        wrong.push(`${op.method} ${op.path}: not listed with its permission`);
        continue;
      }
      if (rule === 'sign-in') continue;
      for (const [name, u] of staff) {
        const role = name === 'admin without a console session' ? 'admin' : name;
        const res = await t.api(op.method as 'GET' | 'POST', op.path.replace(/\{[^}]+\}/g, '1'), {
          headers: bearer(u.tokens.access_token),
          lang: 'en-US',
          ...(op.method === 'GET' ? {} : { body: {} }),
        });
        const permitted =
          role !== 'player' &&
          (rule === 'staff' ||
            (rule === 'prizes' ? CATALOGUE_SEARCH_PERMISSIONS.some((p) => roleCan(role, p)) : roleCan(role, rule)));
        // `me` is how the console learns that the second factor is still to come.
        const unverified = name === 'admin without a console session' && rule !== 'staff';
        const allowed = permitted && !unverified;
        const code = (res.body as { code: number }).code;
        const expected =
          role === 'player'
            ? ERRORS.ADMIN_ONLY.code
            : unverified
              ? ERRORS.CONSOLE_2FA_REQUIRED.code
              : ERRORS.STAFF_PERMISSION_MISSING.code;
        if (!allowed && (res.status !== 403 || code !== expected))
          wrong.push(`${op.method} ${op.path} as ${name}: ${res.status} ${code}, expected 403 ${expected}`);
        if (allowed && res.status === 403) wrong.push(`${op.method} ${op.path} as ${name}: refused`);
      }
    }
    expect(wrong.join('\n')).toBe('');
  });

  it('tells a staff member their role and permissions; not a player', async () => {
    const me = (u: TestUser) =>
      t.api<AdminMeResponse>('GET', ADMIN_PATHS.me, { headers: bearer(u.tokens.access_token) });
    const support = await me(staff.get('support') as TestUser);
    expect(support.body.data).toMatchObject({ role: 'support', permissions: [...ROLE_PERMISSIONS.support] });
    expect(support.body.data.permissions).not.toContain('balance.adjust');
    expect((await me(staff.get('finance') as TestUser)).body.data.permissions).toContain('balance.adjust');
    expect((await me(staff.get('player') as TestUser)).body.code).toBe(ERRORS.ADMIN_ONLY.code);
  });

  it('gives the first admin from the command line, by phone or id, and records it', async () => {
    const db = t.rt.database.db;
    const u = await registerUser(t);
    const [row] = await db.select({ mobile: users.mobile }).from(users).where(eq(users.id, u.userId));
    const done = await setStaffRole(db, row?.mobile ?? '', 'admin', new Date());
    expect(done).toEqual({ userId: u.userId, before: 'player', after: 'admin' });
    await expect(setStaffRole(db, String(u.userId), 'owner', new Date())).rejects.toThrow(/role must be one of/);
    await expect(setStaffRole(db, '13000000000', 'admin', new Date())).rejects.toThrow(/no account/);
    await consoleSignIn(t, u);
    const log = await t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}?action=staff.role`, {
      headers: bearer(u.tokens.access_token),
    });
    expect(log.body.data.list).toEqual([
      expect.objectContaining({
        admin_id: 0,
        target: `user:${u.userId}`,
        before: { role: 'player' },
        after: { role: 'admin' },
      }),
    ]);
    // Lost authenticator and codes: the command line forgets them and ends the console session.
    await resetStaffTotp(db, String(u.userId), new Date());
    const after = await t.api<AdminMeResponse>('GET', ADMIN_PATHS.me, { headers: bearer(u.tokens.access_token) });
    expect(after.body.data).toMatchObject({ totp_enrolled: false, console_expires_at: null, recovery_codes_left: 0 });
    const reset = await t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}?action=staff.totp_reset`, {
      headers: bearer(u.tokens.access_token),
    });
    expect(reset.body.code).toBe(ERRORS.CONSOLE_2FA_REQUIRED.code);
    await consoleSignIn(t, u);
    const relog = await t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}?action=staff.totp_reset`, {
      headers: bearer(u.tokens.access_token),
    });
    expect(relog.body.data.list).toEqual([expect.objectContaining({ admin_id: 0, target: `user:${u.userId}` })]);
    expect((await setStaffRole(db, String(u.userId), 'player', new Date())).after).toBe('player');
  });
});
