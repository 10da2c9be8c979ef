import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { WebSocket } from '@fastify/websocket';
import { roomAccess, type ServerFrame, SITE_ROOM, SOCKET_PATH, userRoom } from '@kaixiang/shared/socket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RawData } from 'ws';
import { AppError } from '../http/app-error.ts';
import type { BusMessage, EventBus } from '../infra/bus.ts';
import type { Clock } from '../infra/clock.ts';
import { SetIndex } from './set-index.ts';
import {
  claimedUserId,
  parseClientFrame,
  SOCKET_ERRORS,
  SOCKET_MAX_PAYLOAD_BYTES,
  type SocketError,
} from './socket-frame.ts';
import type { SocketOriginCheck } from './socket-origin.ts';
import { sendTextFrame, type TextFrame, textFrame } from './ws-frame.ts';

/**
 * The realtime hub at /connect (ARCHITECTURE.md §Realtime, spec 1 §4/§7). Each process holds its
 * own sockets; the event bus carries room events between processes, and the hub hands each event
 * to the sockets of this process that are in its room.
 */

export interface SocketHubDeps {
  bus: EventBus;
  verifyToken: (token: string) => Promise<{ userId: number } | null>;
  idleTimeoutMs: number;
  clock: Clock;
  metrics?: { connections: { inc(): void; dec(): void } };
  /** Which pages may connect (socket-origin.ts); unset accepts every origin. */
  allowOrigin?: SocketOriginCheck;
  /** Told this process's number of sockets in a room whenever it changes (presence.ts). */
  onRoomSize?: (room: string, size: number) => void;
}

export interface SocketHub {
  close(): Promise<void>;
  connectionCount(): number;
  /** Closes every socket of this user on this process (logout, ban); the client reconnects as needed. */
  disconnectUser(userId: number): void;
}

/** Rooms one connection may be in, the site room included. A page needs a handful. */
export const SOCKET_MAX_ROOMS = 50;
/**
 * Bytes queued to one socket beyond which the client is not keeping up. Closing it costs that
 * client a reconnect and a refetch; letting the queue grow costs the whole process its memory.
 */
export const SOCKET_MAX_BUFFERED_BYTES = 1024 * 1024;
/** Frames a client may have waiting behind a slow LOGIN/JOIN; more is a flood, not a page. */
const MAX_QUEUED_FRAMES = 32;
/** Events held for one room while its JOIN reads the room's sequence number (milliseconds). */
const MAX_HELD_EVENTS = 1000;
/** How long close() waits for clients to answer the close handshake before cutting them off. */
const CLOSE_GRACE_MS = 2000;

export const SOCKET_CLOSE = {
  goingAway: 1001,
  policy: 1008,
  tooBig: 1009,
  tryAgainLater: 1013,
  idle: 4000,
  signedOut: 4001,
} as const;

interface Membership {
  /** Events with seq <= afterSeq happened before the client joined; it was told so in the JOIN reply. */
  afterSeq: number;
  /** Non-null while a JOIN waits for the room's seq: events that arrive meanwhile wait here. */
  held: Array<{ seq: number; frame: TextFrame }> | null;
}

interface Connection {
  readonly ws: WebSocket;
  readonly clientId: string;
  userId: number | null;
  readonly rooms: Map<string, Membership>;
  /** Monotonic (see `monotonicMs`), not the injected clock. */
  lastSeenMs: number;
  /** Frames are handled one at a time, so a JOIN sent right after LOGIN sees the login. */
  queue: Promise<void>;
  queued: number;
  open: boolean;
}

