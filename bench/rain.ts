/**
 * The red-packet rain's busiest second (issue 21): BENCH_PLAYERS (5,000) players grab in the same
 * second on two server processes (`apps/server/src/main.ts`, as a deployment runs them) against
 * PostgreSQL + Redis. In BENCH_ROUNDS (3) rains, each right after a baseline slice of as many bare
 * ledger transfers (one kx_post_transfer in its own transaction, BEGIN … COMMIT: the floor of any
 * money operation) from BENCH_DB_CLIENTS (40: both processes' database pools) connections.
 *
 * A rain: the rounds come from a schedule the bench sets (a window every BENCH_EVERY_S s, 30 s
 * long), planned, opened and closed by the servers' own scheduler leader. Every player's grab is
 * signed ahead (a browser signs on its own machine) on the player's own keep-alive connection,
 * and the clicks come spread evenly over BENCH_SPREAD_MS (1,000) from the moment the info call
 * says the round runs, half to each process. Printed per rain: grabs acknowledged per second
 * (from the first click to the last answer) and each grab's acknowledgement time (click →
 * answer, queueing included) p50/p99; beside the transfers' own; the ratio is the median over the
 * rounds (the machine's load drifts within a run). Beside both, the same players' signed,
 * authenticated read of their record with the same arrivals: what any request costs here.
 *
 * After it: every round's credits sum exactly to the packets handed out, no player holds two
 * packets of a round, every acknowledged grab is recorded as acknowledged, the ledger balances.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server (a fresh
 * database kx_bench_rain_<ts>, dropped at the end); REDIS_URL (default redis://127.0.0.1:6379).
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { RAIN_PATHS, type RainInfo, type RainRoundDetail } from '@kaixiang/shared/rain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config.ts';
import { rainSchedules } from '../apps/server/src/db/schema/rain.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';
import { signedInPlayers } from '../apps/server/test/support/players.ts';
import { keepAliveClient } from './support/load.ts';
import { admin, dbUrl } from './support/pg-admin.ts';
import { quantiles } from './support/quantiles.ts';
import { newServer, redisAnswers, type ServerEnv, startServer, stopServer, waitReady } from './support/servers.ts';
import { log, sleep } from './support/time.ts';

const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 5_000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SPREAD_MS = Number(process.env.BENCH_SPREAD_MS ?? 1_000);
const DB_CLIENTS = Number(process.env.BENCH_DB_CLIENTS ?? 40);
const EVERY_MS = Number(process.env.BENCH_EVERY_S ?? 45) * 1000;
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stamp = `${Date.now()}_${randomBytes(2).toString('hex')}`;
const DB = `kx_bench_rain_${stamp}`;
const SIGN_SECRET = `bench-sign-${stamp}`;
const TOKEN_SECRET = `bench-token-secret-${stamp}-0123456789abcdef`;

try {
  await admin('select 1');
} catch {
  console.log('rain: skipped, no PostgreSQL answers (DATABASE_URL or 127.0.0.1:5432)');
  process.exit(0);
}
if (!(await redisAnswers(REDIS_URL))) {
  console.log(`rain: skipped, no Redis answers at ${REDIS_URL} (the rain's counter is shared through it)`);
  process.exit(0);
}

const fmt = (ms: number) => ms.toFixed(1);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

await admin(`create database ${DB}`);
const servers = [await newServer('A'), await newServer('B')];
const pool = new pg.Pool({ connectionString: dbUrl(DB), max: DB_CLIENTS });
try {
  // Migrated and seeded here, the default schedule turned off, the bench's own put in; then the
  // two processes start on the ready database.
  const rt = await createRuntime(
    loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', DATABASE_URL: dbUrl(DB) }),
  );
  const db = rt.database.db;
  await db.update(rainSchedules).set({ enabled: false });
  const firstStart = Date.now() + 40_000;
  const now = new Date();
  await db.insert(rainSchedules).values({
    title: 'bench',
    timing: { kind: 'every', anchorMs: firstStart, everyMs: EVERY_MS, durationMs: 30_000 },
    poolUnits: PLAYERS * 10_000,
    packetCount: PLAYERS,
    minPacketUnits: 1_000,
    createdBy: 0,
    updatedBy: 0,
    createdAt: now,
    updatedAt: now,
  });
  const players = await signedInPlayers(db, TOKEN_SECRET, PLAYERS, Date.now());
  const env = {
    DATABASE_URL: dbUrl(DB),
    REDIS_URL,
    REDIS_PREFIX: `kx-bench-rain-${stamp}:`,
    SIGN_SECRET,
    TOKEN_SECRET,
    SCHEDULER_POLL_MS: '1000',
    DB_POOL_MAX: String(Math.floor(DB_CLIENTS / 2)),
    // e.g. BENCH_SERVER_NODE_OPTIONS="--import tsx --import ./bench/support/cpu-profile.ts" with
    // CPU_PROFILE_AFTER_MS / CPU_PROFILE_MS to profile the servers (bench/support/cpu-profile.ts).
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CPU_PROFILE_'))),
  } as ServerEnv;
  for (const s of servers) {
    startServer(s, env);
    await waitReady(s);
  }
  const clients = servers.map((s) => keepAliveClient(s.base, SIGN_SECRET));
  const [clientA] = clients;
  if (!clientA) throw new Error('no client');
  log(
    `rain: ${PLAYERS} players, ${ROUNDS} rains, 2 processes, clicks over ${SPREAD_MS} ms; load ${loadavg()
      .map((x) => x.toFixed(1))
      .join(' ')}`,
  );

  /** A slice of bare transfers: house promotions → player, each BEGIN, kx_post_transfer, COMMIT. */
  async function transfers(round: number) {
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: DB_CLIENTS }, async () => {
        const c = await pool.connect();
        try {
          for (let i = next++; i < PLAYERS; i = next++) {
            const p = players[i] as { userId: number };
            const s = performance.now();
            await c.query('begin');
            await c.query(
              `select kx_post_transfer('test_credit', $1, 'coin', 'bench', now(), array['u:' || $2, 'h:promotions'], array[100, -100]::bigint[])`,
              [`bench-rain:${round}:${p.userId}`, p.userId],
            );
            await c.query('commit');
            latencies.push(performance.now() - s);
          }
        } finally {
          c.release();
        }
      }),
    );
    return { perSecond: PLAYERS / ((performance.now() - t0) / 1000), ...quantiles(latencies) };
  }

  const info = async () => (await clientA.get<RainInfo>(`/api${RAIN_PATHS.info}`)).data;

  /**
   * Every player grabs once, the clicks spread evenly over SPREAD_MS from the moment the round
   * runs (the busiest second: arrivals, not a queue the bench keeps), half to each process. Each
   * player has their connection open already (their page polled info before the rain).
   */
  async function rain(roundId: number) {
    // Released the moment the round runs.
    const waitForRound = async () => {
      for (;;) {
        const i = await info();
        if (i.status === 2 && i.round?.round_id === roundId) return;
        await sleep(20);
      }
    };
    return burst((c, token) => c.build('POST', `/api${RAIN_PATHS.grab}`, { round_id: roundId }, token), waitForRound);
  }

  /**
   * The same players, the same arrival pattern, a signed and authenticated read that touches no
   * money (the player's record: the session check, then two small queries): what any request costs
   * on these two processes, to read the grabs' figure against.
   */
  function reads() {
    return burst(
      (c, token) => c.build('GET', `/api${RAIN_PATHS.record}?page=1&page_size=1`, undefined, token),
      async () => {},
    );
  }

  async function burst(build: (c: (typeof clients)[number], token: string) => string, ready: () => Promise<void>) {
    const plans = players.map((p, i) => {
      const client = clients[i % clients.length] as (typeof clients)[number];
      return { client, request: build(client, p.token) };
    });
    await Promise.all(plans.map(({ client }) => client.sendRaw(`GET /healthz HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n`)));
    await ready();
    const acks: number[] = [];
    const codes = new Map<string, number>();
    const t0 = performance.now();
    let last = t0;
    await Promise.all(
      plans.map(async ({ client, request }, i) => {
        const clickAt = t0 + (i * SPREAD_MS) / plans.length;
        const wait = clickAt - performance.now();
        if (wait > 0) await sleep(wait);
        const answer = await client.sendRaw(request);
        const code = /^\{"code":(\d+)/.exec(answer.body)?.[1] ?? '?';
        codes.set(code, (codes.get(code) ?? 0) + 1);
        if (code === '200') {
          // From the click to the answer: what the player waits, queueing included.
          acks.push(performance.now() - clickAt);
          last = performance.now();
        }
      }),
    );
    return { perSecond: acks.length / ((last - t0) / 1000), burstMs: last - t0, codes, ...quantiles(acks) };
  }

  const ratios: number[] = [];
  const roundIds: number[] = [];
  const acked = new Map<number, number>();
  for (let round = 0; round < ROUNDS; round++) {
    const base = await transfers(round);
    const read = await reads();
    // The round of the next window (made minutes ahead by the leader).
    let roundId = 0;
    for (;;) {
      const i = await info();
      if (i.round && i.status === 1 && !roundIds.includes(i.round.round_id)) {
        roundId = i.round.round_id;
        break;
      }
      await sleep(200);
    }
    roundIds.push(roundId);
    const r = await rain(roundId);
    acked.set(roundId, r.n);
    const ratio = r.perSecond / base.perSecond;
    ratios.push(ratio);
    log(
      `rain ${round + 1} (#${roundId}): ${r.n} grabs in ${fmt(r.burstMs)} ms = ${r.perSecond.toFixed(0)}/s, ack p50 ${fmt(r.p50)} p99 ${fmt(r.p99)} max ${fmt(r.max)} ms` +
        ` (answers ${[...r.codes].map(([c, n]) => `${n}×${c}`).join(' ')}) | bare transfers ${base.perSecond.toFixed(0)}/s p50 ${fmt(base.p50)} p99 ${fmt(base.p99)} ms | ${ratio.toFixed(2)}× | an authenticated read, same arrivals: ${read.perSecond.toFixed(0)}/s p50 ${fmt(read.p50)} p99 ${fmt(read.p99)} ms (${(r.perSecond / read.perSecond).toFixed(2)}×) | load ${loadavg()[0]?.toFixed(1)}`,
    );
  }
  log(
    `rain: median ${median(ratios).toFixed(2)}× bare transfers over ${ROUNDS} rains (${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );

  // The checks, once every rain has been closed by the leader.
  for (const id of roundIds) {
    for (;;) {
      const d = (await clientA.get<RainRoundDetail>(`/api${RAIN_PATHS.round}?round_id=${id}`)).data;
      if (d.state === 'ended') break;
      await sleep(500);
    }
  }
  const problems: string[] = [];
  const q = async <T>(text: ReturnType<typeof sql>) => ((await db.execute(text)) as unknown as { rows: T[] }).rows;
  for (const id of roundIds) {
    const [packets] = await q<{ n: string; s: string }>(
      sql`select count(*)::text as n, coalesce(sum(amount_units), 0)::text as s from rain_packets where round_id = ${id} and user_id is not null`,
    );
    const [credits] = await q<{ n: string; s: string }>(sql`
      select count(distinct t.id)::text as n, coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as s
      from ledger_transfers t join ledger_entries e on e.transfer_id = t.id where t.idem_key like ${`rain:${id}:%`}`);
    const twice = await q<{ user_id: number }>(
      sql`select user_id from rain_packets where round_id = ${id} and user_id is not null group by user_id having count(*) > 1`,
    );
    if (packets?.n !== credits?.n || packets?.s !== credits?.s)
      problems.push(`round ${id}: packets ${packets?.n}/${packets?.s} vs credits ${credits?.n}/${credits?.s}`);
    if (Number(packets?.n) !== acked.get(id))
      problems.push(`round ${id}: ${acked.get(id)} grabs acknowledged, ${packets?.n} recorded`);
    if (twice.length) problems.push(`round ${id}: ${twice.length} players hold two packets`);
    log(
      `round ${id}: ${packets?.n} packets handed out, ${packets?.s} units, credited ${credits?.n} transfers, ${credits?.s} units`,
    );
  }
  const ledger = await checkLedger(db);
  problems.push(...ledger.problems);
  log(
    problems.length
      ? `PROBLEMS:\n${problems.join('\n')}`
      : 'checks: credits equal packets in every round, no player twice, ledger balanced',
  );
  for (const c of clients) c.close();
  await rt.close();
  if (problems.length) process.exitCode = 1;
} finally {
  await pool.end();
  for (const s of servers) await stopServer(s);
  await admin(`drop database if exists ${DB} with (force)`);
}
