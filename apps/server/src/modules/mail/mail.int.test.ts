import { ERRORS } from '@kaixiang/shared/errors';
import { MAIL_PATHS, type Mail, NEW_MAIL_EVENT, type ReceiveResponse } from '@kaixiang/shared/mail';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, bearer, registerUser, type TestUser } from '../../../test/support/accounts.ts';
import { catalogueRows } from '../../../test/support/items.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { userItems } from '../../db/schema/items.ts';

type Mails = { list: Mail[]; total: number; new_mail_count: number };

describe('mail: count, list, read, receive', () => {
  let t: TestApp;
  let a: TestUser;
  let b: TestUser;
  const pushes: { room: string; data: unknown }[] = [];
  beforeAll(async () => {
    t = await startTestApp();
    a = await registerUser(t, { nick_name: '邮件甲' });
    b = await registerUser(t, { nick_name: '邮件乙' });
    t.rt.bus.subscribe((m) => {
      if (m.type === NEW_MAIL_EVENT) pushes.push({ room: m.room, data: m.data });
    });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T = unknown>(u: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
    asUser<T>(t, u.tokens.access_token, method, path, body);
  const money = async (u: TestUser) =>
    (await as<{ std_money: number }>(u, 'GET', '/usercenter/v1/user/get-std-money')).body.data.std_money;
  const count = async (u: TestUser) =>
    (await as<{ new_mail_count: number }>(u, 'GET', MAIL_PATHS.newMailCount)).body.data.new_mail_count;

  it('needs a login', async () => {
    expect((await t.api('GET', MAIL_PATHS.newMailCount)).body.code).toBe(401);
    expect((await t.api('GET', MAIL_PATHS.mails)).body.code).toBe(401);
    expect((await t.api('POST', MAIL_PATHS.receiveAll, { body: {} })).body.code).toBe(401);
    expect((await t.api('POST', MAIL_PATHS.redeem, { body: { key: 'X' } })).body.code).toBe(401);
  });

  it('lists mails newest first in the reader’s language, counts the unread and pushes the count', async () => {
    expect(await count(a)).toBe(0);
    const defs = await catalogueRows(t, 3);
    await t.app.mail.send({ userId: a.userId, title: '系统通知', content: '欢迎', source: 'system' });
    await t.app.mail.send({
      userId: a.userId,
      title: { zhCn: '奖励', zhTw: '獎勵', en: 'Reward' },
      content: { zhCn: '金币', en: 'Coins' },
      coinsUnits: 50_000,
      source: 'system',
    });
    await t.app.mail.send({
      userId: a.userId,
      title: '饰品奖励',
      items: [{ itemDefId: defs[1]!.id, exter: 2 }],
      source: 'system',
    });
    // With Redis the bus delivers asynchronously: wait for the push.
    await vi.waitFor(() => expect(pushes).toContainEqual({ room: `user:${a.userId}`, data: { new_mail_count: 3 } }));
    expect(pushes.every((x) => x.room === `user:${a.userId}`)).toBe(true);
    expect(await count(a)).toBe(3);
    expect(await count(b)).toBe(0);

    const en = await t.api<Mails>('GET', `${MAIL_PATHS.mails}?page=1&page_size=2`, {
      headers: bearer(a.tokens.access_token),
      lang: 'en-US',
    });
    expect(en.body.data.total).toBe(3);
    expect(en.body.data.new_mail_count).toBe(3);
    const [items, coins] = en.body.data.list;
    expect(items?.title).toBe('饰品奖励'); // no English given: zh-CN
    expect(items?.items).toEqual([
      expect.objectContaining({ item_id: defs[1]!.id, name: defs[1]!.nameEn, exter: 2, quality: defs[1]!.quality }),
    ]);
    expect(items?.items[0]?.price).toBeGreaterThan(0);
    expect(items?.has_appendix).toBe(true);
    expect(coins).toMatchObject({ title: 'Reward', content: 'Coins', coins: 50_000, read_at: null, received_at: null });
    const page2 = await as<Mails>(a, 'GET', `${MAIL_PATHS.mails}?page=2&page_size=2`);
    expect(page2.body.data.list.map((m) => [m.title, m.has_appendix])).toEqual([['系统通知', false]]);
  });

  it('marks a mail read once; another player’s mail is not found', async () => {
    const { id } = await t.app.mail.send({ userId: a.userId, title: '已读测试', source: 'system' });
    const before = await count(a);
    const r = await as<{ new_mail_count: number }>(a, 'POST', MAIL_PATHS.markRead, { id });
    expect(r.body).toMatchObject({ code: 200, data: { new_mail_count: before - 1 } });
    expect((await as(a, 'POST', MAIL_PATHS.markRead, { id })).body.data).toEqual({ new_mail_count: before - 1 });
    expect((await as(b, 'POST', MAIL_PATHS.markRead, { id })).body.code).toBe(ERRORS.MAIL_NOT_FOUND.code);
  });

  it('receives one attachment once: coins from promotions, items into the inventory as rewards', async () => {
    const [def] = await catalogueRows(t, 1);
    const { id } = await t.app.mail.send({
      userId: b.userId,
      title: '双重奖励',
      coinsUnits: 120_000,
      items: [{ itemDefId: def!.id, priceUnits: 33_300 }, { itemDefId: def!.id }],
      source: 'system',
    });
    // Someone else cannot collect it.
    expect((await as(a, 'POST', MAIL_PATHS.receive, { id })).body.code).toBe(ERRORS.MAIL_NOT_FOUND.code);

    const first = await as<ReceiveResponse>(b, 'POST', MAIL_PATHS.receive, { id });
    expect(first.body.code).toBe(200);
    expect(first.body.data).toMatchObject({ ids: [id], coins: 120_000, already_received: false, money: 120_000 });
    expect(first.body.data.user_item_ids).toHaveLength(2);
    const rows = await t.rt.database.db
      .select()
      .from(userItems)
      .where(and(eq(userItems.userId, b.userId), eq(userItems.source, 'reward')));
    expect(rows.map((r) => [r.sourceId, r.status, r.sourceName])).toEqual([
      [id, 0, '双重奖励'],
      [id, 0, '双重奖励'],
    ]);
    expect(rows.map((r) => r.priceUnits)).toContain(33_300);

    const again = await as<ReceiveResponse>(b, 'POST', MAIL_PATHS.receive, { id });
    expect(again.body.data).toMatchObject({ ids: [], coins: 0, user_item_ids: [], already_received: true });
    expect(await money(b)).toBe(120_000);
    const list = await as<Mails>(b, 'GET', MAIL_PATHS.mails);
    const m = list.body.data.list.find((x) => x.id === id);
    expect(m?.received_at).not.toBeNull();
    expect(m?.read_at).not.toBeNull();
  });

  it('refuses to receive a mail that has no attachment', async () => {
    const { id } = await t.app.mail.send({ userId: b.userId, title: '纯文本', source: 'system' });
    const r = await t.api('POST', MAIL_PATHS.receive, {
      headers: bearer(b.tokens.access_token),
      body: { id },
      lang: 'en-US',
    });
    expect(r.body).toMatchObject({ code: ERRORS.MAIL_NO_APPENDIX.code, msg: 'This mail has no attachment' });
  });

  it('receives every attachment at once, then nothing', async () => {
    const u = await registerUser(t);
    const ids = [];
    for (const c of [10_000, 20_000, 30_000]) {
      ids.push((await t.app.mail.send({ userId: u.userId, title: `第${c}`, coinsUnits: c, source: 'system' })).id);
    }
    await t.app.mail.send({ userId: u.userId, title: '无附件', source: 'system' });
    const all = await as<ReceiveResponse>(u, 'POST', MAIL_PATHS.receiveAll, {});
    expect(all.body.data).toMatchObject({ coins: 60_000, already_received: false, money: 60_000, new_mail_count: 1 });
    expect([...all.body.data.ids].sort()).toEqual([...ids].sort());
    const again = await as<ReceiveResponse>(u, 'POST', MAIL_PATHS.receiveAll, {});
    expect(again.body.data).toMatchObject({ ids: [], coins: 0, already_received: true, money: 60_000 });
  });

  it('sends one mail per source key however often it is sent', async () => {
    const u = await registerUser(t);
    const input = { userId: u.userId, title: '一次', coinsUnits: 1_000, source: 'system', sourceKey: 'test:once' };
    const first = await t.app.mail.send(input);
    const second = await t.app.mail.send(input);
    expect(second).toEqual({ id: first.id, created: false });
    expect((await as<Mails>(u, 'GET', MAIL_PATHS.mails)).body.data.total).toBe(1);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('mail attachments at once on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('one attachment received 20 times at once pays once', async () => {
    const u = await registerUser(t);
    const [def] = await catalogueRows(t, 1);
    const { id } = await t.app.mail.send({
      userId: u.userId,
      title: '并发',
      coinsUnits: 70_000,
      items: [{ itemDefId: def!.id }],
      source: 'system',
    });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        asUser<ReceiveResponse>(
          t,
          u.tokens.access_token,
          'POST',
          i % 2 ? MAIL_PATHS.receive : MAIL_PATHS.receiveAll,
          i % 2 ? { id } : {},
        ),
      ),
    );
    expect(results.map((r) => r.body.code).filter((c) => c !== 200)).toEqual([]);
    expect(results.filter((r) => !r.body.data.already_received)).toHaveLength(1);
    const money = await asUser<{ std_money: number }>(
      t,
      u.tokens.access_token,
      'GET',
      '/usercenter/v1/user/get-std-money',
    );
    expect(money.body.data.std_money).toBe(70_000);
    const rows = await t.rt.database.db.select().from(userItems).where(eq(userItems.userId, u.userId));
    expect(rows).toHaveLength(1);
  });
});
