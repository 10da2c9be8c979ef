import { TURNTABLE_DEFAULT_LIMITS, TURNTABLE_JACKPOT_BP, type TurntableLimits } from '@kaixiang/game/turntable';
import type { UpgradeRules } from '@kaixiang/game/upgrade';
import { BATTLE_BOXES_MAX, type GameSettings, gameSettings, settingsProblem } from '@kaixiang/shared/admin-games';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { siteSettings } from '../../../db/schema/site.ts';
import type { Clock } from '../../../infra/clock.ts';
import { createTtlCache } from '../../../infra/ttl-cache.ts';

/** site_settings key of the operator's game settings: JSON GameSettings. */
export const GAME_SETTINGS_KEY = 'game_settings';

/**
 * How long a process keeps the settings it read before reading them again. The process that saves
 * new settings forgets its copy at once; every other process uses the new values at most this long
 * after the save (a bet, upgrade or robot seat in that window is judged by the old ones — each a
 * complete, valid set, never a mix).
 */
export const GAME_SETTINGS_STALE_MS = 10_000;

/** The settings as shipped: the games' own defaults and the upgrade's rules from config. */
export function defaultGameSettings(upgrade: UpgradeRules): GameSettings {
  return {
    battle: { robots_enabled: true, max_boxes: BATTLE_BOXES_MAX, max_seat_cost: null },
    turntable: {
      min_bet: TURNTABLE_DEFAULT_LIMITS.minBetUnits,
      max_bet: TURNTABLE_DEFAULT_LIMITS.maxBetUnits,
      max_round: TURNTABLE_DEFAULT_LIMITS.maxRoundUnits,
      max_bets_per_round: TURNTABLE_DEFAULT_LIMITS.maxBetsPerRound,
      jackpot_feed_bp: TURNTABLE_JACKPOT_BP,
    },
    upgrade: {
      house_edge_ppm: upgrade.houseEdgePpm,
      min_rate_ppm: upgrade.minRatePpm,
      max_rate_ppm: upgrade.maxRatePpm,
    },
  };
}

/** The stored settings and when they were saved; the defaults (and null) when none are stored. */
export async function readGameSettings(
  on: Db | Tx,
  defaults: GameSettings,
): Promise<{ settings: GameSettings; updatedAt: Date | null }> {
  const [row] = await on.select().from(siteSettings).where(eq(siteSettings.key, GAME_SETTINGS_KEY));
  if (!row) return { settings: defaults, updatedAt: null };
  // Sections and fields missing from an older value (saved before they existed, such as the
  // turntable's jackpot_feed_bp) take the defaults, so adding a setting keeps the operator's
  // others; a value that no longer parses (a bound tightened since) is not used at all rather
  // than half used.
  let stored: unknown = null;
  try {
    stored = JSON.parse(row.value);
  } catch {
    // Not ours to repair here: treated as no value; the next save replaces it.
  }
  const parsed = gameSettings.safeParse(isObject(stored) ? withDefaults(stored, defaults) : null);
  if (!parsed.success || settingsProblem(parsed.data)) return { settings: defaults, updatedAt: null };
  return { settings: parsed.data, updatedAt: row.updatedAt };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A stored value over the defaults, one section at a time (sections are flat objects). */
function withDefaults(stored: Record<string, unknown>, defaults: GameSettings): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults, ...stored };
  for (const [section, fallback] of Object.entries(defaults)) {
    const value = stored[section];
    if (isObject(value)) merged[section] = { ...fallback, ...value };
  }
  return merged;
}

/**
 * What a turntable round takes from the settings when it opens and keeps in its own state: the
 * bet limits, and the jackpot's feed (basis points of its stakes fed to the pool at settlement).
 */
export type TurntableRoundSettings = TurntableLimits & { jackpotFeedBp: number };

export interface GameSettingsReader {
  readonly defaults: GameSettings;
  get(): Promise<GameSettings>;
  /** Forget the cached copy (the saving process, right after its commit). */
  invalidate(): void;
  upgradeRules(): Promise<UpgradeRules>;
  /** The turntable's limits and jackpot feed (the turntable service's `limits` dep). */
  turntableLimits(): Promise<TurntableRoundSettings>;
  robotsEnabled(): Promise<boolean>;
  /** What a new battle may hold: its boxes and one seat's cost (null: no limit). */
  battleLimits(): Promise<BattleLimits>;
}

export interface BattleLimits {
  maxBoxes: number;
  maxSeatCostUnits: number | null;
}

/**
 * The games' view of the settings: read from the database at most once per GAME_SETTINGS_STALE_MS
 * per process (calls in between share the copy, or the read in flight), outside any game's
 * transaction (on PGlite a transaction holds the only connection).
 */
export function createGameSettingsReader(deps: {
  db: Db;
  clock: Clock;
  defaults: GameSettings;
  staleMs?: number;
}): GameSettingsReader {
  const cache = createTtlCache(deps.clock, deps.staleMs ?? GAME_SETTINGS_STALE_MS);
  const get = () =>
    cache.get(GAME_SETTINGS_KEY, () => readGameSettings(deps.db, deps.defaults).then((r) => r.settings));

  return {
    defaults: deps.defaults,
    get,
    invalidate() {
      cache.clear();
    },
    async upgradeRules() {
      const u = (await get()).upgrade;
      return { houseEdgePpm: u.house_edge_ppm, minRatePpm: u.min_rate_ppm, maxRatePpm: u.max_rate_ppm };
    },
    async turntableLimits() {
      const t = (await get()).turntable;
      return {
        minBetUnits: t.min_bet,
        maxBetUnits: t.max_bet,
        maxRoundUnits: t.max_round,
        maxBetsPerRound: t.max_bets_per_round,
        jackpotFeedBp: t.jackpot_feed_bp,
      };
    },
    async robotsEnabled() {
      return (await get()).battle.robots_enabled;
    },
    async battleLimits() {
      const b = (await get()).battle;
      return { maxBoxes: b.max_boxes, maxSeatCostUnits: b.max_seat_cost };
    },
  };
}
