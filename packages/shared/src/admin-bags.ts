/**
 * The bags' admin API (ours: the spec names no admin calls; docs/promotions/bags.md "Admin API"):
 * campaigns, their amount tables with the expected value shown, and bags given by hand. Every
 * change is validated here for shape and by the server for meaning (table sums, windows, levels),
 * and recorded in the audit log with who made it.
 */
import { z } from 'zod';
import { bagTableEntry } from './bags.ts';
import { BAG_CAMPAIGN_KINDS, BAG_TICKETS } from './bags-paths.ts';
import { recordId } from './record-id.ts';

export { ADMIN_BAG_PATHS } from './bags-paths.ts';

const int = () => z.number().int();
/** At most ¥100,000 a bag: an amount past it is a typo, not a prize. */
export const BAG_MAX_AMOUNT_UNITS = 1_000_000_000;
export const BAG_MAX_TABLE_ENTRIES = 20;
/** Bags one trigger (a day's recharge, a level) or one hand grant gives at most. */
export const BAG_MAX_PER_GRANT = 10;

/** One row of a table as an admin writes it; the server checks the sum is BAG_TICKETS. */
export const adminTableEntry = z.object({
  amount: int().min(1).max(BAG_MAX_AMOUNT_UNITS),
  tickets: int().min(1).max(BAG_TICKETS),
});

export const adminVipLevel = z.object({
  level: int().min(1).max(10),
  count: int().min(1).max(BAG_MAX_PER_GRANT),
});

const reason = z.string().trim().max(200).default('');
const name = z.string().trim().max(30);
const epochMs = int().min(0).max(8_640_000_000_000_000);

/** Fields a campaign has besides its kind; each defaults where it means "none". */
const campaignFields = {
  name_zh_cn: name.min(1),
  name_zh_tw: name.default(''),
  name_en: name.default(''),
  enabled: z.boolean().default(true),
  /** Bags are given (by the triggers) only from starts_at to ends_at; null: no bound. */
  starts_at: epochMs.nullable().default(null),
  ends_at: epochMs.nullable().default(null),
  /** daily_recharge: bags a player gets on a day they recharged; vip_level: unused. */
  per_grant: int().min(1).max(BAG_MAX_PER_GRANT).default(1),
  /** daily_recharge: the day's recharge (units) from which the day's bags are given. */
  min_recharge: int().min(1).max(Number.MAX_SAFE_INTEGER).default(1),
  /** vip_level: the levels that give bags and how many each. */
  vip_levels: z.array(adminVipLevel).max(10).default([]),
  table: z.array(adminTableEntry).min(1).max(BAG_MAX_TABLE_ENTRIES),
};

export const adminCampaignInput = z.object({
  kind: z.enum(BAG_CAMPAIGN_KINDS),
  ...campaignFields,
  reason,
});
export type AdminCampaignInput = z.infer<typeof adminCampaignInput>;

/** Only the fields given change; a table different from the current one becomes its next version. */
export const adminCampaignUpdate = z.object({
  id: recordId,
  name_zh_cn: campaignFields.name_zh_cn.optional(),
  name_zh_tw: name.optional(),
  name_en: name.optional(),
  enabled: z.boolean().optional(),
  starts_at: epochMs.nullable().optional(),
  ends_at: epochMs.nullable().optional(),
  per_grant: int().min(1).max(BAG_MAX_PER_GRANT).optional(),
  min_recharge: int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  vip_levels: z.array(adminVipLevel).max(10).optional(),
  table: campaignFields.table.optional(),
  reason,
});
export type AdminCampaignUpdate = z.infer<typeof adminCampaignUpdate>;

export const adminGrantInput = z.object({
  campaign_id: recordId,
  user_id: recordId,
  count: int().min(1).max(BAG_MAX_PER_GRANT).default(1),
  /** Why (compensation, a contest): required, it goes into the audit log. */
  reason: z.string().trim().min(1).max(200),
});

export const adminCampaign = z.object({
  id: int(),
  kind: z.enum(BAG_CAMPAIGN_KINDS),
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  enabled: z.boolean(),
  /** Whether the triggers give bags right now: enabled and within the window. */
  active: z.boolean(),
  starts_at: int().nullable(),
  ends_at: int().nullable(),
  per_grant: int(),
  min_recharge: int(),
  vip_levels: z.array(adminVipLevel),
  table: z.object({
    version: int(),
    table_hash: z.string(),
    ticket_total: int(),
    /** Expected value of one bag, units (floored), and the least and most a bag pays. */
    ev: int(),
    min: int(),
    max: int(),
    entries: z.array(bagTableEntry),
  }),
  /** Bags given, opened, and what the opened ones paid (units). */
  given: int(),
  opened: int(),
  paid: int(),
  created_at: int(),
  updated_at: int(),
});
export type AdminCampaign = z.infer<typeof adminCampaign>;
export const adminCampaignsResponse = z.object({ list: z.array(adminCampaign) });
export const adminGrantResponse = z.object({ granted: int(), count: int() });
