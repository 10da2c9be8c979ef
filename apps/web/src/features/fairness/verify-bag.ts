import { type BagEntry, bagTicketRanges, verifyBag } from '@kaixiang/game/bags';
import type { BagRecord, BagTableResponse } from '@kaixiang/shared/bags';

export type BagVerifyResult =
  /** The seed pair is still in use: its server seed comes out when the player rotates it. */
  | { kind: 'hidden' }
  | {
      kind: 'checked';
      /** sha256(revealed seed) is the hash shown before the opening. */
      seedHashOk: boolean;
      /** The table the page was given hashes to the hash the opening recorded. */
      tableHashOk: boolean;
      /** The ticket recomputed from the seeds and nonce, and whether it equals the recorded one. */
      ticket: number;
      ticketOk: boolean;
      /** Which HMAC digest (cursor) and which of its 52-bit pieces gave the ticket. */
      cursor: number;
      chunk: number;
      /** The entry (0-based) whose range [from, to) holds the ticket, and what it pays. */
      index: number;
      from: number;
      to: number;
      amount: number;
      amountOk: boolean;
      ok: boolean;
    };

export const bagEntriesOf = (t: BagTableResponse): BagEntry[] =>
  t.entries.map((e) => ({ amountUnits: e.amount, tickets: e.tickets }));

/**
 * Recomputes one of the player's bag openings with the code the server ran (packages/game
 * bags.ts): HMAC_SHA256(server seed, "bag:<client seed>:<nonce>:<cursor>") read as a ticket in
 * [0, 1,000,000), the amount the table's entry holding it pays. The table is the version the
 * opening recorded (get-table), checked against the recorded hash.
 */
export function verifyBagRecord(r: BagRecord, table: BagTableResponse): BagVerifyResult {
  const p = r.proof;
  if (!p?.server_seed) return { kind: 'hidden' };
  const entries = bagEntriesOf(table);
  const check = verifyBag({
    serverSeed: p.server_seed,
    serverSeedHash: p.server_seed_hash,
    clientSeed: p.client_seed,
    nonce: p.nonce,
    entries,
    tableHash: p.table_hash,
    ticket: p.ticket,
    amountUnits: r.get_money ?? -1,
  });
  const range = bagTicketRanges(entries)[check.roll.index] ?? { from: -1, to: -1 };
  return {
    kind: 'checked',
    seedHashOk: check.seedMatchesHash,
    tableHashOk: check.tableMatchesHash,
    ticket: check.roll.ticket,
    ticketOk: check.ticketMatches,
    cursor: check.roll.cursor,
    chunk: check.roll.chunkIndex,
    index: check.roll.index,
    from: range.from,
    to: range.to,
    amount: check.roll.amountUnits,
    amountOk: check.amountMatches,
    ok: check.valid,
  };
}
