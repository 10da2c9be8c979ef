import { z } from 'zod';

/**
 * Contract of VIP levels and command codes (口令) (spec 2 §2 dialogs 3 and 5, §3 VIP level config
 * and command list, §4 VIP reward and command rewards, §7). Paths are relative to /api; every
 * amount is in units (1/10000 yuan) unless its comment says otherwise. All calls need a login.
 */
export const VIP_PATHS = {
  /** GET: the level table for the caller (spec 1 §7 lists get-vip-config under usercenter/v1/user). */
  config: '/usercenter/v1/user/get-vip-config',
  /**
   * POST {vip_award_id?} or {level?}: with neither, claims every reached and unclaimed level at once
   * (multi-level jumps); with one, claims that level only. Each level pays once, ever.
   */
  award: '/usercenter/v1/vip-award/get-award',
  /**
   * POST {}: the current level's exclusive red packet (red_packet), once per calendar month in
   * China time; V0 has none → {get_money, level, money}.
   */
  redPacket: '/usercenter/v1/vip-award/get-red-packet',
  /** GET ?page&page_size: the caller's claimed upgrade rewards, newest first. */
  history: '/usercenter/v1/vip/get-history',
} as const;

export const COMMAND_PATHS = {
  /** GET: today's, this week's and this month's recharge and the reward tiers with progress. */
  list: '/usercenter/v1/command/get-list',
  /** POST {key}: claims the tier whose key this is → {get_money}. */
  reward: '/usercenter/v1/command/get-reward',
} as const;

export const VIP_MAX_LEVEL = 10;
/**
 * A player's current level as every list that names a player carries it (users.vip_level), for the
 * badge beside the name. Level 0 has a badge too (spec 2 §3: "levels 0 to 10, each with a badge").
 */
export const playerVipLevel = z.number().int().min(0).max(VIP_MAX_LEVEL);
/** The progress bar fills 10 % per level (spec 2 §9). */
export const VIP_PROGRESS_PERCENT_PER_LEVEL = 10;
/** Monthly retention: recharge in the previous month must reach this share of the level's threshold. */
export const VIP_RETENTION_PERCENT = 30;

/** isComplete: 0 claimable, 1 claimed (or nothing to claim), 2 not reached (spec 2 §3). */
export const VIP_CLAIMABLE = 0;
export const VIP_CLAIMED = 1;
export const VIP_NOT_REACHED = 2;

export const vipLevelConfig = z.object({
  /** Row id; the value to send as vip_award_id. */
  id: z.number().int(),
  level: z.number().int().min(0).max(VIP_MAX_LEVEL),
  /** Cumulative VIP experience (recharge) needed for this level, units. */
  recharge_num: z.number().int(),
  /** Recharge needed from the previous level to this one, units (the "recharge amount" column). */
  upgrade_num: z.number().int(),
  /** Optional operator text for the upgrade reward column ('' when none). */
  upgrade_desc: z.string(),
  /** Recharge bonus percent in hundredths: 150 means 1.5 % (shown divided by 100). */
  award_desc: z.number().int(),
  /** The one-time upgrade reward. */
  award: z.object({ coins: z.number().int() }),
  /** The level's exclusive red packet, units: claimable once a month while at this level. */
  red_packet: z.number().int(),
  isComplete: z.union([z.literal(0), z.literal(1), z.literal(2)]),
});
export type VipLevelConfig = z.infer<typeof vipLevelConfig>;

export const vipConfigResponse = z.object({
  level_vip_configs: z.array(vipLevelConfig),
  /** The caller's current level (the same value as user detail vip_level). */
  vip_level: z.number().int(),
  /**
   * VIP experience, units: cumulative recharge minus what monthly demotions took away. The level is
   * the highest whose recharge_num this reaches; the progress bar is drawn from it.
   */
  vip_exp: z.number().int(),
  /** Lifetime recharge, units (same as user detail recharge_num). */
  recharge_num: z.number().int(),
  /** Experience still needed for the next level, units; 0 at the top level. */
  next_level_need: z.number().int(),
  /** Whether this month's exclusive red packet was claimed already. */
  red_packet_claimed: z.boolean(),
});
export type VipConfigResponse = z.infer<typeof vipConfigResponse>;

