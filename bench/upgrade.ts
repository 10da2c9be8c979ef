/**
 * Upgrades per second on PostgreSQL (issue 13), beside box openings in the same run: the same
 * app, the same BENCH_CLIENTS (8) players each on their own seed pair, BENCH_OPS (2,000) signed
 * requests each through the whole HTTP stack (app.inject: signature, login, validation, the
 * service, the SQL). An opening is kx_open_box; an upgrade (balance stake, ~28 % chance on the
 * cheapest reachable target) is kx_upgrade — both one statement. Printed: per second and latency
 * p50/p99 of each, and the ledger check.
 *
 * The app runs in this process on a fresh database of the server named by TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped at the end.
 */
import { randomUUID } from 'node:crypto';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { UPGRADE_PATHS, type UpgradeListResponse } from '@kaixiang/shared/upgrade';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { registerUser, type TestUser } from '../apps/server/test/support/accounts.ts';
import { credit } from '../apps/server/test/support/money.ts';
import { startTestApp } from '../apps/server/test/support/test-app.ts';
import { admin } from './support/pg-admin.ts';
import { quantiles } from './support/quantiles.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const OPS = Number(process.env.BENCH_OPS ?? 2_000);

try {
  await admin('select 1');
} catch {
  console.log('upgrade: skipped, no PostgreSQL answers (TEST_DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
process.env.TEST_DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/test';

const t = await startTestApp({ env: { LOG_LEVEL: 'silent' } });
try {
  const players: TestUser[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const u = await registerUser(t);
    await credit(t, u.userId, 1_000_000_000);
    players.push(u);
  }
  const as = (u: TestUser) => ({ authorization: `Bearer ${u.tokens.access_token}` });

  const boxes = (await t.api<BoxListResponse>('GET', BOX_PATHS.list)).body.data.categories.flatMap((c) => c.boxes);
  const box = boxes.reduce((a, b) => (b.price < a.price ? b : a));
  const targets = (
    await t.api<UpgradeListResponse>('POST', UPGRADE_PATHS.list, {
      body: { page: 1, page_size: 100, sort: 'price_asc', min_price: 100_000 },
    })
  ).body.data.list;
  const target = targets[0];
  if (!target) throw new Error('no upgrade target');
  // About 30 % of the target's price, in whole fen: a chance near 28 %.
  const stake = Math.floor((target.price * 0.3) / 100) * 100;

  /** Runs `ops` requests, CLIENTS at a time (client i is player i); latencies and wall time. */
  async function drive(ops: number, one: (u: TestUser) => Promise<{ body: { code: number } }>) {
    const latencies: number[] = [];
    let next = 0;
    let failed = 0;
    const t0 = performance.now();
    await Promise.all(
      players.map(async (u) => {
        while (next++ < ops) {
          const s = performance.now();
          const res = await one(u);
          latencies.push(performance.now() - s);
          if (res.body.code !== 200) failed++;
        }
      }),
    );
    return { latencies, seconds: (performance.now() - t0) / 1000, failed };
  }
  const open = (u: TestUser) =>
    t.api('POST', BOX_PATHS.open, {
      headers: as(u),
      body: { box_id: box.box_id, count: 1, request_id: randomUUID() },
    });
  const upgrade = (u: TestUser) =>
    t.api('POST', UPGRADE_PATHS.upgrade, {
      headers: as(u),
      body: { upgrade_item_id: target.upgrade_item_id, item_ids: [], balance: stake, request_id: randomUUID() },
    });

  await drive(200, open); // warm both paths
  await drive(200, upgrade);
  const opened = await drive(OPS, open);
  const upgraded = await drive(OPS, upgrade);
  const report = await checkLedger(t.rt.database.db);

  console.log(
    `upgrade: ${OPS} each, ${CLIENTS} players at a time, through app.inject on PostgreSQL; target ¥${(target.price / 10_000).toFixed(2)}, stake ¥${(stake / 10_000).toFixed(2)}`,
  );
  console.log(
    `${''.padEnd(32)}${'per s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'refused'.padStart(9)}`,
  );
  for (const [label, r] of [
    ['upgrades (kx_upgrade)', upgraded],
    ['box openings (kx_open_box)', opened],
  ] as const) {
    const q = quantiles(r.latencies);
    console.log(
      `${label.padEnd(32)}${(OPS / r.seconds).toFixed(0).padStart(9)}${q.p50.toFixed(1).padStart(9)}${q.p99.toFixed(1).padStart(9)}${String(r.failed).padStart(9)}`,
    );
  }
  console.log(
    `ledger check: ${report.transfers} transfers, ${report.entries} entries: ${report.problems.length ? report.problems.slice(0, 3).join('; ') : 'balanced ✓'}`,
  );
} finally {
  await t.close();
}
