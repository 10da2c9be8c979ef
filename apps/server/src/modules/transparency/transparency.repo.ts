import { TURNTABLE_JACKPOT_BP } from '@kaixiang/game/turntable';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { BoxContentRow } from '../../db/schema/boxes.ts';

/**
 * SQL of the realised-RTP page (docs/transparency.md). Every scan of the window goes through an
 * index on its time: box_openings_created_idx, upgrade_records_created_idx, and
 * game_rooms_game_ended_idx (game, ended_at) for battles and turntable rounds, whose stakes are
 * then found by their primary key (room_id, user_id). Amounts come back as text or bigint from
 * the drivers: `num` makes them numbers (sums of units stay far below 2^53).
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
const at = (ms: number) => sql`${new Date(ms).toISOString()}::timestamptz`;

export interface Window {
  fromMs: number;
  toMs: number;
}

export interface BoxVersionTally {
  boxId: number;
  version: number;
  n: number;
  paidUnits: number;
  wonUnits: number;
}

export interface BoxVersionRow {
  boxId: number;
  version: number;
  contents: BoxContentRow[];
  rtpBp: number;
}

export interface BoxRow {
  id: number;
  nameZhCn: string;
  nameZhTw: string;
  nameEn: string;
  image: string;
  fallbackImage: string;
  priceUnits: number;
  rtpBp: number;
  onSale: boolean;
}

export interface UpgradeTally {
  n: number;
  paidUnits: number;
  wonUnits: number;
  /** Σ p·target, Σ p(1−p)·target² (rtp.ts upgradeMoments, summed in the database). */
  expectedUnits: number;
  varianceUnits2: number;
  /** Σ stake × (1 − edge): the published RTP weighted by what was staked. */
  publishedWonUnits: number;
}

/** One settled turntable round's stakes, summed over its players. */
export interface TurntableRoundTally {
  roomId: number;
  rows: number;
  paidUnits: number;
  wonUnits: number;
  jackpotUnits: number;
  areaUnits: number[];
  /** The round's own jackpot feed, bp, from its state (TURNTABLE_JACKPOT_BP for a round stored without one). */
  feedBp: number;
}

const TURNTABLE_AREA_SUMS: SQL = sql.raw(
  Array.from({ length: 15 }, (_, i) => `coalesce(sum(s.areas[${i + 1}]), 0)::text as a${i}`).join(', '),
);

