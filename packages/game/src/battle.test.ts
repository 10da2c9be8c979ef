import { describe, expect, it } from 'vitest';
import {
  advance,
  apply,
  BATTLE_MAX_BOXES,
  type Battle,
  type BattleBox,
  type BattleStep,
  battleView,
  begin,
  type CreateBattleInput,
  consolationUnits,
  create,
  dissolve,
  FAST_ROUND_MS,
  join,
  ROUND_MS,
  roundMs,
} from './battle.ts';
import { type Result, sharedRollIntAt, sharedTicketRoll } from './engine.ts';
import { serverSeedHash } from './fair.ts';

const SEED = 'd4f2a9e45534ffca0d472616655e2cfb9b676786245bce033db6cccd8580cc59';

/** A box whose entries are equally likely, priced as given. */
function box(boxId: number, price: number, prices: number[]): BattleBox {
  return {
    boxId,
    price,
    total: 1000 * prices.length,
    entries: prices.map((_, i) => ({ itemId: boxId * 100 + i, exter: 1, tickets: 1000 })),
    prices,
  };
}

const BOX_A = box(1, 1000, [900, 500, 200, 100]);
const BOX_B = box(2, 800, [700, 300, 50]);
/** One item only: every seat opens the same, so every battle of it is a tie. */
const BOX_ONE = box(5, 1000, [600]);

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

function input(over: Partial<CreateBattleInput> = {}): CreateBattleInput {
  return { roomId: 42, creatorId: 1, seats: 2, boxes: [BOX_A, BOX_B], rule: 1, fast: false, serverSeed: SEED, ...over };
}

/** Creates, fills with users 2, 3, … and begins. */
function started(over: Partial<CreateBattleInput> = {}, publicSeed = 'p1', robots: number[] = []): Battle {
  let battle = must(create(input(over))).state;
  for (let seat = 1; seat < battle.seats.length; seat++) {
    battle = must(join(battle, { userId: seat + 1, robot: robots.includes(seat) })).state;
  }
  return must(begin(battle, publicSeed)).state;
}

/** Advances until the battle settles; returns the settling step. */
function finish(battle: Battle): BattleStep {
  let step: BattleStep;
  do {
    step = must(advance(battle));
    battle = step.state;
  } while (battle.state === 'running');
  return step;
}

describe('create', () => {
  it('seats the creator in seat 0 and debits the sum of the box prices', () => {
    const step = must(create(input({ seats: 3 })));
    expect(step.state.seats).toEqual([{ userId: 1, robot: false }, null, null]);
    expect(step.state.state).toBe('waiting');
    expect(step.state.entryPrice).toBe(1800);
    expect(step.effects).toEqual([{ type: 'debit', userId: 1, amount: 1800, key: 'battle_entry:42:1' }]);
    expect(step.events).toEqual([
      {
        type: 'create_room',
        roomId: 42,
        creatorId: 1,
        seats: [{ userId: 1, robot: false }, null, null],
        boxes: [
          { boxId: 1, price: 1000 },
          { boxId: 2, price: 800 },
        ],
        rule: 1,
        fast: false,
        entryPrice: 1800,
        serverSeedHash: serverSeedHash(SEED),
      },
    ]);
  });

  it.each([
    [{ seats: 1 }, 'BATTLE_SEATS_INVALID'],
    [{ seats: 5 }, 'BATTLE_SEATS_INVALID'],
    [{ seats: 2.5 }, 'BATTLE_SEATS_INVALID'],
    [{ boxes: [] }, 'BATTLE_BOXES_EMPTY'],
    [{ boxes: Array.from({ length: BATTLE_MAX_BOXES + 1 }, () => BOX_A) }, 'BATTLE_TOO_MANY_BOXES'],
    [{ rule: 0 }, 'BATTLE_RULE_INVALID'],
    [{ rule: 4 }, 'BATTLE_RULE_INVALID'],
    [{ rule: 3, seats: 3 }, 'BATTLE_TEAM_NEEDS_4_SEATS'],
  ] as const)('refuses %o with %s', (over, error) => {
    expect(create(input(over))).toEqual({ ok: false, error });
  });

  it('takes exactly BATTLE_MAX_BOXES boxes', () => {
    const step = must(create(input({ boxes: Array.from({ length: BATTLE_MAX_BOXES }, () => BOX_A) })));
    expect(step.state.entryPrice).toBe(BATTLE_MAX_BOXES * 1000);
  });

  it('throws on a malformed box, room id or seed (server data, not player input)', () => {
    expect(() => create(input({ boxes: [{ ...BOX_A, prices: [1, 2] }] }))).toThrow(RangeError);
    expect(() => create(input({ boxes: [{ ...BOX_A, total: 3999 }] }))).toThrow(RangeError);
    expect(() => create(input({ boxes: [{ ...BOX_A, price: 0 }] }))).toThrow(RangeError);
    expect(() => create(input({ boxes: [{ ...BOX_A, prices: [900, 500, -1, 100] }] }))).toThrow(RangeError);
    expect(() => create(input({ roomId: 'a:b' }))).toThrow(RangeError);
    expect(() => create(input({ serverSeed: '' }))).toThrow(RangeError);
  });
});

