import {
  addMonths,
  type CoolOffRequest,
  LIMIT_FIELDS,
  type LimitField,
  type LimitsRequest,
  PLAY_SESSION_IDLE_MS,
  type ProtectionView,
  protectionPeriods,
  type RealityCheckRequest,
  type SelfExcludeRequest,
} from '@kaixiang/shared/protection';
import type { Db, Tx } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { chinaDayOf } from '../promotion/china-day.ts';
import { type ProtectionRow, protectionRepo as repo } from './protection.repo.ts';
import { applyLimitChanges, isValidLimit, type Limits, type Pending } from './protection.rules.ts';

const DAY_MS = 86_400_000;

export interface ProtectionDeps {
  db: Db;
  transaction<T>(fn: (tx: Tx) => Promise<T>): Promise<T>;
  clock: Clock;
}

const limitsOf = (r: ProtectionRow | null): Limits => ({
  deposit_day: r?.depositDay ?? null,
  deposit_week: r?.depositWeek ?? null,
  deposit_month: r?.depositMonth ?? null,
  loss_day: r?.lossDay ?? null,
  loss_week: r?.lossWeek ?? null,
  loss_month: r?.lossMonth ?? null,
});

const columnsOf = (l: Limits) => ({
  depositDay: l.deposit_day,
  depositWeek: l.deposit_week,
  depositMonth: l.deposit_month,
  lossDay: l.loss_day,
  lossWeek: l.loss_week,
  lossMonth: l.loss_month,
});

/** The refusal a cool-off or an exclusion in force at `now` makes, if any. */
export function blockOf(
  row: Pick<ProtectionRow, 'excludedUntil' | 'coolOffUntil'> | null,
  now: Date,
): 'PROTECTION_EXCLUDED' | 'PROTECTION_COOL_OFF' | null {
  if (row?.excludedUntil && row.excludedUntil > now) return 'PROTECTION_EXCLUDED';
  if (row?.coolOffUntil && row.coolOffUntil > now) return 'PROTECTION_COOL_OFF';
  return null;
}

/**
 * Player protection (issue 24 §2, docs/player-protection.md): the player's own limits, reality
 * checks, cool-off and self-exclusion. Stakes are checked by the ledger itself
 * (db/functions/protection.sql) for guarded accounts; recharges by `checkDeposit`, which the
 * payments module calls inside its order transaction.
 */
