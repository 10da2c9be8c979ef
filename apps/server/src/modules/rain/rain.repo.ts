/**
 * The rain's reads and writes of its tables (rounds in game_rooms and rain_rounds, packets and
 * grabs in rain_packets, schedules in rain_schedules), shared by the round loop, the grab, the
 * views and the admin API; and the one statement that books a grab (kx_rain_grab).
 */
import type { RainConditions, RainTiming } from '@kaixiang/game/rain';
import { RAIN_GAME } from '@kaixiang/game/rain';
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { rainPackets, rainRounds, rainSchedules } from '../../db/schema/rain.ts';
import { pgArray } from '../../db/tx.ts';
import { byAccountOwner, createTickBatcher } from '../../infra/tick-batcher.ts';
import { type Room, toRoom } from '../games/room-engine.ts';

/** scheduled → noticed (red_packet_round_notice sent) → running → ended; or cancelled before it ran. */
export type RainRoundState = 'scheduled' | 'noticed' | 'running' | 'ended' | 'cancelled';

/** A round's data in game_rooms (the parameters copied from its schedule when it was made). */
export interface RainRoundData {
  state: RainRoundState;
  scheduleId: number;
  startAtMs: number;
  endAtMs: number;
  poolUnits: number;
  count: number;
  minUnits: number;
  conditions: RainConditions;
  /** When the seed was committed: the beacon round mixed in is the first after it. */
  committedAtMs: number;
  /** Published at the opening. */
  packetsHash: string | null;
  /** Once ended: packets handed out and their sum. */
  handedOut: number | null;
  handedOutUnits: number | null;
}

export type RainRoom = Room<RainRoundData>;

export async function roomOf(db: Db | Tx, roundId: number): Promise<RainRoom | null> {
  const [row] = await db.select().from(gameRooms).where(eq(gameRooms.id, roundId));
  return row && row.game === RAIN_GAME ? toRoom<RainRoundData>(row) : null;
}

/** The running round (the newest whose window began), then the next ones not yet run, by start. */
export async function currentRooms(db: Db): Promise<{ running: RainRoom | null; next: RainRoom | null }> {
  const rows = await db
    .select({ room: gameRooms })
    .from(rainRounds)
    .innerJoin(gameRooms, eq(gameRooms.id, rainRounds.roomId))
    .where(inArray(rainRounds.state, ['scheduled', 'noticed', 'running']))
    .orderBy(asc(rainRounds.startAt))
    .limit(10);
  const rooms = rows.map((r) => toRoom<RainRoundData>(r.room));
  return {
    running: rooms.filter((r) => r.data.state === 'running').at(-1) ?? null,
    next: rooms.find((r) => r.data.state !== 'running') ?? null,
  };
}

/** Every grab recorded in a round: who holds which packet. */
export async function takenOf(db: Db | Tx, roundId: number): Promise<{ userId: number; idx: number }[]> {
  const rows = await db
    .select({ userId: rainPackets.userId, idx: rainPackets.idx })
    .from(rainPackets)
    .where(and(eq(rainPackets.roundId, roundId), isNotNull(rainPackets.userId)));
  return rows.map((r) => ({ userId: r.userId as number, idx: r.idx }));
}

/** Writes a round's packet list (at its opening), one row per packet, in one statement. */
export async function insertPackets(tx: Tx, roundId: number, packets: readonly number[]): Promise<void> {
  await tx.execute(sql`
    insert into rain_packets (round_id, idx, amount_units)
    select ${roundId}, i - 1, a from unnest(${pgArray(packets)}::bigint[]) with ordinality as p(a, i)`);
}

/** A round's packets in order, and who took each (the fairness page, once the round ended). */
export async function packetsOf(db: Db, roundId: number) {
  return db
    .select({
      idx: rainPackets.idx,
      amount: rainPackets.amountUnits,
      userId: rainPackets.userId,
      at: rainPackets.grabbedAt,
    })
    .from(rainPackets)
    .where(eq(rainPackets.roundId, roundId))
    .orderBy(asc(rainPackets.idx));
}

/** The player's packet in a round (null: none). */
export async function packetOf(db: Db, roundId: number, userId: number) {
  const [row] = await db
    .select({ idx: rainPackets.idx, amount: rainPackets.amountUnits })
    .from(rainPackets)
    .where(and(eq(rainPackets.roundId, roundId), eq(rainPackets.userId, userId)));
  return row ?? null;
}

/** The player's grabs, newest round first. */
export async function recordsOf(db: Db, userId: number, page: number, pageSize: number) {
  const where = eq(rainPackets.userId, userId);
  const list = await db
    .select({
      roundId: rainPackets.roundId,
      idx: rainPackets.idx,
      amount: rainPackets.amountUnits,
      at: rainPackets.grabbedAt,
    })
    .from(rainPackets)
    .where(where)
    .orderBy(desc(rainPackets.roundId))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const [total] = await db.select({ n: count() }).from(rainPackets).where(where);
  return { list, total: total?.n ?? 0 };
}

