/**
 * Baseline server child of the socket fan-out bench: a bare `ws` server that greets, answers PING,
 * and sends each event to every socket in a plain loop (no rooms, no bus, no sequence bookkeeping
 * beyond a counter). What the hub costs is the difference between it and this.
 */
import { SITE_ROOM } from '@kaixiang/shared/socket';
import { WebSocketServer } from 'ws';
import { BENCH_EVENT_TYPE } from './protocol.ts';
import { serveBench } from './serve.ts';

const wss = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
await new Promise((r) => wss.once('listening', r));

wss.on('connection', (ws) => {
  ws.on('message', () => ws.send(JSON.stringify({ type: 'PONG', data: { time: Date.now() } })));
  ws.send(JSON.stringify({ type: 'pyUserInfo', data: { clientID: 'baseline', isGuest: true } }));
});

let seq = 0;
serveBench({
  port: (wss.address() as { port: number }).port,
  path: '/',
  publish(event) {
    const frame = JSON.stringify({ type: BENCH_EVENT_TYPE, data: event, room: SITE_ROOM, seq: ++seq });
    for (const client of wss.clients) client.send(frame);
  },
  async close() {
    for (const client of wss.clients) client.terminate();
    await new Promise((r) => wss.close(r));
  },
});
