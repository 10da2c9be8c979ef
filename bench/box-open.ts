/**
 * Box openings per second on the real PostgreSQL, through signed HTTP, beside pgbench on the same
 * server in the same run: the pgbench TPS says what this machine's PostgreSQL does with its own
 * small write transactions, so our figure can be read against it rather than in a vacuum.
 *
 * The server runs as its own process (`node --import tsx apps/server/src/main.ts`, as a
 * deployment runs it) and this process only generates load, so the figure is the server's; the
 * CPU time of the server, of this load generator and of PostgreSQL's processes over each run is
 * printed beside it. It signs its requests just before each run (BENCH_PRESIGN), as the players'
 * browsers would on their own machines. An opening (count 1) is one statement (kx_open_box: the
 * debit, the nonce advance, the granted item and the opening rows). Each client is its own
 * player, so clients do not queue on one player's seed pair.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the bench makes
 * fresh databases kx_bench_<ts> and kx_pgbench_<ts> on it and drops both. REDIS_URL (default
 * redis://127.0.0.1:6379) is used for the nonce store and bus when it answers. BENCH_MS sets the
 * length of each run (default 5000), BENCH_ROUNDS the rounds (default 3), BENCH_CLIENTS the client
 * counts (default "2,8"). BENCH_WAL_STATS=1 also prints what each of our runs wrote to the WAL, by
 * record type per opening (pg_walinspect, made in the bench database). BENCH_LUCKY=1 runs every
 * opening inside a lucky-player window (docs/promotions/lucky.md): each opened box also rolls the
 * 1/108 lucky roll and a lucky one is paid in the opening's statement; without it the seeded
 * window is months away, and the openings are the ones outside a window.
 */
import { execFile, execFileSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import pg from 'pg';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { httpClient, must } from './support/http.ts';
import { cpuSeconds, keepAliveClient, processCpuMeter } from './support/load.ts';
import { ADMIN_URL, admin, dbUrl } from './support/pg-admin.ts';
import { newServer, redisAnswers, type ServerEnv, startServer, stopServer, waitReady } from './support/servers.ts';

const execFileAsync = promisify(execFile);
const DURATION_MS = Number(process.env.BENCH_MS ?? 5_000);
/**
 * Rounds of {pgbench, ours on 1 process, ours on 2} per client count, back to back: a machine
 * whose load drifts (other work on the same two cores) then moves both sides of each ratio
 * together, and the median over rounds is the figure.
 */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const CLIENTS = (process.env.BENCH_CLIENTS ?? '2,8').split(',').map(Number);
const PLAYERS = Math.max(...CLIENTS);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stamp = `${Date.now()}_${randomBytes(2).toString('hex')}`;
const BENCH_DB = `kx_bench_${stamp}`;
const PGBENCH_DB = `kx_pgbench_${stamp}`;
const SIGN_SECRET = `bench-sign-${stamp}`;
const WAL_STATS = process.env.BENCH_WAL_STATS === '1';
const LUCKY = process.env.BENCH_LUCKY === '1';
/**
 * Requests signed ahead, per client and run (BENCH_PRESIGN, default enough for 800 openings a
 * second): signing is the browser's work on the player's own machine, and here it would take CPU
 * from the two cores the server is measured on. Signed just before the run, they are well inside
 * the signature window (5 minutes); the server verifies each one as ever. A client that runs out
 * signs as it goes. BENCH_PRESIGN=0 signs every request as it goes.
 */
const PRESIGN = Number(process.env.BENCH_PRESIGN ?? (DURATION_MS <= 60_000 ? Math.ceil(0.8 * DURATION_MS) : 0));

interface Result {
  label: string;
  clients: number;
  perSecond: number;
  p50: string;
  p99: string;
  /** CPU seconds per wall second: of the server process, this load generator, PostgreSQL, Redis. */
  cpu: { server: number; load: number; postgres: number; redis: number } | null;
  note: string;
}

/** CPU use of the four parties over `fn`, in CPU seconds per wall second (1.0 = one core busy). */
async function withCpu<T>(serverPids: number[], fn: () => Promise<T>): Promise<{ value: T; cpu: Result['cpu'] }> {
  const t0 = performance.now();
  const serverCpu = () => serverPids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
  const s0 = serverCpu();
  const l0 = process.cpuUsage();
  const pgMeter = processCpuMeter('postgres');
  const redisMeter = processCpuMeter('redis-server');
  const value = await fn();
  const wall = (performance.now() - t0) / 1000;
  const l = process.cpuUsage(l0);
  return {
    value,
    cpu: {
      server: (serverCpu() - s0) / wall,
      load: (l.user + l.system) / 1e6 / wall,
      postgres: pgMeter.stop() / wall,
      redis: redisMeter.stop() / wall,
    },
  };
}

/** The WAL between two positions by record type, per opening, largest first (BENCH_WAL_STATS). */
async function printWalStats(from: string, to: string, openings: number): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl(BENCH_DB) });
  await c.connect();
  try {
    await c.query('create extension if not exists pg_walinspect');
    const { rows } = await c.query(
      `select "resource_manager/record_type" as type, count, record_size, fpi_size
         from pg_get_wal_stats($1::pg_lsn, $2::pg_lsn, true) where count > 0
         order by record_size + fpi_size desc limit 14`,
      [from, to],
    );
    const per = (n: unknown) => (Number(n) / Math.max(1, openings)).toFixed(2);
    for (const r of rows) {
      console.log(
        `    wal ${String(r.type).padEnd(26)} ${per(r.count)} records, ${per(r.record_size)} B + ${per(r.fpi_size)} B page images per opening`,
      );
    }
  } finally {
    await c.end();
  }
}

