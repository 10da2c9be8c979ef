/**
 * Many battles at once on PostgreSQL (issue 11): BENCH_BATTLES (500) battles of 4 seats (a player
 * and three robots) and BENCH_ROUNDS (5) boxes, normal speed (a round every 5 s), all filled within
 * a second or two, so their rounds tick together. Printed: how late each tick (beacon fix, round
 * reveal, settlement) started against its deadline, p50/p99/max, and how long the transitions
 * took, the settlement's separately; beside it a baseline measured in the same run: bare
 * `setTimeout`s on the very same deadlines in this process, doing nothing. Then the ledger check.
 *
 * The app runs in this process (the engine, its timers on a scheduler that leads, the local
 * beacon), on a fresh database `kx_bench_battles_<ts>` of the server named by DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/test), dropped at the end. Target (GAMES.md §2):
 * p99 lateness ≤ 50 ms.
 */
import { BATTLE_GAME } from '@kaixiang/game/battle';
import { and, count, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { gameRooms } from '../apps/server/src/db/schema/games.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { createScheduler } from '../apps/server/src/infra/scheduler.ts';
// The app's `games` decoration (its type comes with the module).
import type {} from '../apps/server/src/modules/games/games.module.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';
import { admin, dbUrl } from './support/pg-admin.ts';
import { quantiles } from './support/quantiles.ts';
import { sleep } from './support/time.ts';

const BATTLES = Number(process.env.BENCH_BATTLES ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const DB = `kx_bench_battles_${Date.now()}`;

try {
  await admin('select 1');
} catch {
  console.log('battles: skipped, no PostgreSQL answers (DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
await admin(`create database ${DB}`);

const row = (label: string, v: ReturnType<typeof quantiles>, note = '') =>
  console.log(
    `${label.padEnd(44)}${String(v.n).padStart(7)}${v.p50.toFixed(1).padStart(9)}${v.p99.toFixed(1).padStart(9)}${v.max
      .toFixed(1)
      .padStart(9)}  ${note}`,
  );

try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: dbUrl(DB),
    DB_POOL_MAX: '10',
  });
  const rt = await createRuntime(config);
  const app = await buildApp(rt);
  await app.ready();
  const quiet = { info: () => {}, warn: () => {}, error: () => {} };
  const scheduler = createScheduler({ database: rt.database, pollMs: 200, clock: rt.clock, log: quiet });
  app.games.timers.attach(scheduler);
  scheduler.start();
  for (let i = 0; i < 50 && !scheduler.isLeader(); i++) await sleep(50);

  // What every tick's deadline was and how late it came; the settlements apart.
  const lateness: number[] = [];
  const took: number[] = [];
  const deadlines: number[] = [];
  // Each room's last tick is its settlement.
  const lastTook = new Map<number, number>();
  app.games.timers.observe((tick) => {
    lateness.push(tick.lateMs);
    took.push(tick.tookMs);
    deadlines.push(rt.clock.now() - tick.lateMs);
    lastTook.set(tick.roomId, tick.tookMs);
  });

  const rule = await app.games.battles.createRule('zh-CN');
  const cheapest = rule.boxs.reduce((a, b) => (b.price < a.price ? b : a));

  const players = await rt.database.db
    .insert(users)
    .values(Array.from({ length: BATTLES }, (_, i) => ({ nickName: `bench-${i}` })))
    .returning({ id: users.id });
  for (const p of players) {
    await app.inject({
      method: 'POST',
      url: '/dev/test/credit',
      payload: { user_id: p.id, amount: cheapest.price * ROUNDS },
    });
  }
  console.log(
    `battles: ${BATTLES} battles × 4 seats × ${ROUNDS} rounds on PostgreSQL (${DB}), box ¥${(cheapest.price / 10_000).toFixed(2)}`,
  );
  const made: number[] = [];
  const t0 = performance.now();
  await Promise.all(
    players.map(async (p) => {
      const { room_id } = await app.games.battles.create(
        p.id,
        { box_ids: Array(ROUNDS).fill(cheapest.box_id), user_num: 4, game_mode: 1, rule: 1 },
        'zh-CN',
      );
      for (let s = 0; s < 3; s++) await app.games.battles.addRobot(p.id, room_id, undefined);
      made.push(room_id);
    }),
  );
  console.log(`created and filled in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  // Wait for every battle to end (rounds 5 s each), then read the settlement ticks' durations.
  const deadline = Date.now() + 60_000 + ROUNDS * 5_000 * 2;
  let ended = 0;
  while (Date.now() < deadline) {
    // One small query: loading every room (its odds tables included) each second would be the
    // bench's own load on the event loop it measures.
    const [counted] = await rt.database.db
      .select({ n: count() })
      .from(gameRooms)
      .where(and(eq(gameRooms.game, BATTLE_GAME), eq(gameRooms.state, 'ended'), inArray(gameRooms.id, made)));
    ended = counted?.n ?? 0;
    if (ended === made.length) break;
    await sleep(1_000);
  }
  const settleTook = [...lastTook.values()];
  await scheduler.stop();
  await app.close();
  const report = await checkLedger(rt.database.db);
  await rt.close();

  // Baseline: bare timers on the same deadlines, relative to now, doing nothing.
  const first = Math.min(...deadlines);
  const base: number[] = [];
  const start = Date.now() + 100;
  await Promise.all(
    deadlines.map(
      (d) =>
        new Promise<void>((resolve) => {
          const due = start + (d - first);
          setTimeout(
            () => {
              base.push(Date.now() - due);
              resolve();
            },
            Math.max(0, due - Date.now()),
          );
        }),
    ),
  );

  console.log(`${'ms'.padEnd(44)}${'n'.padStart(7)}${'p50'.padStart(9)}${'p99'.padStart(9)}${'max'.padStart(9)}`);
  row('tick lateness (beacon, reveals, settlement)', quantiles(lateness), '(target p99 ≤ 50)');
  row('baseline: bare setTimeout, same deadlines', quantiles(base));
  row('tick duration (transaction, beacon wait incl.)', quantiles(took));
  row('settlement duration', quantiles(settleTook));
  console.log(`${ended}/${made.length} battles ended`);
  if (process.env.BENCH_DEBUG) {
    const bySecond = new Map<number, number[]>();
    deadlines.forEach((d, i) => {
      const sec = Math.floor((d - first) / 1000);
      bySecond.set(sec, [...(bySecond.get(sec) ?? []), lateness[i] ?? 0]);
    });
    for (const [sec, l] of [...bySecond].sort((a, b) => a[0] - b[0])) {
      const q = quantiles(l);
      console.log(
        `  second ${sec}: ${q.n} ticks, p50 ${q.p50.toFixed(0)} p99 ${q.p99.toFixed(0)} max ${q.max.toFixed(0)}`,
      );
    }
  }
  console.log(
    `ledger check: ${report.transfers} transfers, ${report.entries} entries: ${report.problems.length ? report.problems.slice(0, 3).join('; ') : 'balanced ✓'}`,
  );
} finally {
  await admin(`drop database if exists ${DB} with (force)`);
}
