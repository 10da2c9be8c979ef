import type { OfferState } from '@kaixiang/shared/inventory';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';

/**
 * SQL of the console dashboard (docs/console/dashboard.md). A day's figures are read through
 * indexes on time: ledger_transfers_created_idx (for the day's range of transfer ids, then the
 * entries by that range of ledger_entries_transfer_idx), box_openings_created_idx, upgrade_records_created_idx,
 * user_items_created_idx, recharge_orders_created_idx. New players scan `users` (a count over
 * one column of a table far smaller than the ledger). Amounts come back as text or bigint from
 * the drivers: `num` makes them numbers (sums of units stay far below 2^53).
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

export interface Window {
  fromMs: number;
  toMs: number;
}

/** Players' coin legs of one transfer kind in a window. */
export interface KindTally {
  kind: string;
  /** Transfers (each of these kinds has one player leg). */
  n: number;
  /** Coins players paid (their debits, positive). */
  debitUnits: number;
  /** Coins players received. */
  creditUnits: number;
}

export interface DayTallies {
  kinds: KindTally[];
  activePlayers: number;
  newPlayers: number;
  boxes: { n: number; paidUnits: number; wonUnits: number };
  upgrades: { n: number; stakeUnits: number; wonUnits: number };
  /** Value of the items awarded, by user_items.source. */
  itemsBySource: Map<string, number>;
  channels: { payMode: string; created: number; paid: number }[];
}

/** One stored rollup row (schema/dashboard.ts). */
export interface RollupRow {
  day: string;
  metric: string;
  subject: string;
  n: number;
  inUnits: number;
  outUnits: number;
  computedAtMs: number;
}

/** The kinds the dashboard reads from the ledger: recharges, and the games whose stakes are coins. */
const LEDGER_KINDS = sql`(t.kind = 'recharge' or t.kind like 'battle\\_%' or t.kind like 'turntable\\_%' or t.kind like 'treasure\\_%')`;

/** The lowest and highest id of the window's transfers; null when it has none. */
export type IdRange = { lo: number; hi: number } | null;

/**
 * The window's transfers and their entries, by id range: every transfer of the window has an id
 * between the window's lowest and highest (by definition), and ids follow time but for commits
 * that interleave at the edges, so the range is the window plus a few neighbours, which the
 * time condition drops. With the bounds as literals the planner reads both tables by a range of
 * their btrees; a join on the time index alone made it scan every entry of the ledger.
 */
const inRange = (r: NonNullable<IdRange>, w: Window) => sql`
  t.id between ${r.lo} and ${r.hi} and e.transfer_id between ${r.lo} and ${r.hi}
  and t.created_at >= ${at(w.fromMs)} and t.created_at < ${at(w.toMs)}`;

/**
 * The house accounts (a few dozen rows, found by ledger_accounts_user_idx): a player's leg is any
 * other. Excluding them by id spares a lookup of every entry's account.
 */
const HOUSE_ACCOUNT_IDS = sql`array(select id from ledger_accounts where user_id is null)`;

