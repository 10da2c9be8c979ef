/**
 * What player protection costs a stake (issue 24 §2), on PostgreSQL. The ledger checks a stake
 * itself, for guarded accounts only (db/functions/protection.sql): this measures one debit
 * statement (kx_post_debit, as a box opening posts it) in three cases, in the same run, each by
 * BENCH_CLIENTS (8) players at once, BENCH_OPS (4,000) debits per case:
 *
 *   baseline   a debit of a kind protection ignores (mall_buy): the bare ledger transfer;
 *   unguarded  a stake (box_open) by players who set nothing: today's cost for almost everyone;
 *   guarded    a stake by players with all three loss limits and a reality check set: the check
 *              reads the protection row and the period's usage, and writes both.
 *
 * Printed, twice over (interleaved): debits per second and latency p50/p99 of each, and the ledger check. The app's
 * database is a fresh one on the server of TEST_DATABASE_URL (default 127.0.0.1:5432/test).
 */
import { randomUUID } from 'node:crypto';
import { PROTECTION_API } from '@kaixiang/shared/protection';
import { sql } from 'drizzle-orm';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { registerUser, type TestUser } from '../apps/server/test/support/accounts.ts';
import { credit } from '../apps/server/test/support/money.ts';
import { startTestApp } from '../apps/server/test/support/test-app.ts';
import { admin } from './support/pg-admin.ts';
import { quantiles } from './support/quantiles.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const OPS = Number(process.env.BENCH_OPS ?? 4_000);
const STAKE = 100; // 0.01 yuan: no limit is ever reached, every debit goes through the whole check.

try {
  await admin('select 1');
} catch {
  console.log('protection: skipped, no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const t = await startTestApp({ env: { LOG_LEVEL: 'silent' } });
try {
  const db = t.rt.database.db;
  async function players(guarded: boolean): Promise<TestUser[]> {
    const list: TestUser[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const u = await registerUser(t);
      await credit(t, u.userId, 1_000_000_000);
      if (guarded) {
        const auth = { authorization: `Bearer ${u.tokens.access_token}` };
        const limit = 1_000_000_000;
        await t.api('POST', PROTECTION_API.limits, {
          headers: auth,
          body: { limits: { loss_day: limit, loss_week: limit, loss_month: limit } },
        });
        await t.api('POST', PROTECTION_API.realityCheck, { headers: auth, body: { minutes: 120 } });
      }
      list.push(u);
    }
    return list;
  }
  const plain = await players(false);
  const guarded = await players(true);

  async function drive(who: TestUser[], kind: string) {
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      who.map(async (u) => {
        while (next++ < OPS) {
          const s = performance.now();
          await db.execute(
            sql`select kx_post_debit(${kind}, ${`bench:${randomUUID()}`}, 'coin', '', now(), ${u.userId}, 'box_revenue', ${STAKE})`,
          );
          latencies.push(performance.now() - s);
        }
      }),
    );
    return { latencies, seconds: (performance.now() - t0) / 1000 };
  }
  const print = (name: string, r: { latencies: number[]; seconds: number }) => {
    const q = quantiles(r.latencies);
    console.log(
      `${name.padEnd(10)} ${(OPS / r.seconds).toFixed(0).padStart(6)} debits/s   p50 ${q.p50.toFixed(2)} ms   p99 ${q.p99.toFixed(2)} ms`,
    );
  };
  // Warm-up of each path, then the three measured in turn.
  await drive(plain, 'mall_buy');
  await drive(guarded, 'box_open');
  console.log(`protection: ${CLIENTS} clients, ${OPS} debits per case, one statement each`);
  // Twice over, interleaved: a drift of the machine shows as a difference between the rounds.
  for (const round of [1, 2]) {
    console.log(`round ${round}`);
    print('baseline', await drive(plain, 'mall_buy'));
    print('unguarded', await drive(plain, 'box_open'));
    print('guarded', await drive(guarded, 'box_open'));
  }
  const report = await checkLedger(db);
  console.log(
    `ledger: ${report.transfers} transfers, ${report.problems.length === 0 ? 'balanced' : report.problems.join('; ')}`,
  );
} finally {
  await t.close();
}
