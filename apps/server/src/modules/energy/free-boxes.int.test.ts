import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts';
import {
  ADMIN_FREE_BOX_PATHS,
  FREE_BOX_PATHS,
  type FreeBoxesResponse,
  type FreeBoxOpenResponse,
} from '@kaixiang/shared/energy';
import { ERRORS } from '@kaixiang/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerUser, setRole, type TestUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { fakeClock, startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { boxes } from '../../db/schema/boxes.ts';
import { users } from '../../db/schema/users.ts';
import { balancesOf, postTransfer } from '../ledger/ledger.ts';

const LINK = 'https://steamcommunity.com/tradeoffer/new/?partner=123456789&token=AbCd_123';

/** The free boxes: a house-funded opening of the named box, once per player (and per ID for the first charge). */
describe('free boxes: first charge and trade link', () => {
  const clock = fakeClock();
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ clock, env: { BOX_TICKER_DELAY_MS: '0' } });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  const as = <T>(u: TestUser, path: string, body?: unknown) =>
    t.api<T>(body === undefined ? 'GET' : 'POST', path, {
      headers: bearer(u.tokens.access_token),
      ...(body === undefined ? {} : { body }),
    });
  const entry = async (u: TestUser, kind: string) =>
    (await as<FreeBoxesResponse>(u, FREE_BOX_PATHS.info)).body.data.list.find((b) => b.kind === kind);
  const state = async (u: TestUser, kind: string) => (await entry(u, kind))?.state;
  const db = () => t.rt.database.db;
  const recharge = (userId: number, amount: number) =>
    postTransfer(
      db(),
      {
        kind: 'recharge',
        key: `test-recharge:${userId}:${amount}`,
        currency: 'coin',
        legs: [
          { account: { userId }, amount },
          { account: { house: 'payments_in' }, amount: -amount },
        ],
      },
      new Date(clock.now()),
    );
  const coins = async (u: TestUser) => (await balancesOf(db(), u.userId)).coin;

  it('trade link: refused before binding, then one free opening paid by the house, once', async () => {
    const u = await registerUser(t);
    expect(await state(u, 'trade_link')).toBe('not_eligible');
    expect((await as(u, FREE_BOX_PATHS.open, { kind: 'trade_link' })).body.code).toBe(
      ERRORS.FREE_BOX_NOT_ELIGIBLE.code,
    );
    // Binding the link pays no coins; it makes the box claimable.
    const before = await coins(u);
    expect((await as(u, ACCOUNT_PATHS.steamLink, { steam_link: LINK })).body.data).toEqual({ reward_price: 0 });
    expect(await coins(u)).toBe(before);
    expect(await state(u, 'trade_link')).toBe('claimable');
    const res = await as<FreeBoxOpenResponse>(u, FREE_BOX_PATHS.open, { kind: 'trade_link' });
    expect(res.body.code).toBe(200);
    expect(res.body.data).toMatchObject({ kind: 'trade_link', free: true });
    expect(res.body.data.items).toHaveLength(1);
    // Funded and debited in one transaction: the balance is as before.
    expect(await coins(u)).toBe(before);
    const box = await entry(u, 'trade_link');
    expect(box).toMatchObject({ state: 'claimed', opening_id: res.body.data.opening_id });
    // Binding again (a changed link) unlocks nothing more.
    await as(u, ACCOUNT_PATHS.steamLink, { steam_link: LINK.replace('AbCd', 'XyZw') });
    expect(await state(u, 'trade_link')).toBe('claimed');
    expect((await as(u, FREE_BOX_PATHS.open, { kind: 'trade_link' })).body.code).toBe(ERRORS.FREE_BOX_USED.code);
  });

  it('first charge: needs a recharge and a verified ID; once per player and once per ID', async () => {
    const [a, b] = [await registerUser(t), await registerUser(t)];
    expect(await state(a, 'first_charge')).toBe('not_eligible');
    await recharge(a.userId, 100_000);
    expect((await as(a, FREE_BOX_PATHS.open, { kind: 'first_charge' })).body.code).toBe(
      ERRORS.FREE_BOX_NEEDS_IDENTITY.code,
    );
    for (const u of [a, b]) await db().update(users).set({ idNumberHash: 'same-id' }).where(eq(users.id, u.userId));
    const first = await as<FreeBoxOpenResponse>(a, FREE_BOX_PATHS.open, { kind: 'first_charge' });
    expect(first.body.code).toBe(200);
    expect((await as(a, FREE_BOX_PATHS.open, { kind: 'first_charge' })).body.code).toBe(ERRORS.FREE_BOX_USED.code);
    await recharge(b.userId, 100_000);
    const other = await as(b, FREE_BOX_PATHS.open, { kind: 'first_charge' });
    expect(other.body.code).toBe(ERRORS.FREE_BOX_ID_USED.code);
  });

  it('admin: players refused; a box not on sale refused; switching off refuses openings; audited', async () => {
    const [admin, p] = [await registerUser(t), await registerUser(t)];
    await setRole(t, admin, 'admin');
    expect((await as(p, ADMIN_FREE_BOX_PATHS.list)).status).toBe(403);
    expect((await as(admin, ADMIN_FREE_BOX_PATHS.update, { kind: 'trade_link', box_id: 999_999 })).body.code).toBe(
      ERRORS.FREE_BOX_BOX_INVALID.code,
    );
    const off = await as<{ list: { kind: string; enabled: boolean }[] }>(admin, ADMIN_FREE_BOX_PATHS.update, {
      kind: 'trade_link',
      enabled: false,
      reason: '暂停',
    });
    expect(off.body.data.list.find((b) => b.kind === 'trade_link')?.enabled).toBe(false);
    await db()
      .update(users)
      .set({ steamLinkBoundAt: new Date(clock.now()) })
      .where(eq(users.id, p.userId));
    expect((await as(p, FREE_BOX_PATHS.open, { kind: 'trade_link' })).body.code).toBe(ERRORS.FREE_BOX_OFF.code);

    // The console reads box names in its own language.
    const named = async (lang: string) =>
      (
        await t.api<{ list: { kind: string; box_id: number; box_name: string }[] }>('GET', ADMIN_FREE_BOX_PATHS.list, {
          headers: bearer(admin.tokens.access_token),
          lang,
        })
      ).body.data.list.find((b) => b.kind === 'trade_link');
    const zh = await named('zh-CN');
    const en = await named('en-US');
    const [box] = await db()
      .select()
      .from(boxes)
      .where(eq(boxes.id, zh?.box_id ?? 0));
    expect(zh?.box_name).toBe(box?.nameZhCn);
    expect(en?.box_name).toBe(box?.nameEn);
    expect(en?.box_name).not.toBe(zh?.box_name);
  });
});
