/**
 * Provably fair rolls (ARCHITECTURE.md §Fairness; docs/fairness.md). Everything a roll depends on
 * is public once the server seed is revealed, and this file is the whole recipe, run unchanged by
 * the server and by the browser's verifier page:
 *
 *   digest(c) = HMAC_SHA256(key = serverSeed, msg = "<game>:<clientSeed>:<nonce>:<c>")   c = 0, 1, …
 *
 * Each 32-byte digest is read as four 52-bit big-endian numbers (bits 0–51, 52–103, 104–155,
 * 156–207; the last 48 bits are unused), then the next cursor's digest. 52 bits is the most a
 * JavaScript number holds exactly. A roll in [0, n) takes the first number below the largest
 * multiple of n that fits in 52 bits and returns it mod n: every result then has exactly the same
 * count of numbers mapping to it, so the roll is unbiased, not merely close.
 *
 * Shared rounds (battles and the games after them, engine.ts) hash a different message but read
 * the digests with this same code: `rollIntFromMessages` takes the message of each cursor.
 */
import { BOX_GAME, BOX_TICKETS } from '@kaixiang/shared/boxes';
import { hmacSha256, sha256Hex, toHex } from './sha256.ts';

export interface RollInput {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Which game the roll is for ("box", …), so one seed pair never gives two games the same digest. */
  game: string;
}

export interface Chunk {
  /** An integer in [0, 2^52). */
  value: number;
  /** The cursor of the digest it came from. */
  cursor: number;
  /** Its position 0..3 within that digest. */
  index: number;
}

export const CHUNK_BITS = 52;
const CHUNK_RANGE = 2 ** CHUNK_BITS;
const CHUNKS_PER_DIGEST = 4;
const TWO_POW_24 = 2 ** 24;

/** The HMAC message for one cursor. */
export function rollMessage(input: RollInput, cursor: number): string {
  return `${input.game}:${input.clientSeed}:${input.nonce}:${cursor}`;
}

/**
 * The 52-bit number at position `index` (0..3) of a digest. Chunk k starts at bit 52k, which is
 * byte 6.5k: even chunks start on a byte (6 bytes, then the high nibble of the 7th), odd ones on
 * its low nibble (that nibble, then 6 bytes). Each part stays below 2^24 and the sum below 2^52,
 * so every step is exact in a double.
 */
export function chunkAt(digest: Uint8Array, index: number): number {
  const start = Math.floor((index * 13) / 2);
  const b = (i: number) => digest[start + i]!;
  if (index % 2 === 0) {
    const high = (b(0) << 16) | (b(1) << 8) | b(2); // bits 51..28
    const low = ((b(3) << 20) | (b(4) << 12) | (b(5) << 4) | (b(6) >>> 4)) >>> 0; // bits 27..0
    return high * 2 ** 28 + low;
  }
  const high = ((b(0) & 0x0f) << 24) | (b(1) << 16) | (b(2) << 8) | b(3); // bits 51..24
  const low = (b(4) << 16) | (b(5) << 8) | b(6); // bits 23..0
  return high * TWO_POW_24 + low;
}

/** The HMAC message of each cursor of one roll. */
export type MessageAt = (cursor: number) => string;

/** The endless stream of 52-bit numbers of the digests of `messageAt(0)`, `messageAt(1)`, … */
export function* chunksFromMessages(serverSeed: string, messageAt: MessageAt): Generator<Chunk> {
  for (let cursor = 0; ; cursor++) {
    const digest = hmacSha256(serverSeed, messageAt(cursor));
    for (let index = 0; index < CHUNKS_PER_DIGEST; index++) {
      yield { value: chunkAt(digest, index), cursor, index };
    }
  }
}

/** The endless stream of 52-bit numbers of one roll, in the order a roll consumes them. */
export function chunks52(input: RollInput): Generator<Chunk> {
  return chunksFromMessages(input.serverSeed, (cursor) => rollMessage(input, cursor));
}

/**
 * Maps one raw `bits`-bit value to [0, n), or to -1 when it must be rejected and the next value
 * drawn. Exported so a test can run it over every value of a narrow domain; rolls use bits = 52.
 */
export function mapValue(value: number, n: number, bits: number): number {
  const range = 2 ** bits;
  const limit = range - (range % n);
  return value < limit ? value % n : -1;
}

function assertRange(n: number): void {
  if (!Number.isSafeInteger(n) || n < 1 || n > CHUNK_RANGE) {
    throw new RangeError(`roll range must be an integer in [1, 2^52], got ${n}`);
  }
}

/**
 * A roll in [0, n) read from the digests of `messageAt(0)`, `messageAt(1)`, …, with the chunk
 * that produced it, for the verifier to show its work.
 */
export function rollIntFromMessages(serverSeed: string, messageAt: MessageAt, n: number): Chunk {
  assertRange(n);
  for (const chunk of chunksFromMessages(serverSeed, messageAt)) {
    const value = mapValue(chunk.value, n, CHUNK_BITS);
    if (value >= 0) return { value, cursor: chunk.cursor, index: chunk.index };
  }
  // The stream never ends; a rejection has probability < 1/2, so the loop above always returns.
  throw new Error('unreachable');
}

