import type { RollPerson, RollPrize, RollRoomCard, RollRoomInfo } from '@kaixiang/shared/roll';

export const person = (user_id: number, nick_name: string): RollPerson => ({
  user_id,
  nick_name,
  avatar: '',
  vip_level: 1,
});

export const prize = (index: number, name: string, price: number, winner: RollPerson | null = null): RollPrize => ({
  index,
  item_id: 100 + index,
  name,
  img: '',
  quality: 5,
  exter: 1,
  price,
  winner,
  returned: false,
});

export const NO_CONDITIONS = {
  min_recharge: 0,
  recharge_days: 0,
  min_vip: 0,
  invited_only: false,
  has_password: false,
};

export const card = (over: Partial<RollRoomCard> = {}): RollRoomCard => ({
  room_id: 7,
  title: '主播福利房',
  description: '',
  owner: { ...person(2, '主播小凯'), official: false },
  state: 1,
  draw_at: 2_000_000_000_000,
  created_at: 1_900_000_000_000,
  ended_at: null,
  prize_count: 2,
  prize_value: 1_500_000,
  player_count: 3,
  top_prizes: [prize(0, 'AK-47 | 红线', 1_000_000), prize(1, 'P250 | 沙丘', 500_000)],
  conditions: NO_CONDITIONS,
  joined: null,
  ...over,
});

export const info = (over: Partial<RollRoomInfo> = {}): RollRoomInfo => ({
  ...card(),
  now: 1_999_999_000_000,
  closed_at: null,
  room_seq: 1,
  server_seed_hash: 'a'.repeat(64),
  server_seed: null,
  public_seed: null,
  beacon_round: null,
  beacon_url: null,
  owner_invite_code: null,
  self: null,
  ...over,
});