describe('join', () => {
  const waiting = must(create(input({ seats: 3 }))).state;

  it('takes the first empty seat and debits the entry', () => {
    const step = must(join(waiting, { userId: 7, robot: false }));
    expect(step.state.seats[1]).toEqual({ userId: 7, robot: false });
    expect(step.state.state).toBe('waiting');
    expect(step.events).toEqual([{ type: 'join_room', roomId: 42, seat: 1, userId: 7, robot: false }]);
    expect(step.effects).toEqual([{ type: 'debit', userId: 7, amount: 1800, key: 'battle_entry:42:7' }]);
  });

  it('takes the seat asked for, and debits nothing for a robot', () => {
    const step = must(join(waiting, { userId: 900, robot: true, seat: 2 }));
    expect(step.state.seats).toEqual([{ userId: 1, robot: false }, null, { userId: 900, robot: true }]);
    expect(step.effects).toEqual([]);
  });

  it('makes the battle running, without rolls, when the last seat is taken', () => {
    const once = must(join(waiting, { userId: 7, robot: false })).state;
    const step = must(join(once, { userId: 8, robot: false }));
    expect(step.state.state).toBe('running');
    expect(step.state.publicSeed).toBeNull();
    expect(step.state.rolls).toEqual([]);
    expect(step.events.map((e) => e.type)).toEqual(['join_room', 'full']);
  });

  it('leaves the battle it was given as it was', () => {
    const before = structuredClone(waiting);
    must(join(waiting, { userId: 7, robot: false }));
    expect(waiting).toEqual(before);
  });

  it.each([
    [{ userId: 1, robot: false }, 'BATTLE_ALREADY_JOINED'],
    [{ userId: 7, robot: false, seat: 0 }, 'BATTLE_SEAT_TAKEN'],
    [{ userId: 7, robot: false, seat: 3 }, 'BATTLE_SEAT_INVALID'],
    [{ userId: 7, robot: false, seat: -1 }, 'BATTLE_SEAT_INVALID'],
    [{ userId: 7, robot: false, seat: 1.5 }, 'BATTLE_SEAT_INVALID'],
  ] as const)('refuses %o with %s', (joiner, error) => {
    expect(join(waiting, joiner)).toEqual({ ok: false, error });
  });

  it('refuses joining twice, a full room and a room no longer waiting', () => {
    const withSeven = must(join(waiting, { userId: 7, robot: false })).state;
    expect(join(withSeven, { userId: 7, robot: false, seat: 2 })).toEqual({
      ok: false,
      error: 'BATTLE_ALREADY_JOINED',
    });
    const full = must(join(withSeven, { userId: 8, robot: false })).state;
    expect(join(full, { userId: 9, robot: false })).toEqual({ ok: false, error: 'BATTLE_FULL' });
    const dissolved = must(dissolve(waiting, 1)).state;
    expect(join(dissolved, { userId: 9, robot: false })).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
    const ended = finish(started()).state;
    expect(join(ended, { userId: 9, robot: false })).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
  });
});

