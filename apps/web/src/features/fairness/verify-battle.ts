import { BATTLE_GAME, BATTLE_TIE_SLOT } from '@kaixiang/game/battle';
import { sharedRollIntAt, sharedTicketRoll } from '@kaixiang/game/engine';
import { oddsHash } from '@kaixiang/game/fair';
import { sha256Hex } from '@kaixiang/game/sha256';
import type { BattleRoomData } from '@kaixiang/shared/battles';
import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import { type BeaconTiming, beaconTiming } from './verify-beacon.ts';

/** One seat's roll in one round, recomputed in the browser beside what the server recorded. */
export interface BattleRollCheck {
  round: number;
  seat: number;
  ticket: number;
  recordedTicket: number;
  /** The item and wear the recomputed ticket falls on in that round's odds table. */
  itemId: number | null;
  exter: number | null;
  ok: boolean;
}

/** One box's odds table as the battle used it, against the table published for its version. */
export interface BattleOddsCheck {
  boxId: number;
  version: number | null;
  /** The room's odds_hash, and whether the table it published hashes to it. */
  hash: string;
  tableOk: boolean;
  /** The odds_hash get-box-contains publishes for that version; null when it could not be had. */
  published: string | null;
  ok: boolean;
}

/** Where a box version's published odds hash is kept: `${box_id}/${version}`. */
export const oddsKey = (boxId: number, version: number) => `${boxId}/${version}`;

export interface BattleVerifyResult {
  /** Null when the battle has not ended (nothing to check yet: the server seed is still secret). */
  seedHashOk: boolean | null;
  rolls: BattleRollCheck[];
  /** The tie-break among tied seats (or teams), if there was one. */
  tie: { candidates: number[]; value: number; recorded: number; ok: boolean } | null;
  /** Each distinct box version the rounds used, once. */
  odds: BattleOddsCheck[];
  /** The beacon round is the first published after the last seat was taken. */
  beacon: BeaconTiming;
  /** Every check passed. */
  ok: boolean;
}

/**
 * Recomputes every roll of an ended battle with the code the server ran (packages/game): roll
 * (round r, seat s) = HMAC-SHA256(server seed, "battle:<public seed>:<room id>:<r>:<s>:<cursor>")
 * read as a ticket of round r's odds table; the server seed against the hash published when the
 * room was made; the tie-break (round = number of boxes, slot "tie") when totals were level; each
 * round's table against its box version's published hash (`published`, by oddsKey); the beacon
 * round against the time the last seat was taken (`beacon`: the beacon's schedule).
 */
export function verifyBattle(
  room: BattleRoomData,
  beacon: BeaconInfoResponse | null,
  published: ReadonlyMap<string, string>,
): BattleVerifyResult {
  const serverSeed = room.server_seed;
  const publicSeed = room.public_seed;
  const timing = beaconTiming(beacon, room.full_at, room.beacon_round);
  if (!serverSeed || !publicSeed || room.odds.length === 0)
    return { seedHashOk: null, rolls: [], tie: null, odds: [], beacon: timing, ok: false };
  const seedHashOk = sha256Hex(serverSeed) === room.server_seed_hash;
  const base = { game: BATTLE_GAME, serverSeed, publicSeed, roomId: room.room_id };
  const rolls = room.rolls.flatMap((round, r) => {
    const table = room.odds[r];
    return round.map((recorded): BattleRollCheck => {
      if (!table) {
        return {
          round: r,
          seat: recorded.seat,
          ticket: -1,
          recordedTicket: recorded.ticket,
          itemId: null,
          exter: null,
          ok: false,
        };
      }
      const entries = table.entries.map((e) => ({ itemId: e.item_id, exter: e.exter, tickets: e.tickets }));
      const roll = sharedTicketRoll({ ...base, round: r, slot: recorded.seat }, entries, table.total);
      const entry = entries[roll.index];
      const ok =
        roll.ticket === recorded.ticket && entry?.itemId === recorded.item_id && entry?.exter === recorded.exter;
      return {
        round: r,
        seat: recorded.seat,
        ticket: roll.ticket,
        recordedTicket: recorded.ticket,
        itemId: entry?.itemId ?? null,
        exter: entry?.exter ?? null,
        ok,
      };
    });
  });
  let tie: BattleVerifyResult['tie'] = null;
  if (room.tie) {
    const value = sharedRollIntAt(
      { ...base, round: room.odds.length, slot: BATTLE_TIE_SLOT },
      room.tie.candidates.length,
    ).value;
    tie = { candidates: room.tie.candidates, value, recorded: room.tie.value, ok: value === room.tie.value };
  }
  const odds = oddsChecks(room, published);
  const ok =
    seedHashOk &&
    rolls.length > 0 &&
    rolls.every((r) => r.ok) &&
    (tie?.ok ?? true) &&
    odds.every((o) => o.ok) &&
    timing.ok;
  return { seedHashOk, rolls, tie, odds, beacon: timing, ok };
}

function oddsChecks(room: BattleRoomData, published: ReadonlyMap<string, string>): BattleOddsCheck[] {
  const seen = new Set<string>();
  return room.odds.flatMap((table): BattleOddsCheck[] => {
    const key = `${table.box_id}/${table.version}/${table.odds_hash}`;
    if (seen.has(key)) return [];
    seen.add(key);
    const entries = table.entries.map((e) => ({ itemId: e.item_id, exter: e.exter, tickets: e.tickets }));
    const tableOk = oddsHash(entries, table.total) === table.odds_hash;
    const found = table.version === null ? null : (published.get(oddsKey(table.box_id, table.version)) ?? null);
    return [
      {
        boxId: table.box_id,
        version: table.version,
        hash: table.odds_hash,
        tableOk,
        published: found,
        ok: tableOk && found === table.odds_hash,
      },
    ];
  });
}
