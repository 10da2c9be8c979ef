import { type OddsEntry, oddsHash, rollBox, rollIntAt, validateOdds } from '@kaixiang/game/fair';
import { isLucky, luckyRoll } from '@kaixiang/game/lucky';
import { sha256Hex } from '@kaixiang/game/sha256';
import { BOX_GAME, type BoxContentItem, type ContainsResponse } from '@kaixiang/shared/boxes';

/** What a player types in, or what one of their recorded rolls fills in. */
export interface VerifyInput {
  serverSeed: string;
  /** The hash shown before play; empty when the player has none to compare. */
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

/** What the server recorded for the roll, when verifying one from the player's history. */
export interface RecordedRoll {
  oddsHash: string;
  ticket: number;
  itemId: number;
  exter: number;
  /** The lucky player's roll and award, when the box was opened during a lucky window. */
  lucky?: { roll: number; award: number };
}

export type CheckKey = 'seedHash' | 'oddsHash' | 'ticket' | 'item' | 'lucky';

export interface Check {
  key: CheckKey;
  ok: boolean;
  /** What the browser computed. */
  computed: string;
  /** What it was compared with. */
  expected: string;
}

export interface VerifyResult {
  checks: Check[];
  ticket: number;
  /** Which HMAC digest (cursor) and which of its four 52-bit chunks gave the ticket. */
  cursor: number;
  chunk: number;
  /** The item the recomputed ticket falls on, or null if the table is broken. */
  item: BoxContentItem | null;
  /** The table itself is malformed (tickets do not sum to the total...): nothing can be recomputed. */
  tableError: string | null;
}

export function oddsEntries(items: readonly BoxContentItem[]): OddsEntry[] {
  return items.map((i) => ({ itemId: i.item_id, exter: i.exter, tickets: i.tickets }));
}

/**
 * Recomputes one box roll in the browser with the same code the server runs (packages/game):
 * the seed against its published hash, the odds table against the hash stored with the roll
 * (or, typed in by hand, the hash the server publishes for that box version), then the ticket
 * and the item it lands on.
 */
export function verifyRoll(input: VerifyInput, table: ContainsResponse, recorded?: RecordedRoll): VerifyResult {
  const checks: Check[] = [];
  const wantHash = input.serverSeedHash.trim().toLowerCase();
  if (wantHash) {
    const computed = sha256Hex(input.serverSeed);
    checks.push({ key: 'seedHash', ok: computed === wantHash, computed, expected: wantHash });
  }

  const entries = oddsEntries(table.items);
  const tableHash = oddsHash(entries, table.ticket_total);
  const wantOdds = (recorded?.oddsHash ?? table.odds_hash).toLowerCase();
  checks.push({ key: 'oddsHash', ok: tableHash === wantOdds, computed: tableHash, expected: wantOdds });

  try {
    validateOdds(entries, table.ticket_total);
  } catch (error) {
    return { checks, ticket: -1, cursor: -1, chunk: -1, item: null, tableError: String(error) };
  }

  const seeds = { serverSeed: input.serverSeed, clientSeed: input.clientSeed, nonce: input.nonce };
  const { ticket, index } = rollBox(seeds, entries, table.ticket_total);
  const work = rollIntAt({ ...seeds, game: BOX_GAME }, table.ticket_total);
  const item = table.items[index] ?? null;
  if (recorded) {
    checks.push({
      key: 'ticket',
      ok: ticket === recorded.ticket,
      computed: String(ticket),
      expected: String(recorded.ticket),
    });
    // Catalogue id and wear grade identify the drop; the name is there for people.
    const computedItem = item ? `${item.name} #${item.item_id}/${item.exter}` : '—';
    checks.push({
      key: 'item',
      ok: !!item && item.item_id === recorded.itemId && item.exter === recorded.exter,
      computed: computedItem,
      expected: `#${recorded.itemId}/${recorded.exter}`,
    });
    // The lucky player's roll of the same box: its own message, so it says nothing of the item.
    if (recorded.lucky) {
      const roll = luckyRoll(seeds);
      const paid = recorded.lucky.award > 0;
      checks.push({
        key: 'lucky',
        ok: roll === recorded.lucky.roll && isLucky(roll) === paid,
        computed: String(roll),
        expected: String(recorded.lucky.roll),
      });
    }
  }
  return { checks, ticket, cursor: work.cursor, chunk: work.index, item, tableError: null };
}

/** A client seed from the browser's secure generator: 16 random bytes as 32 hex digits. */
export function randomClientSeed(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}