/** A roll in [0, n) with the chunk that produced it, for the verifier to show its work. */
export function rollIntAt(input: RollInput, n: number): Chunk {
  return rollIntFromMessages(input.serverSeed, (cursor) => rollMessage(input, cursor), n);
}

/** A uniform integer in [0, n), 1 ≤ n ≤ 2^52. */
export function rollInt(input: RollInput, n: number): number {
  return rollIntAt(input, n).value;
}

// ---------------------------------------------------------------------------------------------
// Odds tables: a box's contents are integer ticket counts summing to a fixed total; item i owns
// the tickets [from, to) that follow the items before it in list order.

export interface OddsEntry {
  itemId: number;
  /** Wear grade 1..6. */
  exter: number;
  tickets: number;
}

export interface TicketRange {
  from: number;
  /** Exclusive. */
  to: number;
}

/** Throws unless every entry has a positive integer count of tickets and they sum to `total`. */
export function validateOdds(entries: readonly OddsEntry[], total: number): void {
  if (!Number.isSafeInteger(total) || total < 1) throw new RangeError(`invalid ticket total ${total}`);
  if (entries.length === 0) throw new RangeError('an odds table needs at least one entry');
  let sum = 0;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (!Number.isSafeInteger(entry.tickets) || entry.tickets < 1) {
      throw new RangeError(`entry ${i} (item ${entry.itemId}) has ${entry.tickets} tickets`);
    }
    sum += entry.tickets;
  }
  if (sum !== total) throw new RangeError(`tickets sum to ${sum}, expected ${total}`);
}

export function ticketRanges(entries: readonly OddsEntry[]): TicketRange[] {
  let from = 0;
  return entries.map((entry) => {
    const range = { from, to: from + entry.tickets };
    from = range.to;
    return range;
  });
}

/** The exclusive end of each entry's range; precompute it to look up many tickets in one table. */
export function ticketEnds(entries: readonly OddsEntry[]): number[] {
  const ends = new Array<number>(entries.length);
  let to = 0;
  for (let i = 0; i < entries.length; i++) {
    to += entries[i]!.tickets;
    ends[i] = to;
  }
  return ends;
}

/** The index of the entry owning `ticket`, by binary search over `ticketEnds`; -1 if none does. */
export function indexForTicket(ends: readonly number[], ticket: number): number {
  if (!(ticket >= 0 && ticket < (ends[ends.length - 1] ?? 0))) return -1;
  let low = 0;
  let high = ends.length - 1;
  // The first entry whose end is above the ticket.
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (ends[mid]! > ticket) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** The index of the entry owning `ticket`; throws if the ticket is outside the table. */
export function entryForTicket(entries: readonly OddsEntry[], ticket: number): number {
  const index = indexForTicket(ticketEnds(entries), ticket);
  if (index < 0) throw new RangeError(`ticket ${ticket} is outside the odds table`);
  return index;
}

/**
 * The hash stored with every roll, so a player can tell which table a roll was made against.
 * The hashed text is fixed to the byte: `{"n":<total>,"items":[[itemId,exter,tickets],…]}`.
 */
export function oddsHash(entries: readonly OddsEntry[], total: number): string {
  return sha256Hex(JSON.stringify({ n: total, items: entries.map((e) => [e.itemId, e.exter, e.tickets]) }));
}

export interface SeedTriple {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

export interface BoxRoll {
  ticket: number;
  /** Index of the won entry in the odds table. */
  index: number;
}

/** A ticket roll with where in the digest stream its ticket was read, for the verifier. */
export interface TicketRoll extends BoxRoll {
  /** The cursor of the digest the ticket came from. */
  cursor: number;
  /** The ticket's chunk position 0..3 within that digest. */
  chunkIndex: number;
}

/** A ticket in [0, total) of an odds table, read from the digests of `messageAt`, and its entry. */
export function rollTicketFromMessages(
  serverSeed: string,
  messageAt: MessageAt,
  entries: readonly OddsEntry[],
  total: number,
): TicketRoll {
  validateOdds(entries, total);
  const chunk = rollIntFromMessages(serverSeed, messageAt, total);
  return {
    ticket: chunk.value,
    index: entryForTicket(entries, chunk.value),
    cursor: chunk.cursor,
    chunkIndex: chunk.index,
  };
}

/** One box opening: a ticket in [0, total) and the entry that owns it. */
export function rollBox(seeds: SeedTriple, entries: readonly OddsEntry[], total: number = BOX_TICKETS): BoxRoll {
  const input: RollInput = { ...seeds, game: BOX_GAME };
  const { ticket, index } = rollTicketFromMessages(
    seeds.serverSeed,
    (cursor) => rollMessage(input, cursor),
    entries,
    total,
  );
  return { ticket, index };
}

/**
 * A fresh server seed: 32 random bytes as 64 hex digits. The caller supplies the randomness
 * (node:crypto `randomBytes` on the server) so this package stays pure.
 */
export function newServerSeed(randomBytes: (n: number) => Uint8Array): string {
  const bytes = randomBytes(32);
  if (bytes.length !== 32) throw new RangeError(`expected 32 random bytes, got ${bytes.length}`);
  return toHex(bytes);
}

/** What the player sees before playing: the SHA-256 of the server seed's text. */
export function serverSeedHash(serverSeed: string): string {
  return sha256Hex(serverSeed);
}
