import type { AddressInfo } from 'node:net';
import websocket from '@fastify/websocket';
import { ERR_NOT_LOGGED_IN, SITE_ROOM } from '@kaixiang/shared/socket';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { type EventBus, memoryBus } from '../infra/bus.ts';
import { type Clock, systemClock } from '../infra/clock.ts';
import { SOCKET_MAX_PAYLOAD_BYTES } from './socket-frame.ts';
import { installSocket, SOCKET_CLOSE, SOCKET_MAX_ROOMS, type SocketHub } from './socket-hub.ts';
import { TestSocket } from './socket-test-client.ts';

interface Harness {
  bus: EventBus;
  hub: SocketHub;
  url: string;
  connect(): Promise<TestSocket>;
  /** Connected, greeted as a guest, logged in as `userId`. */
  connectAs(userId: number): Promise<TestSocket>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

interface HubOptions {
  idleTimeoutMs?: number;
  bus?: EventBus;
  clock?: Clock;
}

async function startHub({
  idleTimeoutMs = 30_000,
  bus = memoryBus(),
  clock = systemClock,
}: HubOptions = {}): Promise<Harness> {
  const app = Fastify();
  await app.register(websocket, { options: { maxPayload: SOCKET_MAX_PAYLOAD_BYTES } });
  const hub = installSocket(app, {
    bus,
    // Stands in for the access-token check: 'good-7' is a valid token of user 7.
    verifyToken: async (token) => (/^good-\d+$/.test(token) ? { userId: Number(token.slice(5)) } : null),
    idleTimeoutMs,
    clock,
  });
  app.addHook('onClose', () => hub.close());
  await app.listen({ port: 0, host: '127.0.0.1' });
  cleanups.push(async () => {
    await app.close();
    await bus.close();
  });
  const url = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}/connect`;
  const connect = async () => {
    const s = await TestSocket.open(url);
    cleanups.push(() => s.close());
    return s;
  };
  return {
    bus,
    hub,
    url,
    connect,
    async connectAs(userId) {
      const s = await connect();
      await s.next('pyUserInfo');
      s.send('LOGIN', { token: `good-${userId}`, user_id: userId });
      await s.next('LOGIN');
      await s.next('pyUserInfo');
      return s;
    },
  };
}

describe('socket hub', () => {
  it('greets a new connection as a guest and answers PING with the server time', async () => {
    const h = await startHub();
    const s = await h.connect();
    const hello = await s.next('pyUserInfo');
    expect(hello.data.isGuest).toBe(true);
    expect(hello.data.clientID).toMatch(/^[0-9a-f-]{36}$/);

    const before = Date.now();
    s.send('PING');
    const pong = await s.next('PONG');
    expect(pong.data.time).toBeGreaterThanOrEqual(before);
    expect(pong.data.time).toBeLessThanOrEqual(Date.now());
    expect(h.hub.connectionCount()).toBe(1);
  });

  it('logs in with a valid token for the claimed user, as a number or a string', async () => {
    const h = await startHub();
    const s = await h.connect();
    const guest = await s.next('pyUserInfo');
    s.send('LOGIN', { token: 'good-7', user_id: 7 });
    expect((await s.next('LOGIN')).data).toEqual({ user_id: 7, ok: true });
    expect((await s.next('pyUserInfo')).data).toEqual({ clientID: guest.data.clientID, isGuest: false });

    const t = await h.connect();
    await t.next('pyUserInfo');
    t.send('LOGIN', { token: 'good-7', user_id: '7' });
    expect((await t.next('LOGIN')).data).toEqual({ user_id: 7, ok: true });
  });

  it('refuses a bad token, and a good token for another user, with "user not login"', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    for (const data of [
      { token: 'bad', user_id: 7 },
      { token: 'good-7', user_id: 8 },
      { token: 'good-7', user_id: '07' },
      { user_id: 7 },
    ]) {
      s.send('LOGIN', data);
      expect((await s.next('ERR')).data).toEqual({ msg: ERR_NOT_LOGGED_IN, code: 'NOT_LOGGED_IN' });
    }
    await s.roundTrip();
    expect(s.inbox.filter((f) => f.type === 'LOGIN')).toEqual([]);
  });

  it('lets only the logged-in owner into a user room', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    s.send('JOIN', { room: 'user:7' });
    expect((await s.next('ERR')).data.msg).toBe(ERR_NOT_LOGGED_IN);

    // LOGIN and JOIN sent back to back, as the web client does on open: the JOIN sees the login.
    s.send('LOGIN', { token: 'good-7', user_id: 7 });
    s.send('JOIN', { room: 'user:7' });
    expect((await s.next('JOIN')).data).toEqual({ room: 'user:7', seq: 0 });

    s.send('JOIN', { room: 'user:8' });
    expect((await s.next('ERR')).data).toEqual({ msg: 'forbidden room', code: 'FORBIDDEN_ROOM' });
    s.send('JOIN', { room: 'ledger:internal' });
    expect((await s.next('ERR')).data).toEqual({ msg: 'unknown room', code: 'UNKNOWN_ROOM' });
    s.send('JOIN', { room: 'user:007' });
    expect((await s.next('ERR')).data.code).toBe('UNKNOWN_ROOM');
  });

  it('delivers room events only to members, in seq order, starting after the seq JOIN reported', async () => {
    const h = await startHub();
    await h.bus.publish('user:7', 'money', { n: 0 });
    await h.bus.publish('user:7', 'money', { n: 1 });
    const seven = await h.connectAs(7);
    const otherTab = await h.connectAs(7);
    const eight = await h.connectAs(8);
    const guest = await h.connect();
    seven.send('JOIN', { room: 'user:7' });
    expect((await seven.next('JOIN')).data).toEqual({ room: 'user:7', seq: 2 });
    eight.send('JOIN', { room: 'user:8' });
    await eight.next('JOIN');

    for (let n = 2; n < 5; n++) await h.bus.publish('user:7', 'money', { n });
    await h.bus.publish('user:8', 'money', { n: 99 });
    await Promise.all([seven, otherTab, eight, guest].map((s) => s.roundTrip()));

    expect(seven.take('user:7')).toEqual([
      { type: 'money', data: { n: 2 }, room: 'user:7', seq: 3 },
      { type: 'money', data: { n: 3 }, room: 'user:7', seq: 4 },
      { type: 'money', data: { n: 4 }, room: 'user:7', seq: 5 },
    ]);
    // Same user, but this tab never joined the room.
    expect(otherTab.take('user:7')).toEqual([]);
    expect(eight.take('user:7')).toEqual([]);
    expect(eight.take('user:8').map((f) => f.seq)).toEqual([1]);
    expect(guest.take('user:7')).toEqual([]);
  });

  it('gives a joining client exactly the events after the seq it is told, however they race the JOIN', async () => {
    const inner = memoryBus();
    let duringJoin: { beforeRead(): Promise<void>; afterRead(): Promise<void> } | null = null;
    // A bus whose seq read is slow, as over the network: events are published on both sides of it.
    const bus: EventBus = {
      ...inner,
      async currentSeq(room) {
        await duringJoin?.beforeRead();
        const seq = await inner.currentSeq(room);
        await duringJoin?.afterRead();
        return seq;
      },
    };
    const h = await startHub({ bus });
    const s = await h.connect();
    await s.next('pyUserInfo');
    await inner.publish('roulette:hall', 'tick', { n: 1 });
    duringJoin = {
      beforeRead: () => inner.publish('roulette:hall', 'tick', { n: 2 }).then(() => {}),
      afterRead: () => inner.publish('roulette:hall', 'tick', { n: 3 }).then(() => {}),
    };
    s.send('JOIN', { room: 'roulette:hall' });
    await s.next('JOIN');
    duringJoin = null;
    await inner.publish('roulette:hall', 'tick', { n: 4 });
    await s.roundTrip();
    const seen = s.received.filter((f) => f.type !== 'pyUserInfo' && f.type !== 'PONG');
    expect(seen.map((f) => [f.type, f.seq ?? f.data.seq])).toEqual([
      ['JOIN', 2],
      ['tick', 3],
      ['tick', 4],
    ]);
  });

  it('closes a client that does not read its events, and keeps serving the others', async () => {
    const h = await startHub();
    const stalled = await h.connect();
    await stalled.next('pyUserInfo');
    const reader = await h.connect();
    await reader.next('pyUserInfo');
    // The client stops reading: the server's send buffer for it can only grow.
    (stalled.ws as unknown as { _socket: { pause(): void } })._socket.pause();
    // Kernel buffers take a few MB first; the loop stops as soon as the hub gives up on it.
    const blob = 'x'.repeat(32 * 1024);
    for (let i = 0; i < 2000 && h.hub.connectionCount() === 2; i++) {
      await h.bus.publish(SITE_ROOM, 'blob', { blob });
      if (i % 20 === 0) await new Promise((r) => setImmediate(r));
    }
    expect(h.hub.connectionCount()).toBe(1);
    await reader.roundTrip();
    expect(reader.isOpen).toBe(true);
    stalled.ws.terminate();
  });

  it('delivers site events to every connection without a JOIN', async () => {
    const h = await startHub();
    const guest = await h.connect();
    await guest.next('pyUserInfo');
    const member = await h.connectAs(7);
    await h.bus.publish(SITE_ROOM, 'notice', { text: 'hello' });
    await h.bus.publish(SITE_ROOM, 'notice', { text: 'again' });
    for (const s of [guest, member]) {
      await s.roundTrip();
      expect(s.take(SITE_ROOM).map((f) => [f.type, f.data.text, f.seq])).toEqual([
        ['notice', 'hello', 1],
        ['notice', 'again', 2],
      ]);
    }
  });

  it('stops delivering after LEAVE, and drops user rooms when a later LOGIN fails', async () => {
    const h = await startHub();
    const s = await h.connectAs(7);
    s.send('JOIN', { room: 'roulette:hall' });
    s.send('JOIN', { room: 'user:7' });
    await s.next('JOIN', (f) => f.data.room === 'user:7');
    s.send('LEAVE', { room: 'roulette:hall' });
    s.send('LOGIN', { token: 'expired', user_id: 7 });
    await s.next('ERR');
    await h.bus.publish('roulette:hall', 'tick', {});
    await h.bus.publish('user:7', 'money', {});
    await s.roundTrip();
    expect(s.take('roulette:hall')).toEqual([]);
    expect(s.take('user:7')).toEqual([]);
  });

  it('answers malformed and unknown frames with ERR and keeps the connection', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    s.sendRaw('{not json');
    expect((await s.next('ERR')).data.code).toBe('BAD_FRAME');
    s.sendRaw('[1,2]');
    expect((await s.next('ERR')).data.code).toBe('BAD_FRAME');
    s.send('JOIN', { room: 42 });
    expect((await s.next('ERR')).data.code).toBe('BAD_FRAME');
    s.send('DANCE', {});
    expect((await s.next('ERR')).data.code).toBe('UNKNOWN_TYPE');
    s.sendRaw(Buffer.from([1, 2, 3]));
    expect((await s.next('ERR')).data.code).toBe('BAD_FRAME');
    await s.roundTrip();
    expect(s.isOpen).toBe(true);
  });

  it('limits the rooms of one connection', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    // The site room counts: SOCKET_MAX_ROOMS - 1 more rooms fit.
    for (let i = 1; i < SOCKET_MAX_ROOMS; i++) {
      s.send('JOIN', { room: `battle:${i}` });
      await s.next('JOIN', (f) => f.data.room === `battle:${i}`);
    }
    s.send('JOIN', { room: 'battle:9999' });
    expect((await s.next('ERR')).data.code).toBe('TOO_MANY_ROOMS');
    s.send('JOIN', { room: 'battle:1' });
    expect((await s.next('JOIN')).data.room).toBe('battle:1');
  });

  it('closes a connection that floods frames faster than they are handled', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    // Each JOIN waits for the bus; hundreds sent at once pile up behind each other.
    for (let i = 0; i < 500; i++) s.send('JOIN', { room: 'roulette:hall' });
    expect((await s.closed).code).toBe(SOCKET_CLOSE.policy);
  });

  it('closes a connection that sends a frame over the size limit', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    s.send('PING', 'x'.repeat(SOCKET_MAX_PAYLOAD_BYTES + 1));
    expect((await s.closed).code).toBe(SOCKET_CLOSE.tooBig);
  });

  it("disconnectUser closes that user's sockets only", async () => {
    const h = await startHub();
    const [a, b, other] = await Promise.all([h.connectAs(7), h.connectAs(7), h.connectAs(8)]);
    h.hub.disconnectUser(7);
    expect((await a.closed).code).toBe(SOCKET_CLOSE.signedOut);
    expect((await b.closed).code).toBe(SOCKET_CLOSE.signedOut);
    await other.roundTrip();
    expect(h.hub.connectionCount()).toBe(1);
  });

  it('closes a silent client after the idle timeout and keeps one that pings', async () => {
    const h = await startHub({ idleTimeoutMs: 300 });
    const silent = await h.connect();
    const chatty = await h.connect();
    const pinger = setInterval(() => chatty.send('PING'), 60);
    try {
      const closed = await silent.closed;
      expect(closed).toEqual({ code: SOCKET_CLOSE.idle, reason: 'idle' });
      // Well past the timeout for both; only the silent one went.
      await new Promise((r) => setTimeout(r, 300));
      expect(chatty.isOpen).toBe(true);
    } finally {
      clearInterval(pinger);
    }
  });

  it('does not take a stall of its own for the silence of a client that pings', async () => {
    // A fan-out to thousands of sockets can hold the process past the idle timeout; the PINGs
    // sent meanwhile are read only after the late sweep has had its turn.
    const h = await startHub({ idleTimeoutMs: 300 });
    const chatty = await h.connect();
    await chatty.roundTrip();
    const pinger = setInterval(() => chatty.send('PING'), 60);
    try {
      const busyUntil = performance.now() + 800;
      while (performance.now() < busyUntil) {
        // the process is busy, as in a long fan-out
      }
      await new Promise((r) => setTimeout(r, 300));
      expect(chatty.isOpen).toBe(true);
    } finally {
      clearInterval(pinger);
    }
  });

  it('tells PONG the business clock but judges idleness by real time', async () => {
    // Tests move the business clock by hours to expire rounds; that must not look like silence.
    let nowMs = Date.UTC(2030, 0, 1);
    const h = await startHub({ idleTimeoutMs: 300, clock: { now: () => nowMs } });
    const s = await h.connect();
    await s.next('pyUserInfo');
    s.send('PING');
    expect((await s.next('PONG')).data.time).toBe(nowMs);
    nowMs += 24 * 3600_000;
    await new Promise((r) => setTimeout(r, 150));
    await s.roundTrip();
    expect(s.isOpen).toBe(true);
  });

  it('closes every connection on shutdown', async () => {
    const h = await startHub();
    const s = await h.connect();
    await s.next('pyUserInfo');
    await h.hub.close();
    expect((await s.closed).code).toBe(SOCKET_CLOSE.goingAway);
    expect(h.hub.connectionCount()).toBe(0);
  });
});
