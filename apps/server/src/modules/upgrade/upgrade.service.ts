import {
  assertRules,
  nominalRtpPpm,
  quote,
  rollUpgrade,
  stakeValue,
  type UpgradeQuote,
  type UpgradeRules,
  upgradeWins,
} from '@kaixiang/game/upgrade';
import { REQUEST_ID_PATTERN } from '@kaixiang/shared/boxes';
import type { Locale } from '@kaixiang/shared/locale';
import { jewelryRarity } from '@kaixiang/shared/site';
import {
  UPGRADE_BALANCE_STEP_UNITS,
  UPGRADE_MAX_STAKE_ITEMS,
  UPGRADE_RATE_SCALE,
  type UpgradeRatesResponse,
  type UpgradeResponse,
} from '@kaixiang/shared/upgrade';
import type { Db, Tx } from '../../db/client.ts';
import { sqlStateOf } from '../../db/tx.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { createKeyedQueue } from '../../infra/keyed-queue.ts';
import { SQLSTATE_TWIN_POSTED } from '../boxes/boxes.repo.ts';
import { DEFAULT_BIG_WIN_UNITS, TICKER_DELAY_MS, TICKER_MIN_QUALITY } from '../boxes/boxes.service.ts';
import { createSeedCache, lockActiveSeed, readActiveSeed, type SeedState } from '../boxes/fair-seeds.ts';
import type { ItemInfo } from '../boxes/items.ts';
import { inventoryRepo, USABLE_STATUSES } from '../inventory/inventory.repo.ts';
import { balancesOf, type Ledger, SQLSTATE_INSUFFICIENT } from '../ledger/ledger.ts';
import type { SiteService } from '../site/site.service.ts';
import { pick } from '../site/site.service.ts';
import { createUpgradeHistory, recordProof, recordQuote, recordTarget, type SeedFacts } from './upgrade.history.ts';
import { type UpgradeJson, type UpgradeRecordRow, upgradeRepo } from './upgrade.repo.ts';
import { createUpgradeTargets, type Target } from './upgrade.targets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The upgrade: tests drive it (forget cached targets after editing them). */
    upgrade: UpgradeService;
  }
}

/** game_type of an upgrade win in the tickers (spec 1 §3: 3 is the upgrade icon). */
export const UPGRADE_GAME_TYPE = 3;
const SQLSTATE_UNIQUE = '23505';

export interface UpgradeDeps {
  db: Db;
  clock: Clock;
  ledger: Ledger;
  site: SiteService;
  /** Catalogue names, images and qualities by item id (the boxes service keeps them). */
  items: () => Promise<Map<number, ItemInfo>>;
  /**
   * The rules, or where to read them per upgrade (the console's game settings, cached): each
   * record stores the edge and max rate it was rolled at, so a change never rewrites a past roll.
   */
  rules: UpgradeRules | (() => Promise<UpgradeRules>);
  bigWinUnits?: number;
  /** Wins reach the tickers this long after the roll (the screen's animation); TICKER_DELAY_MS by default. */
  tickerDelayMs?: number;
  /** Told after an upgrade committed (daily tasks count it; an upgrade of items alone moves no balance). */
  onRolled?: (userId: number) => void;
}

export interface UpgradeInput {
  upgrade_item_id: number;
  item_ids: number[];
  balance: number;
  request_id: string;
}

const QUOTE_ERRORS = {
  STAKE_EMPTY: 'UPGRADE_STAKE_EMPTY',
  STAKE_NOT_BELOW_TARGET: 'UPGRADE_STAKE_TOO_HIGH',
  RATE_TOO_LOW: 'UPGRADE_RATE_TOO_LOW',
} as const;

const STATUS_ERRORS = {
  target_changed: 'CONFLICT',
  item_not_found: 'ITEM_NOT_FOUND',
  item_not_available: 'ITEM_NOT_AVAILABLE',
} as const;

/** The request's own checks, before anything is read: what a client gets wrong by itself. */
export function checkUpgradeInput(input: UpgradeInput): number[] {
  if (!REQUEST_ID_PATTERN.test(input.request_id)) {
    throw new AppError('VALIDATION_FAILED', {
      details: [{ path: 'request_id', message: 'request_id: 8-64 letters, digits, _ or -' }],
    });
  }
  const b = input.balance;
  if (!Number.isSafeInteger(b) || b < 0 || b % UPGRADE_BALANCE_STEP_UNITS !== 0) {
    throw new AppError('UPGRADE_BALANCE_INVALID');
  }
  if (input.item_ids.length > UPGRADE_MAX_STAKE_ITEMS) throw new AppError('UPGRADE_TOO_MANY_ITEMS');
  const ids = [...input.item_ids].sort((x, y) => x - y);
  if (ids.some((id, i) => i > 0 && id === ids[i - 1])) throw new AppError('UPGRADE_ITEM_REPEATED');
  if (ids.length === 0 && b === 0) throw new AppError('UPGRADE_STAKE_EMPTY');
  return ids;
}

/**
 * The upgrade (装备升级, issue 13): a single-player roll from the player's own seed pair, like a
 * box opening. One upgrade is one statement (kx_upgrade, db/functions/upgrade.sql): the stake's
 * items consumed, the balance debited, the nonce advanced, the prize granted and the record.
 */
