/**
 * The admin API of command item codes (口令饰品; ours: the spec names no admin calls;
 * docs/promotions/command-items.md "Admin API"): codes as rows, validated here for shape and by
 * the server for meaning (the item and grade exist, the code is free, the window), each change
 * recorded in the audit log with who made it.
 */
import { z } from 'zod';
import { COMMAND_KEY_MAX } from './vip.ts';

export const ADMIN_COMMAND_CODE_PATHS = {
  /** GET → {list}: every code, newest first, with its uses left. */
  list: '/admin/v1/command-codes/list',
  /** POST adminCommandCodeInput → the code. */
  create: '/admin/v1/command-codes/create',
  /** POST {id, reason} → the code: no one can use it from now on (given items stay given). */
  disable: '/admin/v1/command-codes/disable',
  /** POST {id, reason} → the code: usable again (its uses left and window as they were). */
  enable: '/admin/v1/command-codes/enable',
} as const;

/** At most ¥10,000 of coins in one use: more is a typo. */
export const COMMAND_CODE_MAX_COIN_UNITS = 100_000_000;
export const COMMAND_CODE_MAX_USES = 1_000_000;

const int = () => z.number().int();
const epochMs = int().min(0).max(8_640_000_000_000_000);

export const adminCommandCodeInput = z.object({
  /** The text players type; omitted or empty: the server makes an unguessable one. */
  code: z.string().trim().max(COMMAND_KEY_MAX).default(''),
  /** The catalogue item granted (null: coins only) and its wear grade (null: its first). */
  item_id: int().min(1).nullable().default(null),
  exter: int().min(1).max(6).nullable().default(null),
  /** Coins granted with each use, units (0: the item only). */
  coin: int().min(0).max(COMMAND_CODE_MAX_COIN_UNITS).default(0),
  /** Total uses (one per player). */
  uses: int().min(1).max(COMMAND_CODE_MAX_USES),
  starts_at: epochMs.nullable().default(null),
  ends_at: epochMs.nullable().default(null),
  reason: z.string().trim().max(200).default(''),
});
export type AdminCommandCodeInput = z.input<typeof adminCommandCodeInput>;

export const adminCommandCodeDisable = z.object({
  id: int().min(1),
  reason: z.string().trim().max(200).default(''),
});

export const adminCommandCode = z.object({
  id: z.number().int(),
  code: z.string(),
  item_id: z.number().int().nullable(),
  /** The item's zh-CN name ('' without an item). */
  item_name: z.string(),
  exter: z.number().int().nullable(),
  /** The item's price-table value fixed when the code was made, units. */
  worth: z.number().int(),
  coin: z.number().int(),
  uses: z.number().int(),
  uses_left: z.number().int(),
  starts_at: z.number().int().nullable(),
  ends_at: z.number().int().nullable(),
  enabled: z.boolean(),
  /** Enabled, inside its window and with uses left. */
  active: z.boolean(),
  created_by: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type AdminCommandCode = z.infer<typeof adminCommandCode>;
export const adminCommandCodes = z.object({ list: z.array(adminCommandCode) });
