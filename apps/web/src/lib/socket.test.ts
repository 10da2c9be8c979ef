import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../test/fake-websocket.ts';
import { SOCKET_STATE, SocketClient } from './socket.ts';

function setup(creds: { token: string | null; userId: string | null } = { token: null, userId: null }) {
  const errors: string[] = [];
  const current = { ...creds };
  const client = new SocketClient({
    url: () => 'ws://test/connect',
    create: (url) => new FakeWebSocket(url),
    credentials: () => current,
    onServerError: (msg) => errors.push(msg),
  });
  return { client, errors, creds: current };
}

describe('socket client', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('connects as a guest at once and sends no LOGIN without the cookies', () => {
    const { client } = setup();
    client.start();
    expect(client.state).toBe(SOCKET_STATE.connecting);
    FakeWebSocket.latest().open();
    expect(client.state).toBe(SOCKET_STATE.open);
    expect(FakeWebSocket.latest().sent).toEqual([]);
    client.stop();
  });

  it('on open sends LOGIN with token and user id, joins the user room, then runs queued work', () => {
    const { client } = setup({ token: 'tok', userId: '7' });
    client.start();
    client.join('battle:hall');
    client.send({ type: 'JOIN', data: { room: 'roulette:hall' } });
    const ws = FakeWebSocket.latest();
    expect(ws.sent).toEqual([]);
    ws.open();
    expect(ws.sent).toEqual([
      { type: 'LOGIN', data: { token: 'tok', user_id: '7' } },
      { type: 'JOIN', data: { room: 'battle:hall' } },
      { type: 'JOIN', data: { room: 'user:7' } },
      { type: 'JOIN', data: { room: 'roulette:hall' } },
    ]);
    client.stop();
  });

  it('pings every 10 s and keeps the connection while PONGs come back', () => {
    const { client } = setup();
    client.start();
    const ws = FakeWebSocket.latest();
    ws.open();
    vi.advanceTimersByTime(9_999);
    expect(ws.sentTypes()).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(ws.sentTypes()).toEqual(['PING']);
    ws.receive({ type: 'PONG', data: { time: 1 } });
    vi.advanceTimersByTime(10_000);
    expect(ws.sentTypes()).toEqual(['PING', 'PING']);
    ws.receive({ type: 'PONG', data: { time: 2 } });
    vi.advanceTimersByTime(10_000);
    expect(ws.closed).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    client.stop();
  });

  it('closes when no PONG arrives within 10 s and reconnects 2 s later', () => {
    const { client } = setup();
    client.start();
    const first = FakeWebSocket.latest();
    first.open();
    vi.advanceTimersByTime(10_000); // PING
    vi.advanceTimersByTime(9_999);
    expect(first.closed).toBe(false);
    vi.advanceTimersByTime(1);
    expect(first.closed).toBe(true);
    expect(client.state).toBe(SOCKET_STATE.closed);
    vi.advanceTimersByTime(1_999);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    client.stop();
  });

  it('retries every 2 s while the server is unreachable', () => {
    const { client } = setup();
    client.start();
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2_000);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2_000);
    expect(FakeWebSocket.instances).toHaveLength(3);
    FakeWebSocket.latest().open();
    expect(client.state).toBe(SOCKET_STATE.open);
    client.stop();
  });

  it('rejoins rooms after a reconnect and asks every room with a handler to refetch', () => {
    const { client } = setup();
    const gaps: string[] = [];
    client.onGap('site', (room) => gaps.push(room));
    client.start();
    client.join('battle:9');
    FakeWebSocket.latest().open();
    expect(gaps).toEqual([]);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(2_000);
    const second = FakeWebSocket.latest();
    second.open();
    expect(second.sent).toEqual([{ type: 'JOIN', data: { room: 'battle:9' } }]);
    expect(gaps).toEqual(['site']);
    client.stop();
  });

  it('delivers room events in order and reports a gap in the sequence', () => {
    const { client } = setup();
    const got: unknown[] = [];
    const gaps: string[] = [];
    client.on('reward_history', (data) => got.push(data));
    client.onGap('site', (room) => gaps.push(room));
    client.start();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: 'reward_history', data: 'a', room: 'site', seq: 41 });
    ws.receive({ type: 'reward_history', data: 'b', room: 'site', seq: 42 });
    expect(gaps).toEqual([]);
    ws.receive({ type: 'reward_history', data: 'b-again', room: 'site', seq: 42 });
    ws.receive({ type: 'reward_history', data: 'e', room: 'site', seq: 45 });
    expect(gaps).toEqual(['site']);
    expect(got).toEqual(['a', 'b', 'e']);
    client.stop();
  });

  it('takes the JOIN reply as the starting point of a room', () => {
    const { client } = setup();
    const gaps: string[] = [];
    client.onGap('battle:1', (room) => gaps.push(room));
    client.start();
    client.join('battle:1');
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: 'JOIN', data: { room: 'battle:1', seq: 10 } });
    ws.receive({ type: 'round_start', data: {}, room: 'battle:1', seq: 11 });
    expect(gaps).toEqual([]);
    ws.receive({ type: 'round_start', data: {}, room: 'battle:1', seq: 13 });
    expect(gaps).toEqual(['battle:1']);
    client.stop();
  });

  it('shows ERR texts except "user not login"', () => {
    const { client, errors } = setup();
    client.start();
    const ws = FakeWebSocket.latest();
    ws.open();
    ws.receive({ type: 'ERR', data: { msg: 'user not login' } });
    ws.receive({ type: 'ERR', data: { msg: '房间已满' } });
    expect(errors).toEqual(['房间已满']);
    client.stop();
  });

  it('reconnects with LOGIN once the user_id cookie appears (polled every 0.5 s)', () => {
    const { client, creds } = setup();
    client.start();
    FakeWebSocket.latest().open();
    creds.token = 'tok';
    creds.userId = '3';
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances[0]?.closed).toBe(true);
    const ws = FakeWebSocket.latest();
    ws.open();
    expect(ws.sent[0]).toEqual({ type: 'LOGIN', data: { token: 'tok', user_id: '3' } });
    client.stop();
  });
});

describe('socket client after sign-out', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.reset();
  });
  afterEach(() => vi.useRealTimers());

  it('reconnects as a guest without the previous user room', () => {
    const { client, creds } = setup({ token: 'tok', userId: '5' });
    client.start();
    client.join('site-extra:none');
    FakeWebSocket.latest().open();
    creds.token = null;
    creds.userId = null;
    vi.advanceTimersByTime(500);
    const ws = FakeWebSocket.latest();
    ws.open();
    expect(ws.sent).toEqual([{ type: 'JOIN', data: { room: 'site-extra:none' } }]);
    client.stop();
  });
});
