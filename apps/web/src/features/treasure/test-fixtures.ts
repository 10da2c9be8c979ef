import type {
  TreasureDynamicResponse,
  TreasureEndInfo,
  TreasureInfo,
  TreasureMyCardsResponse,
  TreasureSummary,
} from '@kaixiang/shared/treasure';

/** Test data only: treasure 7, ten cards at ¥1, an AWP worth ¥500. */
export const summary = (over: Partial<TreasureSummary> = {}): TreasureSummary => ({
  room_id: 7,
  title: '龙狙夺宝',
  item: { item_id: 101, name: 'AWP | 巨龙传说', img: '', quality: 6, exter: 2, price: 5_000_000 },
  card_price: 10_000,
  total: 10,
  sold: 3,
  state: 1,
  phase: 'open',
  created_at: 1_900_000_000_000,
  deadline: 2_000_000_000_000,
  ended_at: null,
  server_seed_hash: 'a'.repeat(64),
  winner: null,
  winning_card: null,
  ...over,
});

export const info = (over: Partial<TreasureInfo> = {}): TreasureInfo => ({
  ...summary(),
  now: 1_999_999_000_000,
  my_cards: [],
  my_status: null,
  ...over,
});

export const grabEntry = (
  user_id: number,
  nick_name: string,
  first: number,
  count: number,
  at = 1_999_000_000_000,
) => ({
  user_id,
  nick_name,
  avatar: '',
  first,
  count,
  at,
});

export const dynamics = (...list: TreasureDynamicResponse['list']): TreasureDynamicResponse => ({
  list,
  total: list.length,
});

export const myEntry = (
  over: Partial<TreasureMyCardsResponse['list'][number]> = {},
): TreasureMyCardsResponse['list'][number] => ({
  ...summary(),
  my_cards: [1, 2],
  paid: 20_000,
  status: 1,
  ...over,
});

export const endInfo = (over: Partial<TreasureEndInfo> = {}): TreasureEndInfo => ({
  ...summary({ state: 2, phase: 'won', sold: 10, ended_at: 2_000_000_100_000 }),
  server_seed: 'b'.repeat(64),
  public_seed: 'c'.repeat(64),
  beacon_round: 4242,
  beacon_url: '/api/site/v1/beacon?round=4242',
  filled_at: 4_241_500,
  holders: [11, 42, 42, 11, 11, 11, 11, 11, 11, 11],
  roll: { value: 2, cursor: 0, chunk_index: 0 },
  ...over,
});
