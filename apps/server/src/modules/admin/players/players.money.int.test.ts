import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, type AuditEntry, type AuditLogResponse } from '@kaixiang/shared/admin';
import {
  ADJUST_MAX_UNITS,
  ADMIN_PLAYER_PATHS,
  type AdjustBalanceResponse,
  type AdminMailResponse,
  type PlayerRecordsPage,
} from '@kaixiang/shared/admin-players';
import { ERRORS } from '@kaixiang/shared/errors';
import { MAIL_PATHS, type Mail, type ReceiveResponse } from '@kaixiang/shared/mail';
import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../../test/support/accounts.ts';
import { catalogueRows } from '../../../../test/support/items.ts';
import { credit, expectLedgerBalanced } from '../../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { ledgerAccounts, ledgerEntries, ledgerTransfers } from '../../../db/schema/ledger.ts';
import { mails } from '../../../db/schema/mail.ts';
import { balancesOf } from '../../ledger/ledger.ts';

/** Balance adjustments and mail with attachments from the console: money moves once, by the ledger, on the record. */
describe('console players: adjust a balance, send mail', () => {
  let t: TestApp;
  let admin: TestUser;
  let support: TestUser;
  let finance: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await registerUser(t, { nick_name: '运营' });
    support = await registerUser(t, { nick_name: '客服' });
    finance = await registerUser(t, { nick_name: '财务' });
    await setRole(t, admin, 'admin');
    await setRole(t, support, 'support');
    await setRole(t, finance, 'finance');
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const post = <T>(u: TestUser, path: string, body: unknown, lang?: string) =>
    t.api<T>('POST', path, { headers: bearer(u.tokens.access_token), body, ...(lang ? { lang } : {}) });
  const adjust = (u: TestUser, body: Record<string, unknown>, lang?: string) =>
    post<AdjustBalanceResponse>(u, ADMIN_PLAYER_PATHS.adjustBalance, { request_id: randomUUID(), ...body }, lang);
  const audit = async (action: string, userId: number): Promise<AuditEntry[]> =>
    (
      await t.api<AuditLogResponse>('GET', `${ADMIN_PATHS.auditLog}?action=${action}&target=user:${userId}`, {
        headers: bearer(admin.tokens.access_token),
      })
    ).body.data.list;
  const coins = async (userId: number) => (await balancesOf(t.rt.database.db, userId)).coin;

  it('credits and debits by one balanced transfer with the house, naming the admin and the reason', async () => {
    const p = await registerUser(t);
    const up = await adjust(finance, { user_id: p.userId, amount: 50_000, reason: '补偿充值未到账' });
    expect(up.body.code).toBe(200);
    expect(up.body.data).toMatchObject({
      user_id: p.userId,
      currency: 'coin',
      amount: 50_000,
      balance_before: 0,
      balance_after: 50_000,
    });
    const down = await adjust(admin, { user_id: p.userId, amount: -20_000, reason: '误发回收' });
    expect(down.body.data).toMatchObject({ balance_before: 50_000, balance_after: 30_000 });
    expect(await coins(p.userId)).toBe(30_000);

    const db = t.rt.database.db;
    const [transfer] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, up.body.data.transfer_id));
    // The key names the admin; the player's record shows no staff note (the reason is in the audit).
    expect(transfer).toMatchObject({ kind: 'correction', memo: '' });
    expect(transfer?.idemKey).toMatch(new RegExp(`^admin_adjust:${finance.userId}:`));
    const legs = await db
      .select({ owner: ledgerAccounts.owner, amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerEntries.transferId, up.body.data.transfer_id));
    expect(legs.sort((a, b) => a.owner.localeCompare(b.owner))).toEqual([
      { owner: 'h:admin_adjust', amount: -50_000 },
      { owner: `u:${p.userId}`, amount: 50_000 },
    ]);
    expect(await audit('player.balance_adjust', p.userId)).toEqual([
      expect.objectContaining({
        admin_id: admin.userId,
        before: { currency: 'coin', balance: 50_000 },
        after: { currency: 'coin', balance: 30_000, amount: -20_000, transfer_id: down.body.data.transfer_id },
        reason: '误发回收',
      }),
      expect.objectContaining({
        admin_id: finance.userId,
        admin_name: '财务',
        before: { currency: 'coin', balance: 0 },
        after: { currency: 'coin', balance: 50_000, amount: 50_000, transfer_id: up.body.data.transfer_id },
        reason: '补偿充值未到账',
      }),
    ]);
    // The console's ledger view shows it like any other entry.
    const ledger = await asUser<PlayerRecordsPage<'ledger'>>(
      t,
      admin.tokens.access_token,
      'GET',
      `${ADMIN_PLAYER_PATHS.records}?user_id=${p.userId}&kind=ledger`,
    );
    expect(ledger.body.data.list.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([
      ['correction', -20_000, 30_000],
      ['correction', 50_000, 50_000],
    ]);

    // Points are adjusted the same way, apart from coins.
    const points = await adjust(admin, { user_id: p.userId, currency: 'point', amount: 300, reason: '活动补发' });
    expect(points.body.data).toMatchObject({ currency: 'point', balance_after: 300 });
    expect(await balancesOf(db, p.userId)).toEqual({ coin: 30_000, quota: 0, point: 300 });
  });

  it('refuses a debit that would go below zero, and bad amounts or reasons; nothing moves, nothing is recorded', async () => {
    const p = await registerUser(t);
    await credit(t, p.userId, 10_000);
    const short = await adjust(admin, { user_id: p.userId, amount: -10_001, reason: '扣回' }, 'en-US');
    expect(short.body).toMatchObject({
      code: ERRORS.ADJUST_BALANCE_SHORT.code,
      msg: 'The player’s balance is too low: the debit would make it negative, so nothing changed',
    });
    // A player who never had the currency has no account to debit.
    expect((await adjust(admin, { user_id: p.userId, currency: 'quota', amount: -1, reason: '扣回' })).body.code).toBe(
      ERRORS.ADJUST_BALANCE_SHORT.code,
    );
    const cases: [Record<string, unknown>, keyof typeof ERRORS][] = [
      [{ amount: 0, reason: '零' }, 'ADJUST_AMOUNT_INVALID'],
      [{ amount: 1.5, reason: '小数' }, 'ADJUST_AMOUNT_INVALID'],
      [{ amount: ADJUST_MAX_UNITS + 1, reason: '太多' }, 'ADJUST_AMOUNT_INVALID'],
      [{ amount: -ADJUST_MAX_UNITS - 1, reason: '太多' }, 'ADJUST_AMOUNT_INVALID'],
      [{ amount: 100, reason: '' }, 'PLAYER_REASON_INVALID'],
      [{ amount: 100 }, 'VALIDATION_FAILED'],
      [{ amount: 100, reason: '理由', request_id: 'short' }, 'VALIDATION_FAILED'],
      [{ amount: 100, reason: '理由', currency: 'gold' }, 'VALIDATION_FAILED'],
      [{ amount: 100, reason: '理由', user_id: 99999999 }, 'PLAYER_NOT_FOUND'],
      [{ amount: 100, reason: '理由', user_id: admin.userId }, 'PLAYER_SELF'],
    ];
    for (const [body, key] of cases) {
      const res = await adjust(admin, { user_id: p.userId, ...body });
      expect(res.body.code, `${JSON.stringify(body)} → ${key}`).toBe(ERRORS[key].code);
    }
    expect(await coins(p.userId)).toBe(10_000);
    expect(await audit('player.balance_adjust', p.userId)).toEqual([]);
    // Only the test's credit ever reached the player's account.
    const moved = await t.rt.database.db
      .select({ amount: ledgerEntries.amount })
      .from(ledgerEntries)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
      .where(eq(ledgerAccounts.owner, `u:${p.userId}`));
    expect(moved).toEqual([{ amount: 10_000 }]);
    // The whole balance may be taken, to exactly zero.
    expect((await adjust(admin, { user_id: p.userId, amount: -10_000, reason: '扣回' })).body.data.balance_after).toBe(
      0,
    );
  });

  it('the same request id moves money once and answers the first result; reused for another change it is refused', async () => {
    const p = await registerUser(t);
    const body = { user_id: p.userId, amount: 7_000, reason: '重复提交', request_id: randomUUID() };
    const first = await post<AdjustBalanceResponse>(admin, ADMIN_PLAYER_PATHS.adjustBalance, body);
    const second = await post<AdjustBalanceResponse>(admin, ADMIN_PLAYER_PATHS.adjustBalance, body);
    expect(first.body.code).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(await coins(p.userId)).toBe(7_000);
    expect(await audit('player.balance_adjust', p.userId)).toHaveLength(1);
    for (const other of [{ amount: 8_000 }, { user_id: support.userId }, { currency: 'point' }]) {
      const res = await post(admin, ADMIN_PLAYER_PATHS.adjustBalance, { ...body, ...other });
      expect(res.body.code).toBe(ERRORS.ADMIN_REQUEST_REUSED.code);
    }
    expect(await coins(p.userId)).toBe(7_000);
    expect(await coins(support.userId)).toBe(0);
  });

  it('only balance.adjust adjusts: support gets STAFF_PERMISSION_MISSING, a player ADMIN_ONLY', async () => {
    const p = await registerUser(t);
    const bySupport = await adjust(support, { user_id: p.userId, amount: 100, reason: '测试' }, 'en-US');
    expect(bySupport.status).toBe(403);
    expect(bySupport.body).toMatchObject({ code: ERRORS.STAFF_PERMISSION_MISSING.code });
    const byPlayer = await adjust(p, { user_id: p.userId, amount: 100, reason: '测试' });
    expect(byPlayer.status).toBe(403);
    expect(byPlayer.body.code).toBe(ERRORS.ADMIN_ONLY.code);
    expect(await coins(p.userId)).toBe(0);
  });

  it('sends a mail whose coins and items the player collects once, through the ledger; audited; sent once per request id', async () => {
    const p = await registerUser(t);
    const [item] = await catalogueRows(t, 1);
    if (!item) throw new Error('no catalogue');
    const body = {
      user_id: p.userId,
      title: '补偿邮件',
      content: '服务器维护补偿',
      coins: 88_000,
      items: [{ item_def_id: item.id }],
      reason: '维护补偿',
      request_id: randomUUID(),
    };
    const sent = await post<AdminMailResponse>(admin, ADMIN_PLAYER_PATHS.sendMail, body);
    expect(sent.body.code).toBe(200);
    expect(sent.body.data).toMatchObject({ coins: 88_000, items: 1 });
    expect((await post<AdminMailResponse>(admin, ADMIN_PLAYER_PATHS.sendMail, body)).body).toEqual(sent.body);
    const mailId = sent.body.data.mail_id;
    expect(await t.rt.database.db.select().from(mails).where(eq(mails.userId, p.userId))).toEqual([
      expect.objectContaining({ id: mailId, source: 'admin', titleZhCn: '补偿邮件', coinsUnits: 88_000 }),
    ]);
    const [entry, ...more] = await audit('player.mail', p.userId);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      admin_id: admin.userId,
      after: { mail_id: mailId, title: '补偿邮件', coins: 88_000, items: [{ item_def_id: item.id }] },
      reason: '维护补偿',
    });

    const box = await asUser<{ list: Mail[] }>(t, p.tokens.access_token, 'GET', MAIL_PATHS.mails);
    expect(box.body.data.list[0]).toMatchObject({ id: mailId, title: '补偿邮件', coins: 88_000, has_appendix: true });
    // Nothing moves until the player collects it; then one transfer, keyed by the mail.
    expect(await coins(p.userId)).toBe(0);
    const got = await asUser<ReceiveResponse>(t, p.tokens.access_token, 'POST', MAIL_PATHS.receive, { id: mailId });
    expect(got.body.data).toMatchObject({ coins: 88_000, money: 88_000 });
    expect(got.body.data.user_item_ids).toHaveLength(1);
    const again = await asUser<ReceiveResponse>(t, p.tokens.access_token, 'POST', MAIL_PATHS.receive, { id: mailId });
    expect(again.body.data).toMatchObject({ coins: 0, already_received: true });
    expect(await coins(p.userId)).toBe(88_000);
    const paid = await t.rt.database.db
      .select()
      .from(ledgerTransfers)
      .where(like(ledgerTransfers.idemKey, `mail_appendix:${mailId}`));
    expect(paid).toEqual([expect.objectContaining({ kind: 'mail_appendix', memo: '补偿邮件' })]);
  });

  it('support may write to a player but not attach value; bad mails are refused and change nothing', async () => {
    const p = await registerUser(t);
    const base = { user_id: p.userId, title: '通知', reason: '客服回复' };
    const plain = await post<AdminMailResponse>(support, ADMIN_PLAYER_PATHS.sendMail, {
      ...base,
      content: '您的问题已处理',
      request_id: randomUUID(),
    });
    expect(plain.body.data).toMatchObject({ coins: 0, items: 0 });
    const cases: [TestUser, Record<string, unknown>, keyof typeof ERRORS][] = [
      [support, { coins: 100 }, 'ADMIN_MAIL_VALUE_FORBIDDEN'],
      [support, { items: [{ item_def_id: 1 }] }, 'ADMIN_MAIL_VALUE_FORBIDDEN'],
      // Finance pays players by adjustments; writing to them is players.manage.
      [finance, {}, 'STAFF_PERMISSION_MISSING'],
      [admin, { coins: -1 }, 'ADMIN_MAIL_COINS_INVALID'],
      [admin, { coins: ADJUST_MAX_UNITS + 1 }, 'ADMIN_MAIL_COINS_INVALID'],
      [admin, { coins: 100, items: [{ item_def_id: 999_999_999 }] }, 'ITEM_NOT_FOUND'],
      [admin, { reason: ' ' }, 'PLAYER_REASON_INVALID'],
      [admin, { title: '' }, 'VALIDATION_FAILED'],
      [admin, { user_id: 99999999 }, 'PLAYER_NOT_FOUND'],
      [p, {}, 'ADMIN_ONLY'],
    ];
    for (const [who, extra, key] of cases) {
      const res = await post(who, ADMIN_PLAYER_PATHS.sendMail, { ...base, request_id: randomUUID(), ...extra });
      expect(res.body.code, `${JSON.stringify(extra)} → ${key}`).toBe(ERRORS[key].code);
    }
    expect(await t.rt.database.db.select().from(mails).where(eq(mails.userId, p.userId))).toHaveLength(1);
    expect(await audit('player.mail', p.userId)).toHaveLength(1);
  });
});
