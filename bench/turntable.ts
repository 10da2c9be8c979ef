/**
 * The turntable on PostgreSQL (issue 12). One round, BENCH_PLAYERS (2,000) players placing
 * BENCH_BETS (10,000) bets, BENCH_CLIENTS (8) at a time, while BENCH_SOCKETS (1,000) sockets watch
 * the hall (joined to `roulette:hall`, counting the totals frames they receive). Printed:
 *
 * - bet intake: bets/s and latency p50/p99, beside a baseline in the same run: the same number of
 *   bare ledger transfers (one kx_post_transfer each, in its own transaction: the floor of any money
 *   operation), same concurrency. In BENCH_ROUNDS (5) rounds of a slice of transfers then a slice
 *   of bets; the figure is the median of the rounds' ratios;
 * - settlement: the tick that closes the round and settles it (every stake read, the jackpot
 *   locked, one credit transfer per reason, stakes updated), beside a baseline: one bare transfer
 *   with a leg per winner. Target: ≤ 1 s. The public beacon answers at once here, so the figure is
 *   the transactions' own;
 * - how many totals frames each socket received: aggregated per BET_FRAME_MS, not one per bet.
 *
 * The app runs in this process on a fresh database `kx_bench_turntable_<ts>` of the server named by
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), dropped at the end.
 */
import { TURNTABLE_AREAS } from '@kaixiang/game/turntable';
import { TURNTABLE_EVENTS, TURNTABLE_HALL_ROOM } from '@kaixiang/shared/turntable';
import { WebSocket } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
// The app's `games` decoration (its type comes with the module).
import type {} from '../apps/server/src/modules/games/games.module.ts';
import { postTransfer } from '../apps/server/src/modules/ledger/ledger.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';
import { admin, dbUrl } from './support/pg-admin.ts';
import { quantiles } from './support/quantiles.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 2_000);
const BETS = Number(process.env.BENCH_BETS ?? 10_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 1_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 5));
const DB = `kx_bench_turntable_${Date.now()}`;
const STAKE = 10_000;

