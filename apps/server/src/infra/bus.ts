import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

/** One event for one room. `seq` increases by one per event in that room, across all processes. */
export interface BusMessage<T = unknown> {
  room: string;
  type: string;
  data: T;
  seq: number;
}

/**
 * The event bus port (ARCHITECTURE.md §Runtime modes): in-process by default, Redis pub/sub when
 * REDIS_URL is set so that N processes share rooms. Subscribers get every room's events; the
 * socket hub delivers each to the sockets of its own process that are in that room.
 */
export interface EventBus {
  publish<T>(room: string, type: string, data: T): Promise<BusMessage<T>>;
  subscribe(handler: (message: BusMessage) => void): () => void;
  /** The last sequence number published in a room (0 when none). */
  currentSeq(room: string): Promise<number>;
  close(): Promise<void>;
}

export function memoryBus(): EventBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const seqs = new Map<string, number>();
  return {
    async publish(room, type, data) {
      const seq = (seqs.get(room) ?? 0) + 1;
      seqs.set(room, seq);
      // Through JSON, as Redis carries it: data that JSON cannot carry must fail here in the
      // embedded mode too, not only once the site runs on several processes.
      const message = { room, type, data: JSON.parse(JSON.stringify(data ?? null)), seq };
      // Subscribers run after publish returns: one that throws must not fail the publisher.
      queueMicrotask(() => emitter.emit('message', message));
      return message;
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async currentSeq(room) {
      return seqs.get(room) ?? 0;
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

// INCR and PUBLISH in one script: Redis runs scripts atomically, so events of a room reach every
// subscriber in sequence order even when two processes publish to the same room at once. The
// counter expires a week after the room's last event so finished rooms do not pile up; a client
// that comes back after that re-JOINs and learns the new sequence.
const PUBLISH_SCRIPT = `
local seq = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PUBLISH', ARGV[1], ARGV[2] .. seq .. ARGV[3])
return seq`;
const SEQ_TTL_MS = 7 * 24 * 3600 * 1000;

export async function redisBus(url: string, prefix = 'kx:'): Promise<EventBus> {
  const channel = `${prefix}events`;
  const pub = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3, enableAutoPipelining: true });
  const sub = new Redis(url, { lazyConnect: true });
  // ioredis reconnects by itself; without a listener an outage would print "Unhandled error event".
  for (const client of [pub, sub]) client.on('error', () => {});
  await Promise.all([pub.connect(), sub.connect()]);
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  sub.on('message', (ch: string, payload: string) => {
    if (ch !== channel) return;
    try {
      emitter.emit('message', JSON.parse(payload) as BusMessage);
    } catch {
      // A malformed payload can only come from outside this program; dropping it is all we can do.
    }
  });
  await sub.subscribe(channel);
  // Sent by its SHA (EVALSHA), the script text only once per connection: every event pays for it.
  pub.defineCommand('kxPublish', { numberOfKeys: 1, lua: PUBLISH_SCRIPT });
  const scripted = pub as unknown as { kxPublish: (...args: (string | number)[]) => Promise<unknown> };
  const publishScript = (...args: (string | number)[]) => scripted.kxPublish(...args);
  const seqKey = (room: string) => `${prefix}seq:${room}`;
  return {
    async publish(room, type, data) {
      // The payload is split around the sequence number so the script can splice it in.
      const head = `{"room":${JSON.stringify(room)},"type":${JSON.stringify(type)},"data":${JSON.stringify(data ?? null)},"seq":`;
      const seq = Number(await publishScript(seqKey(room), channel, head, '}', SEQ_TTL_MS));
      return { room, type, data: JSON.parse(JSON.stringify(data ?? null)), seq };
    },
    subscribe(handler) {
      emitter.on('message', handler);
      return () => emitter.off('message', handler);
    },
    async currentSeq(room) {
      return Number((await pub.get(seqKey(room))) ?? 0);
    },
    async close() {
      emitter.removeAllListeners();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
