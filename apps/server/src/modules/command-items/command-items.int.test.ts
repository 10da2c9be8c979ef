import { ADMIN_PATHS, type AuditLogResponse } from '@kaixiang/shared/admin';
import { ADMIN_COMMAND_CODE_PATHS, type AdminCommandCode } from '@kaixiang/shared/admin-command-codes';
import { ERRORS } from '@kaixiang/shared/errors';
import { COMMAND_PATHS, type CommandRewardResponse } from '@kaixiang/shared/vip';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { itemDefs } from '../../db/schema/catalogue.ts';
import { userItems } from '../../db/schema/items.ts';
import { balancesOf } from '../ledger/ledger.ts';
import { DEV_COMMAND_ITEM_CODE } from './command-items.seed.ts';

const LOCK = 3_000;

describe('command item codes (口令饰品)', () => {
  const clock = fakeClock();
  let t: TestApp;
  let admin: TestUser;
  let itemId: number;
  beforeAll(async () => {
    t = await startTestApp({ clock });
    admin = await registerUser(t, { nick_name: '运营' });
    await setRole(t, admin, 'admin');
    const [def] = await t.rt.database.db.select().from(itemDefs).orderBy(asc(itemDefs.id)).limit(1);
    if (!def) throw new Error('no catalogue');
    itemId = def.id;
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const redeem = (u: TestUser, key: string, lang?: string) => {
    clock.advance(LOCK); // past the previous attempt's 3 s lock
    return t.api<CommandRewardResponse>('POST', COMMAND_PATHS.reward, {
      headers: bearer(u.tokens.access_token),
      body: { key },
      ...(lang ? { lang } : {}),
    });
  };
  const create = async (body: Record<string, unknown>) => {
    const res = await asUser<AdminCommandCode>(t, admin.tokens.access_token, 'POST', ADMIN_COMMAND_CODE_PATHS.create, {
      item_id: itemId,
      uses: 10,
      ...body,
    });
    expect(res.body.code, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  };
  const itemsOf = (userId: number) =>
    t.rt.database.db
      .select()
      .from(userItems)
      .where(and(eq(userItems.userId, userId), eq(userItems.source, 'command_item')));

  it('grants the item once per player: a real inventory item at its price-table value', async () => {
    const code = await create({ code: ' spring-gift ', uses: 5 });
    expect(code).toMatchObject({ code: 'SPRING-GIFT', item_id: itemId, uses: 5, uses_left: 5, active: true });
    expect(code.worth).toBeGreaterThan(0);
    const u = await registerUser(t);
    const res = await redeem(u, 'Spring-Gift', 'en-US');
    expect(res.body.code).toBe(200);
    const [def] = await t.rt.database.db.select().from(itemDefs).where(eq(itemDefs.id, itemId));
    expect(res.body.data).toMatchObject({
      get_money: 0,
      item: { item_id: itemId, name: def?.nameEn, img: def?.image, price: code.worth, exter: code.exter },
    });
    const owned = await itemsOf(u.userId);
    expect(owned).toHaveLength(1);
    expect(owned[0]).toMatchObject({
      id: res.body.data.item?.id,
      itemDefId: itemId,
      priceUnits: code.worth,
      status: 0,
    });

    // Again, by the same player: refused, nothing more given.
    const again = await redeem(u, 'SPRING-GIFT');
    expect(again.body).toMatchObject({ code: ERRORS.COMMAND_CODE_ALREADY_USED.code, msg: '您已使用过该口令' });
    expect(await itemsOf(u.userId)).toHaveLength(1);
    const listed = (
      await asUser<{ list: AdminCommandCode[] }>(t, admin.tokens.access_token, 'GET', ADMIN_COMMAND_CODE_PATHS.list)
    ).body.data.list.find((c) => c.id === code.id);
    expect(listed?.uses_left).toBe(4);
  });

  it('refuses once the uses are gone, and gives coins with or instead of an item', async () => {
    const code = await create({ uses: 2, coin: 50_000 });
    expect(code.code).toMatch(/^[A-Z2-9]{12}$/); // generated
    const [a, b, c] = [await registerUser(t), await registerUser(t), await registerUser(t)];
    for (const u of [a, b]) {
      const r = await redeem(u, code.code.toLowerCase());
      expect(r.body.data).toMatchObject({ get_money: 50_000, money: 50_000 });
      expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(50_000);
    }
    const late = await redeem(c, code.code);
    expect(late.body.code).toBe(ERRORS.COMMAND_CODE_USED_UP.code);
    expect(await itemsOf(c.userId)).toHaveLength(0);
    expect((await balancesOf(t.rt.database.db, c.userId)).coin).toBe(0);

    const coinsOnly = await create({ item_id: null, coin: 20_000 });
    const r = await redeem(c, coinsOnly.code);
    expect(r.body.data).toEqual({ get_money: 20_000, money: 20_000 });
  });

  it('keeps to its window, and a disabled code is no code', async () => {
    const now = clock.now();
    const early = await create({ starts_at: now + 3_600_000 });
    const late = await create({ ends_at: now + LOCK });
    const u = await registerUser(t);
    expect((await redeem(u, early.code)).body.code).toBe(ERRORS.COMMAND_CODE_NOT_STARTED.code);
    expect((await redeem(u, late.code)).body.code).toBe(ERRORS.COMMAND_CODE_ENDED.code);
    const off = await create({});
    const disabled = await asUser<AdminCommandCode>(
      t,
      admin.tokens.access_token,
      'POST',
      ADMIN_COMMAND_CODE_PATHS.disable,
      { id: off.id, reason: 'leaked' },
    );
    expect(disabled.body.data).toMatchObject({ enabled: false, active: false });
    expect((await redeem(u, off.code)).body.code).toBe(ERRORS.COMMAND_KEY_INVALID.code);
    expect(await itemsOf(u.userId)).toHaveLength(0);
    // Enabled again, it is the code it was: the same uses left, usable.
    const again = await asUser<AdminCommandCode>(
      t,
      admin.tokens.access_token,
      'POST',
      ADMIN_COMMAND_CODE_PATHS.enable,
      { id: off.id, reason: 'reissued' },
    );
    expect(again.body.data).toMatchObject({ enabled: true, active: true, uses_left: off.uses_left });
    expect((await redeem(u, off.code)).body.code).toBe(200);
    expect(await itemsOf(u.userId)).toHaveLength(1);
  });

  it('the development seed gives KX-ITEM-DEV: an item and ¥1', async () => {
    const u = await registerUser(t);
    const r = await redeem(u, ` ${DEV_COMMAND_ITEM_CODE.toLowerCase()} `);
    expect(r.body.code).toBe(200);
    expect(r.body.data.get_money).toBe(10_000);
    expect(r.body.data.item?.name).toBeTruthy();
  });

  it('locks a player out after 10 wrong codes in an hour, item codes included', async () => {
    const good = await create({});
    const u = await registerUser(t);
    for (let i = 0; i < 10; i++) {
      expect((await redeem(u, `WRONG-${i}`)).body.code).toBe(ERRORS.COMMAND_KEY_INVALID.code);
    }
    const locked = await redeem(u, good.code);
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({
      code: ERRORS.COMMAND_CODE_LOCKED.code,
      msg: '口令输入错误次数过多，请稍后再试',
    });
    expect(await itemsOf(u.userId)).toHaveLength(0);
    // Another player (from the same address, under its 30) is not held.
    const other = await registerUser(t);
    expect((await redeem(other, good.code)).body.code).toBe(200);
  });
});

/** The admin API: only admins, every input checked, every change audited with who made it. */
describe('command item codes: the admin API', () => {
  let t: TestApp;
  let admin: TestUser;
  let player: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    [admin, player] = [await registerUser(t, { nick_name: '运营' }), await registerUser(t)];
    await setRole(t, admin, 'admin');
  });
  afterAll(() => t.close());

  const as = <T>(u: TestUser, path: string, body?: unknown, lang?: string) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(u.tokens.access_token),
      ...(body === undefined ? {} : { body }),
      ...(lang ? { lang } : {}),
    });
  const audit = async () =>
    (await as<AuditLogResponse>(admin, `${ADMIN_PATHS.auditLog}?action=command_code`)).body.data.list;

  it('refuses a player on every route, and changes nothing', async () => {
    for (const [path, body] of [
      [ADMIN_COMMAND_CODE_PATHS.list, undefined],
      [ADMIN_COMMAND_CODE_PATHS.create, { coin: 100, uses: 1 }],
      [ADMIN_COMMAND_CODE_PATHS.disable, { id: 1 }],
      [ADMIN_COMMAND_CODE_PATHS.enable, { id: 1 }],
    ] as const) {
      const res = await as(player, path, body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe(ERRORS.ADMIN_ONLY.code);
    }
    expect((await t.api('GET', ADMIN_COMMAND_CODE_PATHS.list)).body.code).toBe(ERRORS.UNAUTHENTICATED.code);
    expect(await audit()).toEqual([]);
  });

  it('refuses bad input with a clear error, recording nothing', async () => {
    const bad: [unknown, keyof typeof ERRORS][] = [
      [{ coin: 100, uses: 0 }, 'VALIDATION_FAILED'],
      [{ coin: -1, uses: 1 }, 'VALIDATION_FAILED'],
      [{ code: 'x'.repeat(201), coin: 100, uses: 1 }, 'VALIDATION_FAILED'],
      [{ uses: 1 }, 'COMMAND_CODE_GRANT_EMPTY'],
      [{ item_id: 2_000_000_000, uses: 1 }, 'COMMAND_CODE_ITEM_INVALID'],
      [{ coin: 100, exter: 1, uses: 1 }, 'COMMAND_CODE_ITEM_INVALID'],
      [{ coin: 100, uses: 1, starts_at: 2_000, ends_at: 1_000 }, 'COMMAND_CODE_WINDOW'],
      [{ code: 'kx-day-100', coin: 100, uses: 1 }, 'COMMAND_CODE_TAKEN'],
      [{ code: 'kx-item-dev', coin: 100, uses: 1 }, 'COMMAND_CODE_TAKEN'],
    ];
    for (const [body, key] of bad) {
      const res = await as(admin, ADMIN_COMMAND_CODE_PATHS.create, body, 'en-US');
      expect(res.body.code, JSON.stringify(body)).toBe(ERRORS[key].code);
    }
    const res = await as(admin, ADMIN_COMMAND_CODE_PATHS.create, { uses: 1 }, 'zh-CN');
    expect(res.body.msg).toBe('口令必须发放饰品或金币');
    expect(await audit()).toEqual([]);
  });

  it('creates, lists, disables and enables, each change audited with who made it', async () => {
    const made = await as<AdminCommandCode>(admin, ADMIN_COMMAND_CODE_PATHS.create, {
      code: 'audit-me',
      coin: 100,
      uses: 3,
      reason: 'group event',
    });
    expect(made.body.data).toMatchObject({ code: 'AUDIT-ME', uses_left: 3, created_by: admin.userId });
    const list = (await as<{ list: AdminCommandCode[] }>(admin, ADMIN_COMMAND_CODE_PATHS.list)).body.data.list;
    expect(list.map((c) => c.code)).toEqual(expect.arrayContaining(['AUDIT-ME', DEV_COMMAND_ITEM_CODE]));
    expect(list.find((c) => c.code === DEV_COMMAND_ITEM_CODE)?.item_name).toBeTruthy();
    await as(admin, ADMIN_COMMAND_CODE_PATHS.disable, { id: made.body.data.id, reason: 'done' });
    // Disabled twice: the second changes nothing and records nothing.
    const twice = await as<AdminCommandCode>(admin, ADMIN_COMMAND_CODE_PATHS.disable, { id: made.body.data.id });
    expect(twice.body.data).toMatchObject({ enabled: false });
    expect((await as(admin, ADMIN_COMMAND_CODE_PATHS.disable, { id: 999_999 })).body.code).toBe(
      ERRORS.COMMAND_CODE_NOT_FOUND.code,
    );
    expect((await as(admin, ADMIN_COMMAND_CODE_PATHS.enable, { id: 999_999 })).body.code).toBe(
      ERRORS.COMMAND_CODE_NOT_FOUND.code,
    );
    await as(admin, ADMIN_COMMAND_CODE_PATHS.enable, { id: made.body.data.id, reason: 'back' });
    const rows = await audit();
    expect(rows.map((r) => [r.action, r.target, r.admin_id, r.reason])).toEqual([
      ['command_code.enable', `command_code:${made.body.data.id}`, admin.userId, 'back'],
      ['command_code.disable', `command_code:${made.body.data.id}`, admin.userId, 'done'],
      ['command_code.create', `command_code:${made.body.data.id}`, admin.userId, 'group event'],
    ]);
  });
});