try {
  await admin('select 1');
} catch {
  console.log('turntable: skipped, no PostgreSQL answers (DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
await admin(`create database ${DB}`);

interface Run {
  latencies: number[];
  seconds: number;
}

/** Runs `jobs` CLIENTS at a time; answers each job's latency (ms) and the wall time. */
async function drive(jobs: number, run: (i: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      for (let i = next++; i < jobs; i = next++) {
        const s = performance.now();
        await run(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return { latencies, seconds: (performance.now() - t0) / 1000 };
}

try {
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    DATABASE_URL: dbUrl(DB),
    DB_POOL_MAX: '10',
    // Long enough for every bet; the bench closes the round itself.
    TURNTABLE_BET_MS: '120000',
  });
  const rt = await createRuntime(config);
  const app = await buildApp(rt);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  const { turntable, beacon, engine } = app.games;
  const db = rt.database.db;

  // Watchers.
  let frames = 0;
  const sockets: WebSocket[] = [];
  for (let i = 0; i < SOCKETS; i++) {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/connect`);
    await new Promise((res, rej) => {
      ws.once('open', res);
      ws.once('error', rej);
    });
    ws.on('message', (raw) => {
      if (String(raw).includes(`"type":"${TURNTABLE_EVENTS.bet}"`)) frames++;
    });
    ws.send(JSON.stringify({ type: 'JOIN', data: { room: TURNTABLE_HALL_ROOM } }));
    sockets.push(ws);
  }

  const players = await db
    .insert(users)
    .values(Array.from({ length: PLAYERS }, (_, i) => ({ nickName: `tt-${i}` })))
    .returning({ id: users.id });
  const perPlayer = Math.ceil(BETS / PLAYERS);
  for (const p of players) {
    await app.inject({
      method: 'POST',
      url: '/dev/test/credit',
      payload: { user_id: p.id, amount: STAKE * perPlayer * 2 },
    });
  }
  await turntable.ensure();
  console.log(
    `turntable: ${BETS} bets by ${PLAYERS} players, ${CLIENTS} at a time, ${SOCKETS} sockets watching, on PostgreSQL (${DB})`,
  );

  // The bets go in ROUNDS slices, each right after a slice of as many bare transfers (the same
  // concurrency): the machine's load drifts within a run, and a ratio taken against its own
  // round's baseline does not land on one side of a drift (as bench/box-open.ts does).
  const transfer = async (i: number) => {
    const userId = players[i % PLAYERS]?.id as number;
    await rt.transaction((tx) =>
      postTransfer(
        tx,
        {
          kind: 'bench',
          key: `bench:${i}`,
          currency: 'coin',
          legs: [
            { account: { userId }, amount: -1 },
            { account: { house: 'test_faucet' }, amount: 1 },
          ],
        },
        new Date(),
      ),
    );
  };
  const placeBet = async (i: number) => {
    const userId = players[i % PLAYERS]?.id as number;
    await turntable.bet(userId, { bets: [{ area: (i * 7) % TURNTABLE_AREAS, amount: STAKE }] });
  };
  const rounds: { base: Run; intake: Run }[] = [];
  const batchStats = async () => {
    const values = (await rt.metrics.betBatches.get()).values;
    const of = (name: string) => values.find((v) => v.metricName === name)?.value ?? 0;
    return { statements: of('kx_turntable_bet_batch_size_count'), bets: of('kx_turntable_bet_batch_size_sum') };
  };
  const batchesBefore = await batchStats();
  const framesBefore = frames;
  let intakeSeconds = 0;
  for (let r = 0; r < ROUNDS; r++) {
    const from = Math.floor((BETS * r) / ROUNDS);
    const count = Math.floor((BETS * (r + 1)) / ROUNDS) - from;
    const base = await drive(count, (i) => transfer(from + i));
    const intake = await drive(count, (i) => placeBet(from + i));
    intakeSeconds += intake.seconds;
    rounds.push({ base, intake });
  }
  const batchesAfter = await batchStats();
  await turntable.flush();
  await new Promise((r) => setTimeout(r, 300));
  const framesPerSocket = (frames - framesBefore) / SOCKETS;
  const framesPerSecond = framesPerSocket / intakeSeconds;

  // Settlement: the beacon answers at once; the clock is past the close.
  const round = await engine.load<{ betsCloseAtMs: number }>('turntable', (await turntable.roomInfo(null)).round_id);
  if (!round) throw new Error('no round');
  beacon.valueAfter = async (at) => ({ round: Math.floor(at / 1000) + 1, value: 'ab'.repeat(32) });
  const realNow = rt.clock.now;
  rt.clock.now = () => realNow() + 121_000;
  const s0 = performance.now();
  await turntable.tick(round.id);
  const settleMs = performance.now() - s0;
  rt.clock.now = realNow;
  const after = await turntable.roomInfo(null);
  // Baseline: one transfer with a leg per winner.
  const winnerIds = (
    (await db.execute(
      `select user_id from turntable_stakes where room_id = ${round.id} and won_units > 0`,
    )) as unknown as { rows: { user_id: number }[] }
  ).rows.map((r) => r.user_id);
  const b0 = performance.now();
  if (winnerIds.length > 0) {
    await rt.transaction((tx) =>
      postTransfer(
        tx,
        {
          kind: 'bench',
          key: 'bench:legs',
          currency: 'coin',
          legs: [
            ...winnerIds.map((userId) => ({ account: { userId }, amount: 1 })),
            { account: { house: 'test_faucet' }, amount: -winnerIds.length },
          ],
        },
        new Date(),
      ),
    );
  }
  const baseSettleMs = performance.now() - b0;

  for (const ws of sockets) ws.terminate();
  await app.close();
  const report = await checkLedger(db);
  await rt.close();

  const row = (label: string, perS: string, p50: string, p99: string) =>
    console.log(`${label.padEnd(44)}${perS.padStart(9)}${p50.padStart(9)}${p99.padStart(9)}`);
  const figures = (run: Run) => {
    const q = quantiles(run.latencies);
    return { perS: run.latencies.length / run.seconds, p50: q.p50, p99: q.p99 };
  };
  const median = (xs: number[]) => {
    const sorted = [...xs].sort((a, b) => a - b);
    const mid = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
  };
  row('', 'per s', 'p50 ms', 'p99 ms');
  const ratios: number[] = [];
  for (const [i, r] of rounds.entries()) {
    const bet = figures(r.intake);
    const base = figures(r.base);
    ratios.push(bet.perS / base.perS);
    row(`round ${i + 1}: bet intake`, bet.perS.toFixed(0), bet.p50.toFixed(1), bet.p99.toFixed(1));
    row(`         bare ledger transfers`, base.perS.toFixed(0), base.p50.toFixed(1), base.p99.toFixed(1));
  }
  const all = (which: 'base' | 'intake') =>
    figures({
      latencies: rounds.flatMap((r) => r[which].latencies),
      seconds: rounds.reduce((sum, r) => sum + r[which].seconds, 0),
    });
  const bet = all('intake');
  const base = all('base');
  row('all rounds: bet intake', bet.perS.toFixed(0), bet.p50.toFixed(1), bet.p99.toFixed(1));
  row('            bare ledger transfers', base.perS.toFixed(0), base.p50.toFixed(1), base.p99.toFixed(1));
  console.log(
    `bet intake against bare transfers: ${median(ratios).toFixed(2)}× (median of ${ROUNDS} rounds; rounds ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)})`,
  );
  const statements = batchesAfter.statements - batchesBefore.statements;
  console.log(
    `statements sent for ${batchesAfter.bets - batchesBefore.bets} bets: ${statements} (${(statements ? (batchesAfter.bets - batchesBefore.bets) / statements : 0).toFixed(2)} bets per statement, group commit)`,
  );
  console.log(
    `settlement (close + draw + settle) of ${BETS} bets by ${PLAYERS} players: ${settleMs.toFixed(0)} ms (target ≤ 1000); baseline, one transfer with a leg per winner (${winnerIds.length}): ${baseSettleMs.toFixed(0)} ms`,
  );
  console.log(
    `round ${round.id}: phase ${after.phase}, out ${after.result?.out_icon} inner ${after.result?.inner_icon}; totals frames per socket during intake: ${framesPerSocket.toFixed(1)} (${framesPerSecond.toFixed(1)}/s)`,
  );
  console.log(
    `ledger check: ${report.transfers} transfers, ${report.entries} entries: ${report.problems.length ? report.problems.slice(0, 3).join('; ') : 'balanced ✓'}`,
  );
} finally {
  await admin(`drop database if exists ${DB} with (force)`);
}
