import { z } from 'zod';
import { bagProof, bagTableEntry } from './bags.ts';
import { openBoxResponse } from './boxes.ts';
import { FREE_BOX_KINDS, FREE_BOX_STATES } from './energy-paths.ts';
import { recordId } from './record-id.ts';

/**
 * Contract of the energy box (能量箱; issue 22; docs/promotions/energy-box.md). A level's box is a
 * lucky bag of that level's campaign (kind energy), drawn with the player's seed pair like any bag
 * and verified on /fairness the same way. Amounts and energy are integer units (1/10000 yuan);
 * times epoch ms.
 */
export { ADMIN_ENERGY_PATHS, ENERGY_KINDS, ENERGY_PATHS, ENERGY_ROUTE } from './energy-paths.ts';

const int = () => z.number().int();

/** Where a level stands for the player this week. */
export const ENERGY_LEVEL_STATES = ['locked', 'open', 'opened'] as const;
export type EnergyLevelState = (typeof ENERGY_LEVEL_STATES)[number];

export const energyLevel = z.object({
  id: int(),
  level: int(),
  /** Energy needed, units. */
  energy: int(),
  name: z.string(),
  campaign_id: int(),
  state: z.enum(ENERGY_LEVEL_STATES),
  /** The published table the box draws from now (bag get-table of the campaign). */
  table: z.object({
    version: int(),
    ticket_total: int(),
    table_hash: z.string(),
    ev: int(),
    entries: z.array(bagTableEntry),
  }),
  /** This week's opening, when opened: the bag (its id for /fairness?bag=) and what it paid. */
  opened: z.object({ bag_id: int(), get_money: int(), opened_at: int() }).nullable(),
});
export type EnergyLevel = z.infer<typeof energyLevel>;

export const energyInfoResponse = z.object({
  /** Energy gathered this period (China week, Monday 00:00 UTC+8), units. */
  energy: int(),
  period_start: int(),
  period_end: int(),
  levels: z.array(energyLevel),
});
export type EnergyInfoResponse = z.infer<typeof energyInfoResponse>;

export const energyOpenRequest = z.object({ level_id: recordId });

export const energyOpenResponse = z.object({
  level_id: int(),
  level: int(),
  bag_id: int(),
  campaign_id: int(),
  name: z.string(),
  get_money: int(),
  money: int(),
  proof: bagProof,
});
export type EnergyOpenResponse = z.infer<typeof energyOpenResponse>;

const reason = z.string().trim().max(200).default('');

export const adminEnergyLevelInput = z.object({
  level: int().min(1).max(100),
  energy: int().min(1).max(Number.MAX_SAFE_INTEGER),
  /** A bag campaign of kind energy (admin/v1/bags): its names and table are the box's. */
  campaign_id: recordId,
  enabled: z.boolean().default(true),
  reason,
});
export type AdminEnergyLevelInput = z.infer<typeof adminEnergyLevelInput>;

export const adminEnergyLevelUpdate = z.object({
  id: recordId,
  level: int().min(1).max(100).optional(),
  energy: int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  campaign_id: recordId.optional(),
  enabled: z.boolean().optional(),
  reason,
});
export type AdminEnergyLevelUpdate = z.infer<typeof adminEnergyLevelUpdate>;

export const adminEnergyLevel = z.object({
  id: int(),
  level: int(),
  energy: int(),
  campaign_id: int(),
  /** The campaign's names (zh-TW and en may be empty: the zh-CN one stands in). */
  name_zh_cn: z.string(),
  name_zh_tw: z.string(),
  name_en: z.string(),
  enabled: z.boolean(),
  table_version: int(),
  table_hash: z.string(),
  ev: int(),
  /** Boxes of this level opened (all periods) and what they paid, units. */
  opened: int(),
  paid: int(),
  created_at: int(),
  updated_at: int(),
});
export type AdminEnergyLevel = z.infer<typeof adminEnergyLevel>;
export const adminEnergyLevelsResponse = z.object({ list: z.array(adminEnergyLevel) });
export type AdminEnergyLevelsResponse = z.infer<typeof adminEnergyLevelsResponse>;

export {
  ADMIN_FREE_BOX_PATHS,
  FREE_BOX_KINDS,
  FREE_BOX_PATHS,
  FREE_BOX_STATES,
  type FreeBoxKind,
  type FreeBoxState,
} from './energy-paths.ts';

export const freeBox = z.object({
  kind: z.enum(FREE_BOX_KINDS),
  box_id: int(),
  box_name: z.string(),
  box_img: z.string(),
  /** The box's price: what the house pays for the opening, units. */
  price: int(),
  state: z.enum(FREE_BOX_STATES),
  /** The opening, once claimed (box_open_requests id, for the records). */
  opening_id: int().nullable(),
});
export type FreeBox = z.infer<typeof freeBox>;
export const freeBoxesResponse = z.object({ list: z.array(freeBox) });
export type FreeBoxesResponse = z.infer<typeof freeBoxesResponse>;

export const freeBoxOpenRequest = z.object({ kind: z.enum(FREE_BOX_KINDS) });
export const freeBoxOpenResponse = openBoxResponse.extend({ kind: z.enum(FREE_BOX_KINDS), free: z.literal(true) });
export type FreeBoxOpenResponse = z.infer<typeof freeBoxOpenResponse>;

export const adminFreeBoxUpdate = z.object({
  kind: z.enum(FREE_BOX_KINDS),
  box_id: recordId.optional(),
  enabled: z.boolean().optional(),
  reason,
});
export type AdminFreeBoxUpdate = z.infer<typeof adminFreeBoxUpdate>;
export const adminFreeBox = z.object({
  kind: z.enum(FREE_BOX_KINDS),
  box_id: int(),
  box_name: z.string(),
  price: int(),
  enabled: z.boolean(),
  claimed: int(),
  updated_at: int(),
});
export type AdminFreeBox = z.infer<typeof adminFreeBox>;
export const adminFreeBoxesResponse = z.object({ list: z.array(adminFreeBox) });
