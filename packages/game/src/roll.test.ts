import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Result } from './engine.ts';
import {
  type CreateRollInput,
  close,
  create,
  DAY_MS,
  draw,
  drawWinners,
  entrantsHash,
  JOIN_ERRORS,
  type JoinFacts,
  join,
  NO_CONDITIONS,
  ROLL_MAX_DRAW_DELAY_MS,
  ROLL_MAX_PRIZES,
  ROLL_MIN_DRAW_DELAY_MS,
  type RollRoom,
  rechargeSince,
  verifyRoll,
} from './roll.ts';

const T0 = 1_700_000_000_000;
const DRAW = T0 + 3_600_000;
const SEED = 'a3f1c2d4e5b60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
const BEACON = '5f0c1e2d3c4b5a69788796a5b4c3d2e1f00112233445566778899aabbccddeeff';

function must<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error}`);
  return r.value;
}

const owned = (userItemId: number, price: number) => ({
  itemDefId: 1000 + userItemId,
  exter: 3,
  price,
  userItemId,
  heldStatus: 0,
});

function input(over: Partial<CreateRollInput> = {}): CreateRollInput {
  return {
    roomId: 9,
    ownerId: 1,
    official: false,
    title: '  主播福利  ',
    description: '',
    now: T0,
    drawAtMs: DRAW,
    conditions: { ...NO_CONDITIONS },
    hasPassword: false,
    prizes: [owned(11, 500), owned(12, 9_000), owned(13, 500)],
    ...over,
  };
}

const facts = (over: Partial<JoinFacts> = {}): JoinFacts => ({
  userId: 50,
  now: T0 + 1_000,
  alreadyJoined: false,
  password: 'missing',
  vipLevel: 0,
  rechargedUnits: 0,
  inviterId: null,
  ...over,
});

const closed = (room: RollRoom) => must(close(room, room.drawAtMs)).state;

describe('making a room', () => {
  it('orders prizes most valuable first, equal prices as given, and trims the title', () => {
    const room = must(create(input())).state;
    expect(room.prizes.map((p) => [p.index, p.userItemId])).toEqual([
      [0, 12],
      [1, 11],
      [2, 13],
    ]);
    expect(room.title).toBe('主播福利');
    expect(room.state).toBe('open');
  });

  it('refuses what it must, each with its own reason', () => {
    const refused = (over: Partial<CreateRollInput>) => {
      const r = create(input(over));
      return r.ok ? 'ok' : r.error;
    };
    expect(refused({ title: '   ' })).toBe('ROLL_TITLE_INVALID');
    expect(refused({ title: 'x'.repeat(31) })).toBe('ROLL_TITLE_INVALID');
    expect(refused({ title: '福'.repeat(30) })).toBe('ok');
    expect(refused({ description: 'd'.repeat(201) })).toBe('ROLL_TITLE_INVALID');
    expect(refused({ prizes: [] })).toBe('ROLL_PRIZES_EMPTY');
    expect(refused({ prizes: Array.from({ length: ROLL_MAX_PRIZES + 1 }, (_, i) => owned(i + 1, 10)) })).toBe(
      'ROLL_TOO_MANY_PRIZES',
    );
    expect(refused({ prizes: Array.from({ length: ROLL_MAX_PRIZES }, (_, i) => owned(i + 1, 10)) })).toBe('ok');
    expect(refused({ prizes: [owned(11, 5), owned(11, 5)] })).toBe('ROLL_ITEM_REPEATED');
    expect(refused({ drawAtMs: T0 - 1 })).toBe('ROLL_DRAW_TIME_TOO_SOON');
    expect(refused({ drawAtMs: T0 + ROLL_MIN_DRAW_DELAY_MS - 1 })).toBe('ROLL_DRAW_TIME_TOO_SOON');
    expect(refused({ drawAtMs: T0 + ROLL_MIN_DRAW_DELAY_MS })).toBe('ok');
    expect(refused({ drawAtMs: T0 + ROLL_MAX_DRAW_DELAY_MS })).toBe('ok');
    expect(refused({ drawAtMs: T0 + ROLL_MAX_DRAW_DELAY_MS + 1 })).toBe('ROLL_DRAW_TIME_TOO_FAR');
    expect(refused({ drawAtMs: DRAW + 0.5 })).toBe('ROLL_DRAW_TIME_TOO_SOON');
    const bad = (c: Partial<typeof NO_CONDITIONS>, official = false) =>
      refused({ conditions: { ...NO_CONDITIONS, ...c }, official });
    expect(bad({ minRechargeUnits: -1 })).toBe('ROLL_CONDITION_INVALID');
    expect(bad({ minRechargeUnits: 0.5 })).toBe('ROLL_CONDITION_INVALID');
    expect(bad({ rechargeDays: 366 })).toBe('ROLL_CONDITION_INVALID');
    expect(bad({ minVipLevel: 11 })).toBe('ROLL_CONDITION_INVALID');
    expect(bad({ invitedOnly: true }, true)).toBe('ROLL_CONDITION_INVALID');
    expect(bad({ invitedOnly: true })).toBe('ok');
  });
});

describe('joining', () => {
  const room = must(
    create(
      input({
        hasPassword: true,
        conditions: { minRechargeUnits: 100_000, rechargeDays: 7, minVipLevel: 2, invitedOnly: true },
      }),
    ),
  ).state;
  const good = { password: 'match', vipLevel: 2, rechargedUnits: 100_000, inviterId: 1 } as const;
  const answer = (over: Partial<JoinFacts>, r: RollRoom = room) => {
    const res = join(r, facts({ ...good, ...over }));
    return res.ok ? 'ok' : res.error;
  };

  it('takes a player who meets every condition, and changes no state', () => {
    const step = must(join(room, facts(good)));
    expect(step.state).toBe(room);
    expect(step.events).toEqual([{ type: 'join', roomId: 9, userId: 50 }]);
    expect(step.effects).toEqual([]);
  });

  it('refuses in a fixed order, each condition with its own reason', () => {
    expect(answer({ password: 'missing' })).toBe('ROLL_PASSWORD_REQUIRED');
    expect(answer({ password: 'mismatch' })).toBe('ROLL_PASSWORD_WRONG');
    expect(answer({ vipLevel: 1 })).toBe('ROLL_VIP_TOO_LOW');
    expect(answer({ rechargedUnits: 99_999 })).toBe('ROLL_RECHARGE_TOO_LOW');
    expect(answer({ inviterId: null })).toBe('ROLL_NOT_INVITED');
    expect(answer({ inviterId: 2 })).toBe('ROLL_NOT_INVITED');
    expect(answer({ alreadyJoined: true, password: 'mismatch' })).toBe('ROLL_ALREADY_JOINED');
    expect(answer({ userId: 1 })).toBe('ROLL_OWNER_CANNOT_JOIN');
    expect(answer({ now: DRAW - 1 })).toBe('ok');
    expect(answer({ now: DRAW })).toBe('ROLL_CLOSED');
    expect(answer({}, closed(room))).toBe('ROLL_CLOSED');
    const ended = must(draw(closed(room), { serverSeed: SEED, publicSeed: BEACON, entrants: [] })).state;
    expect(answer({}, ended)).toBe('ROLL_ENDED');
    expect(new Set(JOIN_ERRORS).size).toBe(JOIN_ERRORS.length);
  });

  it('ignores the password of a room without one, and counts recharges from the window', () => {
    const open = must(create(input())).state;
    expect(answer({ password: 'mismatch', vipLevel: 0, rechargedUnits: 0, inviterId: null }, open)).toBe('ok');
    expect(rechargeSince(open, T0 + 5_000)).toBe(T0);
    expect(rechargeSince(room, T0 + 5_000)).toBe(T0 + 5_000 - 7 * DAY_MS);
  });
});

describe('closing and drawing', () => {
  it('closes only when due and open', () => {
    const room = must(create(input())).state;
    expect(close(room, DRAW - 1)).toEqual({ ok: false, error: 'ROLL_NOT_DUE' });
    const c = must(close(room, DRAW + 250));
    expect(c.state).toMatchObject({ state: 'closed', closedAtMs: DRAW + 250 });
    expect(close(c.state, DRAW + 500)).toEqual({ ok: false, error: 'ROLL_NOT_OPEN' });
    expect(draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants: [] })).toEqual({
      ok: false,
      error: 'ROLL_NOT_CLOSED',
    });
  });

  it('gives what it can when fewer players than prizes and returns the rest, unlocked as they were', () => {
    const room = closed(
      must(create(input({ prizes: [owned(11, 500), { ...owned(12, 9_000), heldStatus: 4 }] }))).state,
    );
    const step = must(draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants: [77] }));
    expect(step.state.state).toBe('ended');
    expect(step.state.result).toMatchObject({ entrants: 1, returned: [1] });
    expect(step.state.result?.awards).toEqual([
      expect.objectContaining({ prize: 0, userId: 77, roll: 0 }), // one candidate: the roll is 0
    ]);
    expect(step.effects).toEqual([
      { type: 'consume', userItemId: 12, ownerId: 1, key: 'roll_consume:9:0' },
      { type: 'grant', userId: 77, itemDefId: 1012, exter: 3, price: 9_000, key: 'roll_prize:9:0' },
      { type: 'release', userItemId: 11, ownerId: 1, status: 0 },
    ]);
  });

  it('returns everything when nobody joined; an official room has nothing to return', () => {
    const room = closed(must(create(input())).state);
    const step = must(draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants: [] }));
    expect(step.state.result).toMatchObject({ entrants: 0, awards: [], returned: [0, 1, 2] });
    expect(step.effects.map((e) => e.type)).toEqual(['release', 'release', 'release']);
    const house = closed(
      must(
        create(
          input({
            official: true,
            prizes: [{ itemDefId: 5, exter: 2, price: 100, userItemId: null, heldStatus: null }],
          }),
        ),
      ).state,
    );
    expect(must(draw(house, { serverSeed: SEED, publicSeed: BEACON, entrants: [] })).effects).toEqual([]);
    expect(must(draw(house, { serverSeed: SEED, publicSeed: BEACON, entrants: [3] })).effects).toEqual([
      { type: 'grant', userId: 3, itemDefId: 5, exter: 2, price: 100, key: 'roll_prize:9:0' },
    ]);
  });

  it('refuses to draw an entrant list with a player twice or the owner in it', () => {
    const room = closed(must(create(input())).state);
    expect(() => draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants: [5, 5] })).toThrow();
    expect(() => draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants: [1, 5] })).toThrow();
  });

  it('reads each roll as HMAC-SHA256(seed, "roll:<beacon>:<room>:0:<prize>:<cursor>") through the 52-bit sampler', () => {
    const entrants = [40, 7, 19, 3, 88];
    const winners = drawWinners({ serverSeed: SEED, publicSeed: BEACON, roomId: 9, entrants, prizes: 3 });
    // An independent reading with node:crypto and BigInt: the first 52 bits of each digest, with
    // the rejection limit; the pool starts ascending and swaps as the rules say.
    const pool = [...entrants].sort((a, b) => a - b);
    for (let i = 0; i < 3; i++) {
      const n = BigInt(pool.length - i);
      let value: bigint | null = null;
      for (let cursor = 0; value === null; cursor++) {
        const hex = createHmac('sha256', SEED).update(`roll:${BEACON}:9:0:${i}:${cursor}`).digest('hex');
        for (let k = 0; k < 4 && value === null; k++) {
          const bits = BigInt(`0x${hex}`) >> BigInt(256 - 52 * (k + 1));
          const v = bits & ((1n << 52n) - 1n);
          const limit = (1n << 52n) - ((1n << 52n) % n);
          if (v < limit) value = v % n;
        }
      }
      const j = i + Number(value);
      [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
      expect(winners[i]).toMatchObject({ prize: i, userId: pool[i] });
    }
  });

  it('hashes the entrants ascending, and the verifier catches any altered claim', () => {
    expect(entrantsHash([3, 1, 2])).toBe(createHash('sha256').update('1,2,3').digest('hex'));
    const room = closed(must(create(input())).state);
    const entrants = [20, 21, 22, 23, 24, 25];
    const ended = must(draw(room, { serverSeed: SEED, publicSeed: BEACON, entrants })).state;
    const result = ended.result as NonNullable<RollRoom['result']>;
    const base = {
      serverSeed: SEED,
      serverSeedHash: createHash('sha256').update(SEED).digest('hex'),
      publicSeed: BEACON,
      roomId: 9,
      entrants,
      entrantsHash: result.entrantsHash,
      prizes: 3,
      awards: result.awards,
      returned: result.returned,
    };
    const fine = verifyRoll(base);
    expect(fine.seedMatches && fine.entrantsMatch && fine.returnedMatch).toBe(true);
    expect(fine.awards.every((a) => a.matches)).toBe(true);
    expect(verifyRoll({ ...base, serverSeedHash: '00' }).seedMatches).toBe(false);
    expect(verifyRoll({ ...base, entrants: [20, 21, 22, 23, 24, 26] }).entrantsMatch).toBe(false);
    const other = entrants.find((e) => e !== result.awards[0]?.userId) as number;
    const swapped = verifyRoll({ ...base, awards: [{ prize: 0, userId: other }, ...result.awards.slice(1)] });
    expect(swapped.awards[0]?.matches).toBe(false);
    expect(verifyRoll({ ...base, returned: [2] }).returnedMatch).toBe(false);
  });
});
