import type { Locale } from '@kaixiang/shared/locale';
import {
  COMMAND_KEY_MAX,
  COMMAND_LOCK_MS,
  type CommandListResponse,
  type CommandRewardResponse,
  type CommandType,
  type VipAwardResponse,
  type VipConfigResponse,
  type VipRedPacketResponse,
} from '@kaixiang/shared/vip';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { CounterStore } from '../../infra/counters.ts';
import type { CommandItems } from '../command-items/command-items.service.ts';
import { balancesOf, type Ledger } from '../ledger/ledger.ts';
import { rechargedSince, rechargeTotalsBefore } from '../ledger/recharges.ts';
import { REDEEM_MAX_WRONG_PER_IP, REDEEM_MAX_WRONG_PER_USER, REDEEM_WINDOW_MS } from '../mail/redeem.service.ts';
import { assertMayClaim } from '../protection/protection.service.ts';
import { siteRepo } from '../site/site.repo.ts';
import { vipRepo } from './vip.repo.ts';
import { completion, levelFor, monthStart, periodStart, retentionDeduction, thresholdOf } from './vip.rules.ts';

export const VIP_AWARD_KIND = 'vip_award';
export const VIP_RED_PACKET_KIND = 'vip_red_packet';
export const COMMAND_REWARD_KIND = 'command_reward';
/** Site setting that switches the command feature on (1) or off (spec 1 §3 group info). */
export const CODE_ITEM_SETTING = 'code_item';

export interface VipStatus {
  level: number;
  /** Lifetime recharge, units. */
  rechargeUnits: number;
  /** Lifetime recharge minus monthly demotions, units. */
  expUnits: number;
}

/**
 * A player's level, computed from the ledger (docs/vip-and-rewards.md "VIP levels"), with users.vip_level brought in
 * step when it differs: the badge everywhere reads that column. The user detail calls this too.
 */
export async function vipStatusOf(db: Db, userId: number): Promise<VipStatus> {
  const { level, rechargeUnits, expUnits } = await judgeLevel(db, userId);
  await vipRepo.syncUserLevel(db, userId, level);
  return { level, rechargeUnits, expUnits };
}

/**
 * The one place a level is judged: lifetime recharge from the ledger minus monthly demotions,
 * against the level table (returned too, with the reached level's row). Inside a transaction it
 * judges on what that transaction sees.
 */
async function judgeLevel(db: Db | Tx, userId: number) {
  // One after another: a transaction is one connection, which runs one query at a time (node-postgres
  // queues the rest, deprecated, and pg 9 refuses them).
  const levels = await vipRepo.levels(db);
  const rechargeUnits = await rechargedSince(db, userId);
  const deducted = await vipRepo.deducted(db, userId);
  const expUnits = Math.max(0, rechargeUnits - deducted);
  const level = levelFor(levels, expUnits);
  return { levels, level, rechargeUnits, expUnits, def: levels.find((l) => l.level === level) };
}

/**
 * The player's recharge bonus (award_desc, 1/10000 of the money) judged inside the caller's
 * transaction; payments fixes it on an order when the order is made.
 */
export async function vipRechargeBonusOf(db: Db | Tx, userId: number): Promise<number> {
  return (await judgeLevel(db, userId)).def?.bonusBp ?? 0;
}

/** The player's level judged inside the caller's transaction (daily task rewards depend on it). */
export async function vipLevelOf(db: Db | Tx, userId: number): Promise<number> {
  return (await judgeLevel(db, userId)).level;
}

/**
 * The level before and after the player's last `recentUnits` of recharge, judged inside the
 * caller's transaction: the levels a recharge just reached (lucky bags per VIP level give theirs then).
 */
export async function vipLevelCrossing(
  db: Db | Tx,
  userId: number,
  recentUnits: number,
): Promise<{ before: number; after: number }> {
  const { levels, level, expUnits } = await judgeLevel(db, userId);
  return { before: levelFor(levels, Math.max(0, expUnits - recentUnits)), after: level };
}

