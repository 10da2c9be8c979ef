/**
 * Roll rooms (ROLL房, issue 13): the pure rules of a free draw. A room holds prizes, takes free
 * entries until its draw time, then draws winners. The server persists a `RollRoom` (jsonb),
 * applies one transition under the room's row lock, books the effects and publishes the events
 * (GAMES.md §1). Entries are not part of the state: a room may take thousands, so the server keeps
 * them in a table of its own and hands them to `draw` as a list.
 *
 * The rules
 * - Prizes: 1 to ROLL_MAX_PRIZES items, either an owner's own inventory items (an anchor's: locked
 *   for the room by the server when it is made, `userItemId` set) or house items (an official
 *   room made by an admin: catalogue items granted at the draw, `userItemId` null). Prize i is
 *   drawn i-th: prizes are ordered by price, most valuable first, equal prices in the order given.
 * - Entries: free; once per player; the owner may not enter their own room. Joining is open while
 *   the room is 'open' and `now < drawAtMs`. Conditions, each optional: a password; a VIP level of
 *   at least `minVipLevel`; recharged at least `minRechargeUnits` within the last `rechargeDays`
 *   days (0: since the room was made; the window is `rechargeSince`); invited by the owner
 *   (`invitedOnly`: the player's inviter is the owner; not for official rooms). The server reads
 *   the player's facts and `join` decides, in a fixed order (see JOIN_ERRORS).
 * - Timeline: 'open' until drawAtMs; `close` (at the deadline) → 'closed': entries are final; the
 *   server then waits for the public beacon's first value after the close and `draw`s → 'ended'.
 *
 * The draw (what the fairness page recomputes, `drawWinners`)
 * - Entrants are the players' user ids in ascending order (E_0 < E_1 < … < E_{n-1}); k prizes.
 * - A partial Fisher–Yates shuffle: for i = 0, 1, …, min(k, n) − 1, roll r_i in [0, n − i) with
 *   sharedRollIntAt (engine.ts): game "roll", the room's server seed, the beacon value, the room id,
 *   round 0, slot i; swap E_i and E_{i + r_i}; prize i goes to E_i. So every entrant is equally
 *   likely to win each prize, nobody wins twice, and the outcome depends only on the committed
 *   seed, the beacon value fixed after entries closed, and the entrant list.
 * - A player wins at most one prize (leading sites' rule: more winners, not one lucky player).
 *   Fewer entrants than prizes: everyone wins one, prizes n … k − 1 (the least valuable) are not
 *   given: an owner's item goes back to the owner unlocked (its status before the room), a house
 *   item is simply not granted. Nobody entered: every prize goes back.
 * - Items are conserved: every prize is either granted to exactly one winner (an owner's locked
 *   row consumed and a new row granted with the same item, wear and price) or returned, never both.
 */

import { assertRoomId, err, ok, type Result, type RoomId, sharedRollIntAt } from './engine.ts';
import type { Chunk } from './fair.ts';
import { sha256Hex } from './sha256.ts';

export const ROLL_GAME = 'roll';
/** The round of every roll of a room's draw (one draw per room). */
export const ROLL_DRAW_ROUND = 0;
export const ROLL_MAX_PRIZES = 50;
/** The draw is at least this far from the room's making: entries need some time. */
export const ROLL_MIN_DRAW_DELAY_MS = 60_000;
/** …and at most this far: an owner's items are locked until then. */
export const ROLL_MAX_DRAW_DELAY_MS = 30 * 24 * 60 * 60_000;
export const ROLL_TITLE_MAX = 30;
export const ROLL_DESCRIPTION_MAX = 200;
export const ROLL_PASSWORD_MAX = 16;
export const ROLL_RECHARGE_DAYS_MAX = 365;
/** The largest recharge condition: ¥1,000,000. */
export const ROLL_MAX_RECHARGE_UNITS = 1_000_000 * 10_000;
export const ROLL_MAX_VIP_LEVEL = 10;
export const DAY_MS = 24 * 60 * 60_000;

export type RollState = 'open' | 'closed' | 'ended';

