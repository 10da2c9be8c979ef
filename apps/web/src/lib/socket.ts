import {
  type ClientFrame,
  ERR_NOT_LOGGED_IN,
  HEARTBEAT_INTERVAL_MS,
  PONG_TIMEOUT_MS,
  RECONNECT_DELAY_MS,
  SOCKET_PATH,
  START_POLL_MS,
  userRoom,
} from '@kaixiang/shared/socket';
import { useEffect, useRef } from 'react';
import { COOKIE, getCookie } from './cookies.ts';
import { toast } from './toast.ts';

/**
 * The live socket of spec 1 §4. Decision: every visitor connects, guests included, because the
 * tickers and the open-room count are public (the server puts every connection in room `site`).
 * LOGIN is sent only when both the token and user_id cookies exist; a change of user_id (sign-in,
 * sign-out), polled every 0.5 s as the spec does, reconnects so the server sees the new identity.
 */
export const SOCKET_STATE = { connecting: 0, open: 1, closed: 2 } as const;
export type SocketState = (typeof SOCKET_STATE)[keyof typeof SOCKET_STATE];

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export interface WebSocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
}

export interface SocketDeps {
  url: () => string;
  create: (url: string) => WebSocketLike;
  credentials: () => { token: string | null; userId: string | null };
  /** ERR frames other than 'user not login' (spec 1 §8). */
  onServerError: (msg: string) => void;
}

export interface InboundFrame {
  type: string;
  data: unknown;
  room?: string;
  seq?: number;
}

type Handler = (data: unknown, frame: InboundFrame) => void;
type GapHandler = (room: string) => void;

export class SocketClient {
  state: SocketState = SOCKET_STATE.closed;
  private ws: WebSocketLike | null = null;
  private running = false;
  private openedBefore = false;
  private identity: string | null = null;
  private readonly pending: Array<() => void> = [];
  private readonly rooms = new Set<string>();
  private readonly seqs = new Map<string, number>();
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly gapHandlers = new Map<string, Set<GapHandler>>();
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private pongTimer: ReturnType<typeof setTimeout> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly deps: SocketDeps) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.identity = this.deps.credentials().userId;
    this.connect();
    this.pollTimer = setInterval(() => {
      const userId = this.deps.credentials().userId;
      if (userId !== this.identity) {
        this.identity = userId;
        // The previous user's private room must not be joined again under the new identity.
        for (const room of this.rooms) if (room.startsWith('user:')) this.rooms.delete(room);
        this.reset();
      }
    }, START_POLL_MS);
  }

  stop(): void {
    this.running = false;
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.drop();
  }

  /** Reconnects now, e.g. after sign-in or sign-out, so the server sees the new identity. */
  reset(): void {
    if (!this.running) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.drop();
    this.connect();
  }

  /** Sends now when open, else queues the frame for the next open (spec 1 §4). */
  send(frame: ClientFrame): void {
    this.whenOpen(() => this.raw(frame));
  }

  /** Runs `fn` once the socket is open: now if it is. */
  whenOpen(fn: () => void): void {
    if (this.state === SOCKET_STATE.open) fn();
    else this.pending.push(fn);
  }

  /** Joins a room now or on open; rooms are joined again after every reconnect. */
  join(room: string): void {
    if (this.rooms.has(room)) return;
    this.rooms.add(room);
    if (this.state === SOCKET_STATE.open) this.raw({ type: 'JOIN', data: { room } });
  }

  leave(room: string): void {
    if (!this.rooms.delete(room)) return;
    this.seqs.delete(room);
    if (this.state === SOCKET_STATE.open) this.raw({ type: 'LEAVE', data: { room } });
  }

  on(type: string, handler: Handler): () => void {
    return addTo(this.handlers, type, handler);
  }

  /** Called when events of `room` were missed (a seq gap, or a reconnect): refetch its state. */
  onGap(room: string, handler: GapHandler): () => void {
    return addTo(this.gapHandlers, room, handler);
  }

  private raw(frame: ClientFrame): void {
    this.ws?.send(JSON.stringify(frame));
  }

  private connect(): void {
    this.state = SOCKET_STATE.connecting;
    let ws: WebSocketLike;
    try {
      ws = this.deps.create(this.deps.url());
    } catch {
      this.failed();
      return;
    }
    this.ws = ws;
    ws.onopen = () => this.opened();
    ws.onmessage = (ev) => this.received(ev.data);
    ws.onclose = () => this.failed();
    ws.onerror = () => this.failed();
  }

  private opened(): void {
    this.state = SOCKET_STATE.open;
    this.seqs.clear();
    const { token, userId } = this.deps.credentials();
    if (token && userId) {
      this.raw({ type: 'LOGIN', data: { token, user_id: userId } });
      const id = Number(userId);
      if (Number.isSafeInteger(id)) this.rooms.add(userRoom(id));
    }
    for (const room of this.rooms) this.raw({ type: 'JOIN', data: { room } });
    for (const fn of this.pending.splice(0)) fn();
    this.heartbeatTimer = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
    // Whatever happened while we were away is unknown: every room with a refetch handler refetches.
    if (this.openedBefore) for (const room of this.gapHandlers.keys()) this.gap(room);
    this.openedBefore = true;
  }

  private beat(): void {
    this.raw({ type: 'PING' });
    this.pongTimer ??= setTimeout(() => {
      // No PONG within the timeout: the connection is dead even if the browser has not noticed.
      this.failed();
    }, PONG_TIMEOUT_MS);
  }

  private received(raw: unknown): void {
    let frame: InboundFrame;
    try {
      frame = JSON.parse(String(raw)) as InboundFrame;
    } catch {
      return;
    }
    if (!frame || typeof frame.type !== 'string') return;
    if (frame.type === 'PONG') {
      if (this.pongTimer) clearTimeout(this.pongTimer);
      this.pongTimer = null;
    } else if (frame.type === 'ERR') {
      const msg = (frame.data as { msg?: unknown } | null)?.msg;
      if (typeof msg === 'string' && msg && msg !== ERR_NOT_LOGGED_IN) this.deps.onServerError(msg);
    } else if (frame.type === 'JOIN') {
      const data = frame.data as { room?: unknown; seq?: unknown } | null;
      if (typeof data?.room === 'string' && typeof data.seq === 'number') this.seqs.set(data.room, data.seq);
    }
    if (typeof frame.room === 'string' && typeof frame.seq === 'number') {
      const last = this.seqs.get(frame.room);
      // Several servers may deliver the same event: anything not newer was seen already.
      if (last !== undefined && frame.seq <= last) return;
      this.seqs.set(frame.room, frame.seq);
      if (last !== undefined && frame.seq > last + 1) this.gap(frame.room);
    }
    for (const handler of this.handlers.get(frame.type) ?? []) handler(frame.data, frame);
  }

  private gap(room: string): void {
    for (const handler of this.gapHandlers.get(room) ?? []) handler(room);
  }

  /** Detaches and closes the current connection without scheduling a retry. */
  private drop(): void {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    if (this.pongTimer) clearTimeout(this.pongTimer);
    this.heartbeatTimer = null;
    this.pongTimer = null;
    const ws = this.ws;
    this.ws = null;
    this.state = SOCKET_STATE.closed;
    if (!ws) return;
    ws.onopen = ws.onmessage = ws.onclose = ws.onerror = null;
    try {
      ws.close();
    } catch {
      // already closed
    }
  }

  private failed(): void {
    this.drop();
    if (!this.running || this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.running) this.connect();
    }, RECONNECT_DELAY_MS);
  }
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(value);
  return () => {
    set.delete(value);
    if (set.size === 0) map.delete(key);
  };
}

