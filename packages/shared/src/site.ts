import { z } from 'zod';
import { playerVipLevel } from './vip.ts';

/**
 * Contract of the site endpoints (spec 1 §3, §7). Paths are relative to /api. Texts that a
 * person reads (nav titles, notices) are returned in the request's language.
 */
export { SITE_PATHS, TICKER_SIZE } from './site-paths.ts';

/** need_login: 1 open to everyone, 2 needs a login (spec 1 §4 login guard). */
export const navItem = z.object({
  id: z.number().int(),
  title: z.string(),
  path: z.string(),
  need_login: z.union([z.literal(1), z.literal(2)]),
  icon: z.string(),
  /** A live counter shown beside the title; "open_rooms" on the arena item. */
  badge: z.enum(['open_rooms']).nullable(),
});
export type NavItem = z.infer<typeof navItem>;
export const navResponse = z.object({ nav_infos: z.array(navItem) });

export const noticeMessage = z.object({ id: z.number().int(), content: z.string() });
export const messagesResponse = z.object({ messages: z.array(noticeMessage) });

export const bgmItem = z.object({ id: z.number().int(), name: z.string(), link: z.string() });
export const bgmResponse = z.object({ bgm_list_info: z.array(bgmItem) });

/** jewelry_rarity colour tier (1..4) of an item quality (0..7). */
export function jewelryRarity(quality: number): number {
  if (quality >= 5) return 4;
  if (quality === 4) return 3;
  if (quality === 3) return 2;
  return 1;
}

/** reward_type: 1 recent wins (left ticker), 2 big wins (right ticker). */
export const rewardHistoryQuery = z.object({ reward_type: z.coerce.number().int().min(1).max(2).default(1) });
export const rewardHistoryEntry = z.object({
  id: z.number().int(),
  img: z.string(),
  avatar: z.string(),
  nick_name: z.string(),
  /** The winner's current VIP level (0..10), for the badge beside the name. */
  vip_level: playerVipLevel,
  /** 1..4 picks a colour tier. */
  jewelry_rarity: z.number().int().min(1).max(4),
  /** 0 a plain box opening; 2..6 pick a mode icon (battle, upgrade, roll...). */
  game_type: z.number().int(),
  user_id: z.number().int(),
  /** 2 means big win. */
  reward_history_type: z.number().int(),
  reward_item_img: z.string(),
  /** Catalogue item id: `/img/items/{item_id}.svg` draws it when the CDN image fails. */
  item_id: z.number().int().nullable(),
  /** The item's name in the language of the request (zh-CN in socket pushes, which every viewer shares). */
  reward_item_name: z.string(),
  /** The item's name in every language: a viewer shows their own, pushed entries included. */
  reward_item_names: z.object({ 'zh-CN': z.string(), 'zh-TW': z.string(), 'en-US': z.string() }),
  /** Units of 1/10000 yuan. */
  reward_item_price: z.number().int(),
  created_at: z.number().int(),
});
export type RewardHistoryEntry = z.infer<typeof rewardHistoryEntry>;
export const rewardHistoryResponse = z.object({ infos: z.array(rewardHistoryEntry) });

export const groupInfoResponse = z.object({
  qq: z.string(),
  qq_img: z.string(),
  app_img: z.string(),
  contact_img: z.string(),
  /** 1 enables the command-code (口令) feature. */
  code_item: z.number().int(),
  /** 1 while a recharge today gives a lucky bag (a daily recharge bag campaign is on), else 0. */
  rechargeBag: z.number().int(),
});
export type GroupInfo = z.infer<typeof groupInfoResponse>;

/** What depends on the host the site is served under (spec 1 §2 footer, About us, app entry). */
export const hostInfoResponse = z.object({
  host: z.string(),
  icp: z.string(),
  police_filing: z.string(),
  show_about_us: z.boolean(),
  show_app: z.boolean(),
  hide_invite: z.boolean(),
  invite_code: z.string(),
});
export type HostInfo = z.infer<typeof hostInfoResponse>;

export const statisticsResponse = z.object({
  user_num: z.number().int(),
  open_box_num: z.number().int(),
  pk_num: z.number().int(),
  /** Shown × 3 by the footer (spec 1 §2). */
  upgrade_num: z.number().int(),
  /** Battle rooms waiting or running: the badge on the arena navigation item. */
  open_room_num: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsResponse>;

export const banner = z.object({ id: z.number().int(), title: z.string(), img: z.string(), link: z.string() });
export const bannersResponse = z.object({ banners: z.array(banner) });

export const serverTimeResponse = z.object({ now: z.number().int() });

export const activity = z.object({
  id: z.number().int(),
  title: z.string(),
  img: z.string(),
  path: z.string(),
  start_at: z.number().int(),
  end_at: z.number().int(),
  /** The activity's rules in the request's language ('' when it has none). */
  rules: z.string(),
  /** Running now, or listed ahead of its start (the activity centre shows both; home only running ones). */
  state: z.enum(['running', 'upcoming']),
});
export type Activity = z.infer<typeof activity>;
export const activitiesResponse = z.object({ activities: z.array(activity) });
export type ActivitiesResponse = z.infer<typeof activitiesResponse>;
