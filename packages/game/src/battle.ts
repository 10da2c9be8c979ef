/**
 * Box battles (竞技场, issue 11): the pure rules. The server persists a `Battle` (a jsonb column),
 * applies one of the transitions below under the room's row lock, books the returned effects and
 * publishes the events (GAMES.md §1).
 *
 * The rules
 * - 2, 3 or 4 seats; 1 to BATTLE_MAX_BOXES boxes in order: round r opens box r for every seat.
 *   The entry price of a seat is the sum of the box prices.
 * - Modes (`rule`): 1 classic, the highest total value wins; 2 crazy, the lowest total wins;
 *   3 team (4 seats only), seats 0+1 against 2+3, the team with the highest sum wins. `fast` is the
 *   spec's game_mode 3: FAST_ROUND_MS per round instead of ROUND_MS; the rules do not depend on it.
 * - Lifecycle: `create` seats the creator in seat 0 and debits the entry → 'waiting'. `join` takes
 *   a seat (the named one or the first empty) and debits the entry, except for a robot: robots are
 *   house accounts, so nothing moves for them (GAMES.md §5). The last seat taken → 'running', event
 *   `full`, with no public seed yet: nobody, the house included, may know an outcome before the
 *   entries close, so the rolls wait for the public beacon value drawn after that (GAMES.md §4).
 *   `begin(publicSeed)` fixes it and computes every roll of every round at once, so each later
 *   step is a replay of stored data. Each `advance` reveals the next round (`round_start`); the
 *   advance after the last round settles (`battle_end`) → 'ended'. So a battle of N boxes takes
 *   N + 1 advances, the last one timed by the server for after the last reel stops.
 *   `dissolve` (creator or timeout, 'waiting' only) refunds every seated player → 'dissolved'.
 * - Rolls: roll (round r, seat s) is a ticket of box r's odds table, read by sharedTicketRoll with
 *   game "battle", the room's server and public seeds, the room id, round r and slot s.
 * - A seat's total is the sum of the prices of the items it opened. Ties between the best seats
 *   (or teams) are broken by one more shared roll, never by seat order: round = number of boxes,
 *   slot = "tie", a roll in [0, k) picking among the k tied seats (or teams) in ascending order.
 * - Classic and crazy: the winner receives every item opened in the battle. Team: each winner keeps
 *   what they opened; the losing team's items are dealt one at a time, by descending price (equal
 *   prices by round, then seat), each to the winner whose running total (what they opened plus
 *   what they were dealt so far) is lower, the lower seat on equal totals.
 * - Each loser receives a consolation of BATTLE_CONSOLATION_BP of their entry price, floored to
 *   units (nothing when that is 0, and nothing for a robot). A robot that wins is granted its items
 *   like anyone; the server decides what a robot's item means.
 * - Per-user result (the spec's fields): open_item_price = value the seat opened;
 *   win_item_price = for a winner the value received from others, for a loser the consolation;
 *   extra_money = 0 (reserved). So a winner is granted exactly extra_money + open_item_price +
 *   win_item_price in items and a loser is credited exactly win_item_price.
 */

import {
  assertRoomId,
  type Effect,
  err,
  ok,
  type Result,
  type RoomId,
  type Step,
  sharedRollIntAt,
  sharedTicketRoll,
} from './engine.ts';
import type { Chunk, OddsEntry } from './fair.ts';
import { serverSeedHash as hashOf, validateOdds } from './fair.ts';

export const BATTLE_GAME = 'battle';
export const BATTLE_MIN_SEATS = 2;
export const BATTLE_MAX_SEATS = 4;
export const BATTLE_MAX_BOXES = 20;
export const ROUND_MS = 5000;
export const FAST_ROUND_MS = 500;
export const END_SCREEN_MS = 6000;
/** A loser's consolation, in basis points of their entry price. */
export const BATTLE_CONSOLATION_BP = 100;
/** The slot of the tie-break roll, whose round is the number of boxes. */
export const BATTLE_TIE_SLOT = 'tie';

export const BATTLE_RULE = { classic: 1, crazy: 2, team: 3 } as const;
export type BattleRule = (typeof BATTLE_RULE)[keyof typeof BATTLE_RULE];

export interface BattleBox {
  boxId: number;
  /** Units. */
  price: number;
  entries: OddsEntry[];
  total: number;
  /** The price in units of each entry (item and wear), aligned with `entries`. */
  prices: number[];
}

