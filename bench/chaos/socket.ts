import { RECONNECT_DELAY_MS, userRoom } from '@kaixiang/shared/socket';
import { MONEY_MODIFY_EVENT } from '@kaixiang/shared/wallet';
import { WebSocket } from 'ws';
import type { Server, ServerName } from '../support/servers.ts';
import { at } from '../support/time.ts';

/** One connection of a player's socket, and what it received. */
export interface Conn {
  server: ServerName;
  openedMs: number;
  loggedIn: boolean;
  joinedMs: number | null;
  closedMs: number | null;
  /** money_modify frames received on this connection. */
  events: { atMs: number; money: number; quota: number }[];
}

/**
 * A player's socket as the web holds it (apps/web/src/lib/socket.ts): LOGIN, JOIN user:<id>, PING
 * every 10 s; when it drops, a new connection after RECONNECT_DELAY_MS to the other process, as a
 * load balancer would send it to a live one.
 */
export class PlayerSocket {
  readonly conns: Conn[] = [];
  private ws: WebSocket | null = null;
  private stopped = false;

  constructor(
    private readonly userId: number,
    private readonly token: string,
    private readonly servers: Server[],
  ) {}

  get current(): Conn | undefined {
    return this.conns.at(-1);
  }

  open(server: Server): void {
    const room = userRoom(this.userId);
    const conn: Conn = {
      server: server.name,
      openedMs: at(),
      loggedIn: false,
      joinedMs: null,
      closedMs: null,
      events: [],
    };
    this.conns.push(conn);
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/connect`);
    this.ws = ws;
    let ping: NodeJS.Timeout | null = null;
    ws.on('open', () => {
      ws.send(JSON.stringify({ type: 'LOGIN', data: { token: this.token, user_id: this.userId } }));
      ws.send(JSON.stringify({ type: 'JOIN', data: { room } }));
      ping = setInterval(() => ws.send(JSON.stringify({ type: 'PING' })), 10_000);
    });
    ws.on('message', (raw) => {
      const f = JSON.parse(String(raw)) as { type: string; data: Record<string, unknown>; room?: string };
      if (f.type === 'LOGIN' && f.data.ok) conn.loggedIn = true;
      else if (f.type === 'JOIN' && f.data.room === room) conn.joinedMs = at();
      else if (f.type === MONEY_MODIFY_EVENT && f.room === room) {
        conn.events.push({ atMs: at(), money: Number(f.data.money), quota: Number(f.data.mall_quota) });
      }
    });
    ws.on('error', () => {}); // 'close' follows
    ws.on('close', () => {
      if (ping) clearInterval(ping);
      conn.closedMs = at();
      if (this.stopped) return;
      const other = this.servers.find((s) => s !== server) ?? server;
      setTimeout(() => {
        if (!this.stopped) this.open(other);
      }, RECONNECT_DELAY_MS);
    });
  }

  /** Whether the live connection has received a money_modify carrying this coin balance. */
  sawMoney(money: number): boolean {
    return this.current?.events.some((e) => e.money === money) ?? false;
  }

  stop(): void {
    this.stopped = true;
    this.ws?.close();
  }
}