export interface RollConditions {
  /** Recharged at least this (units) within the window; 0 for no condition. */
  minRechargeUnits: number;
  /** The window in days ending at the join; 0: since the room was made. */
  rechargeDays: number;
  /** 0 for no condition. */
  minVipLevel: number;
  /** Only players the owner invited (their inviter is the owner). */
  invitedOnly: boolean;
}

export const NO_CONDITIONS: Readonly<RollConditions> = {
  minRechargeUnits: 0,
  rechargeDays: 0,
  minVipLevel: 0,
  invitedOnly: false,
};

export interface RollPrize {
  /** Its place in the draw: prize 0 is drawn first. */
  index: number;
  itemDefId: number;
  /** Wear grade 1..6. */
  exter: number;
  /** Units: what the item is worth, and what the winner's row says. */
  price: number;
  /** The owner's inventory row locked for the room, or null for a house prize. */
  userItemId: number | null;
  /** The row's status before it was locked (given back when the prize returns); null for a house prize. */
  heldStatus: number | null;
}

/** One prize given: to whom, by which roll. */
export interface RollAward {
  prize: number;
  userId: number;
  /** The roll r_i in [0, n − i), where it was read (cursor, chunk 0..3). */
  roll: number;
  cursor: number;
  chunkIndex: number;
}

export interface RollResult {
  /** How many players took part, and sha256hex of their ids ascending joined by ','. */
  entrants: number;
  entrantsHash: string;
  /** By prize index. */
  awards: RollAward[];
  /** Prize indexes not given (back to the owner, or never granted for a house prize). */
  returned: number[];
}

/** A roll room, JSON as it stands. Holds no secret: the server seed stays in the engine's row. */
export interface RollRoom {
  roomId: RoomId;
  ownerId: number;
  /** A house room (made by an admin): house prizes, no invitation condition. */
  official: boolean;
  title: string;
  description: string;
  createdAtMs: number;
  drawAtMs: number;
  /** When entries closed (the close's own time, at or after drawAtMs); null while open. */
  closedAtMs: number | null;
  state: RollState;
  conditions: RollConditions;
  hasPassword: boolean;
  prizes: RollPrize[];
  /** The beacon value fixed after the close; null before the draw. */
  publicSeed: string | null;
  result: RollResult | null;
}

export type RollEvent =
  | { type: 'create'; roomId: RoomId; ownerId: number; drawAtMs: number; prizes: number }
  | { type: 'join'; roomId: RoomId; userId: number }
  | { type: 'close'; roomId: RoomId; closedAtMs: number }
  | { type: 'end'; roomId: RoomId; awards: { prize: number; userId: number }[]; returned: number[] };

/**
 * Item moves, as data. `grant` is the engine's (a new inventory row of the game's source);
 * `consume` marks the owner's locked row as given away; `release` gives it back unlocked.
 */
export type RollEffect =
  | { type: 'grant'; userId: number; itemDefId: number; exter: number; price: number; key: string }
  | { type: 'consume'; userItemId: number; ownerId: number; key: string }
  | { type: 'release'; userItemId: number; ownerId: number; status: number };

export interface RollStep {
  state: RollRoom;
  events: RollEvent[];
  effects: RollEffect[];
}

export type CreateError =
  | 'ROLL_TITLE_INVALID'
  | 'ROLL_PRIZES_EMPTY'
  | 'ROLL_TOO_MANY_PRIZES'
  | 'ROLL_ITEM_REPEATED'
  | 'ROLL_DRAW_TIME_TOO_SOON'
  | 'ROLL_DRAW_TIME_TOO_FAR'
  | 'ROLL_CONDITION_INVALID';

/** Join refusals, in the order `join` checks them. */
export const JOIN_ERRORS = [
  'ROLL_ENDED',
  'ROLL_CLOSED',
  'ROLL_OWNER_CANNOT_JOIN',
  'ROLL_ALREADY_JOINED',
  'ROLL_PASSWORD_REQUIRED',
  'ROLL_PASSWORD_WRONG',
  'ROLL_VIP_TOO_LOW',
  'ROLL_RECHARGE_TOO_LOW',
  'ROLL_NOT_INVITED',
] as const;
export type JoinError = (typeof JOIN_ERRORS)[number];
export type CloseError = 'ROLL_NOT_OPEN' | 'ROLL_NOT_DUE';
export type DrawError = 'ROLL_NOT_CLOSED';
export type RollError = CreateError | JoinError | CloseError | DrawError;