export interface Seat {
  userId: number;
  robot: boolean;
}

/** What one seat opened in one round. */
export interface SeatRoll {
  seat: number;
  boxId: number;
  ticket: number;
  /** Index of the won entry in the box's odds table. */
  entryIndex: number;
  itemId: number;
  exter: number;
  price: number;
  /** Where the ticket was read (digest cursor, chunk 0..3), for the verifier. */
  cursor: number;
  chunkIndex: number;
}

export interface BattleUserResult {
  user_id: number;
  is_win: boolean;
  extra_money: number;
  open_item_price: number;
  win_item_price: number;
}

/** Who receives the item opened by `seat` in `round`. */
export interface BattleAward {
  round: number;
  seat: number;
  toSeat: number;
}

export interface BattleResult {
  /** Value opened per seat. */
  totals: number[];
  /** The winning seats, ascending: one seat, or the two of a team. */
  winners: number[];
  /** The tie-break, if the best total was shared: the tied seats (or teams 0/1) and the roll among them. */
  tie: { candidates: number[]; roll: Chunk } | null;
  /** Per seat. */
  users: BattleUserResult[];
  /** Every opened item's destination, by round then seat. */
  awards: BattleAward[];
}

export type BattleState = 'waiting' | 'running' | 'ended' | 'dissolved';

/**
 * A battle, JSON as it stands (plain objects and arrays, no undefined). It holds the server seed,
 * which must not leave the server before the end, and the rolls of rounds not yet shown: send
 * clients `battleView(battle)`, never the battle.
 */
export interface Battle {
  roomId: RoomId;
  creatorId: number;
  rule: BattleRule;
  fast: boolean;
  boxes: BattleBox[];
  /** Units per seat: the sum of the box prices. */
  entryPrice: number;
  seats: (Seat | null)[];
  state: BattleState;
  serverSeed: string;
  serverSeedHash: string;
  /** The beacon value, fixed by `begin`; null before. */
  publicSeed: string | null;
  /** [round][seat], all computed by `begin`; empty before. */
  rolls: SeatRoll[][];
  /** How many rounds have been revealed. */
  round: number;
  result: BattleResult | null;
}

export type BattleEvent =
  | {
      type: 'create_room';
      roomId: RoomId;
      creatorId: number;
      seats: (Seat | null)[];
      boxes: { boxId: number; price: number }[];
      rule: BattleRule;
      fast: boolean;
      entryPrice: number;
      serverSeedHash: string;
    }
  | { type: 'join_room'; roomId: RoomId; seat: number; userId: number; robot: boolean }
  | { type: 'full'; roomId: RoomId }
  | { type: 'battle_start'; roomId: RoomId; publicSeed: string; rounds: number }
  | { type: 'round_start'; roomId: RoomId; round: number; boxId: number; rolls: SeatRoll[] }
  | { type: 'battle_end'; roomId: RoomId; serverSeed: string; result: BattleResult }
  | { type: 'dissolve'; roomId: RoomId; by: number | 'timeout'; refunds: { userId: number; amount: number }[] };

export type BattleStep = Step<Battle, BattleEvent, Effect>;

export type CreateError =
  | 'BATTLE_SEATS_INVALID'
  | 'BATTLE_BOXES_EMPTY'
  | 'BATTLE_TOO_MANY_BOXES'
  | 'BATTLE_RULE_INVALID'
  | 'BATTLE_TEAM_NEEDS_4_SEATS';
export type JoinError =
  | 'BATTLE_NOT_WAITING'
  | 'BATTLE_ALREADY_JOINED'
  | 'BATTLE_FULL'
  | 'BATTLE_SEAT_INVALID'
  | 'BATTLE_SEAT_TAKEN';
export type BeginError = 'BATTLE_NOT_FULL' | 'BATTLE_ALREADY_STARTED' | 'BATTLE_NOT_RUNNING';
export type AdvanceError = 'BATTLE_NOT_RUNNING' | 'BATTLE_NOT_STARTED';
export type DissolveError = 'BATTLE_NOT_WAITING' | 'BATTLE_NOT_CREATOR';
export type BattleError = CreateError | JoinError | BeginError | AdvanceError | DissolveError;

export interface CreateBattleInput {
  roomId: RoomId;
  creatorId: number;
  /** Checked: 2, 3 or 4. */
  seats: number;
  /** Checked: 1 to BATTLE_MAX_BOXES; each box must be well formed (the server's data: throws if not). */
  boxes: readonly BattleBox[];
  /** Checked: a BattleRule. */
  rule: number;
  fast: boolean;
  /** A fresh seed (fair.ts newServerSeed); its hash is published at creation. */
  serverSeed: string;
}

