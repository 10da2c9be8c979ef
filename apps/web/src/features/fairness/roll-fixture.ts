import { drawWinners, entrantsHash } from '@kaixiang/game/roll';
import { sha256Hex } from '@kaixiang/game/sha256';
import { beaconRoundAfter, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import type { RollRewardResponse } from '@kaixiang/shared/roll';
import { localBeaconUrl } from '../../test/fixtures.ts';

const SERVER_SEED = '5'.repeat(64);
const PUBLIC_SEED = '9c'.repeat(32);
const ENTRANTS = [3, 5, 9, 12];
/** Entries closed then; the draw took the local beacon's first round after it. */
const CLOSED_AT = Date.UTC(2026, 10, 26, 20, 0, 0, 120);
const BEACON_ROUND = beaconRoundAfter(LOCAL_SCHEDULE, CLOSED_AT);
const NAMES = ['', '', '', '阿强', '', '小明', '', '', '', '老王', '', '', '小红'];

/**
 * Room 21 drawn by the real rules (packages/game drawWinners): three prizes among four entrants,
 * so every prize is given; `prizes` 5 leaves the last one returned.
 */
export function drawnRoom(prizes = 3): RollRewardResponse {
  const winners = drawWinners({
    serverSeed: SERVER_SEED,
    publicSeed: PUBLIC_SEED,
    roomId: 21,
    entrants: ENTRANTS,
    prizes,
  });
  return {
    room_id: 21,
    drawn: true,
    list: winners.map((w) => ({
      index: w.prize,
      item_id: 100 + w.prize,
      name: `奖品${w.prize + 1}`,
      img: '',
      quality: 5,
      exter: 1,
      price: 10_000 * (10 - w.prize),
      winner: { user_id: w.userId, nick_name: NAMES[w.userId] ?? '', avatar: '', vip_level: 1 },
      returned: false,
      roll: w.roll.value,
      cursor: w.roll.cursor,
      chunk: w.roll.index,
    })),
    returned: Array.from({ length: Math.max(0, prizes - ENTRANTS.length) }, (_, i) => ENTRANTS.length + i),
    entrants: ENTRANTS,
    entrants_hash: entrantsHash(ENTRANTS),
    server_seed_hash: sha256Hex(SERVER_SEED),
    server_seed: SERVER_SEED,
    public_seed: PUBLIC_SEED,
    beacon_round: BEACON_ROUND,
    beacon_url: localBeaconUrl(BEACON_ROUND),
    closed_at: CLOSED_AT,
  };
}
