/**
 * Box openings per second on the real PostgreSQL, through signed HTTP, beside pgbench on the same
 * server in the same run: the pgbench TPS says what this machine's PostgreSQL does with its own
 * small write transactions, so our figure can be read against it rather than in a vacuum.
 *
 * An opening (count 1) is one ledger transaction: the debit, the seed pair lock and nonce advance,
 * the roll, the granted item and the opening rows. Each client is its own player, so clients do
 * not queue on one player's seed row. The server and the load generator share this process (as in
 * api-throughput), so the figures include the client's cost too.
 *
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) names the server; the bench makes
 * fresh databases kx_bench_<ts> and kx_pgbench_<ts> on it and drops both. REDIS_URL (default
 * redis://127.0.0.1:6379) is used for the nonce store and bus when it answers. BENCH_MS sets the
 * length of each run (default 10000).
 */
import { execFileSync } from 'node:child_process';
import { createHash, createHmac, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { connect } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { BOX_PATHS, type BoxListResponse } from '@kaixiang/shared/boxes';
import { hashPasswordForTransport } from '@kaixiang/shared/validation';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { checkLedger } from '../apps/server/src/modules/ledger/ledger-check.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';

const DURATION_MS = Number(process.env.BENCH_MS ?? 10_000);
const CLIENTS = [2, 8];
const PLAYERS = Math.max(...CLIENTS);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const stamp = `${Date.now()}_${randomBytes(2).toString('hex')}`;
const BENCH_DB = `kx_bench_${stamp}`;
const PGBENCH_DB = `kx_pgbench_${stamp}`;

const dbUrl = (name: string) => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return u.toString();
};

async function admin(statement: string): Promise<Record<string, unknown>[]> {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return (await c.query(statement)).rows;
  } finally {
    await c.end();
  }
}

