import type { Locale } from '@kaixiang/shared/locale';

/**
 * The house's robots (battles' get-robot-list / add-robot; GAMES.md §5): users with role 'robot'
 * and no credentials, seeded by battles.seed.ts. A robot's name is a word a player reads, so it
 * has one in each language; the users row keeps the zh-CN one (the seed's identity of a robot,
 * as before), and every view that names a robot (peopleOf, the robot list) gives the viewer's.
 * Each has its own avatar of the seeded set, so a room of robots is not one face four times.
 */
export interface Robot {
  names: Record<Locale, string>;
  avatarId: number;
}

export const ROBOTS: readonly Robot[] = [
  { names: { 'zh-CN': '小K机器人', 'zh-TW': '小K機器人', 'en-US': 'Little K Bot' }, avatarId: 1 },
  { names: { 'zh-CN': '阿杰机器人', 'zh-TW': '阿傑機器人', 'en-US': 'Jay Bot' }, avatarId: 2 },
  { names: { 'zh-CN': '星尘机器人', 'zh-TW': '星塵機器人', 'en-US': 'Stardust Bot' }, avatarId: 3 },
  { names: { 'zh-CN': '狙神机器人', 'zh-TW': '狙神機器人', 'en-US': 'Sniper Bot' }, avatarId: 4 },
  { names: { 'zh-CN': '闪电机器人', 'zh-TW': '閃電機器人', 'en-US': 'Lightning Bot' }, avatarId: 5 },
  { names: { 'zh-CN': '幸运机器人', 'zh-TW': '幸運機器人', 'en-US': 'Lucky Bot' }, avatarId: 6 },
  { names: { 'zh-CN': '老王机器人', 'zh-TW': '老王機器人', 'en-US': 'Old Wang Bot' }, avatarId: 7 },
  { names: { 'zh-CN': '北极熊机器人', 'zh-TW': '北極熊機器人', 'en-US': 'Polar Bear Bot' }, avatarId: 8 },
];

const BY_STORED_NAME = new Map(ROBOTS.map((r) => [r.names['zh-CN'], r]));

/**
 * A robot's name in `locale`, from the name its users row keeps. A robot an operator renamed in
 * the database is not in the table: its stored name is shown as it is, in every language.
 */
export function robotName(storedNick: string, locale: Locale): string {
  return BY_STORED_NAME.get(storedNick)?.names[locale] ?? storedNick;
}
