import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

/** Clock ticks per second of /proc/<pid>/stat times (USER_HZ: 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds (user + system) a process has used so far, from /proc; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    // The command name (field 2) may hold spaces: the fields after it start behind its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds used by the processes named `comm` (PostgreSQL's server and backends: 'postgres';
 * Redis: 'redis-server') from now until `stop()`.
 * Backends come and go with their connections (pgbench opens its own and closes them as it ends),
 * so /proc is sampled every 100 ms and each process counts from when it was first seen to when
 * it was last seen; a backend living less than 100 ms may be missed.
 */
export function processCpuMeter(comm: string) {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== comm) continue;
      } catch {
        continue;
      }
      const used = cpuSeconds(pid);
      if (used === 0 && !first.has(pid)) continue;
      // A process first seen after the start began at 0: count all it used.
      if (!first.has(pid)) first.set(pid, started ? 0 : used);
      last.set(pid, used);
    }
  };
  let started = false;
  sample();
  started = true;
  const timer = setInterval(sample, 100);
  return {
    stop(): number {
      clearInterval(timer);
      sample();
      let total = 0;
      for (const [pid, end] of last) total += Math.max(0, end - (first.get(pid) ?? end));
      return total;
    },
  };
}

/**
 * A lean signed-API client for load, the way wrk or pgbench are lean: one keep-alive TCP
 * connection per concurrent client, each request written as one string, each answer read by its
 * Content-Length, and the request signature computed synchronously (the browser signs the same
 * text with WebCrypto). node:http's client cost about half a millisecond of CPU per request,
 * which on a 2-core machine is taken from the server being measured.
 */
export function keepAliveClient(base: string, signSecret: string) {
  const url = new URL(base);
  const emptyHash = createHash('sha256').update('').digest('hex');
  const idle: Connection[] = [];

  class Connection {
    readonly socket: Socket;
    private buffer: Buffer = Buffer.alloc(0);
    private pending: ((r: { status: number; body: string }) => void) | null = null;
    private failed: ((e: Error) => void) | null = null;
    constructor() {
      this.socket = connect({ host: url.hostname, port: Number(url.port) });
      this.socket.setNoDelay(true);
      this.socket.on('data', (chunk: Buffer) => {
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
        this.parse();
      });
      this.socket.on('error', (e) => this.failed?.(e));
      this.socket.on('close', () => this.failed?.(new Error('connection closed')));
    }
    send(request: string): Promise<{ status: number; body: string }> {
      return new Promise((resolve, reject) => {
        this.pending = resolve;
        this.failed = reject;
        this.socket.write(request);
      });
    }
    private parse() {
      const end = this.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = this.buffer.subarray(0, end).toString('latin1');
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (/\r\ntransfer-encoding: *chunked/i.test(head)) throw new Error('chunked answers are not expected here');
      if (this.buffer.length < end + 4 + length) return;
      const body = this.buffer.subarray(end + 4, end + 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(end + 4 + length);
      const done = this.pending;
      this.pending = null;
      this.failed = null;
      done?.({ status: Number(head.slice(9, 12)), body });
    }
  }

  function build(method: 'GET' | 'POST', path: string, body: unknown, token?: string): string {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const bodyHash = text ? createHash('sha256').update(text).digest('hex') : emptyHash;
    const sign = createHmac('sha256', signSecret)
      .update(`${method}\n${path}\n${ts}\n${nonce}\n${bodyHash}`)
      .digest('hex');
    let request = `${method} ${path} HTTP/1.1\r\nhost: ${url.host}\r\nx-ts: ${ts}\r\nx-nonce: ${nonce}\r\nx-sign: ${sign}\r\n`;
    if (token) request += `authorization: Bearer ${token}\r\n`;
    if (text) request += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\n`;
    request += `\r\n${text}`;
    return request;
  }

  async function sendRaw(request: string): Promise<{ status: number; body: string }> {
    const connection = idle.pop() ?? new Connection();
    const answer = await connection.send(request);
    idle.push(connection);
    return answer;
  }

  async function call<T>(method: 'GET' | 'POST', path: string, body: unknown, token?: string) {
    const answer = await sendRaw(build(method, path, body, token));
    const env = JSON.parse(answer.body) as { code: number | string; data: T; msg: string };
    return { status: answer.status, code: env.code, data: env.data, msg: env.msg };
  }
  return {
    get: <T>(path: string, token?: string) => call<T>('GET', path, undefined, token),
    post: <T>(path: string, body: unknown, token?: string) => call<T>('POST', path, body, token),
    build,
    sendRaw,
    close: () => {
      for (const c of idle.splice(0)) c.socket.destroy();
    },
  };
}
