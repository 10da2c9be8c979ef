import { BOARDS_ROUTES } from '@kaixiang/shared/boards-paths';
import { ENERGY_ROUTE } from '@kaixiang/shared/energy-paths';
import { POINTS_SHOP_ROUTE } from '@kaixiang/shared/points-shop-paths';
import { ROUTES } from '@kaixiang/shared/routes';
import { SIGN_IN_ROUTE } from '@kaixiang/shared/sign-in-paths';
import { WISHING_WELL_ROUTE } from '@kaixiang/shared/wishing-well-route';

/**
 * Every client path of spec 1 §2 and spec 2 §2. The spec's named routes get the path their name
 * suggests (battle-history → /battle/history, card-myCard → /card/my, ...).
 */
export const PATHS = {
  ...ROUTES,
  upgrade: '/upgrade',
  roll: '/roll',
  card: '/card',
  battleHistory: '/battle/history',
  rollDetails: '/roll/details',
  upgradeHistory: '/upgrade/history',
  /** The account change record (ours: the spec names no such page, the ledger makes it cheap). */
  accountRecord: '/personalCenter/account',
  userinfoBasic: '/userinfo/basic',
  userinfoExtension: '/userinfo/extension',
  userinfoInventory: '/userinfo/inventory',
  userinfoRecharge: '/userinfo/recharge',
  userinfoCard: '/userinfo/card',
  /** The player's lucky bags (ours: the spec's blessing-bag get-record has no page of its own). */
  userinfoBag: '/userinfo/bag',
  /** The player's red packets from the rain (the spec's blessing-bag red-packet-record). */
  userinfoRedPacket: '/userinfo/redPacket',
  /** The player's points history (ours: the account change record of the `point` currency). */
  userinfoPoints: '/userinfo/points',
  /** 理性游戏: the player's limits, reminders, breaks and history (ours: issue 24 §2). */
  userinfoProtection: '/userinfo/protection',
  /** The daily sign-in calendar: under /activity, so the footer is hidden (spec 2 §2). */
  signIn: SIGN_IN_ROUTE,
  cardDetails: '/card/details',
  cardMy: '/card/my',
  vipActivity: '/vipActivity',
  vipDailyTasks: '/vipDailyTasks',
  vipShoppingMall: '/vipShoppingMall',
  vipJewelry: '/vipJewelry',
  vipUnpackingKing: '/vipUnpackingKing',
  worldCup: '/worldCup',
  vipRollDetails: '/vipRoll/details',
  newYearActivity: '/newYearActivity',
  /** The points shop (积分商城; ours: the spec names the feature, not its path). Not vipShoppingMall: that is the mall quota's. */
  pointsShop: POINTS_SHOP_ROUTE,
  /** The wishing well (许愿池; ours: the spec names no path), listed in the activity centre. */
  wishingWell: WISHING_WELL_ROUTE,
  /** The energy box (能量箱; ours: the spec names the feature, not its path), under /activity. */
  energyBox: ENERGY_ROUTE,
  /** 王者排行 (ours: the spec names the screen "Royal ranking", not its path). */
  ranking: BOARDS_ROUTES.royal,
  /** PK战力 (the spec's act_pkpower; ours: its path), under /activity, so the footer is hidden. */
  pkPower: BOARDS_ROUTES.pkPower,
  help: '/help',
  /** One box: its contents, odds and the opening reel. */
  box: '/box/:boxId',
} as const;

/** The free boxes' section of the energy page: the trade-link dialog and the activity centre link there. */
export const FREE_BOXES_ANCHOR = 'free-boxes';
export const freeBoxesPath = `${ENERGY_ROUTE}#${FREE_BOXES_ANCHOR}`;

export function boxPath(boxId: number): string {
  return `/box/${boxId}`;
}

export function helpPath(page: string): string {
  return `${PATHS.help}/${page}`;
}

/** Pages whose records a ticker entry opens (spec 1 §2). */
export function unpackingRecordPath(userId: number): string {
  return `${PATHS.vipUnpackingRecord}?user_id=${userId}`;
}
