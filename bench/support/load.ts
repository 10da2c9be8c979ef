import { createHash, createHmac, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { Agent, request } from 'node:http';

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
 * CPU seconds used by PostgreSQL's processes (server and backends) from now until `stop()`.
 * Backends come and go with their connections (pgbench opens its own and closes them as it ends),
 * so /proc is sampled every 100 ms and each process counts from when it was first seen to when
 * it was last seen; a backend living less than 100 ms may be missed.
 */
export function postgresCpuMeter() {
  const first = new Map<number, number>();
  const last = new Map<number, number>();
  const sample = () => {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const pid = Number(entry);
      try {
        if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() !== 'postgres') continue;
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
 * A lean signed-API client for load: keep-alive sockets through node:http and the request
 * signature computed synchronously (the browser signs the same text with WebCrypto), so the load
 * generator spends as little CPU per request as it can and the figures are the server's.
 */
export function keepAliveClient(base: string, signSecret: string, maxSockets: number) {
  const url = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets });
  const emptyHash = createHash('sha256').update('').digest('hex');
  function call<T>(method: 'GET' | 'POST', path: string, body: unknown, token?: string) {
    const text = body === undefined ? '' : JSON.stringify(body);
    const ts = String(Date.now());
    const nonce = randomBytes(16).toString('hex');
    const bodyHash = text ? createHash('sha256').update(text).digest('hex') : emptyHash;
    const sign = createHmac('sha256', signSecret)
      .update(`${method}\n${path}\n${ts}\n${nonce}\n${bodyHash}`)
      .digest('hex');
    const headers: Record<string, string> = { 'x-ts': ts, 'x-nonce': nonce, 'x-sign': sign };
    if (text) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(Buffer.byteLength(text));
    }
    if (token) headers.authorization = `Bearer ${token}`;
    return new Promise<{ status: number; code: number | string; data: T; msg: string }>((resolve, reject) => {
      const req = request({ host: url.hostname, port: url.port, method, path, headers, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            const env = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            resolve({ status: res.statusCode ?? 0, code: env.code, data: env.data, msg: env.msg });
          } catch (e) {
            reject(e);
          }
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(text || undefined);
    });
  }
  return {
    get: <T>(path: string, token?: string) => call<T>('GET', path, undefined, token),
    post: <T>(path: string, body: unknown, token?: string) => call<T>('POST', path, body, token),
    close: () => agent.destroy(),
  };
}
