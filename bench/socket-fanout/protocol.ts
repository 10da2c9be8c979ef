/**
 * What the socket fan-out bench's processes say to each other over IPC (node's `advanced`
 * serialization, so typed arrays cross as they are). The orchestrator (bench/socket-fanout.ts)
 * drives one server child (the app, or the bare `ws` baseline) and several client children.
 */

/**
 * Milliseconds on a clock that every process on this machine shares: `performance.now()` alone
 * starts at each process's birth, and `process.hrtime` is not comparable across processes.
 */
export const sharedNowMs = () => performance.timeOrigin + performance.now();

/** CPU time this process has used so far, user and system. */
export function cpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

/** The payload of every published bench event: its index in the phase and when it was published. */
export interface BenchEvent {
  i: number;
  t: number;
}
export const BENCH_EVENT_TYPE = 'bench';

export interface PublishPlan {
  events: number;
  /** 0 publishes them all at once (the throughput phase). */
  intervalMs: number;
}

export interface MemorySample {
  rss: number;
  heapUsed: number;
  external: number;
}

/** Orchestrator → server child. */
export type ServerCommand =
  | { type: 'mem' }
  | { type: 'cpu' }
  | ({ type: 'publish' } & PublishPlan)
  /** BENCH_PROF: start a CPU profile or heap sampling; 'stop' writes it to `file`. */
  | { type: 'profile'; kind: 'cpu' | 'heap'; action: 'start' }
  | { type: 'profile'; kind: 'cpu' | 'heap'; action: 'stop'; file: string }
  | { type: 'stop' };
/** Server child → orchestrator. */
export type ServerReply =
  | { type: 'ready'; port: number; path: string }
  | ({ type: 'mem' } & MemorySample)
  | { type: 'published'; firstMs: number; lastMs: number }
  /** CPU time and time spent in garbage collection since the process started. */
  | { type: 'cpu'; ms: number; gcMs: number }
  | { type: 'profile' };

/** Orchestrator → client child. */
export type ClientCommand =
  | { type: 'connect'; url: string; count: number; concurrency: number }
  | { type: 'expect'; events: number }
  /** Reply once every event of the phase arrived, or none has for `stallMs`. */
  | { type: 'collect'; stallMs: number }
  | { type: 'stop' };
/** Client child → orchestrator. */
export type ClientReply =
  | { type: 'connected'; open: number; failed: number; ms: number }
  | { type: 'expecting'; cpuMs: number }
  | {
      type: 'collected';
      latencies: Float64Array;
      lastReceiptMs: number;
      cpuMs: number;
      /** Sockets the server closed since connecting (idle, slow consumer...): should be 0. */
      closed: number;
    };
