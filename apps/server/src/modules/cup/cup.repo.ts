import type { CupResult } from '@kaixiang/shared/cup';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { cupFixtures, cupPredictions, cupTournaments } from '../../db/schema/boards.ts';

type Exec = Db | Tx;

export type TournamentRow = typeof cupTournaments.$inferSelect;
export type FixtureRow = typeof cupFixtures.$inferSelect;
export type PredictionRow = typeof cupPredictions.$inferSelect;

/** Per fixture and pick: how many picked it, the points staked on it and paid back for it. */
export interface PickStats {
  picks: { home: number; draw: number; away: number };
  staked: { home: number; draw: number; away: number };
  paid: number;
}

export interface TournamentStats {
  fixtures: number;
  predictions: number;
  staked: number;
  paid: number;
}

const emptyPicks = (): PickStats => ({
  picks: { home: 0, draw: 0, away: 0 },
  staked: { home: 0, draw: 0, away: 0 },
  paid: 0,
});

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const cupRepo = {
  // --- tournaments ---------------------------------------------------------------------------

  /** Tournaments, newest first; without drafts when `visibleOnly` (what players may see). */
  tournaments(db: Exec, visibleOnly: boolean): Promise<TournamentRow[]> {
    return db
      .select()
      .from(cupTournaments)
      .where(visibleOnly ? ne(cupTournaments.state, 'draft') : undefined)
      .orderBy(desc(cupTournaments.id));
  },

  async tournament(db: Exec, id: number): Promise<TournamentRow | undefined> {
    const [row] = await db.select().from(cupTournaments).where(eq(cupTournaments.id, id));
    return row;
  },

  async lockTournament(tx: Tx, id: number): Promise<TournamentRow | undefined> {
    const [row] = await tx.select().from(cupTournaments).where(eq(cupTournaments.id, id)).for('update');
    return row;
  },

  async insertTournament(tx: Tx, row: typeof cupTournaments.$inferInsert): Promise<TournamentRow> {
    const [made] = await tx.insert(cupTournaments).values(row).returning();
    if (!made) throw new Error('cup tournament not inserted');
    return made;
  },

  async updateTournament(tx: Tx, id: number, set: Partial<typeof cupTournaments.$inferInsert>): Promise<TournamentRow> {
    const [row] = await tx.update(cupTournaments).set(set).where(eq(cupTournaments.id, id)).returning();
    if (!row) throw new Error(`cup tournament ${id} vanished`);
    return row;
  },

  /** Per tournament (all, or these): fixtures, predictions, points staked and paid back. */
  async tournamentStats(db: Exec, ids?: readonly number[]): Promise<Map<number, TournamentStats>> {
    const [fixtures, predictions] = await Promise.all([
      db
        .select({ tournamentId: cupFixtures.tournamentId, n: count() })
        .from(cupFixtures)
        .where(ids ? inArray(cupFixtures.tournamentId, [...ids]) : undefined)
        .groupBy(cupFixtures.tournamentId),
      db
        .select({
          tournamentId: cupFixtures.tournamentId,
          n: count(),
          staked: sql<string>`coalesce(sum(${cupPredictions.stake}), 0)`,
          paid: sql<string>`coalesce(sum(${cupPredictions.payout}), 0)`,
        })
        .from(cupPredictions)
        .innerJoin(cupFixtures, eq(cupFixtures.id, cupPredictions.fixtureId))
        .where(ids ? inArray(cupFixtures.tournamentId, [...ids]) : undefined)
        .groupBy(cupFixtures.tournamentId),
    ]);
    const out = new Map<number, TournamentStats>();
    for (const f of fixtures) out.set(f.tournamentId, { fixtures: f.n, predictions: 0, staked: 0, paid: 0 });
    for (const p of predictions) {
      const s = out.get(p.tournamentId) ?? { fixtures: 0, predictions: 0, staked: 0, paid: 0 };
      out.set(p.tournamentId, { ...s, predictions: p.n, staked: Number(p.staked), paid: Number(p.paid) });
    }
    return out;
  },

  // --- fixtures ------------------------------------------------------------------------------

  /** A tournament's fixtures in kick-off order. */
  fixtures(db: Exec, tournamentId: number): Promise<FixtureRow[]> {
    return db
      .select()
      .from(cupFixtures)
      .where(eq(cupFixtures.tournamentId, tournamentId))
      .orderBy(asc(cupFixtures.kickoffAt), asc(cupFixtures.id));
  },

  async fixture(db: Exec, id: number): Promise<FixtureRow | undefined> {
    const [row] = await db.select().from(cupFixtures).where(eq(cupFixtures.id, id));
    return row;
  },

  /**
   * The fixture a prediction is for, with its tournament's state, share-locked: a settlement
   * (which locks it for update) cannot read the open predictions while one is being added.
   */
  async fixtureForPredict(tx: Tx, id: number): Promise<{ f: FixtureRow; state: string } | undefined> {
    const [row] = await tx
      .select({ f: cupFixtures, state: cupTournaments.state })
      .from(cupFixtures)
      .innerJoin(cupTournaments, eq(cupTournaments.id, cupFixtures.tournamentId))
      .where(eq(cupFixtures.id, id))
      .for('share', { of: cupFixtures });
    return row;
  },

  /** Locks a fixture's row for a change or its settlement: one at a time, whichever process. */
  async lockFixture(tx: Tx, id: number): Promise<FixtureRow | undefined> {
    const [row] = await tx.select().from(cupFixtures).where(eq(cupFixtures.id, id)).for('update');
    return row;
  },

  async insertFixture(tx: Tx, row: typeof cupFixtures.$inferInsert): Promise<FixtureRow> {
    const [made] = await tx.insert(cupFixtures).values(row).returning();
    if (!made) throw new Error('cup fixture not inserted');
    return made;
  },

  async updateFixture(tx: Tx, id: number, set: Partial<typeof cupFixtures.$inferInsert>): Promise<FixtureRow> {
    const [row] = await tx.update(cupFixtures).set(set).where(eq(cupFixtures.id, id)).returning();
    if (!row) throw new Error(`cup fixture ${id} vanished`);
    return row;
  },

  /** Per fixture: picks, stakes per pick and what was paid back, in one grouped read. */
  async pickStats(db: Exec, fixtureIds: readonly number[]): Promise<Map<number, PickStats>> {
    const out = new Map<number, PickStats>();
    if (fixtureIds.length === 0) return out;
    const rows = await db
      .select({
        fixtureId: cupPredictions.fixtureId,
        pick: cupPredictions.pick,
        n: count(),
        staked: sql<string>`coalesce(sum(${cupPredictions.stake}), 0)`,
        paid: sql<string>`coalesce(sum(${cupPredictions.payout}), 0)`,
      })
      .from(cupPredictions)
      .where(inArray(cupPredictions.fixtureId, [...fixtureIds]))
      .groupBy(cupPredictions.fixtureId, cupPredictions.pick);
    for (const r of rows) {
      const s = out.get(r.fixtureId) ?? emptyPicks();
      const pick = r.pick as keyof PickStats['picks'];
      s.picks[pick] += r.n;
      s.staked[pick] += Number(r.staked);
      s.paid += Number(r.paid);
      out.set(r.fixtureId, s);
    }
    return out;
  },

  // --- predictions ---------------------------------------------------------------------------

  /**
   * Adds a prediction, or nothing when the player already has one on this fixture (the unique
   * index decides, also between two requests at once: the second waits for the first's commit).
   */
  async insertPrediction(tx: Tx, row: typeof cupPredictions.$inferInsert): Promise<PredictionRow | undefined> {
    const [made] = await tx.insert(cupPredictions).values(row).onConflictDoNothing().returning();
    return made;
  },

  /** The player's predictions on these fixtures. */
  userPredictions(db: Exec, userId: number, fixtureIds: readonly number[]): Promise<PredictionRow[]> {
    if (fixtureIds.length === 0) return Promise.resolve([]);
    return db
      .select()
      .from(cupPredictions)
      .where(and(eq(cupPredictions.userId, userId), inArray(cupPredictions.fixtureId, [...fixtureIds])));
  },

  /**
   * Settles every open prediction of a fixture in one statement: right picks won with
   * stake × odds / 10000 (integer division: floor, stake included), wrong ones lost, all void
   * with the stake as their payout (it is paid back). Runs under the fixture's row lock.
   */
  settlePredictions(tx: Tx, fixtureId: number, result: CupResult, now: Date): Promise<PredictionRow[]> {
    const right = sql`${cupPredictions.pick} = ${result}::text`;
    const isVoid = sql`${result}::text = 'void'`;
    return tx
      .update(cupPredictions)
      .set({
        status: sql`case when ${isVoid} then 'void' when ${right} then 'won' else 'lost' end`,
        payout: sql`case when ${isVoid} then ${cupPredictions.stake}
          when ${right} then ${cupPredictions.stake} * ${cupPredictions.oddsBp} / 10000 else 0 end`,
        settledAt: now,
      })
      .where(and(eq(cupPredictions.fixtureId, fixtureId), eq(cupPredictions.status, 'open')))
      .returning();
  },

  /** A page of the player's predictions, newest first, with their fixture and tournament. */
  async mine(db: Db, q: { userId: number; limit: number; offset: number }) {
    const where = eq(cupPredictions.userId, q.userId);
    const [rows, [total]] = await Promise.all([
      db
        .select({ p: cupPredictions, f: cupFixtures, t: cupTournaments })
        .from(cupPredictions)
        .innerJoin(cupFixtures, eq(cupFixtures.id, cupPredictions.fixtureId))
        .innerJoin(cupTournaments, eq(cupTournaments.id, cupFixtures.tournamentId))
        .where(where)
        .orderBy(desc(cupPredictions.id))
        .limit(q.limit)
        .offset(q.offset),
      db.select({ n: count() }).from(cupPredictions).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },
};
