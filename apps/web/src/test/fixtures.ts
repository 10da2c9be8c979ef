import { type BeaconInfoResponse, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import type { OpenHistoryEntry } from '@kaixiang/shared/boxes';
import type { GroupInfo, HostInfo, NavItem, RewardHistoryEntry, Statistics } from '@kaixiang/shared/site';

/** Test data only: the app itself never ships sample content. */
export const NAV_ZH: NavItem[] = [
  { id: 1, title: '开箱', path: '/', need_login: 1, icon: 'box', badge: null },
  { id: 2, title: '竞技场', path: '/battle', need_login: 1, icon: 'battle', badge: 'open_rooms' },
  { id: 5, title: '商城', path: '/vipShoppingMall', need_login: 2, icon: 'mall', badge: null },
  { id: 8, title: '客服', path: 'https://support.example/chat', need_login: 1, icon: 'box', badge: null },
];

export const NAV_EN: NavItem[] = [
  { id: 1, title: 'Cases', path: '/', need_login: 1, icon: 'box', badge: null },
  { id: 2, title: 'Arena', path: '/battle', need_login: 1, icon: 'battle', badge: 'open_rooms' },
  { id: 5, title: 'Mall', path: '/vipShoppingMall', need_login: 2, icon: 'mall', badge: null },
  { id: 8, title: 'Support', path: 'https://support.example/chat', need_login: 1, icon: 'box', badge: null },
];

export const STATISTICS: Statistics = {
  user_num: 1234,
  open_box_num: 56789,
  pk_num: 321,
  upgrade_num: 1000,
  open_room_num: 7,
};

export const GROUP_INFO: GroupInfo = {
  qq: '739281460',
  qq_img: '/img/qr/group.svg',
  app_img: '/img/qr/app.svg',
  contact_img: '/img/qr/contact.svg',
  code_item: 1,
  rechargeBag: 1,
};

export const HOST_INFO: HostInfo = {
  host: 'localhost',
  icp: '沪ICP备2026000001号-1',
  police_filing: '',
  show_about_us: true,
  show_app: true,
  hide_invite: false,
  invite_code: '',
};

export function rewardEntry(overrides: Partial<RewardHistoryEntry> = {}): RewardHistoryEntry {
  const name = overrides.reward_item_name;
  return {
    id: 1,
    img: '',
    avatar: '',
    nick_name: '玩家一',
    vip_level: 3,
    jewelry_rarity: 2,
    game_type: 0,
    user_id: 42,
    reward_history_type: 1,
    reward_item_img: '/img/items/1.svg',
    item_id: 1,
    reward_item_name: 'AK-47 | 红线',
    // An entry given only a name carries it in every language.
    reward_item_names: name
      ? { 'zh-CN': name, 'zh-TW': name, 'en-US': name }
      : { 'zh-CN': 'AK-47 | 红线', 'zh-TW': 'AK-47 | 紅線', 'en-US': 'AK-47 | Redline' },
    reward_item_price: 125_000,
    created_at: 1_700_000_000_000,
    ...overrides,
  };
}

/** One row of the box opening history (goods/v1/box/get-open-box-history). */
export function openHistoryEntry(o: Partial<OpenHistoryEntry> = {}): OpenHistoryEntry {
  return {
    id: 1,
    user_id: 42,
    nick_name: '开箱玩家',
    vip_level: 0,
    avatar: '',
    box_id: 3,
    box_name: '新手箱',
    box_price: 50_000,
    item_id: 101,
    name: 'AK-47 | 红线',
    img: '',
    quality: 5,
    exter: 3,
    cost_price: 125_000,
    created_at: 1_760_000_000_000,
    ...o,
  };
}

/** GET /site/v1/beacon/info of a server on the local beacon (every server but production's). */
export const LOCAL_BEACON_INFO: BeaconInfoResponse = {
  kind: 'local',
  hash: 'be'.repeat(32),
  genesis_at: LOCAL_SCHEDULE.genesisMs,
  period_ms: LOCAL_SCHEDULE.periodMs,
  round_url: '/api/site/v1/beacon?round={round}',
};

/** Where the local beacon serves round `round` (the round_url above, filled in). */
export const localBeaconUrl = (round: number) => LOCAL_BEACON_INFO.round_url.replace('{round}', String(round));