function socketUrl(): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${SOCKET_PATH}`;
}

/** The app's one connection. `startSocket()` is called once by main.tsx. */
export const socket = new SocketClient({
  url: socketUrl,
  create: (url) => new WebSocket(url) as unknown as WebSocketLike,
  credentials: () => ({ token: getCookie(COOKIE.token), userId: getCookie(COOKIE.userId) }),
  onServerError: (msg) => toast.error(msg),
});

export function startSocket(): void {
  socket.start();
}

export function joinRoom(room: string): void {
  socket.join(room);
}

/** Subscribes to one inbound frame type for the lifetime of the component. */
export function useSocketEvent<T = unknown>(type: string, handler: (data: T, frame: InboundFrame) => void): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => socket.on(type, (data, frame) => latest.current(data as T, frame)), [type]);
}

/** Registers the refetch of a room's state for when its events were missed. */
export function useSocketGap(room: string, refetch: (room: string) => void): void {
  const latest = useRef(refetch);
  latest.current = refetch;
  useEffect(() => socket.onGap(room, (r) => latest.current(r)), [room]);
}

/**
 * Follows a game's socket room while the component is mounted (none when `room` is null): joins
 * it, hands each event of `types` sent to that room to `onEvent`, and a gap (a missed event, a
 * reconnect) as a frame of type 'gap'; leaves it on unmount. A game's events say that something
 * happened: the caller refetches (GAMES.md §3).
 */
export function useRoomChannel(
  room: string | null,
  types: readonly string[],
  onEvent: (type: string, data: unknown, frame: InboundFrame) => void,
): void {
  const latest = useRef(onEvent);
  latest.current = onEvent;
  useEffect(() => {
    if (!room) return;
    socket.join(room);
    const offs = types.map((type) =>
      socket.on(type, (data, frame) => {
        if (frame.room === room) latest.current(type, data, frame);
      }),
    );
    return () => {
      for (const off of offs) off();
      socket.leave(room);
    };
  }, [room, types]);
  useSocketGap(room ?? '', () => latest.current('gap', null, { type: 'gap', data: null }));
}