export const transparencyRepo = {
  /** Paid openings of the window by box and version; free ones (box_price_units 0) only counted. */
  async boxTallies(db: Db, w: Window): Promise<{ tallies: BoxVersionTally[]; freeOpenings: number }> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select box_id, box_version, count(*)::int as n, sum(box_price_units)::text as paid,
               sum(price_units)::text as won
          from box_openings
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)} and box_price_units > 0
         group by box_id, box_version`),
    );
    const free = rowsOf<{ n: unknown }>(
      await db.execute(sql`
        select count(*)::int as n from box_openings
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)} and box_price_units = 0`),
    );
    return {
      tallies: rows.map((r) => ({
        boxId: num(r.box_id),
        version: num(r.box_version),
        n: num(r.n),
        paidUnits: num(r.paid),
        wonUnits: num(r.won),
      })),
      freeOpenings: num(free[0]?.n),
    };
  },

  /** Every version of the given boxes (a few per box; the table is small). */
  async boxVersions(db: Db, boxIds: readonly number[]): Promise<BoxVersionRow[]> {
    if (boxIds.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select box_id, version, contents, rtp_bp from box_versions
         where box_id = any(${`{${boxIds.join(',')}}`}::int[])`),
    );
    return rows.map((r) => ({
      boxId: num(r.box_id),
      version: num(r.version),
      contents: (typeof r.contents === 'string' ? JSON.parse(r.contents) : r.contents) as BoxContentRow[],
      rtpBp: num(r.rtp_bp),
    }));
  },

  async boxes(db: Db): Promise<BoxRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select id, name_zh_cn, name_zh_tw, name_en, image, fallback_image, price_units, rtp_bp, on_sale, sort
          from boxes order by sort, id`),
    );
    return rows.map((r) => ({
      id: num(r.id),
      nameZhCn: String(r.name_zh_cn),
      nameZhTw: String(r.name_zh_tw),
      nameEn: String(r.name_en),
      image: String(r.image),
      fallbackImage: String(r.fallback_image),
      priceUnits: num(r.price_units),
      rtpBp: num(r.rtp_bp),
      onSale: r.on_sale === true || r.on_sale === 't',
    }));
  },

  async upgradeTally(db: Db, w: Window): Promise<UpgradeTally> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select count(*)::int as n,
               coalesce(sum(stake_units), 0)::text as paid,
               coalesce(sum(case when success then target_price_units else 0 end), 0)::text as won,
               coalesce(sum(rate_ppm / 1e6::float8 * target_price_units), 0) as expected,
               coalesce(sum(rate_ppm / 1e6::float8 * (1 - rate_ppm / 1e6::float8) * target_price_units::float8 ^ 2), 0)
                 as variance,
               coalesce(sum(stake_units * (1e6::float8 - house_edge_ppm) / 1e6::float8), 0) as published
          from upgrade_records
         where created_at >= ${at(w.fromMs)} and created_at < ${at(w.toMs)}`),
    );
    return {
      n: num(r?.n),
      paidUnits: num(r?.paid),
      wonUnits: num(r?.won),
      expectedUnits: num(r?.expected),
      varianceUnits2: num(r?.variance),
      publishedWonUnits: num(r?.published),
    };
  },

  /**
   * Ended battles of the window, a page at a time (keyset on ended_at, id): their rooms' data
   * holds every roll and the odds table each round used.
   */
  async battlesPage(
    db: Db,
    w: Window,
    after: { endedAtMs: number; id: number } | null,
    limit: number,
  ): Promise<{ id: number; endedAtMs: number; data: unknown }[]> {
    const from = after ? sql`(ended_at, id) > (${at(after.endedAtMs)}, ${after.id})` : sql`ended_at >= ${at(w.fromMs)}`;
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select id, ended_at, data from game_rooms
         where game = 'battle' and state = 'ended' and ended_at is not null
           and ended_at >= ${at(w.fromMs)} and ended_at < ${at(w.toMs)} and ${from}
         order by ended_at, id limit ${limit}`),
    );
    return rows.map((r) => ({
      id: num(r.id),
      endedAtMs: new Date(r.ended_at as string | Date).getTime(),
      data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    }));
  },

  /**
   * Settled turntable rounds of the window with stakes, each summed over its players, with the
   * jackpot feed the round recorded when it opened (in its state, game_rooms.data: no column).
   */
  async turntableRounds(db: Db, w: Window): Promise<TurntableRoundTally[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select s.room_id, count(*)::int as n, sum(s.total_units)::text as paid, sum(s.won_units)::text as won,
               sum(s.jackpot_units)::text as jackpot, ${TURNTABLE_AREA_SUMS},
               coalesce((r.data->>'jackpotFeedBp')::int, ${TURNTABLE_JACKPOT_BP}::int) as feed_bp
          from game_rooms r join turntable_stakes s on s.room_id = r.id
         where r.game = 'turntable' and r.ended_at is not null
           and r.ended_at >= ${at(w.fromMs)} and r.ended_at < ${at(w.toMs)} and s.total_units > 0
         group by s.room_id, r.id`),
    );
    return rows.map((r) => ({
      roomId: num(r.room_id),
      rows: num(r.n),
      paidUnits: num(r.paid),
      wonUnits: num(r.won),
      jackpotUnits: num(r.jackpot),
      areaUnits: Array.from({ length: 15 }, (_, i) => num(r[`a${i}`])),
      feedBp: num(r.feed_bp),
    }));
  },

  /** The jackpot feed of the newest turntable round (the one open now, as it opened), if any. */
  async latestTurntableFeedBp(db: Db): Promise<number | null> {
    const [r] = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select coalesce((data->>'jackpotFeedBp')::int, ${TURNTABLE_JACKPOT_BP}::int) as feed_bp
          from game_rooms where game = 'turntable' order by id desc limit 1`),
    );
    return r ? num(r.feed_bp) : null;
  },

  /** The latest day's snapshot rows (the primary key's order finds the day). */
  async latestSnapshot(db: Db | Tx): Promise<{ kind: string; subject: string; computedAt: Date; data: unknown }[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select kind, subject, computed_at, data from rtp_snapshots
         where day = (select max(day) from rtp_snapshots)`),
    );
    return rows.map((r) => ({
      kind: String(r.kind),
      subject: String(r.subject),
      computedAt: new Date(r.computed_at as string | Date),
      data: typeof r.data === 'string' ? JSON.parse(r.data) : r.data,
    }));
  },

  async hasDay(db: Db | Tx, day: string): Promise<boolean> {
    const rows = rowsOf<unknown>(await db.execute(sql`select 1 from rtp_snapshots where day = ${day} limit 1`));
    return rows.length > 0;
  },

  async insertSnapshot(
    tx: Tx,
    day: string,
    computedAtMs: number,
    rows: { kind: string; subject: string; data: unknown }[],
  ): Promise<void> {
    const values = rows.map(
      (r) => sql`(${day}, ${r.kind}, ${r.subject}, ${at(computedAtMs)}, ${JSON.stringify(r.data)}::jsonb)`,
    );
    await tx.execute(sql`
      insert into rtp_snapshots (day, kind, subject, computed_at, data)
      values ${sql.join(values, sql`, `)}
      on conflict do nothing`);
  },

  /** Serialises writers of a day's snapshot (leader job and first-request computation, any process). */
  async lockSnapshots(tx: Tx): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('kx_rtp_snapshot'))`);
  },
};
