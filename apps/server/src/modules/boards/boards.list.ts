import { BOARD_SIZE, type BoardRow } from '@kaixiang/shared/boards';
import type { Db } from '../../db/client.ts';
import { promotionRepo } from '../promotion/promotion.repo.ts';
import { boardsRepo, type ScoreRow } from './boards.repo.ts';

export interface BoardList {
  list: BoardRow[];
  /** The viewer's place: rank when on the shown rows, else null; null for an anonymous viewer. */
  me: { rank: number | null; score: number; plays: number } | null;
  rows: ScoreRow[];
}

/**
 * A board as players see it: the top BOARD_SIZE rows with names and the prize of each rank, and
 * the viewer's own standing (a rank only within the shown rows: counting everyone ahead of a
 * player far down would read the whole period).
 */
export async function boardList(
  db: Db,
  board: string,
  period: string,
  viewerId: number | null,
  prizes: readonly number[],
): Promise<BoardList> {
  const [rows, mine] = await Promise.all([
    boardsRepo.top(db, board, period, BOARD_SIZE),
    viewerId === null ? null : boardsRepo.mine(db, board, period, viewerId),
  ]);
  const people = new Map(
    (
      await promotionRepo.users(
        db,
        rows.map((r) => r.userId),
      )
    ).map((p) => [p.id, p]),
  );
  const list = rows.map((r, i) => {
    const p = people.get(r.userId);
    return {
      rank: i + 1,
      user_id: r.userId,
      nick_name: p?.nickName ?? '',
      avatar: p?.avatar ?? '',
      vip_level: p?.vipLevel ?? 0,
      score: r.score,
      plays: r.plays,
      prize: prizes[i] ?? 0,
    };
  });
  const at = viewerId === null ? -1 : rows.findIndex((r) => r.userId === viewerId);
  const me =
    viewerId === null ? null : { rank: at >= 0 ? at + 1 : null, score: mine?.score ?? 0, plays: mine?.plays ?? 0 };
  return { list, me, rows };
}
