/**
 * The turntable's reads of its tables (rounds in game_rooms, stakes in turntable_stakes, the
 * jackpot's ledger row), shared by the round loop (turntable.service.ts) and the screens' answers
 * (turntable.views.ts).
 */
import { TURNTABLE_AREAS, TURNTABLE_GAME, TURNTABLE_OUTER_ICONS, type TurntableRound } from '@kaixiang/game/turntable';
import { and, desc, eq, lt as lessThan, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { type Room, toRoom } from '../games/room-engine.ts';

/** How often a process sends the area totals of rounds that took bets (a few frames a second). */
export const BET_FRAME_MS = 250;

/** The jackpot pool's ledger account (a house account that keeps its balance). */
export const JACKPOT_OWNER = 'h:turntable_jackpot';

/** The rules' round as stored: stakes live in turntable_stakes, so `users` stays empty. */
export type StoredRound = TurntableRound & {
  chain: { id: number; index: number; terminalHash: string };
  /** Rounds since each outer icon last came up, after this round (settled rounds only). */
  missCounts?: number[];
};

export const zeros = (n: number) => new Array<number>(n).fill(0);

/** The newest round, whatever its state. */
export async function latestRound(tx: Tx | Db): Promise<Room<StoredRound> | null> {
  const [row] = await tx
    .select()
    .from(gameRooms)
    .where(eq(gameRooms.game, TURNTABLE_GAME))
    .orderBy(desc(gameRooms.id))
    .limit(1);
  return row ? toRoom<StoredRound>(row) : null;
}

/** The miss counts after the last round settled before `roundId` (zeros before the first). */
export async function previousMissCounts(tx: Tx | Db, roundId: number): Promise<number[]> {
  const [row] = await tx
    .select({ counts: sql<number[] | null>`${gameRooms.data}->'missCounts'` })
    .from(gameRooms)
    .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'settled'), lessThan(gameRooms.id, roundId)))
    .orderBy(desc(gameRooms.id))
    .limit(1);
  return row?.counts ?? zeros(TURNTABLE_OUTER_ICONS);
}

/** Each area's total stake and number of players in a round, read from the stakes rows. */
export async function areaTotals(tx: Tx | Db, roundId: number) {
  const totals = Array.from({ length: TURNTABLE_AREAS }, (_, area) => ({ area, amount: 0, users: 0 }));
  const rows = (await tx.execute(sql`
    select (a.idx - 1)::int as area, sum(a.amount)::bigint as amount, count(*) filter (where a.amount > 0)::int as users
    from turntable_stakes s, unnest(s.areas) with ordinality as a(amount, idx)
    where s.room_id = ${roundId} group by a.idx`)) as unknown as {
    rows: { area: number; amount: string | number; users: number }[];
  };
  for (const r of rows.rows) {
    const t = totals[Number(r.area)];
    if (t) {
      t.amount = Number(r.amount);
      t.users = Number(r.users);
    }
  }
  return totals;
}

/** The jackpot pool now. */
export async function jackpotBalance(db: Db | Tx): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.owner, JACKPOT_OWNER), eq(ledgerAccounts.currency, 'coin')));
  return row?.balance ?? 0;
}
