/**
 * Socket fan-out: N clients in the site room, events published to it; the delivery latency from
 * publish to receipt, the throughput, and the server's memory per connection.
 *
 * The server under test runs in a child process of its own (bench/socket-fanout/app-server.ts:
 * the app on the embedded database, events through its event bus), the clients in other child
 * processes, so the memory and CPU measured are the server's alone. The baseline, in the same run,
 * is a bare `ws` server in its own child (bench/socket-fanout/ws-server.ts) with the same clients.
 *
 * Per server: connect every client (each pings every 10 s as the web app does), let them only
 * ping for BENCH_IDLE_MS while the server's CPU is read, sample its memory, then
 *   - steady: BENCH_EVENTS events at BENCH_RATE a second: latency p50/p99/max of every delivery,
 *     receipt time minus the publish time the event carries;
 *   - burst:  BENCH_EVENTS events at once: deliveries per second until the last one arrives.
 * Beside each figure, the CPU the server and the clients used: on a shared machine the latencies
 * swing with everyone else's load, CPU per event much less.
 *
 *   BENCH_CLIENTS=10000 BENCH_EVENTS=50 BENCH_RATE=2 BENCH_CLIENT_PROCS=2 BENCH_IDLE_MS=3000
 *   BENCH_REDIS_URL (or REDIS_URL): also the app with Redis as its bus
 *   BENCH_ONLY=baseline,memory,redis: a subset
 *   BENCH_PROF=cpu: profile each server from the connected clients to the last event;
 *   BENCH_PROF=heap: sample the server's allocations while the clients connect (what each keeps)
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ClientCommand, ClientReply, MemorySample, ServerCommand, ServerReply } from './socket-fanout/protocol.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10_000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 50);
const RATE = Number(process.env.BENCH_RATE ?? 2);
const CLIENT_PROCS = Number(process.env.BENCH_CLIENT_PROCS ?? 2);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? process.env.REDIS_URL;
const ONLY = process.env.BENCH_ONLY?.split(',');
const PROF = process.env.BENCH_PROF as 'cpu' | 'heap' | undefined;
const PROF_DIR = join(tmpdir(), 'kaixiang-bench-profiles');
if (PROF) mkdirSync(PROF_DIR, { recursive: true });
/** Handshakes in flight per client process. */
const CONNECT_CONCURRENCY = 100;
/** Deliveries missing once none has arrived for this long count as lost. */
const STALL_MS = 5_000;
const WARMUP_EVENTS = 5;
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 3000);

const GOALS = { p99Ms: 100, throughputRatio: 0.8, kibPerConnection: 30 };

interface Setup {
  key: string;
  name: string;
  script: string;
  env: Record<string, string>;
}

const allSetups: Setup[] = [
  { key: 'baseline', name: 'baseline: bare ws', script: 'ws-server.ts', env: {} },
  { key: 'memory', name: 'app: in-process bus', script: 'app-server.ts', env: { REDIS_URL: '' } },
];
if (REDIS_URL) allSetups.push({ key: 'redis', name: 'app: Redis bus', script: 'app-server.ts', env: { REDIS_URL } });
const setups = allSetups.filter((s) => !ONLY || ONLY.includes(s.key));

/** A child process spoken to by commands, each answered by a reply of a known type. */
class Child<C, R extends { type: string }> {
  readonly #proc: ChildProcess;
  readonly #inbox: R[] = [];
  readonly #waiters: Array<{ type: string; resolve: (r: R) => void }> = [];
  readonly exited: Promise<number | null>;

