/**
 * The turntable's reads of its tables (rounds in game_rooms, stakes in turntable_stakes, the
 * jackpot's ledger row), shared by the round loop (turntable.service.ts) and the screens' answers
 * (turntable.views.ts), and the one statement that books a bet (kx_turntable_bet).
 */
import {
  TURNTABLE_AREAS,
  TURNTABLE_GAME,
  TURNTABLE_OUTER_ICONS,
  type TurntableBetEntry,
  type TurntableRound,
  type TurntableUserBets,
} from '@kaixiang/game/turntable';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { and, desc, eq, lt as lessThan, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRooms, turntableStakes } from '../../db/schema/games.ts';
import { ledgerAccounts } from '../../db/schema/ledger.ts';
import { pgArray } from '../../db/tx.ts';
import { byAccountOwner, createTickBatcher } from '../../infra/tick-batcher.ts';
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

/** The newest round that takes bets, unlocked (null between rounds). */
export async function bettingRound(db: Db | Tx): Promise<Room<StoredRound> | null> {
  const [row] = await db
    .select()
    .from(gameRooms)
    .where(and(eq(gameRooms.game, TURNTABLE_GAME), eq(gameRooms.state, 'betting')))
    .orderBy(desc(gameRooms.id))
    .limit(1);
  return row ? toRoom<StoredRound>(row) : null;
}

/** One player's stakes in one round, as the rules hold them (null before their first bet). */
export async function stakesOf(db: Db | Tx, roundId: number, userId: number): Promise<TurntableUserBets | null> {
  const [row] = await db
    .select({
      areas: turntableStakes.areas,
      totalUnits: turntableStakes.totalUnits,
      entries: turntableStakes.entries,
      betIds: turntableStakes.betIds,
    })
    .from(turntableStakes)
    .where(and(eq(turntableStakes.roomId, roundId), eq(turntableStakes.userId, userId)));
  return row ?? null;
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

/** kx_turntable_bet's refusals (db/functions/turntable.sql) and the errors they answer. */
export const BET_REFUSALS = {
  not_betting: 'TURNTABLE_NOT_BETTING',
  closed: 'TURNTABLE_BETTING_CLOSED',
  repeated: 'TURNTABLE_BET_REPEATED',
  too_many: 'TURNTABLE_TOO_MANY_BETS',
  too_small: 'TURNTABLE_BET_TOO_SMALL',
  too_large: 'TURNTABLE_BET_TOO_LARGE',
  round_limit: 'TURNTABLE_ROUND_LIMIT',
  insufficient: 'INSUFFICIENT_BALANCE',
} as const satisfies Record<string, ErrorKey>;

export type BetJson =
  | { status: 'ok'; round_id: number; areas: number[]; balance: number }
  | { status: keyof typeof BET_REFUSALS };

/** A bet command whose shape the rules accepted (betShapeError), as kx_turntable_bet takes it. */
export interface BetWrite {
  userId: number;
  betId: string | null;
  bets: readonly TurntableBetEntry[];
  now: Date;
}

function betArgs(b: BetWrite) {
  return {
    user: b.userId,
    betId: b.betId,
    areas: pgArray(b.bets.map((e) => e.area)),
    amounts: pgArray(b.bets.map((e) => e.amount)),
    now: b.now.toISOString(),
  };
}

function answer(out: BetJson | undefined): BetJson {
  if (!out) throw new Error('kx_turntable_bet answered nothing');
  return out;
}

/**
 * Books bets on `db` (the pool): one statement, on its own (autocommit: the statement is the
 * transaction), prepared once per pool. The bets asked for in one turn of the event loop go
 * together as one kx_turntable_bets (infra/tick-batcher.ts: one round trip and one commit for all),
 * ordered by the players' ledger account owners. See db/functions/turntable.sql for what it checks
 * and writes, and when it writes nothing.
 */
export function betOn(db: Db, onBatch?: (size: number) => void): (b: BetWrite) => Promise<BetJson> {
  const one = db
    .select({
      r: sql<BetJson>`kx_turntable_bet(${sql.placeholder('user')}, ${sql.placeholder('betId')}::text,
        ${sql.placeholder('areas')}::integer[], ${sql.placeholder('amounts')}::bigint[],
        ${sql.placeholder('now')}::timestamptz)`,
    })
    .from(sql`(values (1)) as one`)
    .prepare('kx_turntable_bet');
  const many = db
    .select({ r: sql<BetJson[]>`kx_turntable_bets(${sql.placeholder('batch')}::jsonb)` })
    .from(sql`(values (1)) as one`)
    .prepare('kx_turntable_bets');
  return createTickBatcher<BetWrite, BetJson>({
    one: async (b) => answer((await one.execute(betArgs(b)))[0]?.r),
    many: async (bs) => {
      const out = (await many.execute({ batch: JSON.stringify(bs.map(betArgs)) }))[0]?.r;
      return (out ?? []).map(answer);
    },
    order: byAccountOwner((b) => b.userId),
    ...(onBatch ? { onBatch } : {}),
  });
}
