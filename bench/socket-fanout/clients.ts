/**
 * Client child of the socket fan-out bench: holds its share of the connections and behaves as the
 * web app's socket does for a visitor (apps/web/src/lib/socket.ts): connect to /connect, which
 * puts it in the site room, and PING every 10 s so the server does not close it as idle. For each
 * bench event it records receipt time minus publish time.
 */
import { HEARTBEAT_INTERVAL_MS } from '@kaixiang/shared/socket';
import { WebSocket } from 'ws';
import {
  BENCH_EVENT_TYPE,
  type BenchEvent,
  type ClientCommand,
  type ClientReply,
  cpuMs,
  sharedNowMs,
} from './protocol.ts';

const reply = (msg: ClientReply) => process.send?.(msg);
const PING = JSON.stringify({ type: 'PING' });
/** The heartbeat is spread over this many ticks, so 10,000 sockets do not all ping at once. */
const PING_TICKS = 100;

const sockets: WebSocket[] = [];
let stopping = false;
let closed = 0;

let latencies = new Float64Array(0);
let received = 0;
let lastReceiptMs = 0;
let onProgress: (() => void) | null = null;

function onFrame(raw: unknown): void {
  const now = sharedNowMs();
  const frame = JSON.parse(String(raw)) as { type: string; data: BenchEvent };
  if (frame.type !== BENCH_EVENT_TYPE) return;
  if (received < latencies.length) latencies[received] = now - frame.data.t;
  received++;
  if (now > lastReceiptMs) lastReceiptMs = now;
  if (received >= latencies.length) onProgress?.();
}

/** Open and greeted (the server's first frame), or failed. */
function open(url: string): Promise<WebSocket | null> {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    let greeted = false;
    ws.once('message', () => {
      greeted = true;
      ws.on('message', onFrame);
      resolve(ws);
    });
    ws.once('error', () => resolve(null));
    ws.once('close', () => {
      if (greeted && !stopping) closed++;
      resolve(null);
    });
  });
}

async function connect(url: string, count: number, concurrency: number): Promise<void> {
  const t0 = performance.now();
  // From the start: a socket opened early must not sit idle while the rest connect.
  let tick = 0;
  setInterval(() => {
    const from = Math.floor((sockets.length * tick) / PING_TICKS);
    const to = Math.floor((sockets.length * (tick + 1)) / PING_TICKS);
    for (let i = from; i < to; i++) if (sockets[i]!.readyState === WebSocket.OPEN) sockets[i]!.send(PING);
    tick = (tick + 1) % PING_TICKS;
  }, HEARTBEAT_INTERVAL_MS / PING_TICKS).unref();
  let next = 0;
  let failed = 0;
  // A bounded number of handshakes in flight: thousands at once overflow the listen backlog and
  // the dropped SYNs come back a second later, which measures TCP, not the server.
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next++;
        const ws = await open(url);
        if (ws) sockets.push(ws);
        else failed++;
      }
    }),
  );
  reply({ type: 'connected', open: sockets.length, failed, ms: performance.now() - t0 });
}

/** Resolves once every expected event arrived, or none has for `stallMs`: the rest are lost. */
async function collect(stallMs: number): Promise<void> {
  let seen = -1;
  while (received < latencies.length && received !== seen) {
    seen = received;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, stallMs);
      onProgress = () => {
        clearTimeout(timer);
        resolve();
      };
    });
    onProgress = null;
  }
  reply({ type: 'collected', latencies: latencies.subarray(0, received), lastReceiptMs, cpuMs: cpuMs(), closed });
}

process.on('message', (cmd: ClientCommand) => {
  switch (cmd.type) {
    case 'connect':
      void connect(cmd.url, cmd.count, cmd.concurrency);
      return;
    case 'expect':
      latencies = new Float64Array(sockets.length * cmd.events);
      received = 0;
      lastReceiptMs = 0;
      reply({ type: 'expecting', cpuMs: cpuMs() });
      return;
    case 'collect':
      void collect(cmd.stallMs);
      return;
    case 'stop':
      stopping = true;
      for (const ws of sockets) ws.terminate();
      process.exit(0);
  }
});
