import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import { DEFAULT_SCHEDULER_LOCK_KEY } from '../../apps/server/src/infra/leader.ts';
import { at, secs, sleep } from './time.ts';

/** Server processes of the benches (bench/chaos.ts, bench/box-open.ts): started, killed and restarted as children. */
export type ServerName = 'A' | 'B';

export interface Server {
  readonly name: ServerName;
  readonly port: number;
  readonly base: string;
  child: ChildProcess | null;
  /** The last lines it printed (LOG_LEVEL=warn), shown when something goes wrong. */
  readonly tail: string[];
  /** Lines logged at error level or above. */
  errors: number;
}

/** What both processes share: one database, one Redis prefix, one set of secrets. */
export interface ServerEnv {
  DATABASE_URL: string;
  REDIS_URL: string;
  REDIS_PREFIX: string;
  SIGN_SECRET: string;
  TOKEN_SECRET: string;
  SCHEDULER_POLL_MS: string;
}

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export async function newServer(name: ServerName): Promise<Server> {
  const port = await freePort();
  return { name, port, base: `http://127.0.0.1:${port}`, child: null, tail: [], errors: 0 };
}

/** `node --import tsx apps/server/src/main.ts`, as the README runs a process of a deployment. */
export function startServer(s: Server, shared: ServerEnv): void {
  const env: Record<string, string> = {
    ...shared,
    NODE_ENV: 'development', // the /dev sandbox tools (outbox, faucet, cashier)
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    HOST: '127.0.0.1',
    PORT: String(s.port),
  };
  // Only what node and tsx need from ours: the server's configuration is exactly the above.
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const v = process.env[key];
    if (v) env[key] = v;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  s.child = child;
  let partial = '';
  const take = (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      if (!line.trim()) continue;
      s.tail.push(line.length > 400 ? `${line.slice(0, 400)}…` : line);
      if (s.tail.length > 30) s.tail.shift();
      if (/"level":(50|60)/.test(line)) s.errors++;
    }
  };
  child.stdout?.on('data', take);
  child.stderr?.on('data', take);
  child.once('exit', () => {
    if (s.child === child) s.child = null;
  });
}

export async function waitReady(s: Server, timeoutMs = 120_000): Promise<void> {
  const deadline = at() + timeoutMs;
  while (at() < deadline) {
    if (!s.child) throw new Error(`server ${s.name} exited while starting:\n${s.tail.join('\n')}`);
    try {
      const res = await fetch(`${s.base}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`server ${s.name} not ready in ${secs(timeoutMs)}:\n${s.tail.join('\n')}`);
}

/** Sends `signal` and waits for the exit (SIGKILL after 10 s). */
export async function stopServer(s: Server, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const child = s.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/**
 * The process whose PostgreSQL session holds the scheduler's advisory lock (infra/leader.ts):
 * pg_locks names the backend, pg_stat_activity its client port, and /proc the process that owns
 * the local end of that TCP connection. 'none' when nobody holds it, '?' when the holder is not
 * one of ours (or /proc cannot tell).
 */
export async function schedulerLeader(mon: pg.Pool, servers: Server[]): Promise<ServerName | 'none' | '?'> {
  const key = BigInt(DEFAULT_SCHEDULER_LOCK_KEY);
  const { rows } = await mon.query<{ client_port: number | null }>(
    `select a.client_port from pg_locks l join pg_stat_activity a on a.pid = l.pid
     where l.locktype = 'advisory' and l.granted and l.objsubid = 1
       and l.database = (select oid from pg_database where datname = current_database())
       and l.classid = $1::oid and l.objid = $2::oid`,
    [String(key >> 32n), String(key & 0xffffffffn)],
  );
  if (rows.length === 0) return 'none';
  const port = rows[0]?.client_port;
  return (port && ownerOfLocalPort(port, servers)?.name) || '?';
}

function ownerOfLocalPort(port: number, servers: Server[]): Server | null {
  const inodes = new Set<string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      const local = f[1]?.split(':')[1];
      if (local && f[9] && Number.parseInt(local, 16) === port) inodes.add(f[9]);
    }
  }
  for (const s of servers) {
    const pid = s.child?.pid;
    if (!pid) continue;
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m?.[1] && inodes.has(m[1])) return s;
      }
    } catch {}
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/** Whether a Redis server answers PING within a second. */
export function redisAnswers(url: string): Promise<boolean> {
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