/**
 * Where the server's write-ahead log has got to: in bytes (what a run wrote is the difference) and
 * as its position (for pg_walinspect's ranges), read together.
 */
async function walAt(): Promise<{ bytes: number; lsn: string }> {
  const [row] = await admin(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::bigint as n, pg_current_wal_lsn()::text as lsn`,
  );
  return { bytes: Number(row?.n ?? 0), lsn: String(row?.lsn) };
}

async function pgbench(clients: number, url: string): Promise<Result> {
  const wal0 = (await walAt()).bytes;
  // Asynchronous, so the CPU meter keeps sampling PostgreSQL's processes while it runs.
  const { stdout: out } = await execFileAsync(
    'pgbench',
    ['-c', String(clients), '-j', '2', '-T', String(DURATION_MS / 1000), url],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';
  const processed = Number(/number of transactions actually processed: (\d+)/.exec(out)?.[1] ?? 0);
  const wal = (await walAt()).bytes - wal0;
  return {
    label: 'pgbench TPC-B-like, -s 10',
    clients,
    perSecond: Number(tps),
    // pgbench reports an average only (percentiles would need its per-transaction log).
    p50: '-',
    p99: '-',
    cpu: null,
    note:
      `latency avg ${latency ? Number(latency).toFixed(2) : '?'} ms, failed ${failed}, ` +
      `${(wal / Math.max(1, processed) / 1000).toFixed(1)} kB of WAL each`,
  };
}

// Without a PostgreSQL server (a fresh clone on the embedded database) there is nothing to measure.
try {
  await admin('select 1');
} catch (e) {
  console.log(`box-open: skipped, no PostgreSQL at ${new URL(ADMIN_URL).host} (${(e as Error).message})`);
  process.exit(0);
}
const useRedis = await redisAnswers(REDIS_URL);
await admin(`create database ${BENCH_DB}`);
const servers = [await newServer('A'), await newServer('B')];
const server = servers[0] as (typeof servers)[number];
try {
  const env = {
    DATABASE_URL: dbUrl(BENCH_DB),
    REDIS_URL: useRedis ? REDIS_URL : '',
    REDIS_PREFIX: `kx-bench-${stamp}:`,
    SIGN_SECRET,
    TOKEN_SECRET: `bench-token-secret-${stamp}-0123456789abcdef`,
    SCHEDULER_POLL_MS: '2000',
    DB_POOL_MAX: '20',
    // e.g. BENCH_SERVER_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('CPU_PROFILE_'))),
  } as ServerEnv;
  // The first migrates and seeds alone; the second starts on the ready database.
  startServer(server, env);
  await waitReady(server);
  for (const other of servers.slice(1)) {
    startServer(other, env);
    await waitReady(other);
  }
  const http = httpClient(SIGN_SECRET);
  if (LUCKY) {
    // Written before any opening, so no process has read the windows yet (they read them at the first).
    const c = new pg.Client({ connectionString: dbUrl(BENCH_DB) });
    await c.connect();
    await c.query(
      `insert into lucky_windows (starts_at, ends_at, award_units, created_at, updated_at)
       values (now() - interval '1 minute', now() + interval '1 day', 88800, now(), now())`,
    );
    await c.end();
  }

  const players: { userId: number; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) {
    const p = await http.register(i, server);
    // Credited through the ledger (dev faucet: a real balanced transfer).
    await http.credit(server, p.userId, 1e11, `bench:${p.userId}`);
    players.push(p);
  }
  const list = must(await http.api<BoxListResponse>(server, 'GET', BOX_PATHS.list), 'box list');
  const box = list.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));
  const clientsOf = servers.map((srv) => keepAliveClient(srv.base, SIGN_SECRET));

  /**
   * Transactions the bench database has committed or rolled back so far (every statement of ours
   * is one; PostgreSQL publishes its counters at most once a second, hence the wait).
   */
  async function transactions(): Promise<number> {
    await sleep(1100);
    const [row] = await admin(
      `select xact_commit + xact_rollback as n from pg_stat_database where datname = '${BENCH_DB}'`,
    );
    return Number(row?.n ?? 0);
  }

  /** One signed POST open-box (count 1, a new request id), as the bytes sent. */
  const openRequest = (client: (typeof clientsOf)[number], token: string) =>
    client.build('POST', `/api${BOX_PATHS.open}`, { box_id: box.box_id, count: 1, request_id: randomUUID() }, token);

  /** `clients` players opening back to back, client i on process i mod `processes`. */
  async function openings(clients: number, processes: number, durationMs: number): Promise<Result> {
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    const pids = servers.slice(0, processes).map((srv) => srv.child?.pid ?? 0);
    // Each client: its player's token, the process it talks to, and its requests signed ahead.
    const seats = Array.from({ length: clients }, (_, i) => {
      const player = players[i % players.length];
      const client = clientsOf[i % processes];
      if (!player || !client) throw new Error('no player');
      const next = () => openRequest(client, player.token);
      return { client, next, ready: Array.from({ length: PRESIGN }, next) };
    });
    const transactions0 = await transactions();
    const wal0 = await walAt();
    const { cpu, value: seconds } = await withCpu(pids, async () => {
      const started = performance.now();
      const end = started + durationMs;
      await Promise.all(
        seats.map(async ({ client, next, ready }) => {
          while (performance.now() < end) {
            const t0 = performance.now();
            const r = await client.sendRaw(ready.pop() ?? next());
            const code = /^\{"code":(\d+)/.exec(r.body)?.[1] ?? '?';
            if (code === '200') latencies.push(performance.now() - t0);
            else errors.set(code, (errors.get(code) ?? 0) + 1);
          }
        }),
      );
      return (performance.now() - started) / 1000;
    });
    const wal1 = await walAt();
    const wal = wal1.bytes - wal0.bytes;
    if (WAL_STATS) await printWalStats(wal0.lsn, wal1.lsn, latencies.length);
    const txs = (await transactions()) - transactions0;
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2);
    const errorText = [...errors].map(([code, n]) => `${n}×${code}`).join(' ') || '0';
    return {
      label: `POST open-box, ${processes === 1 ? '1 process' : `${processes} processes`}`,
      clients,
      perSecond: latencies.length / seconds,
      p50: q(0.5),
      p99: q(0.99),
      cpu,
      note:
        `${latencies.length} opened, errors ${errorText}, per opening ${(txs / Math.max(1, latencies.length)).toFixed(2)} ` +
        `transactions and ${(wal / Math.max(1, latencies.length) / 1000).toFixed(1)} kB of WAL`,
    };
  }

  const [version] = await admin('show server_version');
  console.log(
    `box-open: PostgreSQL ${version?.server_version ?? '?'} at ${new URL(ADMIN_URL).host}, ` +
      `Redis ${useRedis ? 'on' : 'off'}, ${PLAYERS} players, box "${box.name}" at ¥${(box.price / 10_000).toFixed(2)}, ` +
      `${DURATION_MS / 1000} s per run, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}` +
      (LUCKY ? ', inside a lucky-player window' : ''),
  );
  await openings(2, 2, Math.min(2000, DURATION_MS)); // warm-up: JIT, caches, pool connections

  // pgbench on a scratch database of the same server, while our app sits idle.
  await admin(`create database ${PGBENCH_DB}`);
  const rounds: Result[][] = [];
  try {
    execFileSync('pgbench', ['-i', '-s', '10', '-q', dbUrl(PGBENCH_DB)], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (let round = 0; round < ROUNDS; round++) {
      const results: Result[] = [];
      for (const c of CLIENTS) {
        const r = await withCpu([], () => pgbench(c, dbUrl(PGBENCH_DB)));
        results.push({ ...r.value, cpu: { server: 0, load: 0, postgres: r.cpu?.postgres ?? 0, redis: 0 } });
        // One process, then the two a 2-core machine would run (README: N processes share the load).
        for (const processes of [1, 2]) results.push(await openings(c, processes, DURATION_MS));
      }
      rounds.push(results);
    }
  } catch (e) {
    console.log(`pgbench failed: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await admin(`drop database if exists ${PGBENCH_DB} with (force)`);
  }
  for (const client of clientsOf) client.close();

  const widths = [31, 7, 7, 7, 7, 7, 6, 6, 6, 8];
  const row = (cells: string[]) =>
    console.log(
      `${cells
        .slice(0, widths.length)
        .map((c, i) => (i === 0 ? c.padEnd(widths[0] ?? 0) : c.padStart(widths[i] ?? 0)))
        .join(' ')}   ${cells[widths.length] ?? ''}`.trimEnd(),
    );
  const f = (n: number) => n.toFixed(2);
  const ratioOf = (r: Result, results: Result[]) => {
    const theirs = results.find((x) => x.clients === r.clients && x.label.startsWith('pgbench'));
    return r.label.startsWith('POST') && theirs?.perSecond ? r.perSecond / theirs.perSecond : null;
  };
  rounds.forEach((results, i) => {
    console.log(`round ${i + 1} of ${rounds.length}`);
    row(['', 'clients', 'per s', 'p50 ms', 'p99 ms', 'cpu:', 'load', 'pg', 'redis', '×pgbench', '']);
    row(['', '', '', '', '', 'server', '', '', '', '', '']);
    for (const r of results) {
      const cpu = r.cpu ? [f(r.cpu.server), f(r.cpu.load), f(r.cpu.postgres), f(r.cpu.redis)] : ['-', '-', '-', '-'];
      const ratio = ratioOf(r, results);
      row([r.label, String(r.clients), r.perSecond.toFixed(0), r.p50, r.p99, ...cpu, ratio ? f(ratio) : '', r.note]);
    }
  });
  console.log('cpu: CPU seconds per wall second of the server process, this load generator, PostgreSQL and Redis');
  const median = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const m = Math.floor(s.length / 2);
    return s.length % 2 ? (s[m] ?? 0) : ((s[m - 1] ?? 0) + (s[m] ?? 0)) / 2;
  };
  console.log(`median of ${rounds.length} rounds (each ratio against the pgbench run of its own round):`);
  for (const [i, r] of (rounds[0] ?? []).entries()) {
    const same = rounds.map((results) => results[i]).filter((x): x is Result => x !== undefined);
    const ratios = rounds.map((results, k) => (same[k] ? ratioOf(same[k], results) : null)).filter((x) => x !== null);
    const perS = median(same.map((x) => x.perSecond)).toFixed(0);
    const range = ratios.length ? ` (rounds ${f(Math.min(...ratios))}–${f(Math.max(...ratios))})` : '';
    const p99 = r.label.startsWith('POST') ? `, p99 ${median(same.map((x) => Number(x.p99))).toFixed(1)} ms` : '';
    console.log(
      `  ${r.label}, ${r.clients} clients: ${perS}/s${p99}${ratios.length ? `, ${f(median(ratios))}× pgbench${range}` : ''}`,
    );
  }

  const db = new pg.Pool({ connectionString: dbUrl(BENCH_DB), max: 1 });
  try {
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const report = await checkLedger(drizzle(db) as unknown as Parameters<typeof checkLedger>[0]);
    console.log(
      `ledger check: ${report.transfers} transfers, ${report.entries} entries: ` +
        (report.problems.length === 0 ? 'balanced ✓' : `${report.problems.length} problems ✗`),
    );
    for (const p of report.problems) console.log(`  ✗ ${p}`);
    if (report.problems.length > 0) process.exitCode = 1;
    if (LUCKY) {
      const { rows } = await db.query(
        `select (select count(*) from box_openings where lucky_roll is not null)::int as rolled,
           (select count(*) from lucky_players)::int as lucky,
           (select count(*) from ledger_transfers where kind = 'lucky_award')::int as paid`,
      );
      const r = rows[0] as { rolled: number; lucky: number; paid: number };
      console.log(
        `lucky player: ${r.rolled} boxes rolled, ${r.lucky} lucky (1 in ${(r.rolled / Math.max(1, r.lucky)).toFixed(0)}), ` +
          `${r.paid} awards paid ${r.paid === r.lucky ? '✓' : '✗'}`,
      );
      if (r.paid !== r.lucky) process.exitCode = 1;
    }
  } finally {
    await db.end();
  }
} finally {
  for (const srv of servers) await stopServer(srv);
  await admin(`drop database if exists ${BENCH_DB} with (force)`);
}
