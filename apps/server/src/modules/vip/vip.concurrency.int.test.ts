import { ERRORS } from '@kaixiang/shared/errors';
import { COMMAND_PATHS, VIP_PATHS } from '@kaixiang/shared/vip';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asUser, registerUser } from '../../../test/support/accounts.ts';
import { expectLedgerBalanced } from '../../../test/support/money.ts';
import { startTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { commandClaims, vipClaims } from '../../db/schema/vip.ts';
import { AppError } from '../../http/app-error.ts';
import { balancesOf, createLedger } from '../ledger/ledger.ts';
import { createVipService } from './vip.service.ts';
import { recharge, Y } from './vip.test-support.ts';

/** Races on the real PostgreSQL (PGlite runs one statement at a time and would prove nothing). */
describe.skipIf(!process.env.TEST_DATABASE_URL)('VIP and command claims at once on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { DB_POOL_MAX: '20', LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.close());
  afterEach(() => expectLedgerBalanced(t));

  it('a VIP claim sent 20 times at once pays each level once', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 3000 * Y); // V4: 2 + 8 + 15 + 38 CNY
    const results = await Promise.all(
      Array.from({ length: 20 }, () => asUser(t, u.tokens.access_token, 'POST', VIP_PATHS.award, {})),
    );
    const codes = results.map((r) => r.body.code);
    const paid = results.flatMap((r) => (r.body.code === 200 ? (r.body.data as { levels: number[] }).levels : []));
    // Whoever got there first paid; the rest found the levels taken (or paid what was left).
    expect(paid.sort()).toEqual([1, 2, 3, 4]);
    expect(codes.filter((c) => c !== 200 && c !== ERRORS.VIP_NOTHING_TO_CLAIM.code)).toEqual([]);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe((3000 + 63) * Y);
    expect(await t.rt.database.db.select().from(vipClaims).where(eq(vipClaims.userId, u.userId))).toHaveLength(4);
  });

  it('the month’s red packet sent 20 times at once pays once', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 500 * Y); // V2: red packet 3 CNY
    const results = await Promise.all(
      Array.from({ length: 20 }, () => asUser(t, u.tokens.access_token, 'POST', VIP_PATHS.redPacket, {})),
    );
    const codes = results.map((r) => r.body.code).sort();
    expect(codes).toEqual([200, ...Array(19).fill(ERRORS.VIP_RED_PACKET_CLAIMED.code)]);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(503 * Y);
  });

  it('a command claim sent 20 times at once pays once (the lock answers the rest)', async () => {
    const u = await registerUser(t);
    await recharge(t, u.userId, 100 * Y);
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        asUser(t, u.tokens.access_token, 'POST', COMMAND_PATHS.reward, { key: 'KX-DAY-100' }),
      ),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === ERRORS.COMMAND_TOO_FREQUENT.code)).toHaveLength(19);
    expect((await balancesOf(t.rt.database.db, u.userId)).coin).toBe(101 * Y);
  });

  it('without the lock, 20 command claims at once still pay once (the claim row decides)', async () => {
    const db = t.rt.database.db;
    const clock = t.rt.clock;
    const vip = createVipService({
      db,
      clock,
      commandLockMs: 0,
      ledger: createLedger({ db, bus: t.rt.bus, clock, transaction: t.rt.transaction }),
    });
    const u = await registerUser(t);
    await recharge(t, u.userId, 1000 * Y);
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () => vip.commandReward(u.userId, 'KX-WEEK-1000')),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason] : []));
    expect(refused.every((e) => e instanceof AppError && e.key === 'COMMAND_ALREADY_CLAIMED')).toBe(true);
    expect((await balancesOf(db, u.userId)).coin).toBe(1015 * Y);
    expect(await db.select().from(commandClaims).where(eq(commandClaims.userId, u.userId))).toHaveLength(1);
  });
});
