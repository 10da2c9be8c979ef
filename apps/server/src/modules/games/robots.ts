import type { Locale } from '@kaixiang/shared/locale';

/**
 * The house's robots (battles' get-robot-list / add-robot; GAMES.md §5): users with role 'robot'
 * and no credentials, seeded by battles.seed.ts. A robot's name is a word a player reads, so it
 * has one in each language; the users row keeps its original nickname (小K机器人: the seed's
 * identity of a robot, as before), and every view that names a robot (peopleOf, the robot list) gives the viewer's.
 * Each has its own avatar of the seeded set, so a room of robots is not one face four times.
 */
export interface Robot {
  /** The users row's nickname: the seed's identity of the robot. */
  stored: string;
  /** What a viewer reads. No "robot" word in it: the screens put the 机器人 / Bot badge beside it. */
  names: Record<Locale, string>;
  avatarId: number;
}

export const ROBOTS: readonly Robot[] = [
  { stored: '小K机器人', names: { 'zh-CN': '小K', 'zh-TW': '小K', 'en-US': 'Little K' }, avatarId: 1 },
  { stored: '阿杰机器人', names: { 'zh-CN': '阿杰', 'zh-TW': '阿傑', 'en-US': 'Jay' }, avatarId: 2 },
  { stored: '星尘机器人', names: { 'zh-CN': '星尘', 'zh-TW': '星塵', 'en-US': 'Stardust' }, avatarId: 3 },
  { stored: '狙神机器人', names: { 'zh-CN': '狙神', 'zh-TW': '狙神', 'en-US': 'Sniper' }, avatarId: 4 },
  { stored: '闪电机器人', names: { 'zh-CN': '闪电', 'zh-TW': '閃電', 'en-US': 'Lightning' }, avatarId: 5 },
  { stored: '幸运机器人', names: { 'zh-CN': '幸运', 'zh-TW': '幸運', 'en-US': 'Lucky' }, avatarId: 6 },
  { stored: '老王机器人', names: { 'zh-CN': '老王', 'zh-TW': '老王', 'en-US': 'Old Wang' }, avatarId: 7 },
  { stored: '北极熊机器人', names: { 'zh-CN': '北极熊', 'zh-TW': '北極熊', 'en-US': 'Polar Bear' }, avatarId: 8 },
];

const BY_STORED_NAME = new Map(ROBOTS.map((r) => [r.stored, r]));

/**
 * A robot's name in `locale`, from the name its users row keeps. A robot an operator renamed in
 * the database is not in the table: its stored name is shown as it is, in every language.
 */
export function robotName(storedNick: string, locale: Locale): string {
  return BY_STORED_NAME.get(storedNick)?.names[locale] ?? storedNick;
}
