import { type ClientOptions, WebSocket } from 'ws';

/**
 * A real websocket client for tests: collects every frame so a test can wait for the one it
 * expects, and check that one it must not see never came.
 */
export interface Frame {
  type: string;
  data: Record<string, unknown>;
  room?: string;
  seq?: number;
}

interface Waiter {
  match: (f: Frame) => boolean;
  resolve: (f: Frame) => void;
}

export class TestSocket {
  /** Frames received and not yet taken by next(). */
  readonly inbox: Frame[] = [];
  /** Every frame received, in order. */
  readonly received: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  #waiters: Waiter[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      this.received.push(frame);
      const i = this.#waiters.findIndex((w) => w.match(frame));
      if (i >= 0) this.#waiters.splice(i, 1)[0]!.resolve(frame);
      else this.inbox.push(frame);
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    });
  }

  /** `options.origin` sets the Origin header a browser would send. */
  static open(url: string, options?: ClientOptions): Promise<TestSocket> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, options);
      const socket = new TestSocket(ws);
      ws.once('open', () => resolve(socket));
      ws.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  send(type: string, data?: unknown): void {
    this.ws.send(JSON.stringify({ type, data }));
  }

  sendRaw(text: string | Buffer): void {
    this.ws.send(text);
  }

  /** The first frame (already received or still to come) of this type that matches. */
  next(type: string, match: (f: Frame) => boolean = () => true, timeoutMs = 2000): Promise<Frame> {
    const test = (f: Frame) => f.type === type && match(f);
    const i = this.inbox.findIndex(test);
    if (i >= 0) return Promise.resolve(this.inbox.splice(i, 1)[0]!);
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        match: test,
        resolve: (f) => {
          clearTimeout(timer);
          resolve(f);
        },
      };
      const timer = setTimeout(() => {
        this.#waiters = this.#waiters.filter((w) => w !== waiter);
        reject(new Error(`no ${type} frame within ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox)}`));
      }, timeoutMs);
      this.#waiters.push(waiter);
    });
  }

  /**
   * A PING round trip: the server answers frames in order and sends room events as they happen,
   * so whatever was sent to us before the PONG has arrived once this resolves.
   */
  async roundTrip(): Promise<void> {
    this.send('PING');
    await this.next('PONG');
  }

  /** Takes every frame of a room received so far. */
  take(room: string): Frame[] {
    const mine = this.inbox.filter((f) => f.room === room);
    for (const f of mine) this.inbox.splice(this.inbox.indexOf(f), 1);
    return mine;
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await Promise.race([this.closed, new Promise((r) => setTimeout(r, 1000))]);
    this.ws.terminate();
  }
}
