import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { byAccountOwner, createTickBatcher } from './tick-batcher.ts';

/** A database error as drivers raise it: with a SQLSTATE, so the statement is known undone. */
const sqlError = (code: string) => Object.assign(new Error(`sql ${code}`), { code });

function recorder(opts: { many?: (xs: readonly number[]) => Promise<readonly string[]>; maxBatch?: number } = {}) {
  const ones: number[] = [];
  const manys: number[][] = [];
  const sizes: number[] = [];
  const call = createTickBatcher<number, string>({
    one: async (x) => {
      ones.push(x);
      if (x < 0) throw sqlError('23514');
      return `one:${x}`;
    },
    many: async (xs) => {
      manys.push([...xs]);
      return opts.many ? opts.many(xs) : xs.map((x) => `many:${x}`);
    },
    order: (a, b) => a - b,
    onBatch: (n) => sizes.push(n),
    ...(opts.maxBatch ? { maxBatch: opts.maxBatch } : {}),
  });
  return { call, ones, manys, sizes };
}

describe('createTickBatcher', () => {
  it('sends the calls of one turn as one batch, in order, and gives each caller its own answer', async () => {
    const r = recorder();
    const answers = await Promise.all([r.call(3), r.call(1), r.call(2)]);
    expect(r.manys).toEqual([[1, 2, 3]]);
    expect(answers).toEqual(['many:3', 'many:1', 'many:2']);
    expect(r.ones).toEqual([]);
    expect(r.sizes).toEqual([3]);
  });

  it('sends a call made alone in its turn through `one`, without waiting for company', async () => {
    const r = recorder();
    expect(await r.call(7)).toBe('one:7');
    const second = r.call(8);
    await nextTurn();
    expect(r.ones).toEqual([7, 8]);
    expect(await second).toBe('one:8');
    expect(r.manys).toEqual([]);
    expect(r.sizes).toEqual([1, 1]);
  });

  it('keeps calls of different turns apart', async () => {
    const r = recorder();
    const a = [r.call(1), r.call(2)];
    await nextTurn();
    const b = [r.call(3), r.call(4)];
    await Promise.all([...a, ...b]);
    expect(r.manys).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('splits a turn larger than maxBatch', async () => {
    const r = recorder({ maxBatch: 2 });
    await Promise.all([5, 4, 3, 2, 1].map(r.call));
    expect(r.manys).toEqual([
      [4, 5],
      [2, 3],
    ]);
    expect(r.ones).toEqual([1]);
  });

  it('sends each again alone when the batch statement raised a database error; only the culprit fails', async () => {
    const r = recorder({
      many: async (xs) => {
        if (xs.some((x) => x < 0)) throw sqlError('23514');
        return xs.map(String);
      },
    });
    const results = await Promise.allSettled([r.call(1), r.call(-1), r.call(2)]);
    expect(r.manys).toEqual([[-1, 1, 2]]);
    expect(r.ones.sort()).toEqual([-1, 1, 2].sort());
    expect(results.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 'one:1' });
    expect(results[2]).toMatchObject({ value: 'one:2' });
  });

  it('gives every caller an error that may have come after a commit (no SQLSTATE) and sends nothing again', async () => {
    const lost = new Error('Connection terminated unexpectedly');
    const r = recorder({
      many: async () => {
        throw lost;
      },
    });
    const results = await Promise.allSettled([r.call(1), r.call(2)]);
    expect(results).toEqual([
      { status: 'rejected', reason: lost },
      { status: 'rejected', reason: lost },
    ]);
    expect(r.ones).toEqual([]);
  });

  it('refuses an answer that does not match the batch, for every caller', async () => {
    const r = recorder({ many: async () => ['only one'] });
    const results = await Promise.allSettled([r.call(1), r.call(2)]);
    expect(results.map((x) => x.status)).toEqual(['rejected', 'rejected']);
    expect(String((results[0] as PromiseRejectedResult).reason)).toContain('a batch of 2 answered 1');
  });

  it('orders players as kx_post_transfer locks their accounts: by owner string, bytewise, not by id', () => {
    const players = [{ id: 9 }, { id: 100 }, { id: 10 }, { id: 1 }];
    players.sort(byAccountOwner((p) => p.id));
    // 'u:1' < 'u:10' < 'u:100' < 'u:9', as PostgreSQL's COLLATE "C" compares them.
    expect(players.map((p) => p.id)).toEqual([1, 10, 100, 9]);
  });
});
