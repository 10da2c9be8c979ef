import { bagTableHash, bagTicketRanges, rollBag } from '@kaixiang/game/bags';
import { serverSeedHash } from '@kaixiang/game/fair';
import type { BagRecord, BagTableResponse } from '@kaixiang/shared/bags';

/**
 * A bag opening as get-record lists it, rolled by the real rules from a known seed pair against a
 * known table, with the table as get-table answers it: for the verifier's tests.
 */
export const BAG_SEED = '5c1f2d3e4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0';
export const BAG_CLIENT_SEED = 'fair-client-9';
const ENTRIES = [
  { amountUnits: 5_000, tickets: 500_000 },
  { amountUnits: 10_000, tickets: 300_000 },
  { amountUnits: 20_000, tickets: 120_000 },
  { amountUnits: 50_000, tickets: 60_000 },
  { amountUnits: 100_000, tickets: 18_000 },
  { amountUnits: 880_000, tickets: 2_000 },
];

export function bagTable(): BagTableResponse {
  const ranges = bagTicketRanges(ENTRIES);
  return {
    campaign_id: 3,
    name: '幸运福袋',
    version: 1,
    ticket_total: 1_000_000,
    table_hash: bagTableHash(ENTRIES),
    ev: 14_460,
    entries: ENTRIES.map((e, i) => ({
      amount: e.amountUnits,
      tickets: e.tickets,
      ticket_from: ranges[i]?.from ?? 0,
      ticket_to: ranges[i]?.to ?? 0,
    })),
  };
}

export function bagEntry(id: number, nonce: number, revealed = true): BagRecord {
  const roll = rollBag({ serverSeed: BAG_SEED, clientSeed: BAG_CLIENT_SEED, nonce }, ENTRIES);
  return {
    id,
    campaign_id: 3,
    name: '幸运福袋',
    source: 'mail',
    state: 1,
    given_at: 1_764_000_000_000 + id,
    opened_at: 1_764_000_100_000 + id,
    get_money: roll.amountUnits,
    proof: {
      nonce,
      client_seed: BAG_CLIENT_SEED,
      server_seed_hash: serverSeedHash(BAG_SEED),
      server_seed: revealed ? BAG_SEED : null,
      table_version: 1,
      table_hash: bagTableHash(ENTRIES),
      ticket: roll.ticket,
    },
  };
}
