import {
  ADMIN_CONTENT_PATHS,
  type AdminBanner,
  type AdminNavEntry,
  type AdminNotice,
  HELP_OVERRIDES_PATH,
  type HelpOverride,
  type HelpOverridesResponse,
} from '@kaixiang/shared/admin-content';
import type { Envelope } from '@kaixiang/shared/envelope';
import { SITE_PATHS } from '@kaixiang/shared/site';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { adminAudit } from '../../../db/schema/admin.ts';
import { helpPageOverrides, notices } from '../../../db/schema/site.ts';
import { loadCatalogue } from '../../catalogue/catalogue.seed.ts';

const P = ADMIN_CONTENT_PATHS;
/** The catalogue's picture CDN: the one image origin besides the site the CSP allows. */
const CDN = new URL(loadCatalogue().imageBaseUrl).origin;

/** The console's Content: notices, banners, nav items and help overrides; access, rules, audit, the public reads. */
describe('console content: notices, banners, nav, help pages', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  let player: TestUser;
  /** An admin whose console session was never opened (role given by user id: no second factor). */
  let unsigned: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    unsigned = await registerUser(t, { nick_name: '新运营' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
    await setRole(t, unsigned.userId, 'admin');
    player = await registerUser(t, { nick_name: 'Player' });
  });
  afterAll(() => t.close());

  const call = <T>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown, lang = 'en-US') =>
    t.api<T>(method, path, { headers: bearer(u.tokens.access_token), lang, ...(body ? { body } : {}) });
  const post = <T>(path: string, body: unknown, lang?: string) => call<T>(admin, 'POST', path, body, lang);
  const audits = (action: string, target: string) =>
    t.rt.database.db
      .select()
      .from(adminAudit)
      .where(and(eq(adminAudit.action, action), eq(adminAudit.target, target)));
  const publicNotices = async (lang = 'zh-CN') =>
    (await t.api<{ messages: { id: number; content: string }[] }>('GET', SITE_PATHS.messages, { lang })).body.data
      .messages;

  it('publishes a notice: the public bar shows it at once, unpublished it disappears; each change audited', async () => {
    const created = await post<AdminNotice>(P.noticeCreate, { content_zh_cn: '  维护通知：今晚 2 点  ', sort: 3 });
    expect(created.body).toMatchObject({
      code: 200,
      data: { content_zh_cn: '维护通知：今晚 2 点', content_zh_tw: '', content_en: '', sort: 3, enabled: false },
    });
    const id = created.body.data.id;
    // Read once before it is published, so the site's cache holds the list without it.
    expect((await publicNotices()).map((n) => n.id)).not.toContain(id);

    const published = await post<AdminNotice>(P.noticeUpdate, {
      id,
      content_zh_cn: '维护通知：今晚 2 点',
      content_en: 'Maintenance tonight at 2',
      sort: 3,
      enabled: true,
    });
    expect(published.body.data).toMatchObject({ id, enabled: true, content_en: 'Maintenance tonight at 2' });
    expect(await publicNotices()).toContainEqual({ id, content: '维护通知：今晚 2 点' });
    expect(await publicNotices('en-US')).toContainEqual({ id, content: 'Maintenance tonight at 2' });
    // zh-TW left empty falls back to zh-CN.
    expect(await publicNotices('zh-TW')).toContainEqual({ id, content: '维护通知：今晚 2 点' });

    const unpublished = await post<AdminNotice>(P.noticeUpdate, { ...published.body.data, enabled: false });
    expect(unpublished.body.data.enabled).toBe(false);
    expect((await publicNotices()).map((n) => n.id)).not.toContain(id);

    expect(await audits('content.notice.create', `notice:${id}`)).toMatchObject([
      { adminId: admin.userId, before: null, after: { id, enabled: false, content_zh_cn: '维护通知：今晚 2 点' } },
    ]);
    expect(await audits('content.notice.update', `notice:${id}`)).toMatchObject([
      { before: { enabled: false, content_en: '' }, after: { enabled: true, content_en: 'Maintenance tonight at 2' } },
    ]);
    expect(await audits('content.notice.unpublish', `notice:${id}`)).toMatchObject([
      { before: { enabled: true }, after: { enabled: false } },
    ]);

    const list = await call<{ list: AdminNotice[] }>(admin, 'GET', P.notices);
    expect(list.body.data.list.find((n) => n.id === id)).toMatchObject({ enabled: false });

    expect((await post(P.noticeDelete, { id })).body).toMatchObject({ code: 200, data: { id } });
    expect(await t.rt.database.db.select().from(notices).where(eq(notices.id, id))).toEqual([]);
    expect(await audits('content.notice.delete', `notice:${id}`)).toMatchObject([
      { before: { id, content_zh_cn: '维护通知：今晚 2 点' }, after: null },
    ]);
    expect((await post(P.noticeDelete, { id })).body).toMatchObject({ error: 'CONTENT_NOT_FOUND' });
  });

  it('refuses bad notices in the caller’s language and changes nothing', async () => {
    const before = await t.rt.database.db.select().from(notices);
    const empty = await post(P.noticeCreate, { content_zh_cn: '   ', content_en: 'English only' }, 'zh-CN');
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'CONTENT_TEXT_REQUIRED', msg: '请填写必填的文字（简体中文必填）' });
    expect(empty.body.details).toEqual([{ path: 'content_zh_cn', message: 'CONTENT_TEXT_REQUIRED' }]);
    const long = await post(P.noticeCreate, { content_zh_cn: '长'.repeat(201) });
    expect(long.body).toMatchObject({ error: 'CONTENT_TEXT_TOO_LONG', msg: 'A text is longer than allowed' });
    expect((await post(P.noticeCreate, { content_zh_cn: 'x', sort: 'first' })).body).toMatchObject({
      error: 'VALIDATION_FAILED',
    });
    expect((await post(P.noticeUpdate, { id: 999_999, content_zh_cn: 'x' })).body).toMatchObject({
      error: 'CONTENT_NOT_FOUND',
    });
    expect(await t.rt.database.db.select().from(notices)).toEqual(before);
  });

  it('banners: links and pictures are site paths or https URLs; published ones reach the home page', async () => {
    const bad = [
      [{ img: 'javascript:alert(1)' }, 'CONTENT_IMAGE_INVALID', 'img'],
      [{ img: `http://${new URL(CDN).host}/b.jpg` }, 'CONTENT_IMAGE_INVALID', 'img'],
      // https, but from a host the site's CSP does not load images from: it would never show.
      [{ img: 'https://cdn.example.com/b.jpg' }, 'CONTENT_IMAGE_INVALID', 'img'],
      [{ link: '//evil.example.com/x' }, 'CONTENT_LINK_INVALID', 'link'],
      [{ link: 'boxes' }, 'CONTENT_LINK_INVALID', 'link'],
    ] as const;
    for (const [over, error, path] of bad) {
      const res = await post(P.bannerCreate, { title_zh_cn: '新箱子', img: '/img/banners/1.jpg', ...over });
      expect(res.body, JSON.stringify(over)).toMatchObject({ error, details: [{ path }] });
    }
    expect(await audits('content.banner.create', 'banner:1')).toEqual([]);

    const res = await post<AdminBanner>(P.bannerCreate, {
      title_zh_cn: '新箱子上线',
      title_zh_tw: '新箱子上線',
      title_en: 'New boxes',
      img: `${CDN}/banners/new.jpg`,
      link: '/boxes',
      enabled: true,
    });
    expect(res.body.code).toBe(200);
    const id = res.body.data.id;
    const home = await t.api<{ banners: { id: number; title: string; link: string }[] }>('GET', SITE_PATHS.banners, {
      lang: 'zh-TW',
    });
    expect(home.body.data.banners).toContainEqual({
      id,
      title: '新箱子上線',
      img: `${CDN}/banners/new.jpg`,
      link: '/boxes',
    });
    const [a] = await audits('content.banner.create', `banner:${id}`);
    expect(a?.after).toMatchObject({ img: `${CDN}/banners/new.jpg`, link: '/boxes' });
  });

  it('nav items: a path is a site path, used once; publishing one adds it to the site’s nav', async () => {
    const item = { title_zh_cn: '福利', title_en: 'Perks', path: '/content-test-perks', icon: 'gift', need_login: 2 };
    expect((await post(P.navCreate, { ...item, path: 'https://example.com/x' })).body).toMatchObject({
      error: 'CONTENT_LINK_INVALID',
    });
    const res = await post<AdminNavEntry>(P.navCreate, item);
    expect(res.body.data).toMatchObject({ ...item, title_zh_tw: '', badge: null, enabled: false });
    const id = res.body.data.id;
    const taken = await post(P.navCreate, { ...item, title_zh_cn: '另一个' }, 'zh-TW');
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ error: 'CONTENT_NAV_PATH_TAKEN', msg: '已有導覽項使用該路徑' });

    const nav = async () =>
      (await t.api<{ nav_infos: { id: number; title: string }[] }>('GET', SITE_PATHS.nav, { lang: 'en-US' })).body.data
        .nav_infos;
    expect((await nav()).map((n) => n.id)).not.toContain(id);
    await post(P.navUpdate, { ...res.body.data, enabled: true });
    expect(await nav()).toContainEqual(expect.objectContaining({ id, title: 'Perks', need_login: 2 }));
    expect(await audits('content.nav.publish', `nav:${id}`)).toHaveLength(1);
    await post(P.navDelete, { id });
    expect((await nav()).map((n) => n.id)).not.toContain(id);
  });

  it('help pages: an override is what the public reads, revert goes back to the static text', async () => {
    const publicHelp = async (lang: string) =>
      (await t.api<HelpOverridesResponse>('GET', HELP_OVERRIDES_PATH, { lang })).body.data.pages;
    expect(await publicHelp('en-US')).toEqual([]);

    const body = 'Read this first.\n\n## Accounts\nOne account per person.\n\n1. Sign up\n2. Verify';
    const saved = await post<HelpOverride>(P.helpSave, {
      page: 'question',
      locale: 'en-US',
      title: ' FAQ ',
      body: `${body}\n\n`,
    });
    expect(saved.body.data).toMatchObject({
      page: 'question',
      locale: 'en-US',
      title: 'FAQ',
      body,
      updated_by: admin.userId,
    });
    expect(await publicHelp('en-US')).toEqual([
      { page: 'question', title: 'FAQ', body, updated_at: saved.body.data.updated_at },
    ]);
    // Other languages keep their static text.
    expect(await publicHelp('zh-CN')).toEqual([]);

    await post(P.helpSave, { page: 'question', locale: 'en-US', title: 'FAQ 2', body: 'Shorter.' });
    const saves = await audits('content.help.save', 'help:question:en-US');
    expect(saves.map((a) => [a.before, a.after])).toEqual([
      [null, { title: 'FAQ', body }],
      [
        { title: 'FAQ', body },
        { title: 'FAQ 2', body: 'Shorter.' },
      ],
    ]);

    const list = await call<{ list: HelpOverride[] }>(admin, 'GET', P.help);
    expect(list.body.data.list).toMatchObject([{ page: 'question', locale: 'en-US', title: 'FAQ 2' }]);

    const reverted = await post(P.helpRevert, { page: 'question', locale: 'en-US' });
    expect(reverted.body).toMatchObject({ code: 200, data: { page: 'question', locale: 'en-US' } });
    expect(await publicHelp('en-US')).toEqual([]);
    expect(await t.rt.database.db.select().from(helpPageOverrides)).toEqual([]);
    expect(await audits('content.help.revert', 'help:question:en-US')).toMatchObject([
      { before: { title: 'FAQ 2', body: 'Shorter.' }, after: null },
    ]);
    expect((await post(P.helpRevert, { page: 'question', locale: 'en-US' })).body).toMatchObject({
      error: 'CONTENT_NOT_FOUND',
    });

    // Unknown page or language, empty body: refused, nothing stored.
    expect((await post(P.helpSave, { page: 'nope', locale: 'en-US', title: 'x', body: 'y' })).body).toMatchObject({
      error: 'VALIDATION_FAILED',
    });
    expect((await post(P.helpSave, { page: 'question', locale: 'fr', title: 'x', body: 'y' })).body).toMatchObject({
      error: 'VALIDATION_FAILED',
    });
    expect((await post(P.helpSave, { page: 'question', locale: 'zh-CN', title: 'x', body: ' ' })).body).toMatchObject({
      error: 'CONTENT_TEXT_REQUIRED',
      details: [{ path: 'body' }],
    });
    expect(await t.rt.database.db.select().from(helpPageOverrides)).toEqual([]);
  });

  it('answers 403 to support, finance, a player and an admin without a console session, on every route', async () => {
    const routes: [method: 'GET' | 'POST', path: string, body?: unknown][] = [
      ['GET', P.notices],
      ['POST', P.noticeCreate, { content_zh_cn: 'x' }],
      ['POST', P.noticeUpdate, { id: 1, content_zh_cn: 'x' }],
      ['POST', P.noticeDelete, { id: 1 }],
      ['GET', P.banners],
      ['POST', P.bannerCreate, { title_zh_cn: 'x', img: '/x.jpg' }],
      ['POST', P.bannerUpdate, { id: 1, title_zh_cn: 'x', img: '/x.jpg' }],
      ['POST', P.bannerDelete, { id: 1 }],
      ['GET', P.nav],
      ['POST', P.navCreate, { title_zh_cn: 'x', path: '/x' }],
      ['POST', P.navUpdate, { id: 1, title_zh_cn: 'x', path: '/x' }],
      ['POST', P.navDelete, { id: 1 }],
      ['GET', P.help],
      ['POST', P.helpSave, { page: 'question', locale: 'zh-CN', title: 'x', body: 'y' }],
      ['POST', P.helpRevert, { page: 'question', locale: 'zh-CN' }],
    ];
    const before = await t.rt.database.db.select().from(adminAudit);
    const expected: [TestUser, string][] = [
      [support, 'STAFF_PERMISSION_MISSING'],
      [finance, 'STAFF_PERMISSION_MISSING'],
      [player, 'ADMIN_ONLY'],
      [unsigned, 'CONSOLE_2FA_REQUIRED'],
    ];
    for (const [method, path, body] of routes) {
      for (const [user, error] of expected) {
        const res: { status: number; body: Envelope<unknown> } = await call(user, method, path, body);
        expect([path, res.status, res.body.error]).toEqual([path, 403, error]);
      }
    }
    expect(await t.rt.database.db.select().from(adminAudit)).toHaveLength(before.length);
    expect(await t.rt.database.db.select().from(helpPageOverrides)).toEqual([]);
  });
});
