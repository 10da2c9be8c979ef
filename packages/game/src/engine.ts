/**
 * What every shared game (battles now; the turntable, roll rooms and card grabbing later) is built
 * from (GAMES.md §1, §4, §5). A game's rules are pure transitions `(state, command) → Result<Step>`:
 * the new state, the events the sockets see and the effects — money and item moves as data — that
 * the server books in the same transaction. No I/O, clock or Math.random: time and randomness are
 * arguments.
 */
import type { Chunk, MessageAt, OddsEntry, TicketRoll } from './fair.ts';
import { rollIntFromMessages, rollTicketFromMessages } from './fair.ts';

/** "No" as a value with a stable code (STYLE.md §2); only programmer errors throw. */
export type Result<T, E extends string = string> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E extends string>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/** What a pure transition returns. */
export interface Step<S, Ev, Ef> {
  state: S;
  events: Ev[];
  effects: Ef[];
}

/**
 * Money and item moves, as data. Amounts and prices are integer units (1/10000 yuan). `key` is an
 * idempotency key derived from the room, round and seat or user, so the server posts each effect
 * once however often a transition is replayed. The counterparty is the house (the game's pool
 * account): a debit moves money from the user to it, a credit from it to the user.
 */
export type Effect =
  | { type: 'debit'; userId: number; amount: number; key: string }
  | { type: 'credit'; userId: number; amount: number; key: string; reason: string }
  | { type: 'grant'; userId: number; itemDefId: number; exter: number; price: number; key: string };

/** A room's id as the server names it (a serial number or a text id without ':'). */
export type RoomId = number | string;

export interface SharedRollInput {
  /** The game ("battle", …), so one seed never gives two games the same digest. */
  game: string;
  /** The room's secret seed, committed by its SHA-256 at creation and revealed at the end. */
  serverSeed: string;
  /** The public beacon value fixed after entries closed (GAMES.md §4). */
  publicSeed: string;
  roomId: RoomId;
  /** A non-negative integer. */
  round: number;
  /** Who or what the roll is for within the round: a seat number, or a name such as "tie". */
  slot: number | string;
}

function assertPart(name: string, part: string | number): void {
  // Parts are joined with ':'; a part containing one could make two different rolls hash the same
  // message, so it is refused rather than escaped (every id we use is free of it anyway).
  if (typeof part === 'number') {
    if (!Number.isSafeInteger(part) || part < 0) throw new RangeError(`${name} must be a non-negative integer`);
  } else if (part.length === 0 || part.includes(':')) {
    throw new RangeError(`${name} must be non-empty and free of ':', got ${JSON.stringify(part)}`);
  }
}

/** Throws unless `roomId` can be part of a roll's message; check it when a room is made. */
export function assertRoomId(roomId: RoomId): void {
  assertPart('roomId', roomId);
}

/** The HMAC message of one cursor: `<game>:<publicSeed>:<roomId>:<round>:<slot>:<cursor>`. */
export function sharedRollMessage(input: SharedRollInput, cursor: number): string {
  return `${input.game}:${input.publicSeed}:${input.roomId}:${input.round}:${input.slot}:${cursor}`;
}

function messagesOf(input: SharedRollInput): MessageAt {
  assertPart('game', input.game);
  assertPart('publicSeed', input.publicSeed);
  assertPart('roomId', input.roomId);
  assertPart('round', input.round);
  assertPart('slot', input.slot);
  return (cursor) => sharedRollMessage(input, cursor);
}

/** A shared round's roll in [0, n), with the chunk that produced it (value, cursor, index). */
export function sharedRollIntAt(input: SharedRollInput, n: number): Chunk {
  return rollIntFromMessages(input.serverSeed, messagesOf(input), n);
}

/** A shared round's ticket in an odds table of `total` tickets, and the entry that owns it. */
export function sharedTicketRoll(input: SharedRollInput, entries: readonly OddsEntry[], total: number): TicketRoll {
  return rollTicketFromMessages(input.serverSeed, messagesOf(input), entries, total);
}
