import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { boardScores } from '../../db/schema/boards.ts';

type Exec = Db | Tx;

export interface ScoreRow {
  userId: number;
  score: number;
  plays: number;
  refId: number | null;
  reachedAt: Date;
}

const scoreColumns = {
  userId: boardScores.userId,
  score: boardScores.score,
  plays: boardScores.plays,
  refId: boardScores.refId,
  reachedAt: boardScores.reachedAt,
};

/**
 * board_scores: one row per player per board per period (schema/boards.ts). The game boards are
 * written by triggers (db/functions/boards.sql); `add` is for boards kept in code (the cup's).
 */
export const boardsRepo = {
  /** Adds to a sum board, inside the caller's transaction. */
  async add(
    tx: Exec,
    row: { board: string; period: string; userId: number; score: number; plays: number; at: Date },
  ): Promise<void> {
    await tx
      .insert(boardScores)
      .values({
        board: row.board,
        period: row.period,
        userId: row.userId,
        score: row.score,
        plays: row.plays,
        reachedAt: row.at,
      })
      .onConflictDoUpdate({
        target: [boardScores.board, boardScores.period, boardScores.userId],
        set: {
          score: sql`${boardScores.score} + ${row.score}`,
          plays: sql`${boardScores.plays} + ${row.plays}`,
          reachedAt: row.score > 0 ? row.at : boardScores.reachedAt,
        },
      });
  },

  /** The best `limit` rows of a period, best first (ties: who reached the score first, then the lower id). */
  top(db: Exec, board: string, period: string, limit: number): Promise<ScoreRow[]> {
    return db
      .select(scoreColumns)
      .from(boardScores)
      .where(and(eq(boardScores.board, board), eq(boardScores.period, period)))
      .orderBy(desc(boardScores.score), asc(boardScores.reachedAt), asc(boardScores.userId))
      .limit(limit);
  },

  /** One player's row of a period, if any. */
  async mine(db: Exec, board: string, period: string, userId: number): Promise<ScoreRow | null> {
    const [row] = await db
      .select(scoreColumns)
      .from(boardScores)
      .where(and(eq(boardScores.board, board), eq(boardScores.period, period), eq(boardScores.userId, userId)));
    return row ?? null;
  },
};