/** Whether a Redis server answers PING within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const s = connect({ host: u.hostname, port: Number(u.port || 6379) });
    const done = (ok: boolean) => {
      s.destroy();
      resolve(ok);
    };
    s.setTimeout(1000, () => done(false));
    s.on('error', () => done(false));
    s.on('connect', () => s.write('PING\r\n'));
    s.on('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

// The browser signs with WebCrypto; here the same algorithm runs synchronously with node:crypto so
// the figures measure the server, not the load generator's thread-pool round trips.
function signed(secret: string, method: string, path: string, body: string): Record<string, string> {
  const ts = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const bodyHash = createHash('sha256').update(body).digest('hex');
  const sign = createHmac('sha256', secret).update(`${method}\n${path}\n${ts}\n${nonce}\n${bodyHash}`).digest('hex');
  return { 'x-ts': ts, 'x-nonce': nonce, 'x-sign': sign };
}

interface Result {
  label: string;
  clients: number;
  perSecond: number;
  p50: string;
  p99: string;
  note: string;
}

function pgbench(clients: number, url: string): Result {
  const out = execFileSync('pgbench', ['-c', String(clients), '-j', '2', '-T', String(DURATION_MS / 1000), url], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
  const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(out)?.[1] ?? '0';
  return {
    label: 'pgbench TPC-B-like, -s 10',
    clients,
    perSecond: Number(tps),
    // pgbench reports an average only (percentiles would need its per-transaction log).
    p50: '-',
    p99: '-',
    note: `latency avg ${latency ? Number(latency).toFixed(2) : '?'} ms, failed ${failed}`,
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
let closeApp = async () => {};
try {
  const config = loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'silent',
    WEB_DIST: '/nonexistent',
    PORT: '0',
    DATABASE_URL: dbUrl(BENCH_DB),
    DB_POOL_MAX: '20',
    ...(useRedis ? { REDIS_URL } : {}),
  });
  const rt = await createRuntime(config, { redisPrefix: `kx-bench-${stamp}:` });
  const app = await buildApp(rt);
  await app.listen({ port: 0, host: '127.0.0.1' });
  closeApp = async () => {
    await app.close();
    await rt.close();
  };
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown, token?: string) => {
    const text = body === undefined ? '' : JSON.stringify(body);
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        ...signed(config.SIGN_SECRET, method, `/api${path}`, text),
        ...(text ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(text ? { body: text } : {}),
    });
    return (await res.json()) as { code: number; data: T; msg: string };
  };
  const outbox = async () =>
    (await (await fetch(`${base}/dev/outbox.json`)).json()) as {
      messages: { target: string; code: string | null }[];
      captchas: { captcha_id: string; answer: string }[];
    };
  const captcha = async () => {
    const { data } = await call<{ captcha_id: string }>('POST', '/sms/v1/captcha');
    const found = (await outbox()).captchas.find((c) => c.captcha_id === data.captcha_id);
    if (!found) throw new Error('captcha not in the outbox');
    return found;
  };

  /** A player registered the way a person does (captcha, SMS code from the sandbox outbox). */
  async function register(i: number): Promise<{ userId: number; token: string }> {
    const mobile = `139${String(randomInt(0, 10_000_000)).padStart(7, '0')}${i % 10}`;
    const c = await captcha();
    const sent = await call('POST', '/sms/v1/code', {
      mobile,
      code_type: 1,
      captcha: c.answer,
      captcha_id: c.captcha_id,
    });
    if (sent.code !== 200) throw new Error(`send code: ${sent.msg}`);
    const code = (await outbox()).messages.find((m) => m.target === mobile)?.code;
    if (!code) throw new Error('no SMS code in the outbox');
    const reg = await call<{ user_id: number; access_token: string }>('POST', '/usercenter/v1/user/register', {
      mobile,
      password: await hashPasswordForTransport('bench-secret'),
      verify_code: code,
      nick_name: `bench${i}`,
      invite_code: '',
    });
    if (reg.code !== 200) throw new Error(`register: ${reg.msg}`);
    // Credited through the ledger (dev faucet: a real balanced transfer).
    const credited = await fetch(`${base}/dev/test/credit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: reg.data.user_id, amount: 1e11, currency: 'coin' }),
    });
    if (!credited.ok) throw new Error(`credit: ${await credited.text()}`);
    return { userId: reg.data.user_id, token: reg.data.access_token };
  }

  const players: { userId: number; token: string }[] = [];
  for (let i = 0; i < PLAYERS; i++) players.push(await register(i));

  const list = await call<BoxListResponse>('GET', BOX_PATHS.list);
  const box = list.data.categories.flatMap((c) => c.boxes).reduce((a, b) => (b.price < a.price ? b : a));

  async function openings(clients: number, durationMs: number): Promise<Result> {
    const latencies: number[] = [];
    const errors = new Map<string, number>();
    const started = performance.now();
    const end = started + durationMs;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const player = players[i % players.length];
        if (!player) throw new Error('no player');
        while (performance.now() < end) {
          const t0 = performance.now();
          const r = await call(
            'POST',
            BOX_PATHS.open,
            { box_id: box.box_id, count: 1, request_id: randomUUID() },
            player.token,
          );
          if (r.code === 200) latencies.push(performance.now() - t0);
          else errors.set(`${r.code}`, (errors.get(`${r.code}`) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) =>
      (latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0).toFixed(2);
    const errorText = [...errors].map(([code, n]) => `${n}×${code}`).join(' ') || '0';
    return {
      label: 'POST open-box (count 1), HTTP',
      clients,
      perSecond: latencies.length / seconds,
      p50: q(0.5),
      p99: q(0.99),
      note: `${latencies.length} opened, errors ${errorText}`,
    };
  }

  const [version] = await admin('show server_version');
  console.log(
    `box-open: PostgreSQL ${version?.server_version ?? '?'} at ${new URL(ADMIN_URL).host}, ` +
      `Redis ${useRedis ? 'on' : 'off'}, ${PLAYERS} players, box "${box.name}" at ¥${(box.price / 10_000).toFixed(2)}, ` +
      `${DURATION_MS / 1000} s per run, ${cpus().length} CPUs, load average ${loadavg()[0]?.toFixed(1)}`,
  );
  await openings(2, Math.min(2000, DURATION_MS)); // warm-up: JIT, caches, pool connections
  const results: Result[] = [];
  for (const c of CLIENTS) results.push(await openings(c, DURATION_MS));

  // pgbench on a scratch database of the same server, while our app sits idle.
  await admin(`create database ${PGBENCH_DB}`);
  try {
    execFileSync('pgbench', ['-i', '-s', '10', '-q', dbUrl(PGBENCH_DB)], { stdio: ['ignore', 'ignore', 'pipe'] });
    for (const c of CLIENTS) results.push(pgbench(c, dbUrl(PGBENCH_DB)));
  } catch (e) {
    console.log(`pgbench failed: ${(e as Error).message.split('\n')[0]}`);
  } finally {
    await admin(`drop database if exists ${PGBENCH_DB} with (force)`);
  }

  const row = (cells: string[]) =>
    console.log(
      `${(cells[0] ?? '').padEnd(31)} ${(cells[1] ?? '').padStart(7)} ${(cells[2] ?? '').padStart(9)} ${(cells[3] ?? '').padStart(11)} ${(cells[4] ?? '').padStart(9)}   ${cells[5] ?? ''}`.trimEnd(),
    );
  row(['', 'clients', 'per s', 'p50 ms', 'p99 ms', '']);
  for (const r of results) row([r.label, String(r.clients), r.perSecond.toFixed(0), r.p50, r.p99, r.note]);

  const report = await checkLedger(rt.database.db);
  console.log(
    `ledger check: ${report.transfers} transfers, ${report.entries} entries: ` +
      (report.problems.length === 0 ? 'balanced ✓' : `${report.problems.length} problems ✗`),
  );
  for (const p of report.problems) console.log(`  ✗ ${p}`);
  if (report.problems.length > 0) process.exitCode = 1;
} finally {
  await closeApp();
  await admin(`drop database if exists ${BENCH_DB} with (force)`);
}