export const vipAwardRequest = z.object({
  vip_award_id: z.number().int().optional(),
  level: z.number().int().min(0).max(VIP_MAX_LEVEL).optional(),
});
export const vipAwardResponse = z.object({
  /** Total paid by this call, units. */
  get_money: z.number().int(),
  /** Levels paid by this call. */
  levels: z.array(z.number().int()),
  vip_level: z.number().int(),
  /** Coin balance after the claim, units. */
  money: z.number().int(),
});
export type VipAwardResponse = z.infer<typeof vipAwardResponse>;

export const vipRedPacketResponse = z.object({
  get_money: z.number().int(),
  /** The level whose red packet was paid. */
  level: z.number().int(),
  money: z.number().int(),
});
export type VipRedPacketResponse = z.infer<typeof vipRedPacketResponse>;

export const vipHistoryQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const vipHistoryEntry = z.object({
  id: z.number().int(),
  level: z.number().int(),
  /** Units paid. */
  amount: z.number().int(),
  created_at: z.number().int(),
});
export const vipHistoryResponse = z.object({ list: z.array(vipHistoryEntry), total: z.number().int() });

/** Command reward tier types (spec 2 §3): the recharge period that counts. */
export const COMMAND_TYPES = { day: 1, week: 2, month: 3 } as const;
export type CommandType = 1 | 2 | 3;
/** Spec 2 §5: a command code is at most 200 characters. */
export const COMMAND_KEY_MAX = 200;
/** Spec 2 §4, §9: one claim attempt per user per 3 s (the button locks as long). */
export const COMMAND_LOCK_MS = 3_000;
/**
 * Periods are calendar periods in China time (UTC+8): the day from 00:00, the week from Monday
 * 00:00, the month from the 1st 00:00.
 */
export const COMMAND_TZ_OFFSET_MS = 8 * 3_600_000;

export const commandTier = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Recharge needed in the period, units. */
  money: z.number().int(),
  /** Reward paid on claim, units. */
  reward: z.number().int(),
  /** Nonzero: claimed in the current period (the claim's id). */
  bag_id: z.number().int(),
  /**
   * The code to enter. Revealed once the period's recharge reaches money (the operators also post
   * codes in the group); '' until then.
   */
  key: z.string(),
});
export type CommandTier = z.infer<typeof commandTier>;

export const commandListResponse = z.object({
  /** Recharge in the current day, week and month, units. */
  day_recharge: z.number().int(),
  week_recharge: z.number().int(),
  month_recharge: z.number().int(),
  recharge_list_info: z.array(commandTier),
});
export type CommandListResponse = z.infer<typeof commandListResponse>;

/** The server checks emptiness and length itself (COMMAND_KEY_REQUIRED / COMMAND_KEY_TOO_LONG). */
export const commandRewardRequest = z.object({ key: z.string() });
/** The catalogue item a command item code (口令饰品) put in the inventory. */
export const commandRewardItem = z.object({
  /** The user item's id (the inventory row). */
  id: z.number().int(),
  /** The catalogue item's id. */
  item_id: z.number().int(),
  /** Name in the request's language. */
  name: z.string(),
  img: z.string(),
  /** Wear grade 1..6. */
  exter: z.number().int(),
  /** Its price-table value, units. */
  price: z.number().int(),
});
export type CommandRewardItem = z.infer<typeof commandRewardItem>;

export const commandRewardResponse = z.object({
  /** Coins paid, units (0 when a command item code gives only an item). */
  get_money: z.number().int(),
  /** Coin balance after the claim, units. */
  money: z.number().int(),
  /** Present when the code granted an item (docs/promotions/command-items.md). */
  item: commandRewardItem.optional(),
});
export type CommandRewardResponse = z.infer<typeof commandRewardResponse>;
