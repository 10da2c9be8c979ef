import { advance, type Battle, type BattleBox, begin, create, join } from '@kaixiang/game/battle';
import type { Result } from '@kaixiang/game/engine';
import { oddsHash, serverSeedHash } from '@kaixiang/game/fair';
import type { BattleRoomData } from '@kaixiang/shared/battles';
import { beaconRoundAfter, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import { localBeaconUrl } from '../../test/fixtures.ts';
import { roomData } from '../battles/test-fixtures.ts';
import { oddsKey } from './verify-battle.ts';

/** Test data: battles played by the real rules, as the server's snapshot shows them once ended. */
const SEED = '5f'.repeat(32);
/** The last seat was taken then; the rolls took the local beacon's first round after it. */
export const FULL_AT = Date.UTC(2026, 10, 25, 8, 0, 3, 640);
const BEACON_ROUND = beaconRoundAfter(LOCAL_SCHEDULE, FULL_AT);
const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(r.error);
  return r.value;
};
export const box = (boxId: number, prices: number[]): BattleBox => ({
  boxId,
  price: 1000,
  total: 1000 * prices.length,
  entries: prices.map((_, i) => ({ itemId: boxId * 100 + i, exter: 2, tickets: 1000 })),
  prices,
});

/** A battle played by the rules, as the server's snapshot shows it once ended. */
export function endedRoom(boxes: BattleBox[]): BattleRoomData {
  let b: Battle = must(
    create({ roomId: 77, creatorId: 1, seats: 3, boxes, rule: 1, fast: true, serverSeed: SEED }),
  ).state;
  for (const userId of [2, 3]) b = must(join(b, { userId, robot: false })).state;
  b = must(begin(b, 'cafe'.repeat(16))).state;
  while (b.state === 'running') b = must(advance(b)).state;
  const result = b.result;
  if (!result) throw new Error('not settled');
  return roomData({
    room_id: 77,
    room_state: 3,
    server_seed: SEED,
    server_seed_hash: serverSeedHash(SEED),
    public_seed: b.publicSeed,
    beacon_round: BEACON_ROUND,
    beacon_url: localBeaconUrl(BEACON_ROUND),
    full_at: FULL_AT,
    rolls: b.rolls.map((round) =>
      round.map((r) => ({
        seat: r.seat,
        box_id: r.boxId,
        item_id: r.itemId,
        name: '',
        img: '',
        quality: 1,
        exter: r.exter,
        price: r.price,
        ticket: r.ticket,
        cursor: r.cursor,
        chunk: r.chunkIndex,
      })),
    ),
    tie: result.tie ? { candidates: result.tie.candidates, value: result.tie.roll.value } : null,
    odds: boxes.map((x) => ({
      box_id: x.boxId,
      version: 1,
      odds_hash: oddsHash(x.entries, x.total),
      total: x.total,
      entries: x.entries.map((e) => ({ item_id: e.itemId, exter: e.exter, tickets: e.tickets })),
    })),
  });
}

/** What get-box-contains publishes as each box version's odds_hash: the tables the battle used. */
export function publishedOdds(room: BattleRoomData): Map<string, string> {
  return new Map(room.odds.flatMap((o) => (o.version === null ? [] : [[oddsKey(o.box_id, o.version), o.odds_hash]])));
}
