import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type NodeProcess, startNodeProcess, stopNodeProcess } from '../../test/support/node-process.ts';
import { TestSocket } from './socket-test-client.ts';

/**
 * Two real server processes sharing rooms through Redis (ARCHITECTURE.md §Runtime modes): a
 * client connected to one process receives what the other publishes.
 */
const REDIS_URL = process.env.TEST_REDIS_URL;

interface Node extends NodeProcess {
  publish(room: string, type: string, data: unknown): Promise<{ seq: number }>;
}

async function startNode(prefix: string): Promise<Node> {
  const node = await startNodeProcess('socket-node.ts', [REDIS_URL!, prefix], 20_000);
  return {
    ...node,
    async publish(room, type, data) {
      const res = await fetch(`http://127.0.0.1:${node.port}/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ room, type, data }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { seq: number };
    },
  };
}

describe.skipIf(!REDIS_URL)('socket across two processes', () => {
  const prefix = `kx-test-${process.pid}-${Date.now()}:`;
  let one: Node | undefined;
  let two: Node | undefined;
  const sockets: TestSocket[] = [];

  const connect = async (node: Node) => {
    const s = await TestSocket.open(`ws://127.0.0.1:${node.port}/connect`);
    sockets.push(s);
    await s.next('pyUserInfo');
    return s;
  };

  beforeAll(async () => {
    [one, two] = await Promise.all([startNode(prefix), startNode(prefix)]);
  });

  afterAll(async () => {
    await Promise.all(sockets.map((s) => s.close()));
    await Promise.all([stopNodeProcess(one), stopNodeProcess(two)]);
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it("delivers to a client on process 1 what process 2 publishes in the client's room", async () => {
    const client = await connect(one!);
    client.send('JOIN', { room: 'roulette:hall' });
    const joined = await client.next('JOIN');
    const { seq } = await two!.publish('roulette:hall', 'roulette_tick', { left: 9 });
    expect(seq).toBe((joined.data.seq as number) + 1);
    const got = await client.next('roulette_tick');
    expect(got).toEqual({ type: 'roulette_tick', data: { left: 9 }, room: 'roulette:hall', seq });
  });

  it('delivers site events everywhere and user events only to that user, whichever process publishes', async () => {
    const seven = await connect(one!);
    seven.send('LOGIN', { token: 'good-7', user_id: 7 });
    seven.send('JOIN', { room: 'user:7' });
    await seven.next('JOIN');
    const guestOnTwo = await connect(two!);

    await two!.publish('user:7', 'money', { coins: 1 });
    await one!.publish('site', 'notice', { text: 'hi' });

    expect((await seven.next('money')).data).toEqual({ coins: 1 });
    expect((await seven.next('notice')).data).toEqual({ text: 'hi' });
    expect((await guestOnTwo.next('notice')).data).toEqual({ text: 'hi' });
    // The site notice was published after the user event: once it is here, so would the other be.
    expect(guestOnTwo.received.filter((f) => f.room === 'user:7')).toEqual([]);
  });

  it("counts a game room's watchers on both processes (watchCnt), and one leaving", async () => {
    const room = `battle:${Date.now() % 1_000_000_000}`;
    const onOne = await connect(one!);
    const onTwo = await connect(two!);
    onOne.send('JOIN', { room });
    await onOne.next('JOIN');
    onTwo.send('JOIN', { room });
    await onTwo.next('JOIN');
    const seesTwo = (f: { data: Record<string, unknown> }) => f.data.watch_cnt === 2;
    expect((await onOne.next('watchCnt', seesTwo, 5_000)).room).toBe(room);
    await onTwo.next('watchCnt', seesTwo, 5_000);
    await onTwo.close();
    expect((await onOne.next('watchCnt', (f) => f.data.watch_cnt === 1, 5_000)).data).toEqual({ watch_cnt: 1 });
  });
});
