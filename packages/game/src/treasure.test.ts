import { describe, expect, it } from 'vitest';
import { newServerSeed } from './fair.ts';
import { sha256Hex } from './sha256.ts';
import { create, draw, expire, grab, paidBy, priorGrab, type Treasure, verifyTreasure } from './treasure.ts';

const NOW = 1_700_000_000_000;
const base = {
  roomId: 7,
  title: 'AK-47 夺宝',
  itemDefId: 3,
  exter: 2,
  prizePrice: 1_000_000,
  cards: 4,
  cardPrice: 300_000,
  now: NOW,
  deadlineMs: NOW + 3_600_000,
};
function made(over: Partial<typeof base> = {}): Treasure {
  const r = create({ ...base, ...over });
  if (!r.ok) throw new Error(r.error);
  return r.value.state;
}
function grabbed(t: Treasure, userId: number, count: number): Treasure {
  const r = grab(t, { userId, count, now: NOW + 1 });
  if (!r.ok) throw new Error(r.error);
  return r.value.state;
}

describe('treasure rules', () => {
  it('refuses bad treasures', () => {
    expect(create({ ...base, cards: 1 })).toEqual({ ok: false, error: 'TREASURE_CARDS_INVALID' });
    expect(create({ ...base, cardPrice: 0 })).toEqual({ ok: false, error: 'TREASURE_PRICE_INVALID' });
    expect(create({ ...base, title: '  ' })).toEqual({ ok: false, error: 'TREASURE_TITLE_INVALID' });
    expect(create({ ...base, deadlineMs: NOW + 1_000 })).toEqual({ ok: false, error: 'TREASURE_DEADLINE_INVALID' });
  });

  it('sells the next cards, debits each grab once and fills on the last card', () => {
    const t = made();
    const a = grab(t, { userId: 1, count: 3, now: NOW });
    expect(a.ok && a.value.effects).toEqual([{ type: 'debit', userId: 1, amount: 900_000, key: 'treasure_card:7:0' }]);
    const t1 = grabbed(t, 1, 3);
    expect(grab(t1, { userId: 2, count: 2, now: NOW })).toEqual({ ok: false, error: 'TREASURE_NOT_ENOUGH_CARDS' });
    expect(grab(t1, { userId: 2, count: 0, now: NOW })).toEqual({ ok: false, error: 'TREASURE_COUNT_INVALID' });
    expect(grab(t1, { userId: 2, count: 1.5, now: NOW })).toEqual({ ok: false, error: 'TREASURE_COUNT_INVALID' });
    const last = grab(t1, { userId: 2, count: 1, now: NOW + 5 });
    expect(last.ok && last.value.state.state).toBe('full');
    expect(last.ok && last.value.state.filledAtMs).toBe(NOW + 5);
    expect(last.ok && last.value.effects[0]).toMatchObject({ key: 'treasure_card:7:3', amount: 300_000 });
    const full = grabbed(t1, 2, 1);
    expect(grab(full, { userId: 3, count: 1, now: NOW })).toEqual({ ok: false, error: 'TREASURE_ENDED' });
  });

  it('remembers a grab by its request id, for that player only', () => {
    const r = grab(made(), { userId: 1, count: 2, now: NOW, requestId: 'grab-aaaa-1' });
    if (!r.ok) throw new Error(r.error);
    const t = r.value.state;
    expect(priorGrab(t, 1, 'grab-aaaa-1')).toEqual({
      userId: 1,
      first: 0,
      count: 2,
      atMs: NOW,
      requestId: 'grab-aaaa-1',
    });
    expect(priorGrab(t, 2, 'grab-aaaa-1')).toBeUndefined();
    expect(priorGrab(t, 1, 'grab-bbbb-2')).toBeUndefined();
    // A grab without an id is no repeat of anything.
    expect(priorGrab(grabbed(made(), 1, 1), 1, '')).toBeUndefined();
  });

  it('stops selling at the deadline and refunds what each paid, once', () => {
    const t = grabbed(grabbed(grabbed(made({ cards: 5 }), 5, 1), 2, 2), 5, 1);
    expect(grab(t, { userId: 3, count: 0, now: base.deadlineMs })).toEqual({ ok: false, error: 'TREASURE_ENDED' });
    expect(expire(t, base.deadlineMs - 1)).toEqual({ ok: false, error: 'TREASURE_NOT_DUE' });
    const r = expire(t, base.deadlineMs);
    if (!r.ok) throw new Error(r.error);
    expect(r.value.effects).toEqual([
      { type: 'credit', userId: 2, amount: 600_000, reason: 'treasure_refund', key: 'treasure_refund:7:2' },
      { type: 'credit', userId: 5, amount: 600_000, reason: 'treasure_refund', key: 'treasure_refund:7:5' },
    ]);
    expect(expire(r.value.state, base.deadlineMs + 1)).toEqual({ ok: false, error: 'TREASURE_NOT_DUE' });
    expect(paidBy(t)).toEqual([
      { userId: 2, amount: 600_000 },
      { userId: 5, amount: 600_000 },
    ]);
  });

  it('draws only a full treasure, gives the prize to the winning card, and verifies', () => {
    const seed = newServerSeed(() => new Uint8Array(32).fill(9));
    const half = grabbed(made(), 1, 2);
    expect(draw(half, { serverSeed: seed, publicSeed: 'b' })).toEqual({ ok: false, error: 'TREASURE_NOT_FULL' });
    const full = grabbed(grabbed(half, 2, 1), 3, 1);
    const r = draw(full, { serverSeed: seed, publicSeed: 'beacon' });
    if (!r.ok) throw new Error(r.error);
    const won = r.value.state.result;
    if (!won) throw new Error('no result');
    expect(won.userId).toBe(full.holders[won.card]);
    expect(r.value.effects).toEqual([
      { type: 'grant', userId: won.userId, itemDefId: 3, exter: 2, price: 1_000_000, key: 'treasure_prize:7' },
    ]);
    const v = verifyTreasure({
      serverSeed: seed,
      serverSeedHash: sha256Hex(seed),
      publicSeed: 'beacon',
      roomId: 7,
      holders: full.holders,
      card: won.card,
      userId: won.userId,
    });
    expect(v).toMatchObject({ seedMatches: true, matches: true });
    expect(
      verifyTreasure({
        ...v,
        serverSeed: seed,
        serverSeedHash: 'x',
        publicSeed: 'other',
        roomId: 7,
        holders: full.holders,
        card: won.card,
        userId: won.userId,
      }).seedMatches,
    ).toBe(false);
    expect(draw(r.value.state, { serverSeed: seed, publicSeed: 'beacon' })).toEqual({
      ok: false,
      error: 'TREASURE_NOT_FULL',
    });
  });
});
