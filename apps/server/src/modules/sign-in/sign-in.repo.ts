import { asc, count, desc, gte, sql, sum } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type SignInRewardRow, type SignInRow, signInRewards, signIns } from '../../db/schema/sign-in.ts';

/** What a sign-in inserted: its cycle day, streak and the reward it pays. */
export interface SignedRow {
  cycleDay: number;
  streak: number;
  points: number;
  coinUnits: number;
  bagCampaignId: number | null;
  bagCount: number;
}

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const signInRepo = {
  rewards: (db: Db | Tx): Promise<SignInRewardRow[]> => db.select().from(signInRewards).orderBy(asc(signInRewards.day)),

  /** Locks the reward table for an admin change: two changes at once apply in turn. */
  lockRewards: (tx: Tx): Promise<SignInRewardRow[]> =>
    tx.select().from(signInRewards).orderBy(asc(signInRewards.day)).for('update'),

  async replaceRewards(tx: Tx, rows: readonly (typeof signInRewards.$inferInsert)[]): Promise<void> {
    await tx.delete(signInRewards);
    await tx.insert(signInRewards).values([...rows]);
  },

  /** A player's sign-ins of these China days (YYYY-MM-DD). */
  async ofDays(db: Db | Tx, userId: number, days: readonly string[]): Promise<SignInRow[]> {
    if (days.length === 0) return [];
    return db
      .select()
      .from(signIns)
      .where(
        sql`${signIns.userId} = ${userId} and ${signIns.day} in (${sql.join(
          days.map((d) => sql`${d}::date`),
          sql`, `,
        )})`,
      );
  },

  /**
   * Signs a player in for `day`, in one statement: the cycle day and streak follow from the
   * player's row of `yesterday` (none: the streak starts again at day 1; day 7: a new cycle), the
   * reward is that cycle day's row of the table, and the unique (user, day) lets one insert in.
   * Returns nothing when the player has signed in that day already — including when another
   * request, on this process or another, committed it first (the insert waits for it, then does
   * nothing).
   */
  async insertSignIn(
    tx: Tx,
    s: { userId: number; day: string; yesterday: string; now: Date },
  ): Promise<SignedRow | undefined> {
    const result = (await tx.execute(sql`
      with prev as (
        select cycle_day, streak from sign_ins where user_id = ${s.userId} and day = ${s.yesterday}::date
      ), r as (
        select * from sign_in_rewards where day = coalesce((select cycle_day % 7 + 1 from prev), 1)
      )
      insert into sign_ins (user_id, day, cycle_day, streak, points, coin_units, bag_campaign_id, bag_count, created_at)
      select ${s.userId}, ${s.day}::date, r.day, coalesce((select streak + 1 from prev), 1), r.points, r.coin_units,
        r.bag_campaign_id, r.bag_count, ${s.now.toISOString()}::timestamptz
      from r
      on conflict (user_id, day) do nothing
      returning cycle_day, streak, points, coin_units::text as coin_units, bag_campaign_id, bag_count
    `)) as unknown as {
      rows: {
        cycle_day: number;
        streak: number;
        points: number;
        coin_units: string;
        bag_campaign_id: number | null;
        bag_count: number;
      }[];
    };
    const r = result.rows[0];
    if (!r) return undefined;
    return {
      cycleDay: Number(r.cycle_day),
      streak: Number(r.streak),
      points: Number(r.points),
      coinUnits: Number(r.coin_units),
      bagCampaignId: r.bag_campaign_id === null ? null : Number(r.bag_campaign_id),
      bagCount: Number(r.bag_count),
    };
  },

  /** Per China day from `since` on: players signed in and what they were paid, newest first. */
  async recentDays(db: Db, since: string) {
    return db
      .select({
        day: signIns.day,
        players: count(),
        points: sum(signIns.points).mapWith(Number),
        coins: sum(signIns.coinUnits).mapWith(Number),
        bags: sum(signIns.bagCount).mapWith(Number),
      })
      .from(signIns)
      .where(gte(signIns.day, since))
      .groupBy(signIns.day)
      .orderBy(desc(signIns.day));
  },
};