export interface VipDeps {
  db: Db;
  ledger: Ledger;
  clock: Clock;
  /** The command submit lock; tests of the database guard alone set 0. */
  commandLockMs?: number;
  /**
   * The wrong-code counters (docs/promotions/command-items.md "Wrong codes"): the redeem codes'
   * limits and keys, one budget of guesses for both entrances. Absent: no limit (unit wiring).
   */
  counters?: CounterStore;
  /** Command item codes (口令饰品), tried when the text is no recharge tier's key. */
  commandItems?: CommandItems;
}

/**
 * VIP levels, upgrade rewards, monthly retention and command codes (spec 2 §3, §4). Every payout
 * is a transfer from 'promotions' in the same transaction as the unique claim row that allows it:
 * a repeated or concurrent claim finds the row taken and pays nothing.
 */
export function createVipService(deps: VipDeps) {
  const { db, ledger, clock } = deps;
  const lockMs = deps.commandLockMs ?? COMMAND_LOCK_MS;
  let retentionDoneFor: number | null = null;

  async function commandEnabled(): Promise<void> {
    const settings = await siteRepo.settings(db, [CODE_ITEM_SETTING]);
    if (settings.get(CODE_ITEM_SETTING) !== 1) throw new AppError('COMMAND_DISABLED');
  }

  return {
    async config(userId: number): Promise<VipConfigResponse> {
      const [status, claimed, redPacketClaimed] = await Promise.all([
        judgeLevel(db, userId),
        vipRepo.claimedLevels(db, userId),
        vipRepo.redPacketClaimed(db, userId, new Date(monthStart(clock.now()))),
      ]);
      await vipRepo.syncUserLevel(db, userId, status.level);
      const { levels } = status;
      const next = levels.find((l) => l.level === status.level + 1);
      return {
        level_vip_configs: levels.map((l) => ({
          id: l.id,
          level: l.level,
          recharge_num: l.thresholdUnits,
          upgrade_num: Math.max(0, l.thresholdUnits - thresholdOf(levels, l.level - 1)),
          upgrade_desc: l.upgradeDesc,
          award_desc: l.bonusBp,
          award: { coins: l.rewardUnits },
          red_packet: l.redPacketUnits,
          isComplete: completion(l, status.level, claimed.has(l.level)),
        })),
        vip_level: status.level,
        vip_exp: status.expUnits,
        recharge_num: status.rechargeUnits,
        next_level_need: next ? Math.max(0, next.thresholdUnits - status.expUnits) : 0,
        red_packet_claimed: redPacketClaimed,
      };
    },

    /**
     * The current level's exclusive red packet, once per calendar month (China time): judged on
     * the level recomputed inside the transaction, paid from promotions with the month's unique row.
     */
    async redPacket(userId: number): Promise<VipRedPacketResponse> {
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const result = await ledger.transaction(async ({ tx, now, post }) => {
        const { level, def } = await judgeLevel(tx, userId);
        if (!def || def.redPacketUnits <= 0) throw new AppError('VIP_LEVEL_NOT_REACHED');
        const month = monthStart(now.getTime());
        const id = await vipRepo.insertRedPacket(tx, {
          userId,
          monthStart: new Date(month),
          level,
          amountUnits: def.redPacketUnits,
          createdAt: now,
        });
        if (id === null) throw new AppError('VIP_RED_PACKET_CLAIMED');
        const r = await post({
          kind: VIP_RED_PACKET_KIND,
          key: `vip_red_packet:${userId}:${month}`,
          currency: 'coin',
          memo: `VIP${level}`,
          legs: [
            { account: { house: 'promotions' }, amount: -def.redPacketUnits },
            { account: { userId }, amount: def.redPacketUnits },
          ],
        });
        return { level, amount: def.redPacketUnits, money: r.balances.get(userId) };
      });
      return {
        get_money: result.amount,
        level: result.level,
        money: result.money ?? (await balancesOf(db, userId)).coin,
      };
    },

    /**
     * Pays every reached, unclaimed level (or the one asked for). The level is recomputed inside
     * the transaction from the ledger, so a claim is judged on committed recharges, not on a page
     * the player loaded earlier.
     */
    async claim(userId: number, input: { vip_award_id?: number | undefined; level?: number | undefined }) {
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const result = await ledger.transaction(async ({ tx, now, post }) => {
        const { levels, level: current } = await judgeLevel(tx, userId);
        let targets = levels.filter((l) => l.level <= current && l.rewardUnits > 0);
        if (input.vip_award_id !== undefined || input.level !== undefined) {
          const asked = levels.find((l) => l.id === input.vip_award_id || l.level === input.level);
          if (!asked) throw new AppError('VIP_LEVEL_NOT_FOUND');
          if (asked.level > current) throw new AppError('VIP_LEVEL_NOT_REACHED');
          targets = targets.filter((l) => l.id === asked.id);
        }
        const paid: number[] = [];
        let total = 0;
        let money: number | undefined;
        for (const l of targets) {
          const claimId = await vipRepo.insertClaim(tx, {
            userId,
            level: l.level,
            amountUnits: l.rewardUnits,
            createdAt: now,
          });
          if (claimId === null) continue;
          const r = await post({
            kind: VIP_AWARD_KIND,
            key: `vip_award:${userId}:${l.level}`,
            currency: 'coin',
            memo: `VIP${l.level}`,
            legs: [
              { account: { house: 'promotions' }, amount: -l.rewardUnits },
              { account: { userId }, amount: l.rewardUnits },
            ],
          });
          money = r.balances.get(userId) ?? money;
          paid.push(l.level);
          total += l.rewardUnits;
        }
        return { paid, total, current, money };
      });
      await vipRepo.syncUserLevel(db, userId, result.current);
      if (result.paid.length === 0) throw new AppError('VIP_NOTHING_TO_CLAIM');
      const response: VipAwardResponse = {
        get_money: result.total,
        levels: result.paid,
        vip_level: result.current,
        money: result.money ?? (await balancesOf(db, userId)).coin,
      };
      return response;
    },

    async history(userId: number, q: { page: number; page_size: number }) {
      const { rows, total } = await vipRepo.claims(db, userId, q.page_size, (q.page - 1) * q.page_size);
      return {
        list: rows.map((r) => ({
          id: r.id,
          level: r.level,
          amount: r.amountUnits,
          created_at: r.createdAt.getTime(),
        })),
        total,
      };
    },

    async commandList(userId: number): Promise<CommandListResponse> {
      await commandEnabled();
      const nowMs = clock.now();
      const starts = { 1: periodStart(1, nowMs), 2: periodStart(2, nowMs), 3: periodStart(3, nowMs) } as const;
      const [day, week, month, tiers, claims] = await Promise.all([
        rechargedSince(db, userId, starts[1]),
        rechargedSince(db, userId, starts[2]),
        rechargedSince(db, userId, starts[3]),
        vipRepo.commandTiers(db),
        vipRepo.commandClaimsSince(db, userId, new Date(Math.min(starts[2], starts[3]))),
      ]);
      const progress = { 1: day, 2: week, 3: month } as const;
      return {
        day_recharge: day,
        week_recharge: week,
        month_recharge: month,
        recharge_list_info: tiers.map((tier) => {
          const type = tier.type as CommandType;
          const claim = claims.find((c) => c.tierId === tier.id && c.periodStart.getTime() === starts[type]);
          return {
            id: tier.id,
            type,
            money: tier.moneyUnits,
            reward: tier.rewardUnits,
            bag_id: claim?.id ?? 0,
            key: progress[type] >= tier.moneyUnits ? tier.key : '',
          };
        }),
      };
    },

    /**
     * Claims the tier named by `key` for the current period. The 3 s lock is taken before the key
     * is looked up, so a wrong code costs a lock too and codes cannot be guessed quickly.
     */
    async commandReward(
      userId: number,
      rawKey: string,
      locale: Locale = 'zh-CN',
      ip = '',
    ): Promise<CommandRewardResponse> {
      await commandEnabled();
      await assertMayClaim(deps.db, userId, deps.clock.now());
      const key = rawKey.trim();
      if (key.length === 0) throw new AppError('COMMAND_KEY_REQUIRED');
      if (key.length > COMMAND_KEY_MAX) throw new AppError('COMMAND_KEY_TOO_LONG');
      const nowMs = clock.now();
      if (lockMs > 0 && !(await vipRepo.takeCommandLock(db, userId, new Date(nowMs), new Date(nowMs + lockMs)))) {
        throw new AppError('COMMAND_TOO_FREQUENT');
      }
      // A wrong code keeps its reservation as the failure; a code that exists gives it back (as
      // the redeem codes do, on the same counters).
      const reservation = deps.counters
        ? await deps.counters.reserve(
            [
              { key: `redeem:user:${userId}`, max: REDEEM_MAX_WRONG_PER_USER },
              { key: `redeem:ip:${ip}`, max: REDEEM_MAX_WRONG_PER_IP },
            ],
            REDEEM_WINDOW_MS,
          )
        : { release: async () => {} };
      if (!reservation) throw new AppError('COMMAND_CODE_LOCKED');
      const tier = await vipRepo.commandTierByKey(db, key);
      if (!tier) {
        const items = deps.commandItems;
        const code = await items?.find(key);
        if (!items || !code) throw new AppError('COMMAND_KEY_INVALID');
        await reservation.release();
        return items.redeem(userId, code, locale);
      }
      await reservation.release();
      const start = periodStart(tier.type as CommandType, nowMs);

      return ledger.transaction(async ({ tx, now, post }) => {
        const recharged = await rechargedSince(tx, userId, start);
        if (recharged < tier.moneyUnits) throw new AppError('COMMAND_NOT_REACHED');
        const claimId = await vipRepo.insertCommandClaim(tx, {
          userId,
          tierId: tier.id,
          periodStart: new Date(start),
          amountUnits: tier.rewardUnits,
          createdAt: now,
        });
        if (claimId === null) throw new AppError('COMMAND_ALREADY_CLAIMED');
        const r = await post({
          kind: COMMAND_REWARD_KIND,
          key: `command_reward:${userId}:${tier.id}:${start}`,
          currency: 'coin',
          memo: `command:${tier.id}`,
          legs: [
            { account: { house: 'promotions' }, amount: -tier.rewardUnits },
            { account: { userId }, amount: tier.rewardUnits },
          ],
        });
        return { get_money: tier.rewardUnits, money: r.balances.get(userId) ?? 0 };
      });
    },

    /**
     * Monthly retention (spec 2 §4) for the month boundary at or before now: every player with a
     * level keeps it with 30 % of its threshold recharged in the month before, else drops one.
     * Each player's boundary is applied once (retained_month), so a rerun or a second process
     * changes nothing. Safe to call often; it does real work once a month.
     */
    async runRetention(signal?: AbortSignal): Promise<{ checked: number; demoted: number }> {
      const nowMs = clock.now();
      const boundary = monthStart(nowMs);
      // The scan reads every recharge: once a boundary is done in this process, skip it.
      if (retentionDoneFor === boundary) return { checked: 0, demoted: 0 };
      const prev = monthStart(nowMs, -1);
      const levels = await vipRepo.levels(db);
      const minUnits = thresholdOf(levels, 1) || 1;
      const candidates = await rechargeTotalsBefore(db, boundary, prev, minUnits);
      let checked = 0;
      let demoted = 0;
      for (const c of candidates) {
        if (signal?.aborted) break;
        const dropped = await ledger.transaction(async ({ tx }) => {
          const member = await vipRepo.lockMember(tx, c.userId);
          if (member.retainedMonth && member.retainedMonth.getTime() >= boundary) return null;
          const exp = Math.max(0, c.totalUnits - member.deductedUnits);
          const extra = retentionDeduction(levels, exp, c.periodUnits);
          await vipRepo.updateMember(tx, c.userId, {
            deductedUnits: member.deductedUnits + extra,
            retainedMonth: new Date(boundary),
          });
          return extra > 0;
        });
        if (dropped === null) continue;
        checked++;
        if (dropped) demoted++;
        await vipStatusOf(db, c.userId);
      }
      if (!signal?.aborted) retentionDoneFor = boundary;
      return { checked, demoted };
    },
  };
}

export type VipService = ReturnType<typeof createVipService>;
