import type {
  BattleMember,
  BattleResultCard,
  BattleRoll,
  BattleRoomCard,
  BattleRoomData,
} from '@kaixiang/shared/battles';
import type { ContainsResponse } from '@kaixiang/shared/boxes';

/** Answers shaped as the battle API gives them (packages/shared/src/battles.ts), for component tests. */
export const BOX_A = { box_id: 7, name: '狂牙大行动武器箱', img: '', fallback_img: '/img/cases/7.svg', price: 125_000 };
export const BOX_B = { box_id: 8, name: '新手箱', img: '', fallback_img: '/img/boxes/8.svg', price: 50_000 };

export function member(seat: number, userId: number, name: string, extra: Partial<BattleMember> = {}): BattleMember {
  return { seat, user_id: userId, nick_name: name, avatar: '', vip_level: 3, robot: false, ...extra };
}

export function card(extra: Partial<BattleRoomCard> = {}): BattleRoomCard {
  return {
    room_id: 31,
    room_state: 1,
    game_mode: 1,
    rule: 1,
    user_num: 2,
    entry_price: BOX_A.price + BOX_B.price,
    boxes: [BOX_A, BOX_B],
    members: [member(0, 42, '房主小王'), null],
    cur_round: 0,
    total_round: 2,
    created_at: Date.UTC(2026, 10, 25, 8, 0),
    started_at: null,
    is_win: null,
    ...extra,
  };
}

export const ITEM_CHEAP = { item_id: 11, name: 'P250 | 沙丘之黄', quality: 1, price: 5_000 };
export const ITEM_RARE = { item_id: 12, name: '★ 蝴蝶刀 | 渐变之色', quality: 7, price: 52_000_000 };

export function roll(seat: number, box: { box_id: number }, item: typeof ITEM_CHEAP): BattleRoll {
  return {
    seat,
    box_id: box.box_id,
    item_id: item.item_id,
    name: item.name,
    img: '',
    quality: item.quality,
    exter: 2,
    price: item.price,
    ticket: 1000 + seat * 7 + item.item_id,
    cursor: 0,
    chunk: 0,
  };
}

export function roomData(extra: Partial<BattleRoomData> = {}): BattleRoomData {
  return {
    ...card(),
    rolls: [],
    results: [],
    winners: [],
    server_seed_hash: 'ab'.repeat(32),
    server_seed: null,
    public_seed: null,
    beacon_round: null,
    beacon_url: null,
    full_at: null,
    odds: [],
    tie: null,
    round_ms: 5_000,
    due_at: null,
    room_seq: 1,
    watch_cnt: 1,
    ...extra,
  };
}

export function contentsOf(box: { box_id: number }): ContainsResponse {
  return {
    box_id: box.box_id,
    version: 1,
    ticket_total: 1_000_000,
    odds_hash: 'cd'.repeat(32),
    rtp_bp: 9000,
    items: [
      {
        ...ITEM_CHEAP,
        img: '',
        exter: 3,
        cost_price: ITEM_CHEAP.price,
        tickets: 997_400,
        ticket_from: 0,
        ticket_to: 997_400,
      },
      {
        ...ITEM_RARE,
        img: '',
        exter: 1,
        cost_price: ITEM_RARE.price,
        tickets: 2_600,
        ticket_from: 997_400,
        ticket_to: 1_000_000,
      },
    ].map(({ price: _price, ...item }) => item),
  };
}

/** One ended battle as the results lists give it: a player won ITEM_RARE's round. */
export function resultCard(extra: Partial<BattleResultCard> = {}): BattleResultCard {
  return {
    room_id: 20,
    rule: 1,
    game_mode: 1,
    user_num: 2,
    entry_price: BOX_A.price,
    total_value: ITEM_RARE.price + ITEM_CHEAP.price,
    ended_at: Date.UTC(2026, 10, 25, 8, 30),
    winners: [{ user_id: 42, nick_name: '房主小王', avatar: '', robot: false }],
    best_item: { ...ITEM_RARE, img: '' },
    ...extra,
  };
}
