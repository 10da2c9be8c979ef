/**
 * The red-packet rain's API contract (红包雨, issue 21; rules: packages/game/src/rain.ts). Amounts
 * are integer units (1/10000 yuan); times epoch ms.
 */
import { z } from 'zod';

export {
  RAIN_ADMIN_PATHS,
  RAIN_ENVELOPE_FRAMES,
  RAIN_EVENTS,
  RAIN_HALL_ROOM,
  RAIN_PATHS,
  RAIN_STATUS,
} from './rain-paths.ts';

const int = () => z.number().int();

export const rainInterval = z.object({ start_time: int(), end_time: int() });

export const rainConditionsView = z.object({
  /** 0: any level. */
  min_vip_level: int(),
  /** 0: none; N: a recharge within the last N days. */
  recharge_days: int(),
});

export const rainRoundView = z.object({
  round_id: int(),
  start_time: int(),
  end_time: int(),
  count: int(),
  pool: int(),
  /** Packets not yet taken (the whole count before the opening). */
  remaining: int(),
  conditions: rainConditionsView,
  /** Committed before the opening; the seed is shown once the round has ended. */
  server_seed_hash: z.string(),
  /** SHA-256 of the packet list, published at the opening (empty before). */
  packets_hash: z.string(),
});
export type RainRoundView = z.infer<typeof rainRoundView>;

export const rainInfo = z.object({
  /** 1 upcoming, 2 running; 0 when nothing is scheduled. */
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  /** The windows of today and the next one (China time), in order. */
  interval: z.array(rainInterval),
  system_time: int(),
  /** The current round's packets are all gone. */
  complete: z.boolean(),
  /** The viewer already grabbed in the current round. */
  userComplete: z.boolean(),
  /** The running round, or the next one once it is made (a few minutes ahead); null otherwise. */
  round: rainRoundView.nullable(),
  /** The viewer's packet in the current round (null: none, or a visitor). */
  self: z.object({ index: int(), amount: int() }).nullable(),
  /** Why the viewer may not grab the current round (an error key), or null; visitors: null. */
  refusal: z.string().nullable(),
});
export type RainInfo = z.infer<typeof rainInfo>;

export const rainGrabRequest = z.object({ round_id: z.number().int().positive().max(2_147_483_647) });
export type RainGrabRequest = z.infer<typeof rainGrabRequest>;

export const rainGrabResponse = z.object({
  round_id: int(),
  /** The packet's place in the list: the grab's order, from 0. */
  index: int(),
  amount: int(),
  /** The coin balance after the credit. */
  balance: int(),
});
export type RainGrabResponse = z.infer<typeof rainGrabResponse>;

/** The private push of a grab (rpRedPacketRain). */
export type RainSelfEvent = { round_id: number; index: number; amount: number };

export const rainRecordQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

export const rainRecord = z.object({
  round_id: int(),
  index: int(),
  amount: int(),
  grabbed_at: int(),
});
export const rainRecordResponse = z.object({ list: z.array(rainRecord), total: int() });
export type RainRecordResponse = z.infer<typeof rainRecordResponse>;

export const rainRoundQuery = z.object({ round_id: z.coerce.number().int().positive().max(2_147_483_647) });

export const rainRoundDetail = rainRoundView.extend({
  min_packet: int(),
  /** scheduled, running, ended, cancelled. */
  state: z.string(),
  /** Once the round has ended: the seed, the beacon round and value, the list and who got what. */
  server_seed: z.string().nullable(),
  beacon_round: int().nullable(),
  public_seed: z.string().nullable(),
  /** Where a player looks the beacon round up (null before the opening). */
  beacon_url: z.string().nullable(),
  /** When the seed was committed (the beacon round is the first after it). */
  committed_at: int(),
  packets: z.array(int()).nullable(),
  /** The grabs in order: packet `index` went to the `index`-th grab (robots never grab). */
  grabs: z
    .array(z.object({ index: int(), user_id: int(), nick_name: z.string(), amount: int(), grabbed_at: int() }))
    .nullable(),
});
export type RainRoundDetail = z.infer<typeof rainRoundDetail>;

// --- admin ---------------------------------------------------------------------------------------

const units = () => z.number().int().positive().max(10_000_000_000);

export const rainTimingInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('once'), start_at: int(), end_at: int() }),
  z.object({ kind: z.literal('daily'), times: z.array(z.string()).min(1).max(48), duration_seconds: int() }),
  z.object({ kind: z.literal('every'), anchor_at: int(), every_seconds: int(), duration_seconds: int() }),
]);
export type RainTimingInput = z.infer<typeof rainTimingInput>;

export const rainScheduleInput = z.object({
  /** Absent: a new schedule. */
  id: z.number().int().positive().max(2_147_483_647).optional(),
  title: z.string().trim().min(1).max(64),
  enabled: z.boolean().default(true),
  timing: rainTimingInput,
  pool: units(),
  count: z.number().int().positive().max(1_000_000),
  min_packet: units(),
  conditions: rainConditionsView,
  reason: z.string().trim().max(200).optional(),
});
export type RainScheduleInput = z.infer<typeof rainScheduleInput>;

export const rainSchedule = rainScheduleInput.omit({ reason: true, id: true }).extend({
  id: int(),
  updated_by: int(),
  updated_at: int(),
  /** The next windows (up to 5), so an operator sees what the timing means. */
  next_windows: z.array(rainInterval),
});
export type RainSchedule = z.infer<typeof rainSchedule>;
export const rainScheduleList = z.object({ list: z.array(rainSchedule) });

export const rainEnableInput = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  enabled: z.boolean(),
  reason: z.string().trim().max(200).optional(),
});
export const rainCancelInput = z.object({
  round_id: z.number().int().positive().max(2_147_483_647),
  reason: z.string().trim().max(200).optional(),
});

export const rainRoundsQuery = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A round as the console lists it: its schedule, window, state, packets and what was grabbed. */
export const adminRainRound = z.object({
  round_id: z.number().int(),
  schedule_id: z.number().int(),
  /** The schedule's title now (a round keeps the parameters it was made with). */
  title: z.string(),
  /** noticed: its 3-minute notice has gone out, not yet open. */
  state: z.enum(['scheduled', 'noticed', 'running', 'ended', 'cancelled']),
  start_time: z.number().int(),
  end_time: z.number().int(),
  /** Packets drawn (0 until the round opens) and their sum, units. */
  packets: z.number().int(),
  pool: z.number().int(),
  /** Packets grabbed, and what they paid, units. */
  grabbed: z.number().int(),
  paid: z.number().int(),
});
export type AdminRainRound = z.infer<typeof adminRainRound>;
export const adminRainRounds = z.object({ list: z.array(adminRainRound), total: z.number().int() });
export type AdminRainRounds = z.infer<typeof adminRainRounds>;
