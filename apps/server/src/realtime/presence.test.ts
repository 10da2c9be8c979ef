import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type BusMessage, memoryBus } from '../infra/bus.ts';
import { createPresence, PRESENCE_CONTROL_ROOM, type Presence } from './presence.ts';

/**
 * Several "processes" (presences) on one bus, as the Redis bus joins them: each tells its own
 * sockets per room; every one knows the total; the total is announced once per change.
 */
describe('presence (watchers across processes)', () => {
  const bus = memoryBus();
  const clock = { t: 1_000_000, now: () => clock.t };
  const made: Presence[] = [];
  let announced: { room: string; total: number; by: number }[];
  let published: BusMessage[];
  const off = bus.subscribe((m) => {
    if (m.room === PRESENCE_CONTROL_ROOM) published.push(m);
  });

  const process = (index: number) => {
    const p = createPresence({
      bus,
      clock,
      tracked: (room) => /^battle:\d+$/.test(room),
      onTotal: (room, total) => announced.push({ room, total, by: index }),
      throttleMs: 1_000,
      heartbeatMs: 10_000,
      staleMs: 30_000,
    });
    made.push(p);
    return p;
  };
  /** Lets timers run and the bus deliver (it delivers on microtasks). */
  const advance = async (ms: number) => {
    clock.t += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };

  beforeEach(() => {
    vi.useFakeTimers();
    announced = [];
    published = [];
  });
  afterEach(() => {
    for (const p of made.splice(0)) p.close();
    vi.useRealTimers();
  });
  afterAll(() => off());

  it('adds up the sockets of every process, and the last word is the right total', async () => {
    const a = process(1);
    const b = process(2);
    // Both change at once: each announces what it knew, and the later announcement knew the other.
    a.local('battle:7', 2);
    b.local('battle:7', 3);
    await advance(1);
    expect(a.count('battle:7')).toBe(5);
    expect(b.count('battle:7')).toBe(5);
    expect(announced.at(-1)).toMatchObject({ room: 'battle:7', total: 5 });
    expect(announced.filter((x) => x.room === 'battle:7')).toHaveLength(2);

    // Leaving: one announcement of the new total.
    announced = [];
    await advance(1_000);
    b.local('battle:7', 0);
    await advance(1);
    expect(announced).toEqual([{ room: 'battle:7', total: 2, by: 2 }]);
    expect(a.count('battle:7')).toBe(2);
  });

  it('announces a room at most once a throttle period, with its latest count', async () => {
    const a = process(1);
    a.local('battle:8', 1);
    await advance(1);
    for (let n = 2; n <= 6; n++) {
      a.local('battle:8', n);
      await advance(100);
    }
    // Five changes within the period: nothing more until it is over, then the last count once.
    expect(announced.map((x) => x.total)).toEqual([1]);
    await advance(1_000);
    expect(announced.map((x) => x.total)).toEqual([1, 6]);
  });

  it('forgets a process that went silent, and a late process learns the others from their heartbeat', async () => {
    const a = process(1);
    const b = process(2);
    a.local('battle:9', 4);
    b.local('battle:9', 1);
    await advance(1);
    // b dies without a word: a counts it until it has been silent for the stale period.
    made.splice(made.indexOf(b), 1);
    b.close();
    const late = process(3);
    expect(late.count('battle:9')).toBe(0);
    await advance(10_000); // a's heartbeat
    expect(late.count('battle:9')).toBe(4);
    expect(a.count('battle:9')).toBe(5);
    await advance(25_000);
    expect(a.count('battle:9')).toBe(4);
    // Heartbeats announce nothing to the room.
    expect(announced.filter((x) => x.by === 3)).toEqual([]);
  });

  it('rooms that are not tracked cost nothing', async () => {
    const a = process(1);
    a.local('site', 10_000);
    a.local('battle:hall', 50);
    a.local('user:3', 1);
    await advance(20_000);
    expect(published).toEqual([]);
    expect(announced).toEqual([]);
    expect(a.count('battle:hall')).toBe(0);
  });
});