export function createUpgradeService(deps: UpgradeDeps) {
  const { db, clock, ledger, site } = deps;
  const fixed = typeof deps.rules === 'function' ? null : deps.rules;
  if (fixed) assertRules(fixed);
  /** The rules in force now; settings that would not make sense throw rather than roll. */
  async function rulesNow(): Promise<UpgradeRules> {
    if (fixed) return fixed;
    const r = await (deps.rules as () => Promise<UpgradeRules>)();
    assertRules(r);
    return r;
  }
  const bigWin = deps.bigWinUnits ?? DEFAULT_BIG_WIN_UNITS;
  const targets = createUpgradeTargets({ db, clock, rules: rulesNow });
  const history = createUpgradeHistory({ db, items: deps.items });
  // One player's upgrades run one after another in this process: they share one seed pair.
  const queue = createKeyedQueue();
  const seeds = createSeedCache();

  async function response(r: UpgradeRecordRow, seed: SeedFacts, money: number, locale: Locale) {
    const q = recordQuote(r);
    return {
      upgrade_id: r.id,
      success: r.success,
      target: recordTarget(r, await deps.items(), locale),
      rate_ppm: r.ratePpm,
      capped: q.capped,
      rtp_ppm: q.rtpPpm,
      stake_value: r.stakeUnits,
      stake_balance: r.stakeBalanceUnits,
      stake_item_ids: r.stakeItemIds,
      user_item_id: r.userItemId,
      money,
      proof: recordProof(r, seed),
    } satisfies UpgradeResponse;
  }

  /** The answer of an upgrade already rolled under this request id; REQUEST_ID_REUSED if it was another. */
  async function replay(userId: number, input: UpgradeInput, ids: readonly number[], locale: Locale) {
    const found = await upgradeRepo.recordByRequest(db, userId, input.request_id);
    if (!found) return null;
    const r = found.r;
    const same =
      r.upgradeItemId === input.upgrade_item_id &&
      r.stakeBalanceUnits === input.balance &&
      r.stakeItemIds.length === ids.length &&
      r.stakeItemIds.every((id, i) => id === ids[i]);
    if (!same) throw new AppError('REQUEST_ID_REUSED');
    return response(r, found.seed, (await balancesOf(db, userId)).coin, locale);
  }

  async function announce(userId: number, target: Target) {
    if (target.quality < TICKER_MIN_QUALITY && target.priceUnits < bigWin) return;
    await site.recordRewards([
      {
        userId,
        gameType: UPGRADE_GAME_TYPE,
        rewardHistoryType: target.priceUnits >= bigWin ? 2 : 1,
        jewelryRarity: jewelryRarity(target.quality),
        itemDefId: target.itemDefId,
        itemImg: target.image,
        itemName: target.names.zhCn,
        itemPriceUnits: target.priceUnits,
        boxImg: '',
      },
    ]);
  }

  /**
   * Rolls from the player's active seed pair as this process last saw it; kx_upgrade records the
   * upgrade only if the pair has not moved since (as kx_open_box does). When it has, roll again
   * in one transaction that locks the stake's items and then the pair — the order the statement
   * itself takes them, so two upgrades of one player on two processes cannot deadlock.
   */
  async function rollOnce(
    userId: number,
    input: UpgradeInput,
    target: Target,
    stake: { items: { id: number; priceUnits: number }[]; quote: UpgradeQuote; rules: UpgradeRules },
    locale: Locale,
  ): Promise<{ json: Extract<UpgradeJson, { status: 'ok' }>; seed: SeedState; roll: number; success: boolean } | null> {
    const now = new Date(clock.now());
    let out = await record(db, seeds.get(userId) ?? (await readActiveSeed(db, userId, now)), now);
    if (out === 'stale_seed') {
      seeds.forget(userId);
      const twin = new Error('twin');
      try {
        out = await ledger.transaction(async ({ tx, now }) => {
          await inventoryRepo.lockOwn(
            tx,
            userId,
            stake.items.map((i) => i.id),
          );
          const r = await record(tx, await lockActiveSeed(tx, userId, now), now);
          if (r === 'stale_seed') throw new Error('the seed pair moved under its own row lock');
          // Roll back (the statement failed or wrote nothing) rather than commit an aborted transaction.
          if (r === 'duplicate') throw twin;
          return r;
        });
      } catch (e) {
        if (e !== twin) throw e;
        out = 'duplicate';
      }
    }
    if (out === 'duplicate') return null;
    seeds.set(userId, { ...out.seed, nonce: out.seed.nonce + 1 });
    return out;

    async function record(on: Db | Tx, seed: SeedState, now: Date) {
      const { roll } = rollUpgrade({ serverSeed: seed.serverSeed, clientSeed: seed.clientSeed, nonce: seed.nonce });
      const success = upgradeWins(roll, stake.quote.ratePpm);
      let json: UpgradeJson;
      try {
        json = await upgradeRepo.upgrade(on, {
          userId,
          requestId: input.request_id,
          target,
          items: stake.items,
          balanceUnits: input.balance,
          ratePpm: stake.quote.ratePpm,
          houseEdgePpm: stake.rules.houseEdgePpm,
          maxRatePpm: stake.rules.maxRatePpm,
          roll,
          success,
          now,
          seed,
          memo: target.names.zhCn,
          sourceName: pick(target.names, locale),
        });
      } catch (e) {
        seeds.forget(userId);
        const state = sqlStateOf(e);
        if (state === SQLSTATE_INSUFFICIENT) throw new AppError('INSUFFICIENT_BALANCE');
        // A twin request (same id) committed first: answer its result.
        if (state === SQLSTATE_TWIN_POSTED || state === SQLSTATE_UNIQUE) return 'duplicate' as const;
        throw e;
      }
      if (json.status === 'ok') return { json, seed, roll, success };
      if (json.status === 'duplicate' || json.status === 'stale_seed') return json.status;
      if (json.status === 'target_changed') targets.invalidate();
      throw new AppError(STATUS_ERRORS[json.status]);
    }
  }

  return {
    async rates(): Promise<UpgradeRatesResponse> {
      const rules = await rulesNow();
      return {
        rate_scale: UPGRADE_RATE_SCALE,
        min_rate_ppm: rules.minRatePpm,
        max_rate_ppm: rules.maxRatePpm,
        house_edge_ppm: rules.houseEdgePpm,
        rtp_ppm: nominalRtpPpm(rules),
        max_stake_items: UPGRADE_MAX_STAKE_ITEMS,
        balance_step_units: UPGRADE_BALANCE_STEP_UNITS,
      };
    },

    categories: targets.categories,
    list: targets.list,

    /** Stakes, rolls and records one upgrade; a replayed request id answers the first result. */
    async upgrade(userId: number, input: UpgradeInput, locale: Locale): Promise<UpgradeResponse> {
      const ids = checkUpgradeInput(input);
      const target = await targets.byId(input.upgrade_item_id);
      if (!target?.onSale) {
        const again = await replay(userId, input, ids, locale);
        if (again) return again;
        throw new AppError('UPGRADE_TARGET_NOT_FOUND');
      }
      const rows = await upgradeRepo.stakeItems(db, ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const items = ids.map((id) => {
        const row = byId.get(id);
        if (!row || row.userId !== userId) throw new AppError('ITEM_NOT_FOUND');
        return row;
      });
      // Staked from the states it could be sold from: normal or retrieval failed.
      if (items.some((i) => !(USABLE_STATUSES as readonly number[]).includes(i.status))) {
        // Consumed by this very request before (a retry after a lost answer)?
        const again = await replay(userId, input, ids, locale);
        if (again) return again;
        throw new AppError('ITEM_NOT_AVAILABLE');
      }
      const rules = await rulesNow();
      const q = quote(
        stakeValue(
          items.map((i) => i.priceUnits),
          input.balance,
        ),
        target.priceUnits,
        rules,
      );
      if (!q.ok) throw new AppError(QUOTE_ERRORS[q.error]);
      // The rules this quote was made under go with it into the record (its verify data).
      const stake = { items: items.map((i) => ({ id: i.id, priceUnits: i.priceUnits })), quote: q.value, rules };

      const out = await queue(userId, () => rollOnce(userId, input, target, stake, locale));
      if (out === null) {
        const again = await replay(userId, input, ids, locale);
        if (!again) throw new Error(`upgrade ${input.request_id} reported a twin that is not there`);
        return again;
      }
      // The answer carries the balance; the push (other tabs, the header) does not hold it up.
      if (input.balance > 0) void ledger.pushBalances([userId]).catch(() => undefined);
      deps.onRolled?.(userId);
      if (out.success) {
        // The tickers are a courtesy: a failure there must not turn a committed upgrade into an error.
        const later = () => announce(userId, target).catch(() => undefined);
        const delay = deps.tickerDelayMs ?? TICKER_DELAY_MS;
        if (delay <= 0) await later();
        else setTimeout(later, delay).unref();
      }
      return {
        upgrade_id: out.json.upgrade_id,
        success: out.success,
        target: {
          upgrade_item_id: target.id,
          item_id: target.itemDefId,
          name: pick(target.names, locale),
          img: target.image,
          quality: target.quality,
          exter: target.exter,
          price: target.priceUnits,
        },
        rate_ppm: q.value.ratePpm,
        capped: q.value.capped,
        rtp_ppm: q.value.rtpPpm,
        stake_value: q.value.stakeUnits,
        stake_balance: input.balance,
        stake_item_ids: ids,
        user_item_id: out.json.user_item_id,
        money: out.json.balance,
        proof: {
          nonce: out.seed.nonce,
          client_seed: out.seed.clientSeed,
          server_seed_hash: out.seed.serverSeedHash,
          server_seed: null,
          roll: out.roll,
        },
      };
    },

    itemHistory: history.itemHistory,
    userHistory: history.userHistory,

    /** For tests and tools: forget the cached targets (after a re-seed or an edit). */
    invalidate: targets.invalidate,
  };
}

export type UpgradeService = ReturnType<typeof createUpgradeService>;
