import { BATTLE_GAME, BATTLE_TIE_SLOT } from '@kaixiang/game/battle';
import { sharedRollIntAt, sharedTicketRoll } from '@kaixiang/game/engine';
import { sha256Hex } from '@kaixiang/game/sha256';
import type { BattleRoomData } from '@kaixiang/shared/battles';

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

export interface BattleVerifyResult {
  /** Null when the battle has not ended (nothing to check yet: the server seed is still secret). */
  seedHashOk: boolean | null;
  rolls: BattleRollCheck[];
  /** The tie-break among tied seats (or teams), if there was one. */
  tie: { candidates: number[]; value: number; recorded: number; ok: boolean } | null;
  /** Every check passed. */
  ok: boolean;
}

/**
 * Recomputes every roll of an ended battle with the code the server ran (packages/game): roll
 * (round r, seat s) = HMAC-SHA256(server seed, "battle:<public seed>:<room id>:<r>:<s>:<cursor>")
 * read as a ticket of round r's odds table; the server seed against the hash published when the
 * room was made; the tie-break (round = number of boxes, slot "tie") when totals were level.
 */
export function verifyBattle(room: BattleRoomData): BattleVerifyResult {
  const serverSeed = room.server_seed;
  const publicSeed = room.public_seed;
  if (!serverSeed || !publicSeed || room.odds.length === 0)
    return { seedHashOk: null, rolls: [], tie: null, ok: false };
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
  const ok = seedHashOk && rolls.length > 0 && rolls.every((r) => r.ok) && (tie?.ok ?? true);
  return { seedHashOk, rolls, tie, ok };
}
