import { ADMIN_CONTENT_PATHS, type AdminNotice } from '@kaixiang/shared/admin-content';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { CONTENT_TTL_MS } from '../../site/site.service.ts';

const PG_URL = process.env.TEST_DATABASE_URL;

/**
 * Two server processes of one deployment (only the database between them): a notice published
 * on one shows there at once, and on the other once its cached copy is CONTENT_TTL_MS old,
 * never later (docs/console/content.md "How soon players see a change").
 */
describe.skipIf(!PG_URL)('console content: a change reaches every process (PostgreSQL)', () => {
  const clockA = fakeClock();
  const clockB = fakeClock();
  let a: TestApp;
  let b: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    a = await startTestApp({ clock: clockA, env: { LOG_LEVEL: 'error' } });
    b = await startTestApp({ clock: clockB, sharing: a, env: { LOG_LEVEL: 'error' } });
    admin = await registerUser(a, { nick_name: '运营' });
    await setRole(a, admin, 'admin');
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const shown = async (app: TestApp) =>
    (await app.api<{ messages: { id: number }[] }>('GET', SITE_PATHS.messages)).body.data.messages.map((m) => m.id);

  it('shows a published notice at once where it was made, and within the cache lifetime elsewhere', async () => {
    const made = await a.api<AdminNotice>('POST', ADMIN_CONTENT_PATHS.noticeCreate, {
      headers: bearer(admin.tokens.access_token),
      body: { content_zh_cn: '双进程公告', enabled: false },
    });
    const id = made.body.data.id;
    // Both processes cache the list without it.
    expect(await shown(a)).not.toContain(id);
    expect(await shown(b)).not.toContain(id);

    const res = await a.api<AdminNotice>('POST', ADMIN_CONTENT_PATHS.noticeUpdate, {
      headers: bearer(admin.tokens.access_token),
      body: { ...made.body.data, enabled: true },
    });
    expect(res.body.data.enabled).toBe(true);
    expect(await shown(a)).toContain(id);
    // B still serves its copy until that copy is CONTENT_TTL_MS old, then reads the database.
    clockB.advance(CONTENT_TTL_MS - 1);
    expect(await shown(b)).not.toContain(id);
    clockB.advance(1);
    expect(await shown(b)).toContain(id);
  });
});