export interface CreateRollInput {
  roomId: RoomId;
  ownerId: number;
  official: boolean;
  title: string;
  description: string;
  now: number;
  drawAtMs: number;
  conditions: RollConditions;
  hasPassword: boolean;
  /** In the order given; `create` orders them for the draw. */
  prizes: readonly Omit<RollPrize, 'index'>[];
}

/** What the server found out about a player who asks to join. */
export interface JoinFacts {
  userId: number;
  now: number;
  alreadyJoined: boolean;
  /** 'missing': no password sent; 'match' / 'mismatch' against the room's (ignored without one). */
  password: 'missing' | 'match' | 'mismatch';
  vipLevel: number;
  /** Recharged within `rechargeSince(room, now)`, units. */
  rechargedUnits: number;
  /** Who invited the player, or null. */
  inviterId: number | null;
}

const isInt = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;

function assertPrize(p: Omit<RollPrize, 'index'>, i: number): void {
  // The server's data (locked rows, catalogue items): a bad one is a bug, not a player's mistake.
  if (!isInt(p.itemDefId, 0, Number.MAX_SAFE_INTEGER)) throw new RangeError(`prize ${i}: bad item ${p.itemDefId}`);
  if (!isInt(p.exter, 1, 6)) throw new RangeError(`prize ${i}: bad wear ${p.exter}`);
  if (!isInt(p.price, 0, Number.MAX_SAFE_INTEGER)) throw new RangeError(`prize ${i}: bad price ${p.price}`);
  if ((p.userItemId === null) !== (p.heldStatus === null)) throw new RangeError(`prize ${i}: row and status disagree`);
}

/** Checks the conditions an owner asks for (official rooms cannot ask for invitations). */
export function conditionsValid(c: RollConditions, official: boolean): boolean {
  return (
    isInt(c.minRechargeUnits, 0, ROLL_MAX_RECHARGE_UNITS) &&
    isInt(c.rechargeDays, 0, ROLL_RECHARGE_DAYS_MAX) &&
    isInt(c.minVipLevel, 0, ROLL_MAX_VIP_LEVEL) &&
    typeof c.invitedOnly === 'boolean' &&
    !(official && c.invitedOnly)
  );
}

/** A title as stored: trimmed; valid when 1..ROLL_TITLE_MAX characters. */
export const normalTitle = (s: string) => s.trim();

export function create(input: CreateRollInput): Result<RollStep, CreateError> {
  const title = normalTitle(input.title);
  const description = input.description.trim();
  if (title.length === 0 || [...title].length > ROLL_TITLE_MAX) return err('ROLL_TITLE_INVALID');
  if ([...description].length > ROLL_DESCRIPTION_MAX) return err('ROLL_TITLE_INVALID');
  if (input.prizes.length === 0) return err('ROLL_PRIZES_EMPTY');
  if (input.prizes.length > ROLL_MAX_PRIZES) return err('ROLL_TOO_MANY_PRIZES');
  const rows = input.prizes.flatMap((p) => (p.userItemId === null ? [] : [p.userItemId]));
  if (new Set(rows).size !== rows.length) return err('ROLL_ITEM_REPEATED');
  if (!Number.isSafeInteger(input.drawAtMs) || input.drawAtMs < input.now + ROLL_MIN_DRAW_DELAY_MS) {
    return err('ROLL_DRAW_TIME_TOO_SOON');
  }
  if (input.drawAtMs > input.now + ROLL_MAX_DRAW_DELAY_MS) return err('ROLL_DRAW_TIME_TOO_FAR');
  if (!conditionsValid(input.conditions, input.official)) return err('ROLL_CONDITION_INVALID');
  assertRoomId(input.roomId);
  input.prizes.forEach(assertPrize);

  // Most valuable first (Array.prototype.sort is stable: equal prices keep the order given).
  const prizes = input.prizes
    .map((p) => ({ ...p }))
    .sort((a, b) => b.price - a.price)
    .map((p, index): RollPrize => ({ index, ...p }));
  const room: RollRoom = {
    roomId: input.roomId,
    ownerId: input.ownerId,
    official: input.official,
    title,
    description,
    createdAtMs: input.now,
    drawAtMs: input.drawAtMs,
    closedAtMs: null,
    state: 'open',
    conditions: { ...input.conditions },
    hasPassword: input.hasPassword,
    prizes,
    publicSeed: null,
    result: null,
  };
  return ok({
    state: room,
    events: [
      { type: 'create', roomId: room.roomId, ownerId: room.ownerId, drawAtMs: room.drawAtMs, prizes: prizes.length },
    ],
    effects: [],
  });
}

