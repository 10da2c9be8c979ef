import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ERRORS } from '@kaixiang/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { recordAudit } from './audit.ts';

/** The admin API's gate and its audit log, through HTTP. */
describe('admin API: the gate and the audit log', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, player] = [await registerUser(t, { nick_name: '值班管理员' }), await registerUser(t)];
    await setRole(t, admin.userId, 'admin');
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
    await setRole(t, other.userId, 'admin');
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
    expect(all.total).toBe(3);
    expect(all.list.map((e) => e.action)).toEqual(['bag.campaign.create', 'rain.update', 'rain.schedule']);
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
    expect((await log(admin, '?page=2&page_size=2')).body.data.list.map((e) => e.action)).toEqual(['rain.schedule']);
  });
});