describe('begin and advance', () => {
  it('refuses to begin before full, twice, or after the end', () => {
    const waiting = must(create(input())).state;
    expect(begin(waiting, 'p')).toEqual({ ok: false, error: 'BATTLE_NOT_FULL' });
    const running = started();
    expect(begin(running, 'p')).toEqual({ ok: false, error: 'BATTLE_ALREADY_STARTED' });
    expect(begin(finish(running).state, 'p')).toEqual({ ok: false, error: 'BATTLE_NOT_RUNNING' });
    expect(begin(must(dissolve(waiting, 'timeout')).state, 'p')).toEqual({ ok: false, error: 'BATTLE_NOT_RUNNING' });
  });

  it('refuses to advance a waiting, unbegun or ended battle', () => {
    const waiting = must(create(input())).state;
    expect(advance(waiting)).toEqual({ ok: false, error: 'BATTLE_NOT_RUNNING' });
    const full = must(join(waiting, { userId: 2, robot: false })).state;
    expect(advance(full)).toEqual({ ok: false, error: 'BATTLE_NOT_STARTED' });
    expect(advance(finish(started()).state)).toEqual({ ok: false, error: 'BATTLE_NOT_RUNNING' });
  });

  it('walks create → join → begin → a reveal per round → settle', () => {
    let battle = must(create(input())).state;
    battle = must(join(battle, { userId: 2, robot: false })).state;
    const beginStep = must(begin(battle, 'p1'));
    expect(beginStep.events).toEqual([{ type: 'battle_start', roomId: 42, publicSeed: 'p1', rounds: 2 }]);
    expect(beginStep.effects).toEqual([]);
    battle = beginStep.state;

    // Every roll is the shared ticket roll of (round, seat), computed at begin.
    for (const [round, b] of [BOX_A, BOX_B].entries()) {
      for (const seat of [0, 1]) {
        const roll = sharedTicketRoll(
          { game: 'battle', serverSeed: SEED, publicSeed: 'p1', roomId: 42, round, slot: seat },
          b.entries,
          b.total,
        );
        expect(battle.rolls[round]![seat]).toEqual({
          seat,
          boxId: b.boxId,
          ticket: roll.ticket,
          entryIndex: roll.index,
          itemId: b.entries[roll.index]!.itemId,
          exter: 1,
          price: b.prices[roll.index],
          cursor: roll.cursor,
          chunkIndex: roll.chunkIndex,
        });
      }
    }
    expect(battle.rolls.map((row) => row.map((r) => r.price))).toEqual([
      [500, 100],
      [300, 50],
    ]);

    for (const round of [0, 1]) {
      const step = must(advance(battle));
      expect(step.events).toEqual([
        { type: 'round_start', roomId: 42, round, boxId: round + 1, rolls: battle.rolls[round] },
      ]);
      expect(step.effects).toEqual([]);
      expect(step.state.round).toBe(round + 1);
      battle = step.state;
    }
    expect(battle.state).toBe('running');

    const end = must(advance(battle));
    expect(end.state.state).toBe('ended');
    const result = {
      totals: [800, 150],
      winners: [0],
      tie: null,
      users: [
        { user_id: 1, is_win: true, extra_money: 0, open_item_price: 800, win_item_price: 150 },
        { user_id: 2, is_win: false, extra_money: 0, open_item_price: 150, win_item_price: 18 },
      ],
      awards: [
        { round: 0, seat: 0, toSeat: 0 },
        { round: 0, seat: 1, toSeat: 0 },
        { round: 1, seat: 0, toSeat: 0 },
        { round: 1, seat: 1, toSeat: 0 },
      ],
    };
    expect(end.state.result).toEqual(result);
    expect(end.events).toEqual([{ type: 'battle_end', roomId: 42, serverSeed: SEED, result }]);
    expect(end.effects).toEqual([
      { type: 'grant', userId: 1, itemDefId: 101, exter: 1, price: 500, key: 'battle_item:42:0:0' },
      { type: 'grant', userId: 1, itemDefId: 103, exter: 1, price: 100, key: 'battle_item:42:0:1' },
      { type: 'grant', userId: 1, itemDefId: 201, exter: 1, price: 300, key: 'battle_item:42:1:0' },
      { type: 'grant', userId: 1, itemDefId: 202, exter: 1, price: 50, key: 'battle_item:42:1:1' },
      { type: 'credit', userId: 2, amount: 18, key: 'battle_consolation:42:2', reason: 'battle_consolation' },
    ]);
    expect(advance(end.state)).toEqual({ ok: false, error: 'BATTLE_NOT_RUNNING' });
  });

  it('goes through apply as commands', () => {
    let battle = must(create(input())).state;
    battle = must(apply(battle, { type: 'join', userId: 2, robot: true })).state;
    battle = must(apply(battle, { type: 'begin', publicSeed: 'p1' })).state;
    for (let i = 0; i < 3; i++) battle = must(apply(battle, { type: 'advance' })).state;
    expect(battle.state).toBe('ended');
    expect(apply(battle, { type: 'dissolve', by: 1 })).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
  });
});