export interface JoinInput {
  userId: number;
  robot: boolean;
  /** A seat index; the first empty seat when absent. */
  seat?: number;
}

export type BattleCommand =
  | ({ type: 'join' } & JoinInput)
  | { type: 'begin'; publicSeed: string }
  | { type: 'advance' }
  | { type: 'dissolve'; by: number | 'timeout' };

/** Milliseconds between round reveals. */
export function roundMs(battle: Pick<Battle, 'fast'>): number {
  return battle.fast ? FAST_ROUND_MS : ROUND_MS;
}

function assertUnits(name: string, value: number, min: number): void {
  if (!Number.isSafeInteger(value) || value < min)
    throw new RangeError(`${name} must be an integer ≥ ${min}, got ${value}`);
}

function copyBox(box: BattleBox, i: number): BattleBox {
  assertUnits(`box ${i} id`, box.boxId, 0);
  assertUnits(`box ${i} price`, box.price, 1);
  validateOdds(box.entries, box.total);
  if (box.prices.length !== box.entries.length) throw new RangeError(`box ${i} has a price per entry missing`);
  for (const price of box.prices) assertUnits(`box ${i} item price`, price, 0);
  return {
    boxId: box.boxId,
    price: box.price,
    entries: box.entries.map(({ itemId, exter, tickets }) => ({ itemId, exter, tickets })),
    total: box.total,
    prices: [...box.prices],
  };
}

function sum(values: readonly number[]): number {
  let total = 0;
  for (const value of values) total += value;
  if (!Number.isSafeInteger(total)) throw new RangeError(`a sum of units left the safe integers: ${total}`);
  return total;
}

function isRule(rule: number): rule is BattleRule {
  return (Object.values(BATTLE_RULE) as number[]).includes(rule);
}

const entryKey = (roomId: RoomId, userId: number) => `battle_entry:${roomId}:${userId}`;

export function create(input: CreateBattleInput): Result<BattleStep, CreateError> {
  const { roomId, creatorId, seats, rule, fast, serverSeed } = input;
  if (!Number.isInteger(seats) || seats < BATTLE_MIN_SEATS || seats > BATTLE_MAX_SEATS) {
    return err('BATTLE_SEATS_INVALID');
  }
  if (input.boxes.length === 0) return err('BATTLE_BOXES_EMPTY');
  if (input.boxes.length > BATTLE_MAX_BOXES) return err('BATTLE_TOO_MANY_BOXES');
  if (!isRule(rule)) return err('BATTLE_RULE_INVALID');
  if (rule === BATTLE_RULE.team && seats !== 4) return err('BATTLE_TEAM_NEEDS_4_SEATS');
  if (serverSeed.length === 0) throw new RangeError('a battle needs a server seed');
  // Here rather than at the first roll, after players have paid.
  assertRoomId(roomId);
  const boxes = input.boxes.map(copyBox);
  const entryPrice = sum(boxes.map((box) => box.price));
  const seatList: (Seat | null)[] = Array.from({ length: seats }, (_, i) =>
    i === 0 ? { userId: creatorId, robot: false } : null,
  );
  const battle: Battle = {
    roomId,
    creatorId,
    rule,
    fast,
    boxes,
    entryPrice,
    seats: seatList,
    state: 'waiting',
    serverSeed,
    serverSeedHash: hashOf(serverSeed),
    publicSeed: null,
    rolls: [],
    round: 0,
    result: null,
  };
  return ok({
    state: battle,
    events: [
      {
        type: 'create_room',
        roomId,
        creatorId,
        seats: seatList.map((seat) => (seat ? { ...seat } : null)),
        boxes: boxes.map(({ boxId, price }) => ({ boxId, price })),
        rule,
        fast,
        entryPrice,
        serverSeedHash: battle.serverSeedHash,
      },
    ],
    effects: [{ type: 'debit', userId: creatorId, amount: entryPrice, key: entryKey(roomId, creatorId) }],
  });
}

