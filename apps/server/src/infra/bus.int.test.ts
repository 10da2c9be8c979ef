import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { type BusMessage, type EventBus, memoryBus, redisBus } from './bus.ts';

const REDIS_URL = process.env.TEST_REDIS_URL;

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

function collect(bus: EventBus): BusMessage[] {
  const got: BusMessage[] = [];
  const off = bus.subscribe((m) => got.push(m));
  cleanups.push(async () => off());
  return got;
}

async function until(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** Two buses on one Redis: what two processes see. The prefix keeps test runs apart. */
async function twoRedisBuses(): Promise<[EventBus, EventBus]> {
  const prefix = `kx-test-${process.pid}-${Date.now()}-${cleanups.length}:`;
  const a = await redisBus(REDIS_URL!, prefix);
  const b = await redisBus(REDIS_URL!, prefix);
  cleanups.push(async () => {
    await Promise.all([a.close(), b.close()]);
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  return [a, b];
}

describe('memoryBus', () => {
  it('numbers events per room, from 1, and tells subscribers', async () => {
    const bus = memoryBus();
    cleanups.push(() => bus.close());
    const got = collect(bus);
    expect(await bus.currentSeq('battle:1')).toBe(0);
    expect((await bus.publish('battle:1', 'a', { x: 1 })).seq).toBe(1);
    expect((await bus.publish('battle:1', 'b', null)).seq).toBe(2);
    expect((await bus.publish('battle:2', 'c', 'z')).seq).toBe(1);
    expect(await bus.currentSeq('battle:1')).toBe(2);
    expect(got).toEqual([
      { room: 'battle:1', type: 'a', data: { x: 1 }, seq: 1 },
      { room: 'battle:1', type: 'b', data: null, seq: 2 },
      { room: 'battle:2', type: 'c', data: 'z', seq: 1 },
    ]);
  });

  it('stops telling a subscriber that unsubscribed', async () => {
    const bus = memoryBus();
    cleanups.push(() => bus.close());
    const got: BusMessage[] = [];
    const off = bus.subscribe((m) => got.push(m));
    await bus.publish('site', 'a', 1);
    off();
    await bus.publish('site', 'b', 2);
    expect(got.map((m) => m.type)).toEqual(['a']);
  });
});

describe('redisBus', () => {
  it.skipIf(!REDIS_URL)("delivers an event published by one process to the other's subscribers", async () => {
    const [a, b] = await twoRedisBuses();
    const atA = collect(a);
    const atB = collect(b);
    const sent = await a.publish('user:7', 'money', { coins: 12_3400 });
    expect(sent).toEqual({ room: 'user:7', type: 'money', data: { coins: 12_3400 }, seq: 1 });
    await until(() => atB.length === 1 && atA.length === 1, 'delivery to both');
    expect(atB).toEqual([sent]);
    expect(atA).toEqual([sent]);
    expect(await b.currentSeq('user:7')).toBe(1);
    expect(await b.currentSeq('user:8')).toBe(0);
  });

  it.skipIf(!REDIS_URL)('orders concurrent publishes from two processes into one gapless sequence', async () => {
    const [a, b] = await twoRedisBuses();
    const atA = collect(a);
    const atB = collect(b);
    const perProcess = 100;
    const sent = await Promise.all([
      ...Array.from({ length: perProcess }, (_, i) => a.publish('roulette:hall', 'bet', { from: 'a', i })),
      ...Array.from({ length: perProcess }, (_, i) => b.publish('roulette:hall', 'bet', { from: 'b', i })),
      // Another room's events interleave but do not touch this room's numbering.
      ...Array.from({ length: 20 }, (_, i) => b.publish('battle:1', 'x', { i })),
    ]);
    const total = 2 * perProcess;
    const expected = Array.from({ length: total }, (_, i) => i + 1);
    expect(
      sent
        .filter((m) => m.room === 'roulette:hall')
        .map((m) => m.seq)
        .sort((x, y) => x - y),
    ).toEqual(expected);

    const hall = (got: BusMessage[]) => got.filter((m) => m.room === 'roulette:hall');
    await until(() => hall(atA).length === total && hall(atB).length === total, 'all events at both');
    // Each subscriber sees them in seq order, every seq once: no gaps, no reordering.
    expect(hall(atA).map((m) => m.seq)).toEqual(expected);
    expect(hall(atB).map((m) => m.seq)).toEqual(expected);
    expect(atB.filter((m) => m.room === 'battle:1').map((m) => m.seq)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    expect(await a.currentSeq('roulette:hall')).toBe(total);
  });
});