describe('dissolve', () => {
  const waiting = must(join(must(create(input({ seats: 4 }))).state, { userId: 2, robot: false })).state;
  const withRobot = must(join(waiting, { userId: 900, robot: true })).state;

  it('refunds every seated player but robots, by the creator', () => {
    const step = must(dissolve(withRobot, 1));
    expect(step.state.state).toBe('dissolved');
    expect(step.events).toEqual([
      {
        type: 'dissolve',
        roomId: 42,
        by: 1,
        refunds: [
          { userId: 1, amount: 1800 },
          { userId: 2, amount: 1800 },
        ],
      },
    ]);
    expect(step.effects).toEqual([
      { type: 'credit', userId: 1, amount: 1800, key: 'battle_refund:42:1', reason: 'battle_refund' },
      { type: 'credit', userId: 2, amount: 1800, key: 'battle_refund:42:2', reason: 'battle_refund' },
    ]);
  });

  it('is allowed on timeout, and refused to anyone but the creator', () => {
    expect(must(dissolve(withRobot, 'timeout')).effects).toHaveLength(2);
    expect(dissolve(withRobot, 2)).toEqual({ ok: false, error: 'BATTLE_NOT_CREATOR' });
  });

  it('is refused once running, ended or dissolved', () => {
    const running = started();
    expect(dissolve(running, 1)).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
    expect(dissolve(finish(running).state, 'timeout')).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
    expect(dissolve(must(dissolve(waiting, 1)).state, 1)).toEqual({ ok: false, error: 'BATTLE_NOT_WAITING' });
  });
});