  constructor(script: string, env: Record<string, string>) {
    this.#proc = fork(new URL(`./socket-fanout/${script}`, import.meta.url).pathname, {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...process.env, ...env },
      serialization: 'advanced',
    });
    this.#proc.on('message', (msg: R) => {
      const i = this.#waiters.findIndex((w) => w.type === msg.type);
      if (i >= 0) this.#waiters.splice(i, 1)[0]!.resolve(msg);
      else this.#inbox.push(msg);
    });
    this.exited = new Promise((resolve) => this.#proc.once('exit', resolve));
  }

  send(cmd: C): void {
    this.#proc.send(cmd as object);
  }

  next<T extends R['type']>(type: T): Promise<Extract<R, { type: T }>> {
    const i = this.#inbox.findIndex((m) => m.type === type);
    if (i >= 0) return Promise.resolve(this.#inbox.splice(i, 1)[0] as Extract<R, { type: T }>);
    const reply = new Promise<R>((resolve) => this.#waiters.push({ type, resolve }));
    const died = this.exited.then((code) => {
      throw new Error(`child exited (${code}) while waiting for ${type}`);
    });
    return Promise.race([reply, died]) as Promise<Extract<R, { type: T }>>;
  }

  async ask<T extends R['type']>(cmd: C, type: T): Promise<Extract<R, { type: T }>> {
    const reply = this.next(type);
    this.send(cmd);
    return reply;
  }
}

type Server = Child<ServerCommand, ServerReply>;
type Clients = Child<ClientCommand, ClientReply>;

interface Phase {
  /** Receipt minus publish time of every delivery, sorted. */
  latencies: Float64Array;
  /** From the first publish to the last receipt. */
  spanMs: number;
  serverCpuMs: number;
  serverGcMs: number;
  clientsCpuMs: number;
  closed: number;
}

async function runPhase(server: Server, clients: Clients[], events: number, intervalMs: number): Promise<Phase> {
  const cpu0 = await server.ask({ type: 'cpu' }, 'cpu');
  const expecting = await Promise.all(clients.map((c) => c.ask({ type: 'expect', events }, 'expecting')));
  const published = await server.ask({ type: 'publish', events, intervalMs }, 'published');
  const parts = await Promise.all(clients.map((c) => c.ask({ type: 'collect', stallMs: STALL_MS }, 'collected')));
  const cpu1 = await server.ask({ type: 'cpu' }, 'cpu');
  const latencies = new Float64Array(parts.reduce((n, p) => n + p.latencies.length, 0));
  let at = 0;
  for (const p of parts) {
    latencies.set(p.latencies, at);
    at += p.latencies.length;
  }
  latencies.sort();
  return {
    latencies,
    spanMs: Math.max(...parts.map((p) => p.lastReceiptMs)) - published.firstMs,
    serverCpuMs: cpu1.ms - cpu0.ms,
    serverGcMs: cpu1.gcMs - cpu0.gcMs,
    clientsCpuMs: parts.reduce((n, p) => n + p.cpuMs, 0) - expecting.reduce((n, e) => n + e.cpuMs, 0),
    closed: parts.reduce((n, p) => n + p.closed, 0),
  };
}

const quantile = (sorted: Float64Array, q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

interface Result {
  name: string;
  open: number;
  failed: number;
  connectMs: number;
  /** Server CPU while clients only send heartbeats. */
  idleCpuMsPerS: number;
  idleGcMsPerS: number;
  steady: Phase;
  burst: Phase;
  rssKiB: number;
  heapKiB: number;
}

async function stopProfile(server: Server, key: string): Promise<void> {
  if (!PROF) return;
  const file = join(PROF_DIR, `${key}.${PROF === 'cpu' ? 'cpuprofile' : 'heapprofile'}`);
  await server.ask({ type: 'profile', kind: PROF, action: 'stop', file }, 'profile');
  console.log(`  ${PROF} profile of the server: ${file}`);
}

async function measure(setup: Setup): Promise<Result> {
  const server: Server = new Child(setup.script, setup.env);
  const ready = await server.next('ready');
  const url = `ws://127.0.0.1:${ready.port}${ready.path}`;
  const before: MemorySample = await server.ask({ type: 'mem' }, 'mem');
  // Heap sampling covers the connections (what each one keeps alive); the CPU profile, the events.
  if (PROF === 'heap') await server.ask({ type: 'profile', kind: PROF, action: 'start' }, 'profile');

  const clients: Clients[] = Array.from({ length: CLIENT_PROCS }, () => new Child('clients.ts', {}));
  const shares = clients.map((_, i) => Math.floor(CLIENTS / CLIENT_PROCS) + (i < CLIENTS % CLIENT_PROCS ? 1 : 0));
  const connected = await Promise.all(
    clients.map((c, i) =>
      c.ask({ type: 'connect', url, count: shares[i]!, concurrency: CONNECT_CONCURRENCY }, 'connected'),
    ),
  );
  const open = connected.reduce((n, c) => n + c.open, 0);
  if (PROF === 'cpu') await server.ask({ type: 'profile', kind: PROF, action: 'start' }, 'profile');
  // The clients only ping for a while: the server's CPU meanwhile is what holding the connections
  // costs it. Its memory is read after, with every socket through its first exchanges.
  const idle0 = await server.ask({ type: 'cpu' }, 'cpu');
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idle1 = await server.ask({ type: 'cpu' }, 'cpu');
  const after: MemorySample = await server.ask({ type: 'mem' }, 'mem');
  if (PROF === 'heap') await stopProfile(server, setup.key);

  await runPhase(server, clients, WARMUP_EVENTS, 1000 / RATE);
  const steady = await runPhase(server, clients, EVENTS, 1000 / RATE);
  const burst = await runPhase(server, clients, EVENTS, 0);
  if (PROF === 'cpu') await stopProfile(server, setup.key);

  for (const c of clients) c.send({ type: 'stop' });
  server.send({ type: 'stop' });
  await Promise.all([server.exited, ...clients.map((c) => c.exited)]);
  return {
    name: setup.name,
    open,
    failed: connected.reduce((n, c) => n + c.failed, 0),
    connectMs: Math.max(...connected.map((c) => c.ms)),
    idleCpuMsPerS: (idle1.ms - idle0.ms) / (IDLE_MS / 1000),
    idleGcMsPerS: (idle1.gcMs - idle0.gcMs) / (IDLE_MS / 1000),
    steady,
    burst,
    rssKiB: (after.rss - before.rss) / open / 1024,
    heapKiB: (after.heapUsed + after.external - before.heapUsed - before.external) / open / 1024,
  };
}

const throughput = (r: Result) => r.burst.latencies.length / (r.burst.spanMs / 1000);
const fmt = (n: number, digits: number) => n.toFixed(digits);

/** Header and width of each column; '|' columns separate the groups. */
const COLUMNS = [
  ['', 20],
  ['conns', 6],
  ['connect', 8],
  ['idle', 5],
  ['gc', 4],
  ['|', 2],
  ['p50', 6],
  ['p99', 7],
  ['max', 7],
  ['srv', 5],
  ['gc', 4],
  ['clts', 5],
  ['|', 2],
  ['deliv/s', 8],
  ['srv', 5],
  ['clts', 5],
  ['|', 2],
  ['rss', 5],
  ['heap', 5],
  ['|', 2],
  ['lost', 5],
  ['closed', 7],
] as const;

/** One line of the table: `cells` fill the columns that are not separators, in order. */
function printLine(cells: string[]): void {
  let next = 0;
  const line = COLUMNS.map(([head, width], i) => {
    if (head === '|') return ' |';
    const cell = cells[next++] ?? '';
    return i === 0 ? cell.padEnd(width) : cell.padStart(width);
  });
  console.log(line.join(''));
}

function printRow(r: Result): void {
  const s = r.steady.latencies;
  const perEvent = (ms: number) => fmt(ms / EVENTS, 0);
  printLine([
    r.name,
    fmt(r.open, 0),
    `${fmt(r.connectMs / 1000, 1)} s`,
    fmt(r.idleCpuMsPerS, 0),
    fmt(r.idleGcMsPerS, 0),
    fmt(quantile(s, 0.5), 1),
    fmt(quantile(s, 0.99), 1),
    fmt(s.at(-1) ?? Number.NaN, 1),
    perEvent(r.steady.serverCpuMs),
    perEvent(r.steady.serverGcMs),
    perEvent(r.steady.clientsCpuMs),
    fmt(throughput(r), 0),
    perEvent(r.burst.serverCpuMs),
    perEvent(r.burst.clientsCpuMs),
    fmt(r.rssKiB, 1),
    fmt(r.heapKiB, 1),
    fmt(2 * r.open * EVENTS - s.length - r.burst.latencies.length, 0),
    fmt(r.failed + r.steady.closed + r.burst.closed, 0),
  ]);
}

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(
  `socket-fanout: ${CLIENTS} clients in ${CLIENT_PROCS} processes; steady: ${EVENTS} events at ${RATE}/s; ` +
    `burst: ${EVENTS} events at once; load average ${loads()}\n` +
    'idle: server CPU ms/s while the clients only ping (gc: of which garbage collection); ' +
    'steady: delivery latency ms (publish to receipt); srv/clts: server/all clients CPU ms per event; burst: deliveries/s from first publish to last receipt; ' +
    'rss/heap: server KiB per connection',
);
printLine(COLUMNS.filter(([h]) => h !== '|').map(([h]) => h));
const results: Result[] = [];
for (const setup of setups) {
  const r = await measure(setup);
  results.push(r);
  printRow(r);
}

const baseline = results.find((r) => r.name.startsWith('baseline'));
for (const r of results) {
  if (r === baseline) continue;
  const p99 = quantile(r.steady.latencies, 0.99);
  const ratio = baseline ? throughput(r) / throughput(baseline) : NaN;
  const verdict = (ok: boolean) => (ok ? 'ok' : 'MISSED');
  console.log(
    `${r.name}: steady p99 ${p99.toFixed(1)} ms (goal ≤ ${GOALS.p99Ms}: ${verdict(p99 <= GOALS.p99Ms)}), ` +
      `throughput ${ratio.toFixed(2)}× baseline (goal ≥ ${GOALS.throughputRatio}: ${verdict(ratio >= GOALS.throughputRatio)}), ` +
      `${r.rssKiB.toFixed(1)} KiB rss per connection (goal ≤ ${GOALS.kibPerConnection}: ${verdict(r.rssKiB <= GOALS.kibPerConnection)})`,
  );
}
console.log(`load average after: ${loads()}`);
