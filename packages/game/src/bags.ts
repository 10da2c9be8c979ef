/**
 * Lucky bags (福袋, issue 21; docs/promotions/bags.md): the amount a bag pays is drawn from its
 * campaign's published table with the player's own seed pair, exactly like a box:
 *
 *   ticket = the first 52-bit piece of HMAC_SHA256(serverSeed, "bag:<clientSeed>:<nonce>:<cursor>")
 *            below 2^52 − (2^52 mod N), mod N          (fair.ts, N = BAG_TICKETS)
 *
 * and the amount is the entry whose ticket range [from, to) holds it, entries owning consecutive
 * ranges in list order. The table's hash is stored with every roll, so a player can tell which
 * table a bag was opened against. Pure: no I/O, no clock, no randomness of its own.
 */
import { BAG_GAME, BAG_TICKETS } from '@kaixiang/shared/bags-paths';
import { indexForTicket, type RollInput, rollIntAt, type SeedTriple, serverSeedHash } from './fair.ts';
import { sha256Hex } from './sha256.ts';

export { BAG_GAME, BAG_TICKETS };

export interface BagEntry {
  /** What the bag pays, units (1/10000 yuan). */
  amountUnits: number;
  tickets: number;
}

export type BagTableError = 'EMPTY' | 'AMOUNT' | 'TICKETS';

type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };

/**
 * Whether a table can be published: at least one entry, every amount a positive safe integer,
 * every ticket count a positive integer, the counts summing to exactly BAG_TICKETS.
 */
export function checkBagTable(entries: readonly BagEntry[]): Result<readonly BagEntry[], BagTableError> {
  if (entries.length === 0) return { ok: false, error: 'EMPTY' };
  let sum = 0;
  for (const e of entries) {
    if (!Number.isSafeInteger(e.amountUnits) || e.amountUnits < 1) return { ok: false, error: 'AMOUNT' };
    if (!Number.isSafeInteger(e.tickets) || e.tickets < 1) return { ok: false, error: 'TICKETS' };
    sum += e.tickets;
  }
  return sum === BAG_TICKETS ? { ok: true, value: entries } : { ok: false, error: 'TICKETS' };
}

function assertTable(entries: readonly BagEntry[]): void {
  const checked = checkBagTable(entries);
  if (!checked.ok) throw new RangeError(`not a bag table (${checked.error})`);
}

/** The text a table's hash is taken of, fixed to the byte: `{"n":N,"amounts":[[amount,tickets],…]}`. */
export function bagTableText(entries: readonly BagEntry[]): string {
  return JSON.stringify({ n: BAG_TICKETS, amounts: entries.map((e) => [e.amountUnits, e.tickets]) });
}

/** SHA-256 of bagTableText: stored with every roll and shown with the table. */
export function bagTableHash(entries: readonly BagEntry[]): string {
  return sha256Hex(bagTableText(entries));
}

/** Each entry's ticket range [from, to), in list order. */
export function bagTicketRanges(entries: readonly BagEntry[]): { from: number; to: number }[] {
  let from = 0;
  return entries.map((e) => {
    const range = { from, to: from + e.tickets };
    from = range.to;
    return range;
  });
}

/**
 * What one bag pays on average, floored to a unit: Σ amount × tickets ÷ BAG_TICKETS, in BigInt
 * so a table of large amounts stays exact. With the least and the most a bag pays.
 */
export function bagExpectedValue(entries: readonly BagEntry[]): {
  evUnits: number;
  minUnits: number;
  maxUnits: number;
} {
  assertTable(entries);
  let sum = 0n;
  for (const e of entries) sum += BigInt(e.amountUnits) * BigInt(e.tickets);
  const amounts = entries.map((e) => e.amountUnits);
  return {
    evUnits: Number(sum / BigInt(BAG_TICKETS)),
    minUnits: Math.min(...amounts),
    maxUnits: Math.max(...amounts),
  };
}

export interface BagRoll {
  ticket: number;
  /** The entry that owns the ticket, and what it pays. */
  index: number;
  amountUnits: number;
  /** Where in the digest stream the ticket was read, for the verifier to show its work. */
  cursor: number;
  chunkIndex: number;
}

/** One bag's roll from the player's seed pair at `nonce`. */
export function rollBag(seeds: SeedTriple, entries: readonly BagEntry[]): BagRoll {
  assertTable(entries);
  const input: RollInput = { ...seeds, game: BAG_GAME };
  const chunk = rollIntAt(input, BAG_TICKETS);
  const ends = bagTicketRanges(entries).map((r) => r.to);
  const index = indexForTicket(ends, chunk.value);
  const entry = entries[index];
  if (!entry) throw new Error(`ticket ${chunk.value} is outside the table`);
  return { ticket: chunk.value, index, amountUnits: entry.amountUnits, cursor: chunk.cursor, chunkIndex: chunk.index };
}

export interface BagClaim {
  serverSeed: string;
  /** The hash shown before the roll. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  /** The table as published (its entries) and the hash the opening recorded. */
  entries: readonly BagEntry[];
  tableHash: string;
  /** What the server said: the ticket and the amount paid. */
  ticket: number;
  amountUnits: number;
}

export interface BagCheck {
  seedMatchesHash: boolean;
  tableMatchesHash: boolean;
  /** The roll recomputed from the seeds and the table. */
  roll: BagRoll;
  ticketMatches: boolean;
  amountMatches: boolean;
  valid: boolean;
}

/** Recomputes one opening from its public inputs (the fairness page runs this in the browser). */
export function verifyBag(c: BagClaim): BagCheck {
  const seedMatchesHash = serverSeedHash(c.serverSeed) === c.serverSeedHash.toLowerCase();
  const tableMatchesHash = bagTableHash(c.entries) === c.tableHash.toLowerCase();
  const roll = rollBag({ serverSeed: c.serverSeed, clientSeed: c.clientSeed, nonce: c.nonce }, c.entries);
  const ticketMatches = roll.ticket === c.ticket;
  const amountMatches = roll.amountUnits === c.amountUnits;
  return {
    seedMatchesHash,
    tableMatchesHash,
    roll,
    ticketMatches,
    amountMatches,
    valid: seedMatchesHash && tableMatchesHash && ticketMatches && amountMatches,
  };
}