/** Where a join's recharge window starts (epoch ms). */
export function rechargeSince(room: Pick<RollRoom, 'conditions' | 'createdAtMs'>, now: number): number {
  const days = room.conditions.rechargeDays;
  return days === 0 ? room.createdAtMs : now - days * DAY_MS;
}

/** Whether entries are taken at `now`. */
export function isJoinable(room: Pick<RollRoom, 'state' | 'drawAtMs'>, now: number): boolean {
  return room.state === 'open' && now < room.drawAtMs;
}

/**
 * A player asks to join. The answer changes no state (entries live beside the room): ok means
 * "record the entry", which the server does with a unique (room, player) row — the last word on
 * "once", whatever two requests at the same moment saw.
 */
export function join(room: RollRoom, f: JoinFacts): Result<RollStep, JoinError> {
  if (room.state === 'ended') return err('ROLL_ENDED');
  if (!isJoinable(room, f.now)) return err('ROLL_CLOSED');
  if (f.userId === room.ownerId) return err('ROLL_OWNER_CANNOT_JOIN');
  if (f.alreadyJoined) return err('ROLL_ALREADY_JOINED');
  if (room.hasPassword) {
    if (f.password === 'missing') return err('ROLL_PASSWORD_REQUIRED');
    if (f.password !== 'match') return err('ROLL_PASSWORD_WRONG');
  }
  const c = room.conditions;
  if (f.vipLevel < c.minVipLevel) return err('ROLL_VIP_TOO_LOW');
  if (f.rechargedUnits < c.minRechargeUnits) return err('ROLL_RECHARGE_TOO_LOW');
  if (c.invitedOnly && f.inviterId !== room.ownerId) return err('ROLL_NOT_INVITED');
  return ok({ state: room, events: [{ type: 'join', roomId: room.roomId, userId: f.userId }], effects: [] });
}

/** Entries close at the deadline. */
export function close(room: RollRoom, now: number): Result<RollStep, CloseError> {
  if (room.state !== 'open') return err('ROLL_NOT_OPEN');
  if (now < room.drawAtMs) return err('ROLL_NOT_DUE');
  return ok({
    state: { ...room, state: 'closed', closedAtMs: now },
    events: [{ type: 'close', roomId: room.roomId, closedAtMs: now }],
    effects: [],
  });
}

/** The entrant list as the draw reads it: ascending, each once (duplicates are a bug: throws). */
export function entrantOrder(entrants: readonly number[]): number[] {
  const sorted = [...new Set(entrants)].sort((a, b) => a - b);
  if (sorted.length !== entrants.length) throw new RangeError('a player entered twice');
  for (const id of sorted) if (!Number.isSafeInteger(id)) throw new RangeError(`bad entrant ${id}`);
  return sorted;
}

/** sha256hex of the entrants' ids, ascending, joined by ',' (the empty string for nobody). */
export function entrantsHash(entrants: readonly number[]): string {
  return sha256Hex(entrantOrder(entrants).join(','));
}

export interface DrawInput {
  serverSeed: string;
  publicSeed: string;
  roomId: RoomId;
  /** Entrants' user ids, any order. */
  entrants: readonly number[];
  prizes: number;
}

/** Who wins prize 0, 1, …: the partial Fisher–Yates shuffle above, with every roll. */
export function drawWinners(input: DrawInput): { prize: number; userId: number; roll: Chunk }[] {
  const pool = entrantOrder(input.entrants);
  const winners = Math.min(input.prizes, pool.length);
  const out: { prize: number; userId: number; roll: Chunk }[] = [];
  for (let i = 0; i < winners; i++) {
    const roll = sharedRollIntAt(
      {
        game: ROLL_GAME,
        serverSeed: input.serverSeed,
        publicSeed: input.publicSeed,
        roomId: input.roomId,
        round: ROLL_DRAW_ROUND,
        slot: i,
      },
      pool.length - i,
    );
    const j = i + roll.value;
    const picked = pool[j] as number;
    pool[j] = pool[i] as number;
    pool[i] = picked;
    out.push({ prize: i, userId: picked, roll });
  }
  return out;
}