export function join(battle: Battle, input: JoinInput): Result<BattleStep, JoinError> {
  const { userId, robot } = input;
  if (battle.state === 'ended' || battle.state === 'dissolved') return err('BATTLE_NOT_WAITING');
  if (battle.seats.some((seat) => seat?.userId === userId)) return err('BATTLE_ALREADY_JOINED');
  // A waiting battle always has an empty seat: the last one taken makes it 'running'.
  if (battle.state !== 'waiting') return err('BATTLE_FULL');
  const seat = input.seat ?? battle.seats.indexOf(null);
  if (!Number.isInteger(seat) || seat < 0 || seat >= battle.seats.length) return err('BATTLE_SEAT_INVALID');
  if (battle.seats[seat] !== null) return err('BATTLE_SEAT_TAKEN');

  const seats = battle.seats.map((s, i) => (i === seat ? { userId, robot } : s));
  const full = !seats.includes(null);
  const events: BattleEvent[] = [{ type: 'join_room', roomId: battle.roomId, seat, userId, robot }];
  if (full) events.push({ type: 'full', roomId: battle.roomId });
  const effects: Effect[] = robot
    ? []
    : [{ type: 'debit', userId, amount: battle.entryPrice, key: entryKey(battle.roomId, userId) }];
  return ok({ state: { ...battle, seats, state: full ? 'running' : 'waiting' }, events, effects });
}

export function begin(battle: Battle, publicSeed: string): Result<BattleStep, BeginError> {
  if (battle.state === 'waiting') return err('BATTLE_NOT_FULL');
  if (battle.state !== 'running') return err('BATTLE_NOT_RUNNING');
  if (battle.publicSeed !== null) return err('BATTLE_ALREADY_STARTED');
  const rolls = battle.boxes.map((box, round) =>
    battle.seats.map((_, seat): SeatRoll => {
      const roll = sharedTicketRoll(
        { game: BATTLE_GAME, serverSeed: battle.serverSeed, publicSeed, roomId: battle.roomId, round, slot: seat },
        box.entries,
        box.total,
      );
      const entry = box.entries[roll.index]!;
      return {
        seat,
        boxId: box.boxId,
        ticket: roll.ticket,
        entryIndex: roll.index,
        itemId: entry.itemId,
        exter: entry.exter,
        price: box.prices[roll.index]!,
        cursor: roll.cursor,
        chunkIndex: roll.chunkIndex,
      };
    }),
  );
  return ok({
    state: { ...battle, publicSeed, rolls, round: 0 },
    events: [{ type: 'battle_start', roomId: battle.roomId, publicSeed, rounds: battle.boxes.length }],
    effects: [],
  });
}

export function advance(battle: Battle): Result<BattleStep, AdvanceError> {
  if (battle.state !== 'running') return err('BATTLE_NOT_RUNNING');
  if (battle.publicSeed === null) return err('BATTLE_NOT_STARTED');
  const round = battle.round;
  if (round < battle.boxes.length) {
    const rolls = battle.rolls[round]!;
    return ok({
      state: { ...battle, round: round + 1 },
      events: [{ type: 'round_start', roomId: battle.roomId, round, boxId: battle.boxes[round]!.boxId, rolls }],
      effects: [],
    });
  }
  const { result, effects } = settle(battle, battle.publicSeed);
  return ok({
    state: { ...battle, state: 'ended', result },
    events: [{ type: 'battle_end', roomId: battle.roomId, serverSeed: battle.serverSeed, result }],
    effects,
  });
}

export function dissolve(battle: Battle, by: number | 'timeout'): Result<BattleStep, DissolveError> {
  if (battle.state !== 'waiting') return err('BATTLE_NOT_WAITING');
  if (by !== 'timeout' && by !== battle.creatorId) return err('BATTLE_NOT_CREATOR');
  const refunds = battle.seats
    .filter((seat): seat is Seat => seat !== null && !seat.robot)
    .map((seat) => ({ userId: seat.userId, amount: battle.entryPrice }));
  return ok({
    state: { ...battle, state: 'dissolved' },
    events: [{ type: 'dissolve', roomId: battle.roomId, by, refunds }],
    effects: refunds.map(({ userId, amount }) => ({
      type: 'credit',
      userId,
      amount,
      key: `battle_refund:${battle.roomId}:${userId}`,
      reason: 'battle_refund',
    })),
  });
}

/** One command on an existing battle, for a server that queues commands as data. */
export function apply(battle: Battle, command: BattleCommand): Result<BattleStep, BattleError> {
  switch (command.type) {
    case 'join': {
      const { type: _, ...input } = command;
      return join(battle, input);
    }
    case 'begin':
      return begin(battle, command.publicSeed);
    case 'advance':
      return advance(battle);
    case 'dissolve':
      return dissolve(battle, command.by);
  }
}