export function installSocket(app: FastifyInstance, deps: SocketHubDeps): SocketHub {
  const { bus, clock, metrics } = deps;
  const log = app.log;
  const conns = new Set<Connection>();
  const roomIndex = new SetIndex<string, Connection>();
  const userIndex = new SetIndex<number, Connection>();
  let closing: Promise<void> | null = null;

  // --- sending -------------------------------------------------------------------------------

  function sendRaw(c: Connection, frame: string | TextFrame): void {
    if (!c.open || c.ws.readyState !== c.ws.OPEN) return;
    if (c.ws.bufferedAmount > SOCKET_MAX_BUFFERED_BYTES) {
      closeConnection(c, SOCKET_CLOSE.tryAgainLater, 'slow consumer');
      return;
    }
    if (typeof frame === 'string') c.ws.send(frame);
    else sendTextFrame(c.ws, frame);
  }

  const send = (c: Connection, frame: ServerFrame) => sendRaw(c, JSON.stringify(frame));
  const sendError = (c: Connection, e: SocketError) => send(c, { type: 'ERR', data: { msg: e.msg, code: e.code } });

  // --- membership ----------------------------------------------------------------------------

  function enterRoom(c: Connection, room: string, afterSeq: number): Membership {
    const m: Membership = { afterSeq, held: null };
    c.rooms.set(room, m);
    roomIndex.add(room, c);
    sized(room);
    return m;
  }

  function sized(room: string): void {
    deps.onRoomSize?.(room, roomIndex.get(room)?.size ?? 0);
  }

  function leaveRoom(c: Connection, room: string): void {
    if (!c.rooms.delete(room)) return;
    roomIndex.delete(room, c);
    sized(room);
  }

  function signOut(c: Connection): void {
    if (c.userId === null) return;
    userIndex.delete(c.userId, c);
    // A user room is private to its user: it must not outlive the login that opened it.
    for (const room of [...c.rooms.keys()]) if (roomAccess(room, null) === 'other-user') leaveRoom(c, room);
    c.userId = null;
  }

  function detach(c: Connection): void {
    if (!c.open) return;
    c.open = false;
    conns.delete(c);
    for (const room of c.rooms.keys()) {
      roomIndex.delete(room, c);
      sized(room);
    }
    c.rooms.clear();
    if (c.userId !== null) userIndex.delete(c.userId, c);
    metrics?.connections.dec();
  }

  function closeConnection(c: Connection, code: number, reason: string): void {
    detach(c);
    try {
      c.ws.close(code, reason);
    } catch (err) {
      log.warn({ err }, 'socket close failed');
      c.ws.terminate();
    }
  }

  // --- delivery ------------------------------------------------------------------------------

  function deliver(msg: BusMessage): void {
    const members = roomIndex.get(msg.room);
    if (!members) return;
    let frame: TextFrame | null = null;
    for (const c of members) {
      const m = c.rooms.get(msg.room);
      if (!m || msg.seq <= m.afterSeq) continue;
      // Serialized and framed once for the whole room, and only when someone here is listening.
      frame ??= textFrame(JSON.stringify({ type: msg.type, data: msg.data, room: msg.room, seq: msg.seq }));
      if (m.held) {
        if (m.held.length < MAX_HELD_EVENTS) m.held.push({ seq: msg.seq, frame });
        else closeConnection(c, SOCKET_CLOSE.tryAgainLater, 'slow consumer');
        continue;
      }
      sendRaw(c, frame);
    }
  }

  const unsubscribe = bus.subscribe((msg) => {
    // With the in-process bus this runs inside the publisher's call: a throw here would fail the
    // publisher's request for a delivery problem that is not its own.
    try {
      deliver(msg);
    } catch (err) {
      log.error({ err, room: msg.room, type: msg.type }, 'socket delivery failed');
    }
  });

  // --- client frames -------------------------------------------------------------------------

  async function login(c: Connection, token: string, rawUserId: number | string): Promise<void> {
    const claimed = claimedUserId(rawUserId);
    let verified: { userId: number } | null = null;
    if (claimed !== null) {
      try {
        verified = await deps.verifyToken(token);
      } catch (err) {
        log.warn({ err }, 'socket token check failed');
      }
    }
    if (!c.open) return;
    if (!verified || verified.userId !== claimed) {
      // A failed LOGIN leaves a guest, whatever the connection was before: the safe side.
      signOut(c);
      sendError(c, SOCKET_ERRORS.NOT_LOGGED_IN);
      return;
    }
    if (c.userId !== verified.userId) {
      signOut(c);
      c.userId = verified.userId;
      userIndex.add(c.userId, c);
    }
    send(c, { type: 'LOGIN', data: { user_id: verified.userId, ok: true } });
    send(c, { type: 'pyUserInfo', data: { clientID: c.clientId, isGuest: false } });
  }

  async function join(c: Connection, room: string): Promise<void> {
    const access = roomAccess(room, c.userId);
    if (access === 'other-user') {
      sendError(c, c.userId === null ? SOCKET_ERRORS.NOT_LOGGED_IN : SOCKET_ERRORS.FORBIDDEN_ROOM);
      return;
    }
    // 'user:007' passes roomAccess for user 7 but is not the room events go to.
    if (access === 'unknown' || (access === 'own-user' && room !== userRoom(c.userId ?? 0))) {
      sendError(c, SOCKET_ERRORS.UNKNOWN_ROOM);
      return;
    }
    let m = c.rooms.get(room);
    const isNew = !m;
    if (!m) {
      if (c.rooms.size >= SOCKET_MAX_ROOMS) {
        sendError(c, SOCKET_ERRORS.TOO_MANY_ROOMS);
        return;
      }
      m = enterRoom(c, room, 0);
    }
    // In the room before reading its seq, holding what arrives meanwhile: then the client gets
    // exactly the events after the seq it is told, whichever way the read and an event race.
    m.held = [];
    let seq: number;
    try {
      seq = await bus.currentSeq(room);
    } catch (err) {
      log.error({ err, room }, 'socket join: reading room seq failed');
      if (isNew) leaveRoom(c, room);
      else release(c, m, m.afterSeq);
      sendError(c, SOCKET_ERRORS.INTERNAL);
      return;
    }
    if (!c.open || c.rooms.get(room) !== m) return;
    send(c, { type: 'JOIN', data: { room, seq } });
    release(c, m, seq);
  }

  function release(c: Connection, m: Membership, afterSeq: number): void {
    const held = m.held ?? [];
    m.held = null;
    m.afterSeq = Math.max(m.afterSeq, afterSeq);
    for (const h of held) if (h.seq > m.afterSeq) sendRaw(c, h.frame);
  }

  async function handle(c: Connection, text: string): Promise<void> {
    const parsed = parseClientFrame(text);
    if (!parsed.ok) {
      sendError(c, parsed.error);
      return;
    }
    const frame = parsed.frame;
    switch (frame.type) {
      case 'PING':
        send(c, { type: 'PONG', data: { time: clock.now() } });
        return;
      case 'LOGIN':
        return login(c, frame.data.token, frame.data.user_id);
      case 'JOIN':
        return join(c, frame.data.room);
      case 'LEAVE':
        leaveRoom(c, frame.data.room);
        return;
    }
  }

  function onMessage(c: Connection, raw: RawData, isBinary: boolean): void {
    if (!c.open) return;
    c.lastSeenMs = monotonicMs();
    const bytes = toBuffer(raw);
    // The plugin's maxPayload should stop these first; this holds if it was not configured.
    if (bytes.length > SOCKET_MAX_PAYLOAD_BYTES) {
      closeConnection(c, SOCKET_CLOSE.tooBig, 'frame too large');
      return;
    }
    if (isBinary) {
      sendError(c, SOCKET_ERRORS.BAD_FRAME);
      return;
    }
    if (c.queued >= MAX_QUEUED_FRAMES) {
      closeConnection(c, SOCKET_CLOSE.policy, 'too many frames');
      return;
    }
    c.queued++;
    const text = bytes.toString('utf8');
    c.queue = c.queue
      .then(() => handle(c, text))
      .catch((err: unknown) => {
        log.error({ err }, 'socket frame failed');
        sendError(c, SOCKET_ERRORS.INTERNAL);
      })
      .finally(() => {
        c.queued--;
      });
  }

  // --- connections ---------------------------------------------------------------------------

  // A foreign page is refused at the HTTP upgrade (403 envelope), before any socket exists.
  const onRequest = async (req: FastifyRequest) => {
    if (!deps.allowOrigin || deps.allowOrigin(req.headers.origin, req.host)) return;
    req.log.info({ origin: req.headers.origin }, 'socket refused: origin not allowed');
    throw new AppError('FORBIDDEN');
  };
  app.get(SOCKET_PATH, { websocket: true, onRequest }, (ws) => {
    if (closing) {
      ws.close(SOCKET_CLOSE.goingAway, 'server shutting down');
      return;
    }
    const c: Connection = {
      ws,
      clientId: randomUUID(),
      userId: null,
      rooms: new Map(),
      lastSeenMs: monotonicMs(),
      queue: Promise.resolve(),
      queued: 0,
      open: true,
    };
    conns.add(c);
    metrics?.connections.inc();
    ws.on('message', (raw, isBinary) => onMessage(c, raw, isBinary));
    ws.on('close', () => detach(c));
    // Every connection hears site-wide broadcasts without asking, from the next event on.
    enterRoom(c, SITE_ROOM, 0);
    send(c, { type: 'pyUserInfo', data: { clientID: c.clientId, isGuest: true } });
  });

  // One sweep for all sockets: a timer per socket would be thousands of timers doing the same.
  const sweepMs = Math.max(25, Math.floor(deps.idleTimeoutMs / 4));
  let lastSweepMs = monotonicMs();
  const sweep = setInterval(() => {
    const now = monotonicMs();
    // A late sweep comes after this process was busy (a long fan-out): timers run before the
    // sockets are read, so what clients sent meanwhile is still unread and that time is not
    // their silence. Closing them would bring thousands of reconnects on top of the load.
    const stalledMs = Math.max(0, now - lastSweepMs - sweepMs);
    lastSweepMs = now;
    for (const c of conns) {
      // A client that pings every 10 s is never idle; one that went silent (crashed tab, dead
      // network) would otherwise hold its socket and room slots until TCP gives up, hours later.
      if (now - c.lastSeenMs - stalledMs >= deps.idleTimeoutMs) closeConnection(c, SOCKET_CLOSE.idle, 'idle');
    }
  }, sweepMs);
  sweep.unref();

  async function shutDown(): Promise<void> {
    unsubscribe();
    clearInterval(sweep);
    const sockets = [...conns].map((c) => c.ws);
    for (const c of [...conns]) closeConnection(c, SOCKET_CLOSE.goingAway, 'server shutting down');
    await Promise.all(sockets.map((ws) => closedWithin(ws, CLOSE_GRACE_MS)));
  }

  return {
    close() {
      closing ??= shutDown();
      return closing;
    },
    connectionCount: () => conns.size,
    disconnectUser(userId) {
      const mine = userIndex.get(userId);
      if (!mine) return;
      for (const c of [...mine]) closeConnection(c, SOCKET_CLOSE.signedOut, 'signed out');
    },
  };
}

/**
 * Idleness is about the network, so it is measured in real elapsed time: the injected clock is
 * business time, which tests move by hours to expire rounds, and that must not drop every socket.
 */
const monotonicMs = () => performance.now();

function toBuffer(raw: RawData): Buffer {
  if (Buffer.isBuffer(raw)) return raw;
  if (Array.isArray(raw)) return Buffer.concat(raw);
  return Buffer.from(raw);
}

/** Resolves once the socket is closed, cutting it off if the peer does not answer in time. */
function closedWithin(ws: WebSocket, graceMs: number): Promise<void> {
  if (ws.readyState === ws.CLOSED) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => ws.terminate(), graceMs);
    ws.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