/** Keeps rain_rounds' state in step with the room's (in the room's transaction). */
export async function setRoundState(tx: Tx, roundId: number, state: RainRoundState): Promise<void> {
  await tx.update(rainRounds).set({ state }).where(eq(rainRounds.roomId, roundId));
}

export type ScheduleRow = typeof rainSchedules.$inferSelect;

export async function enabledSchedules(db: Db): Promise<ScheduleRow[]> {
  return db.select().from(rainSchedules).where(eq(rainSchedules.enabled, true)).orderBy(asc(rainSchedules.id));
}

export const timingOf = (s: ScheduleRow) => s.timing as RainTiming;

// --- the grab statement ----------------------------------------------------------------------------

export type GrabJson =
  | { status: 'ok'; index: number; amount: number; balance: number; duplicate: boolean }
  | { status: 'taken' | 'no_packet' };

export interface GrabWrite {
  roundId: number;
  userId: number;
  idx: number;
  now: Date;
}

const grabArgs = (g: GrabWrite) => ({ round: g.roundId, user: g.userId, idx: g.idx, now: g.now.toISOString() });

function answer(out: GrabJson | undefined): GrabJson {
  if (!out) throw new Error('kx_rain_grab answered nothing');
  return out;
}

/**
 * Books grabs on `db` (the pool): kx_rain_grab on its own (autocommit), prepared once per pool;
 * the grabs asked for in one turn of the event loop go together as one kx_rain_grabs (group
 * commit, infra/tick-batcher.ts), ordered by the players' ledger account owners.
 */
export function grabOn(db: Db, onBatch?: (size: number) => void): (g: GrabWrite) => Promise<GrabJson> {
  const one = db
    .select({
      r: sql<GrabJson>`kx_rain_grab(${sql.placeholder('round')}::integer, ${sql.placeholder('user')}::integer,
        ${sql.placeholder('idx')}::integer, ${sql.placeholder('now')}::timestamptz)`,
    })
    .from(sql`(values (1)) as one`)
    .prepare('kx_rain_grab');
  const many = db
    .select({ r: sql<GrabJson[]>`kx_rain_grabs(${sql.placeholder('batch')}::jsonb)` })
    .from(sql`(values (1)) as one`)
    .prepare('kx_rain_grabs');
  return createTickBatcher<GrabWrite, GrabJson>({
    one: async (g) => answer((await one.execute(grabArgs(g)))[0]?.r),
    many: async (gs) => ((await many.execute({ batch: JSON.stringify(gs.map(grabArgs)) }))[0]?.r ?? []).map(answer),
    order: byAccountOwner((g) => g.userId),
    ...(onBatch ? { onBatch } : {}),
  });
}

/** The same statement inside a transaction (the close completes grabs the counter handed out). */
export async function grabIn(tx: Tx, g: GrabWrite): Promise<GrabJson> {
  const r = (await tx.execute(
    sql`select kx_rain_grab(${g.roundId}::integer, ${g.userId}::integer, ${g.idx}::integer, ${g.now.toISOString()}::timestamptz) as r`,
  )) as unknown as { rows: { r: GrabJson }[] };
  return answer(r.rows[0]?.r);
}

/**
 * The console's rounds, newest window first, each with its schedule's title and its packets'
 * totals: the page of rounds, then one aggregate over just their packets (the primary key's
 * leading column), so a long history costs a page, not a scan.
 */
export async function adminRounds(db: Db, limit: number, offset: number) {
  const [rows, [total]] = await Promise.all([
    db
      .select({
        roundId: rainRounds.roomId,
        scheduleId: rainRounds.scheduleId,
        title: rainSchedules.title,
        state: rainRounds.state,
        startAt: rainRounds.startAt,
        endAt: rainRounds.endAt,
      })
      .from(rainRounds)
      .leftJoin(rainSchedules, eq(rainSchedules.id, rainRounds.scheduleId))
      .orderBy(desc(rainRounds.startAt), desc(rainRounds.roomId))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(rainRounds),
  ]);
  const sums =
    rows.length === 0
      ? []
      : await db
          .select({
            roundId: rainPackets.roundId,
            packets: count(),
            pool: sql<string>`coalesce(sum(${rainPackets.amountUnits}), 0)`,
            grabbed: count(rainPackets.userId),
            paid: sql<string>`coalesce(sum(${rainPackets.amountUnits}) filter (where ${rainPackets.userId} is not null), 0)`,
          })
          .from(rainPackets)
          .where(
            inArray(
              rainPackets.roundId,
              rows.map((r) => r.roundId),
            ),
          )
          .groupBy(rainPackets.roundId);
  const byRound = new Map(sums.map((p) => [p.roundId, p]));
  return {
    list: rows.map((r) => {
      const p = byRound.get(r.roundId);
      return {
        round_id: r.roundId,
        schedule_id: r.scheduleId,
        title: r.title ?? '',
        state: r.state as RainRoundState,
        start_time: r.startAt.getTime(),
        end_time: r.endAt.getTime(),
        packets: p?.packets ?? 0,
        pool: Number(p?.pool ?? 0),
        grabbed: p?.grabbed ?? 0,
        paid: Number(p?.paid ?? 0),
      };
    }),
    total: total?.n ?? 0,
  };
}