export const dashboardRepo = {
  async transferIds(db: Db, w: Window): Promise<IdRange> {
    const [r] = rowsOf<{ lo: unknown; hi: unknown }>(
      // `id + 0`: a bare min(id) is planned as a walk of the primary key from its start until a
      // row of the window turns up (all of history for today); the expression makes it read the
      // window's rows by the time index and aggregate them.
      await db.execute(sql`
        select min(id + 0) as lo, max(id + 0) as hi from ledger_transfers
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}`),
    );
    return r?.lo === null || r?.lo === undefined ? null : { lo: num(r.lo), hi: num(r.hi) };
  },

  async kinds(db: Db, w: Window, ids: IdRange): Promise<KindTally[]> {
    if (!ids) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select t.kind, count(*)::int as n,
               coalesce(sum(-e.amount) filter (where e.amount < 0), 0)::text as debit,
               coalesce(sum(e.amount) filter (where e.amount > 0), 0)::text as credit
          from ledger_transfers t
          join ledger_entries e on e.transfer_id = t.id and e.currency = 'coin'
         where ${inRange(ids, w)} and ${LEDGER_KINDS} and e.account_id <> all (${HOUSE_ACCOUNT_IDS})
         group by t.kind`),
    );
    return rows.map((r) => ({
      kind: String(r.kind),
      n: num(r.n),
      debitUnits: num(r.debit),
      creditUnits: num(r.credit),
    }));
  },

  /**
   * Players who moved money of their own (any kind, any currency) or upgraded (an upgrade of
   * items alone posts no transfer).
   */
  async activePlayers(db: Db, w: Window, ids: IdRange): Promise<number> {
    // The entries alone (an entry's created_at is its transfer's: kx_post_transfer writes both),
    // by the range of transfer ids, then their accounts: no transfer row is needed.
    const ledger = ids
      ? sql`select a.user_id
              from ledger_entries e
              join ledger_accounts a on a.id = e.account_id
             where e.transfer_id between ${ids.lo} and ${ids.hi}
               and e.created_at >= ${at(w.fromMs)} and e.created_at < ${at(w.toMs)} and a.user_id is not null
            union`
      : sql``;
    const [r] = rowsOf<{ n: unknown }>(
      await db.execute(sql`
        select count(distinct user_id)::int as n from (
          ${ledger}
          select user_id from upgrade_records
           where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}
        ) s`),
    );
    return num(r?.n);
  },

  async newPlayers(db: Db, w: Window): Promise<number> {
    const [r] = rowsOf<{ n: unknown }>(
      await db.execute(sql`
        select count(*)::int as n from users where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}`),
    );
    return num(r?.n);
  },

  /** Paid openings (a free one, box_price_units 0, is a promotion's cost, not play). */
  async boxes(db: Db, w: Window): Promise<DayTallies['boxes']> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select count(*)::int as n, coalesce(sum(box_price_units), 0)::text as paid,
               coalesce(sum(price_units), 0)::text as won
          from box_openings
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)} and box_price_units > 0`),
    );
    return { n: num(r?.n), paidUnits: num(r?.paid), wonUnits: num(r?.won) };
  },

  /** Upgrades: the stake is items and coins (only the coins are a ledger transfer). */
  async upgrades(db: Db, w: Window): Promise<DayTallies['upgrades']> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select count(*)::int as n, coalesce(sum(stake_units), 0)::text as stake,
               coalesce(sum(target_price_units) filter (where success), 0)::text as won
          from upgrade_records
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}`),
    );
    return { n: num(r?.n), stakeUnits: num(r?.stake), wonUnits: num(r?.won) };
  },

  async itemsBySource(db: Db, w: Window, sources: readonly string[]): Promise<Map<string, number>> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select source, coalesce(sum(price_units), 0)::text as won
          from user_items
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}
           and source = any(${`{${sources.join(',')}}`}::text[])
         group by source`),
    );
    return new Map(rows.map((r) => [String(r.source), num(r.won)] as const));
  },

  /** Orders created in the window by pay mode, and how many of them are paid (status 2). */
  async channels(db: Db, w: Window): Promise<DayTallies['channels']> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select pay_mode, count(*)::int as created, count(*) filter (where status = 2)::int as paid
          from recharge_orders
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}
         group by pay_mode order by pay_mode`),
    );
    return rows.map((r) => ({ payMode: String(r.pay_mode), created: num(r.created), paid: num(r.paid) }));
  },

  async retrievals(
    db: Db,
    sinceMs: number,
  ): Promise<{ byState: Map<OfferState, number>; oldestPendingMs: number | null; failures: number }> {
    const [states, oldest, failures] = await Promise.all([
      db.execute(sql`select state, count(*)::int as n from trade_offers group by state`),
      db.execute(sql`select min(created_at) as at from trade_offers where state = 'pending'`),
      db.execute(sql`
        select count(*)::int as n from trade_offers
         where state in ('declined', 'failed') and resolved_at >= ${at(sinceMs)}`),
    ]);
    const oldestAt = rowsOf<{ at: unknown }>(oldest)[0]?.at;
    return {
      byState: new Map(rowsOf<{ state: string; n: unknown }>(states).map((r) => [r.state as OfferState, num(r.n)])),
      oldestPendingMs: oldestAt ? new Date(oldestAt as string | Date).getTime() : null,
      failures: num(rowsOf<{ n: unknown }>(failures)[0]?.n),
    };
  },

  /** The stored days from `fromDay` (inclusive) to `toDay` (exclusive): one index range of the key. */
  async rollups(db: Db | Tx, fromDay: string, toDay: string): Promise<RollupRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select day, metric, subject, n, in_units, out_units, computed_at from dashboard_days
         where day >= ${fromDay} and day < ${toDay} order by day, metric, subject`),
    );
    return rows.map((r) => ({
      day: String(r.day),
      metric: String(r.metric),
      subject: String(r.subject),
      n: num(r.n),
      inUnits: num(r.in_units),
      outUnits: num(r.out_units),
      computedAtMs: new Date(r.computed_at as string | Date).getTime(),
    }));
  },

  /** A day's rows replaced: what was stored for it goes, the new figures come (same transaction). */
  async replaceDay(tx: Tx, day: string, rows: Omit<RollupRow, 'day' | 'computedAtMs'>[], computedAtMs: number) {
    await tx.execute(sql`delete from dashboard_days where day = ${day}`);
    if (rows.length === 0) return;
    const values = rows.map(
      (r) => sql`(${day}, ${r.metric}, ${r.subject}, ${r.n}, ${r.inUnits}, ${r.outUnits}, ${at(computedAtMs)})`,
    );
    await tx.execute(sql`
      insert into dashboard_days (day, metric, subject, n, in_units, out_units, computed_at)
      values ${sql.join(values, sql`, `)}`);
  },

  /** Serialises writers of the rollup (the leader's job and a test's call, any process). */
  async lock(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kx_dashboard_days'))`);
  },
};
