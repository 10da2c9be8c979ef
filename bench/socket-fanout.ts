/**
 * Socket fan-out: N clients in the site room, M events published; how long until every client
 * has every event, and the memory per connection. Baseline in the same run: the same clients on a
 * bare `ws` server that sends each frame to every socket in a plain loop (no rooms, no bus).
 */
import { WebSocket, WebSocketServer } from 'ws';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { createRuntime } from '../apps/server/src/runtime.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 1000);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 200);

async function connectAll(url: string): Promise<{ sockets: WebSocket[]; received: () => number }> {
  let count = 0;
  const sockets = await Promise.all(
    Array.from(
      { length: CLIENTS },
      () =>
        new Promise<WebSocket>((resolve, reject) => {
          const ws = new WebSocket(url);
          ws.on('message', (raw) => {
            if (raw.toString().includes('"bench"')) count++;
          });
          ws.once('open', () => resolve(ws));
          ws.once('error', reject);
        }),
    ),
  );
  return { sockets, received: () => count };
}

async function waitFor(received: () => number, target: number, t0: number): Promise<number> {
  while (received() < target) await new Promise((r) => setTimeout(r, 2));
  return performance.now() - t0;
}

function report(name: string, ms: number, rssBefore: number) {
  const deliveries = CLIENTS * EVENTS;
  const perConn = (process.memoryUsage().rss - rssBefore) / CLIENTS / 1024;
  console.log(
    `${name.padEnd(30)} ${ms.toFixed(0).padStart(6)} ms   ${Math.round(deliveries / (ms / 1000))
      .toString()
      .padStart(9)} deliveries/s   ~${perConn.toFixed(1)} KiB rss per connection`,
  );
}

console.log(`socket-fanout: ${CLIENTS} clients × ${EVENTS} events`);

{
  const rss0 = process.memoryUsage().rss;
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise((r) => wss.once('listening', r));
  const port = (wss.address() as { port: number }).port;
  const { sockets, received } = await connectAll(`ws://127.0.0.1:${port}`);
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) {
    const frame = JSON.stringify({ type: 'bench', data: { i }, room: 'site', seq: i + 1 });
    for (const client of wss.clients) client.send(frame);
  }
  report('baseline bare ws loop', await waitFor(received, CLIENTS * EVENTS, t0), rss0);
  for (const s of sockets) s.terminate();
  wss.close();
}

{
  const config = loadConfig({ LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent', SOCKET_IDLE_TIMEOUT_MS: '600000' });
  const rt = await createRuntime(config, { pgliteDir: null });
  const app = await buildApp(rt);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as { port: number }).port;
  // Memory is counted from here: the database and app are not per-connection costs.
  const rss0 = process.memoryUsage().rss;
  const { sockets, received } = await connectAll(`ws://127.0.0.1:${port}/connect`);
  const t0 = performance.now();
  for (let i = 0; i < EVENTS; i++) await rt.bus.publish('site', 'bench', { i });
  report('hub via in-process bus', await waitFor(received, CLIENTS * EVENTS, t0), rss0);
  for (const s of sockets) s.terminate();
  await app.close();
  await rt.close();
}
