import { sha256Hex } from '@kaixiang/game/sha256';
import { create, draw, grab, type Treasure } from '@kaixiang/game/treasure';
import { beaconRoundAfter, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import type { TreasureEndInfo } from '@kaixiang/shared/treasure';
import { localBeaconUrl } from '../../test/fixtures.ts';

const SERVER_SEED = '7'.repeat(64);
const PUBLIC_SEED = 'a1'.repeat(32);
const NOW = 1_900_000_000_000;
const NAMES: Record<number, string> = { 3: '阿强', 5: '小明', 9: '老王' };

function step<T>(r: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!r.ok) throw new Error(r.error);
  return r.value;
}

/**
 * Treasure 31 played by the real rules (packages/game treasure.ts): 6 cards, grabbed by players 3
 * (two cards), 5 (three) and 9 (the last), then drawn with the seeds below, as the server does.
 */
export function drawnTreasure(): TreasureEndInfo {
  let t: Treasure = step(
    create({
      roomId: 31,
      title: '龙狙夺宝',
      itemDefId: 7,
      exter: 2,
      prizePrice: 5_000_000,
      cards: 6,
      cardPrice: 10_000,
      now: NOW,
      deadlineMs: NOW + 3_600_000,
    }),
  ).state;
  for (const [userId, count] of [
    [3, 2],
    [5, 3],
    [9, 1],
  ] as const) {
    t = step(grab(t, { userId, count, now: NOW + 1_000 })).state;
  }
  t = step(draw(t, { serverSeed: SERVER_SEED, publicSeed: PUBLIC_SEED })).state;
  const won = t.result;
  if (!won) throw new Error('not drawn');
  return {
    room_id: 31,
    title: t.title,
    item: { item_id: 7, name: 'AWP | 巨龙传说', img: '', quality: 6, exter: 2, price: t.prizePrice },
    card_price: t.cardPrice,
    total: t.cards,
    sold: t.holders.length,
    state: 2,
    phase: 'won',
    created_at: NOW,
    deadline: t.deadlineMs,
    ended_at: NOW + 5_000,
    server_seed_hash: sha256Hex(SERVER_SEED),
    winner: { user_id: won.userId, nick_name: NAMES[won.userId] ?? '', avatar: '' },
    winning_card: won.card,
    server_seed: SERVER_SEED,
    public_seed: PUBLIC_SEED,
    beacon_round: beaconRoundAfter(LOCAL_SCHEDULE, NOW + 1_000),
    beacon_url: localBeaconUrl(beaconRoundAfter(LOCAL_SCHEDULE, NOW + 1_000)),
    filled_at: t.filledAtMs,
    holders: t.holders,
    roll: { value: won.roll, cursor: won.cursor, chunk_index: won.chunkIndex },
  };
}
