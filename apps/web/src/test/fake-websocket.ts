import type { WebSocketLike } from '../lib/socket.ts';

/** A WebSocket the test drives by hand: open it, feed it frames, close it. */
export class FakeWebSocket implements WebSocketLike {
  static instances: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;

  constructor(readonly url: string) {
    FakeWebSocket.instances.push(this);
  }

  static latest(): FakeWebSocket {
    const ws = FakeWebSocket.instances[FakeWebSocket.instances.length - 1];
    if (!ws) throw new Error('no socket was created');
    return ws;
  }

  /**
   * The latest socket, opened if it is still connecting: a sign-in during a test makes the client
   * reconnect (its identity poll, every 0.5 s), and what it had joined goes out again on open.
   */
  static opened(): FakeWebSocket {
    const ws = FakeWebSocket.latest();
    if (ws.readyState === 0) ws.open();
    return ws;
  }

  static reset(): void {
    FakeWebSocket.instances = [];
  }

  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }

  close(): void {
    this.closed = true;
    this.readyState = 3;
  }

  /** Server side: accept the connection. */
  open(): void {
    this.readyState = 1;
    this.onopen?.({});
  }

  /** Server side: send a frame. */
  receive(frame: unknown): void {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }

  /** Server side: drop the connection. */
  drop(): void {
    this.readyState = 3;
    this.onclose?.({});
  }

  sentTypes(): string[] {
    return this.sent.map((f) => (f as { type: string }).type);
  }
}