export function createProtectionService(deps: ProtectionDeps) {
  const { db, clock } = deps;

  async function viewOf(userId: number, row: ProtectionRow | null, nowMs: number): Promise<ProtectionView> {
    const p = protectionPeriods(nowMs);
    const days = { day: chinaDayOf(p.day), week: chinaDayOf(p.week), month: chinaDayOf(p.month) };
    const [deposits, loss] = await Promise.all([
      repo.deposits(db, userId, { day: new Date(p.day), week: new Date(p.week), month: new Date(p.month) }),
      (await repo.guarded(db, userId))
        ? repo.lossFromUsage(db, userId, days)
        : repo.lossFromLedger(db, userId, days, new Date(Math.min(p.week, p.month))),
    ]);
    const pending = (row?.pending ?? {}) as Pending;
    const sessionLive =
      row?.sessionStartedAt && row.sessionLastAt && nowMs - row.sessionLastAt.getTime() < PLAY_SESSION_IDLE_MS;
    const at = (d: Date | null | undefined) => (d && d.getTime() > nowMs ? d.getTime() : null);
    return {
      limits: limitsOf(row),
      pending: LIMIT_FIELDS.flatMap((field) => {
        const w = pending[field];
        return w ? [{ field, value: w.value, effective_at: w.at }] : [];
      }),
      usage: {
        deposit_day: deposits.day,
        deposit_week: deposits.week,
        deposit_month: deposits.month,
        loss_day: loss.day,
        loss_week: loss.week,
        loss_month: loss.month,
      },
      reality_check_minutes: row?.realityMinutes ?? 0,
      session:
        sessionLive && row?.sessionStartedAt
          ? {
              started_at: row.sessionStartedAt.getTime(),
              next_check_at: row.realityMinutes > 0 ? (row.sessionNextCheckAt?.getTime() ?? null) : null,
              net_spend: row.sessionStaked - row.sessionReturned,
            }
          : null,
      cool_off_until: at(row?.coolOffUntil),
      excluded_until: at(row?.excludedUntil),
      now: nowMs,
    };
  }

  /**
   * One change to the player's own settings: guards their coin account first when asked (the
   * ledger account's lock comes before the protection row's, as in the ledger), makes and locks
   * the row with raises due applied, runs `change`, and answers the view after commit.
   */
  async function change(
    userId: number,
    opts: { guard: boolean },
    fn: (tx: Tx, row: ProtectionRow, now: Date) => Promise<void>,
  ): Promise<ProtectionView> {
    const nowMs = clock.now();
    const row = await deps.transaction(async (tx) => {
      const now = new Date(nowMs);
      if (opts.guard) await repo.guard(tx, userId, now);
      await repo.ensure(tx, userId, now);
      const locked = await repo.settle(tx, userId, now);
      if (!locked) throw new Error('protection row vanished');
      await fn(tx, locked, now);
      return repo.settle(tx, userId, now);
    });
    return viewOf(userId, row, nowMs);
  }

  /** The player's row with due raises applied (null: never set anything), and the time read. */
  async function settled(userId: number): Promise<{ row: ProtectionRow | null; nowMs: number }> {
    const nowMs = clock.now();
    return { row: await deps.transaction((tx) => repo.settle(tx, userId, new Date(nowMs))), nowMs };
  }

  /** Sets an exclusion on one account (already guarded and locked by the caller), never shortening one. */
  async function excludeOne(tx: Tx, userId: number, until: Date, now: Date, detail: Record<string, unknown>) {
    await repo.guard(tx, userId, now);
    await repo.ensure(tx, userId, now);
    const row = await repo.settle(tx, userId, now);
    if (row?.excludedUntil && row.excludedUntil >= until) return;
    await repo.update(tx, userId, { excludedUntil: until, updatedAt: now });
    await repo.log(tx, userId, 'exclude_linked', { ...detail, until: until.getTime() }, now);
  }

  return {
    async view(userId: number): Promise<ProtectionView> {
      const { row, nowMs } = await settled(userId);
      return viewOf(userId, row, nowMs);
    },

    /** The console's read-only view: null when the player never set anything. */
    async adminView(userId: number): Promise<ProtectionView | null> {
      const { row, nowMs } = await settled(userId);
      return row ? viewOf(userId, row, nowMs) : null;
    },

    async setLimits(userId: number, req: LimitsRequest): Promise<ProtectionView> {
      const changes: Partial<Record<LimitField, number | null>> = {};
      for (const field of LIMIT_FIELDS) {
        const v = req.limits[field];
        if (v === undefined) continue;
        if (!isValidLimit(v)) throw new AppError('PROTECTION_LIMIT_INVALID');
        changes[field] = v;
      }
      // Loss limits are kept by the ledger's guard: it must be on before the first one counts.
      const guard = (['loss_day', 'loss_week', 'loss_month'] as const).some((f) => changes[f] != null);
      return change(userId, { guard }, async (tx, row, now) => {
        const next = applyLimitChanges(limitsOf(row), row.pending as Pending, changes, now.getTime());
        await repo.update(tx, userId, { ...columnsOf(next.limits), pending: next.pending, updatedAt: now });
        await repo.log(tx, userId, 'limits', { changes, applied: next.applied, waiting: next.waiting }, now);
      });
    },

    async setRealityCheck(userId: number, req: RealityCheckRequest): Promise<ProtectionView> {
      return change(userId, { guard: req.minutes > 0 }, async (tx, row, now) => {
        const live = row.sessionLastAt && now.getTime() - row.sessionLastAt.getTime() < PLAY_SESSION_IDLE_MS;
        await repo.update(tx, userId, {
          realityMinutes: req.minutes,
          // The interval counts from now in a session under way; off clears the reminder due.
          sessionNextCheckAt: req.minutes > 0 && live ? new Date(now.getTime() + req.minutes * 60_000) : null,
          updatedAt: now,
        });
        await repo.log(tx, userId, 'reality', { minutes: req.minutes }, now);
      });
    },

    /** The player saw the reminder: play goes on for another interval (recorded). */
    async ackRealityCheck(userId: number): Promise<ProtectionView> {
      return change(userId, { guard: false }, async (tx, row, now) => {
        const due = row.sessionNextCheckAt && row.sessionNextCheckAt <= now;
        if (!due || row.realityMinutes === 0) return;
        await repo.update(tx, userId, {
          sessionNextCheckAt: new Date(now.getTime() + row.realityMinutes * 60_000),
          updatedAt: now,
        });
        await repo.log(
          tx,
          userId,
          'reality_ack',
          {
            session_started_at: row.sessionStartedAt?.getTime() ?? null,
            net_spend: row.sessionStaked - row.sessionReturned,
          },
          now,
        );
      });
    },

    async coolOff(userId: number, req: CoolOffRequest): Promise<ProtectionView> {
      return change(userId, { guard: true }, async (tx, row, now) => {
        const until = new Date(now.getTime() + req.days * DAY_MS);
        const longest = Math.max(row.coolOffUntil?.getTime() ?? 0, row.excludedUntil?.getTime() ?? 0);
        if (longest > until.getTime()) throw new AppError('PROTECTION_SHORTER_THAN_CURRENT');
        await repo.update(tx, userId, { coolOffUntil: until, updatedAt: now });
        await repo.log(tx, userId, 'cool_off', { days: req.days, until: until.getTime() }, now);
      });
    },

    /**
     * Self-exclusion: this account and every other account verified with the same real-name ID
     * (issue 24 §2), each from now until the end, never shortening one already longer.
     */
    async selfExclude(userId: number, req: SelfExcludeRequest): Promise<ProtectionView> {
      const idHash = await repo.idHashOf(db, userId);
      return change(userId, { guard: true }, async (tx, row, now) => {
        const until = new Date(addMonths(now.getTime(), req.months));
        if (row.excludedUntil && row.excludedUntil > until) throw new AppError('PROTECTION_SHORTER_THAN_CURRENT');
        // The ID's row lock (the one a verification takes): an account verified meanwhile is either
        // in this list or verified after this commit, and then inherits the exclusion.
        if (idHash) await repo.lockIdentity(tx, idHash);
        const others = idHash ? (await repo.accountsOfId(tx, idHash)).filter((id) => id !== userId) : [];
        await repo.update(tx, userId, { excludedUntil: until, updatedAt: now });
        await repo.log(tx, userId, 'exclude', { months: req.months, until: until.getTime(), linked: others }, now);
        for (const other of others) await excludeOne(tx, other, until, now, { by: userId });
      });
    },

    /**
     * Inside a recharge order's transaction (after the payments module's user lock): refuses an
     * order during a cool-off or an exclusion, or one that would take a period's deposits (orders
     * paid or still payable) past a limit. The row lock makes two orders at once count each other.
     */
    async checkDeposit(tx: Tx, userId: number, amountUnits: number, now: Date): Promise<void> {
      const row = await repo.settle(tx, userId, now);
      if (!row) return;
      const block = blockOf(row, now);
      if (block) throw new AppError(block);
      if (row.depositDay === null && row.depositWeek === null && row.depositMonth === null) return;
      const p = protectionPeriods(now.getTime());
      const used = await repo.deposits(tx, userId, {
        day: new Date(p.day),
        week: new Date(p.week),
        month: new Date(p.month),
      });
      const over = (limit: number | null, sum: number) => limit !== null && sum + amountUnits > limit;
      if (over(row.depositDay, used.day) || over(row.depositWeek, used.week) || over(row.depositMonth, used.month)) {
        throw new AppError('PROTECTION_DEPOSIT_LIMIT');
      }
    },

    /**
     * A newly verified account inherits the exclusion of any account of its ID (called inside the
     * verification's transaction, with the identity row locked).
     */
    async inheritExclusion(tx: Tx, userId: number, idHash: string, now: Date): Promise<void> {
      const others = (await repo.accountsOfId(tx, idHash)).filter((id) => id !== userId);
      const until = others.length > 0 ? await repo.latestExclusion(tx, others) : null;
      if (until && until > now) await excludeOne(tx, userId, until, now, { inherited: true });
    },
  };
}

export type ProtectionService = ReturnType<typeof createProtectionService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Player protection (app.ts): tests and the modules registered later reach it here. */
    protection: ProtectionService;
  }
}

/**
 * Refuses a promotion's claim (a sign-in, a task reward, a red packet, a code, a free box) by a
 * player in a cool-off or an exclusion: no incentive reaches them while they stay away (issue 24
 * §2). One primary-key read; called first thing by each claim.
 */
export async function assertMayClaim(db: Db, userId: number, nowMs: number): Promise<void> {
  const block = blockOf(await repo.peek(db, userId), new Date(nowMs));
  if (block) throw new AppError(block);
}
