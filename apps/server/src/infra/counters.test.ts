import { describe, expect, it } from 'vitest';
import { memoryCounters } from './counters.ts';

const WINDOW = 60_000;

function clock() {
  let now = 1_000_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('memory counters', () => {
  it('grants exactly max of many reservations made at once', async () => {
    const counters = memoryCounters(clock().now);
    const all = await Promise.all(Array.from({ length: 50 }, () => counters.reserve([{ key: 'a', max: 5 }], WINDOW)));
    expect(all.filter((r) => r !== null)).toHaveLength(5);
  });

  it('reserves on every key or none: a key at its max leaves the others untouched', async () => {
    const counters = memoryCounters(clock().now);
    for (let i = 0; i < 2; i++) expect(await counters.reserve([{ key: 'acct', max: 2 }], WINDOW)).not.toBeNull();
    const both = [
      { key: 'acct', max: 2 },
      { key: 'ip', max: 3 },
    ];
    expect(await counters.reserve(both, WINDOW)).toBeNull();
    // The refused reservation took nothing from 'ip': all three of its hits are still free.
    for (let i = 0; i < 3; i++) expect(await counters.reserve([{ key: 'ip', max: 3 }], WINDOW)).not.toBeNull();
    expect(await counters.reserve([{ key: 'ip', max: 3 }], WINDOW)).toBeNull();
  });

  it('a release gives back its own hit on every key, once', async () => {
    const counters = memoryCounters(clock().now);
    const both = [
      { key: 'acct', max: 2 },
      { key: 'ip', max: 2 },
    ];
    const first = await counters.reserve(both, WINDOW);
    expect(await counters.reserve(both, WINDOW)).not.toBeNull();
    expect(await counters.reserve(both, WINDOW)).toBeNull();
    await first?.release();
    await first?.release();
    expect(await counters.reserve(both, WINDOW)).not.toBeNull();
    expect(await counters.reserve(both, WINDOW)).toBeNull();
  });

  it('forgets hits older than the window, and a reset forgets them all', async () => {
    const c = clock();
    const counters = memoryCounters(c.now);
    const one = [{ key: 'k', max: 1 }];
    expect(await counters.reserve(one, WINDOW)).not.toBeNull();
    c.advance(WINDOW - 1);
    expect(await counters.reserve(one, WINDOW)).toBeNull();
    c.advance(1);
    expect(await counters.reserve(one, WINDOW)).not.toBeNull();
    await counters.reset('k');
    expect(await counters.reserve(one, WINDOW)).not.toBeNull();
  });
});
