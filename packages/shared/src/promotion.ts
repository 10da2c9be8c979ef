import { z } from 'zod';
import { playerVipLevel } from './vip.ts';

/**
 * Contract of the pickup ranking and invite rebates (spec 2 §2 dialog 6, §3 Ranking, §7 ranking
 * lists; spec 1 §7 get-invite-recharge). Paths are relative to /api; amounts in units (1/10000
 * yuan); times epoch ms.
 */
export const PROMOTION_PATHS = {
  /** GET ?list_type=1|2 (1 today, 2 yesterday) → pickupRankingResponse. No login needed. */
  pickupRanking: '/site/v1/get-pickup-ranking',
  /** GET ?page&page_size → inviteRechargeResponse: the caller's invitees' recharges. Login. */
  inviteRecharge: '/usercenter/v1/user/get-invite-recharge',
} as const;

/** Ranking 10 rows (spec 2 §9); the top 3 win reward_a, reward_b, reward_c. */
export const RANKING_SIZE = 10;
export const RANKING_LIST_TYPES = { today: 1, yesterday: 2 } as const;

/**
 * "Value picked up" on a day = the sum of the prices (user_items.price_units, fixed when the item
 * was got) of every item a player got on that calendar day in China time (UTC+8), from any source
 * except 'reward' (house gifts such as mail attachments), whatever happened to the item
 * afterwards. Ties go to whoever got their last item first, then the lower user id.
 */
export const RANKING_UTC_OFFSET_MS = 8 * 60 * 60 * 1000;

export const pickupRankingQuery = z.object({
  list_type: z.coerce
    .number()
    .int()
    .pipe(z.union([z.literal(1), z.literal(2)]))
    .default(1),
});

export const rankingEntry = z.object({
  /** 1..10. */
  rank: z.number().int(),
  user_id: z.number().int(),
  user_avatar: z.string(),
  user_nick_name: z.string(),
  /** The player's current VIP level (0..10), for the badge beside the name. */
  vip_level: playerVipLevel,
  /** The most valuable item the player picked up that day. */
  list_item: z.object({
    item_id: z.number().int(),
    name: z.string(),
    img: z.string(),
    quality: z.number().int(),
    price: z.number().int(),
  }),
  /** Value picked up that day, in units. */
  list_price: z.number().int(),
});
export type RankingEntry = z.infer<typeof rankingEntry>;

/** Prizes of ranks 1, 2, 3 in coin units (site setting pickup_ranking_rewards). */
export const rewardInfo = z.object({
  reward_a: z.number().int(),
  reward_b: z.number().int(),
  reward_c: z.number().int(),
});
export type RewardInfo = z.infer<typeof rewardInfo>;

export const pickupRankingResponse = z.object({
  list: z.array(rankingEntry),
  reward_info: rewardInfo,
  /** The China-time day shown, YYYY-MM-DD. */
  day: z.string(),
});
export type PickupRankingResponse = z.infer<typeof pickupRankingResponse>;

export const invitePageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const inviteRecharge = z.object({
  /** The invitee. */
  user_id: z.number().int(),
  nick_name: z.string(),
  /** The invitee's current VIP level (0..10), for the badge beside the name. */
  vip_level: playerVipLevel,
  avatar: z.string(),
  order_sn: z.string(),
  /** What the invitee recharged, in units. */
  recharge_amount: z.number().int(),
  /** What the caller earned from it, in units. */
  rebate: z.number().int(),
  created_at: z.number().int(),
});
export const inviteRechargeResponse = z.object({
  list: z.array(inviteRecharge),
  total: z.number().int(),
  /** Over all pages. */
  total_recharge: z.number().int(),
  total_rebate: z.number().int(),
  /** The current share in basis points (500 = 5 %). */
  rebate_rate_bp: z.number().int(),
});
export type InviteRechargeResponse = z.infer<typeof inviteRechargeResponse>;

/** Default invite rebate share: 5 % (site setting invite_rebate_bp overrides). */
export const DEFAULT_INVITE_REBATE_BP = 500;