export type BattleView = Omit<Battle, 'serverSeed'> & { serverSeed: string | null };

/** What anyone may see: the server seed only once ended, the rolls only of revealed rounds. */
export function battleView(battle: Battle): BattleView {
  return {
    ...battle,
    serverSeed: battle.state === 'ended' ? battle.serverSeed : null,
    rolls: battle.rolls.slice(0, battle.round),
  };
}

/** A loser's consolation in units: BATTLE_CONSOLATION_BP of the entry price, floored. */
export function consolationUnits(entryPrice: number): number {
  // BigInt: entry price × basis points can pass 2^53 for a large (still safe) entry price.
  return Number((BigInt(entryPrice) * BigInt(BATTLE_CONSOLATION_BP)) / 10_000n);
}

function settle(battle: Battle, publicSeed: string): { result: BattleResult; effects: Effect[] } {
  const { rolls, roomId } = battle;
  const seats = battle.seats.map((seat) => {
    if (seat === null) throw new Error('a running battle has an empty seat');
    return seat;
  });
  const totals = seats.map((_, s) => sum(rolls.map((round) => round[s]!.price)));

  // The competitors: single seats, or the two teams.
  const groups =
    battle.rule === BATTLE_RULE.team
      ? [
          [0, 1],
          [2, 3],
        ]
      : seats.map((_, s) => [s]);
  const groupTotals = groups.map((group) => sum(group.map((s) => totals[s]!)));
  const best = battle.rule === BATTLE_RULE.crazy ? Math.min(...groupTotals) : Math.max(...groupTotals);
  const candidates = groupTotals.flatMap((total, g) => (total === best ? [g] : []));
  let tie: BattleResult['tie'] = null;
  let winnerGroup = candidates[0]!;
  if (candidates.length > 1) {
    const roll = sharedRollIntAt(
      {
        game: BATTLE_GAME,
        serverSeed: battle.serverSeed,
        publicSeed,
        roomId,
        round: battle.boxes.length,
        slot: BATTLE_TIE_SLOT,
      },
      candidates.length,
    );
    winnerGroup = candidates[roll.value]!;
    tie = { candidates, roll };
  }
  const winners = groups[winnerGroup]!;

  const toSeat = rolls.map((round) => round.map(() => winners[0]!));
  if (battle.rule === BATTLE_RULE.team) {
    for (const w of winners) for (const row of toSeat) row[w] = w;
    const running = winners.map((w) => totals[w]!);
    const dealt = rolls
      .flat()
      .map((roll, i) => ({ roll, round: Math.floor(i / seats.length) }))
      .filter(({ roll }) => !winners.includes(roll.seat))
      // Array.prototype.sort is stable, and flat() lists by round then seat: equal prices keep that order.
      .sort((a, b) => b.roll.price - a.roll.price);
    for (const { roll, round } of dealt) {
      const k = running[0]! <= running[1]! ? 0 : 1;
      running[k]! += roll.price;
      toSeat[round]![roll.seat] = winners[k]!;
    }
  }

  const awards: BattleAward[] = [];
  const effects: Effect[] = [];
  const received = seats.map(() => 0);
  rolls.forEach((row, round) => {
    for (const roll of row) {
      const to = toSeat[round]![roll.seat]!;
      awards.push({ round, seat: roll.seat, toSeat: to });
      if (to !== roll.seat) received[to]! += roll.price;
      effects.push({
        type: 'grant',
        userId: seats[to]!.userId,
        itemDefId: roll.itemId,
        exter: roll.exter,
        price: roll.price,
        key: `battle_item:${roomId}:${round}:${roll.seat}`,
      });
    }
  });

  const users = seats.map((seat, s): BattleUserResult => {
    const isWin = winners.includes(s);
    const consolation = isWin || seat.robot ? 0 : consolationUnits(battle.entryPrice);
    if (consolation > 0) {
      effects.push({
        type: 'credit',
        userId: seat.userId,
        amount: consolation,
        key: `battle_consolation:${roomId}:${seat.userId}`,
        reason: 'battle_consolation',
      });
    }
    return {
      user_id: seat.userId,
      is_win: isWin,
      extra_money: 0,
      open_item_price: totals[s]!,
      win_item_price: isWin ? received[s]! : consolation,
    };
  });

  return { result: { totals, winners: [...winners], tie, users, awards }, effects };
}
