import type { TaskKind } from '@kaixiang/shared/tasks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { RECHARGE_KIND } from '../ledger/recharges.ts';

/** What a player did in a window, per task kind: counts of actions, units recharged. */
export type Progress = Partial<Record<TaskKind, number>>;

/**
 * One count per kind over [start, end) for one player, each walking that game's (user, time)
 * index. `caps` bounds each count (the task's target): `count(*)` over a `limit cap` subquery stops
 * at the target, so a player who opened 5,000 boxes today costs what one who opened 5 does. The
 * recharge is the ledger's definition (kind `recharge` on the coin account, as VIP and the lucky
 * bags read it): no cap, a sum (docs/promotions/tasks.md "Progress").
 */
const COUNTS: Record<Exclude<TaskKind, 'recharge'>, (u: number, s: string, e: string, cap: number) => SQL> = {
  open_box: (u, s, e, cap) => sql`(select count(*) from (select 1 from box_openings
      where user_id = ${u} and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz limit ${cap}) x)`,
  battle: (u, s, e, cap) => sql`(select count(*) from (select 1 from game_room_members m
      join game_rooms r on r.id = m.room_id
      where m.user_id = ${u} and m.joined_at >= ${s}::timestamptz and m.joined_at < ${e}::timestamptz
        and r.game = 'battle' limit ${cap}) x)`,
  upgrade: (u, s, e, cap) => sql`(select count(*) from (select 1 from upgrade_records
      where user_id = ${u} and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz limit ${cap}) x)`,
  turntable_bet: (u, s, e, cap) => sql`(select count(*) from (select 1 from turntable_stakes
      where user_id = ${u} and created_at >= ${s}::timestamptz and created_at < ${e}::timestamptz
        and total_units > 0 limit ${cap}) x)`,
};

const rechargeSum = (u: number, s: string, e: string) => sql`(select coalesce(sum(le.amount), 0)
    from ledger_accounts a
    join ledger_entries le on le.account_id = a.id
    join ledger_transfers t on t.id = le.transfer_id
    where a.owner = ${`u:${u}`} and a.currency = 'coin' and t.kind = ${RECHARGE_KIND}
      and le.created_at >= ${s}::timestamptz and le.created_at < ${e}::timestamptz)`;

/** The player's progress in the kinds asked (each capped at its cap), in one statement. */
export async function progressOf(
  db: Db | Tx,
  userId: number,
  caps: ReadonlyMap<TaskKind, number>,
  window: { start: Date; end: Date },
): Promise<Progress> {
  if (caps.size === 0) return {};
  const s = window.start.toISOString();
  const e = window.end.toISOString();
  const parts = [...caps].map(([kind, cap]) => {
    const expr = kind === 'recharge' ? rechargeSum(userId, s, e) : COUNTS[kind](userId, s, e, Math.max(1, cap));
    return sql`${expr}::text as ${sql.identifier(kind)}`;
  });
  const r = (await db.execute(sql`select ${sql.join(parts, sql`, `)}`)) as unknown as {
    rows: Record<string, string>[];
  };
  const row = r.rows[0] ?? {};
  const out: Progress = {};
  for (const kind of caps.keys()) out[kind] = Number(row[kind] ?? 0);
  return out;
}

/** The largest target per kind among these tasks: what progressOf needs to count up to. */
export function capsOf(tasks: readonly { kind: TaskKind; target: number }[]): Map<TaskKind, number> {
  const caps = new Map<TaskKind, number>();
  for (const t of tasks) caps.set(t.kind, Math.max(caps.get(t.kind) ?? 0, t.target));
  return caps;
}
