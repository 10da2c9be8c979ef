import { AppError } from '../http/app-error.ts';

/**
 * Runs tasks one at a time per key, in arrival order; tasks of different keys run side by side.
 * A key with `maxDepth` tasks waiting refuses more (RATE_LIMITED): one client's flood must not
 * hold the process's memory. Used where one player's commands must not race each other inside
 * this process (their box openings share one seed pair), so they queue here instead of in the
 * database, which would make each loser of the race pay a round trip and try again.
 */
export function createKeyedQueue(maxDepth = 100) {
  const queues = new Map<number | string, { tail: Promise<unknown>; depth: number }>();
  return function run<T>(key: number | string, task: () => Promise<T>): Promise<T> {
    const q = queues.get(key) ?? { tail: Promise.resolve(), depth: 0 };
    if (q.depth >= maxDepth) return Promise.reject(new AppError('RATE_LIMITED'));
    q.depth++;
    queues.set(key, q);
    const result = q.tail.then(task);
    q.tail = result.then(
      () => settle(),
      () => settle(),
    );
    function settle() {
      q.depth--;
      if (q.depth === 0 && queues.get(key) === q) queues.delete(key);
    }
    return result;
  };
}