/** Draws the winners of a closed room with the beacon value and gives or returns every prize. */
export function draw(
  room: RollRoom,
  input: { serverSeed: string; publicSeed: string; entrants: readonly number[] },
): Result<RollStep, DrawError> {
  if (room.state !== 'closed') return err('ROLL_NOT_CLOSED');
  if (input.entrants.includes(room.ownerId)) throw new RangeError('the owner entered their own room');
  const drawn = drawWinners({ ...input, roomId: room.roomId, prizes: room.prizes.length });
  const awards: RollAward[] = drawn.map((d) => ({
    prize: d.prize,
    userId: d.userId,
    roll: d.roll.value,
    cursor: d.roll.cursor,
    chunkIndex: d.roll.index,
  }));
  const effects: RollEffect[] = [];
  for (const a of awards) {
    const p = room.prizes[a.prize] as RollPrize;
    if (p.userItemId !== null) {
      effects.push({
        type: 'consume',
        userItemId: p.userItemId,
        ownerId: room.ownerId,
        key: `roll_consume:${room.roomId}:${p.index}`,
      });
    }
    effects.push({
      type: 'grant',
      userId: a.userId,
      itemDefId: p.itemDefId,
      exter: p.exter,
      price: p.price,
      key: `roll_prize:${room.roomId}:${p.index}`,
    });
  }
  const returned = room.prizes.slice(awards.length).map((p) => p.index);
  for (const i of returned) {
    const p = room.prizes[i] as RollPrize;
    if (p.userItemId !== null && p.heldStatus !== null) {
      effects.push({ type: 'release', userItemId: p.userItemId, ownerId: room.ownerId, status: p.heldStatus });
    }
  }
  const result: RollResult = {
    entrants: input.entrants.length,
    entrantsHash: entrantsHash(input.entrants),
    awards,
    returned,
  };
  return ok({
    state: { ...room, state: 'ended', publicSeed: input.publicSeed, result },
    events: [
      {
        type: 'end',
        roomId: room.roomId,
        awards: awards.map(({ prize, userId }) => ({ prize, userId })),
        returned,
      },
    ],
    effects,
  });
}

export interface RollVerification {
  /** sha256hex(serverSeed) is the hash the room showed from its making. */
  seedMatches: boolean;
  /** The entrant list hashes to the room's entrantsHash. */
  entrantsMatch: boolean;
  /** Each prize's winner recomputed, and whether it is the one announced. */
  awards: { prize: number; userId: number; roll: number; claimedUserId: number | null; matches: boolean }[];
  /** Prizes announced as not given are exactly those beyond the entrant count. */
  returnedMatch: boolean;
}

/** Recomputes a room's draw from public data, for the fairness page. */
export function verifyRoll(input: {
  serverSeed: string;
  serverSeedHash: string;
  publicSeed: string;
  roomId: RoomId;
  entrants: readonly number[];
  entrantsHash: string;
  prizes: number;
  awards: readonly { prize: number; userId: number }[];
  returned: readonly number[];
}): RollVerification {
  const drawn = drawWinners(input);
  const claimed = new Map(input.awards.map((a) => [a.prize, a.userId]));
  const expectedReturned = Array.from({ length: input.prizes - drawn.length }, (_, i) => drawn.length + i);
  return {
    seedMatches: sha256Hex(input.serverSeed) === input.serverSeedHash,
    entrantsMatch: entrantsHash(input.entrants) === input.entrantsHash,
    awards: drawn.map((d) => {
      const claimedUserId = claimed.get(d.prize) ?? null;
      return {
        prize: d.prize,
        userId: d.userId,
        roll: d.roll.value,
        claimedUserId,
        matches: claimedUserId === d.userId,
      };
    }),
    returnedMatch:
      input.awards.length === drawn.length &&
      input.returned.length === expectedReturned.length &&
      input.returned.every((p, i) => p === expectedReturned[i]),
  };
}