describe('settlement', () => {
  it('crazy: the lowest total takes everything', () => {
    // Seeds p1: seats open 500+300, 100+50, 200+700.
    const result = finish(started({ seats: 3, rule: 2 })).state.result!;
    expect(result.totals).toEqual([800, 150, 900]);
    expect(result.winners).toEqual([1]);
    expect(result.awards.every((a) => a.toSeat === 1)).toBe(true);
    expect(result.users[1]).toEqual({
      user_id: 2,
      is_win: true,
      extra_money: 0,
      open_item_price: 150,
      win_item_price: 1700,
    });
  });

  it('team: the higher team keeps its items and is dealt the others by descending price, to the lower running total', () => {
    // p1: round 0 opens 500, 100, 200, 100; round 1 opens 300, 50, 700, 300. Team 2+3 (1300)
    // beats 0+1 (950). Running totals 900 / 400: 500 → seat 3 (900/900), 300 → seat 2 on the tie
    // (1200/900), 100 → seat 3 (1200/1000), 50 → seat 3.
    const step = finish(started({ seats: 4, rule: 3 }));
    const result = step.state.result!;
    expect(result.totals).toEqual([800, 150, 900, 400]);
    expect(result.winners).toEqual([2, 3]);
    expect(result.awards).toEqual([
      { round: 0, seat: 0, toSeat: 3 },
      { round: 0, seat: 1, toSeat: 3 },
      { round: 0, seat: 2, toSeat: 2 },
      { round: 0, seat: 3, toSeat: 3 },
      { round: 1, seat: 0, toSeat: 2 },
      { round: 1, seat: 1, toSeat: 3 },
      { round: 1, seat: 2, toSeat: 2 },
      { round: 1, seat: 3, toSeat: 3 },
    ]);
    expect(result.users.map((u) => [u.is_win, u.win_item_price])).toEqual([
      [false, 18],
      [false, 18],
      [true, 300],
      [true, 650],
    ]);
    expect(step.effects.filter((e) => e.type === 'credit').map((e) => e.userId)).toEqual([1, 2]);
  });

  it('team: a tie between the teams goes to the roll', () => {
    // p5: 0+1 open 500 + 1600, 2+3 open 900 + 1200: 2100 each.
    const state = finish(started({ seats: 4, rule: 3 }, 'p5')).state;
    const roll = sharedRollIntAt(
      { game: 'battle', serverSeed: SEED, publicSeed: 'p5', roomId: 42, round: 2, slot: 'tie' },
      2,
    );
    expect(state.result!.tie).toEqual({ candidates: [0, 1], roll });
    expect(state.result!.winners).toEqual(roll.value === 0 ? [0, 1] : [2, 3]);
  });

  it('breaks a tie by the shared roll of round = boxes, slot "tie", not by seat order', () => {
    const winners = ['p1', 'p2', 'p5'].map((publicSeed) => {
      const result = finish(started({ seats: 3, boxes: [BOX_ONE] }, publicSeed)).state.result!;
      expect(result.totals).toEqual([600, 600, 600]);
      const roll = sharedRollIntAt(
        { game: 'battle', serverSeed: SEED, publicSeed, roomId: 42, round: 1, slot: 'tie' },
        3,
      );
      expect(result.tie).toEqual({ candidates: [0, 1, 2], roll });
      expect(result.winners).toEqual([roll.value]);
      return result.winners[0];
    });
    // Pinned: the three seeds pick three different seats.
    expect(winners).toEqual([1, 2, 0]);
  });

  it('a tie between some seats only rolls among them (classic, p3: 550, 800, 800)', () => {
    const result = finish(started({ seats: 3 }, 'p3')).state.result!;
    expect(result.totals).toEqual([550, 800, 800]);
    expect(result.tie?.candidates).toEqual([1, 2]);
    expect(result.winners).toEqual([2]);
  });

  it('floors the consolation to units, and books none of 0 units or for a robot', () => {
    expect(consolationUnits(12_345)).toBe(123);
    expect(consolationUnits(99)).toBe(0);
    expect(consolationUnits(2 ** 53 - 1)).toBe(90_071_992_547_409);
    // Entry 150 units → 1.5 → 1. p6: seat 0 opens 100 and wins; user 2 gets 1; seat 2 is a robot.
    const step = finish(started({ seats: 3, boxes: [box(9, 150, [100, 10])] }, 'p6', [2]));
    expect(step.state.result!.users.map((u) => [u.user_id, u.is_win, u.win_item_price])).toEqual([
      [1, true, 20],
      [2, false, 1],
      [3, false, 0],
    ]);
    expect(step.effects.filter((e) => e.type === 'credit')).toEqual([
      { type: 'credit', userId: 2, amount: 1, key: 'battle_consolation:42:2', reason: 'battle_consolation' },
    ]);
    // Entry 99 units → 0.99 → 0: the loser is told 0 and no transfer of nothing is booked.
    const tiny = finish(started({ boxes: [box(9, 99, [100, 10])] }));
    expect(tiny.state.result!.users.find((u) => !u.is_win)!.win_item_price).toBe(0);
    expect(tiny.effects.filter((e) => e.type === 'credit')).toEqual([]);
  });

  it('grants a robot winner its items', () => {
    // p1, crazy: seat 1 (a robot, user 2) opens the least, 100 + 50, and wins.
    const step = finish(started({ seats: 3, rule: 2 }, 'p1', [1]));
    expect(step.state.result!.winners).toEqual([1]);
    expect(step.effects.filter((e) => e.type === 'grant').every((e) => e.userId === 2)).toBe(true);
  });
});

describe('views and timing', () => {
  it('hides the server seed until the end and the rolls of rounds not yet revealed', () => {
    const running = started();
    expect(battleView(running).serverSeed).toBeNull();
    expect(battleView(running).rolls).toEqual([]);
    const afterOne = must(advance(running)).state;
    expect(battleView(afterOne).rolls).toEqual([running.rolls[0]]);
    const ended = finish(running).state;
    expect(battleView(ended).serverSeed).toBe(SEED);
    expect(battleView(ended).rolls).toEqual(ended.rolls);
  });

  it('reveals a round every 5 s, or 0.5 s in fast mode', () => {
    expect(roundMs({ fast: false })).toBe(ROUND_MS);
    expect(roundMs({ fast: true })).toBe(FAST_ROUND_MS);
    expect([ROUND_MS, FAST_ROUND_MS]).toEqual([5000, 500]);
  });
});
