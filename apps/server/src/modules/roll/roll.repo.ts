import { ROLL_GAME } from '@kaixiang/game/roll';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRooms, rollEntries } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { users } from '../../db/schema/users.ts';
import { roomsPage } from '../games/room-pages.ts';

export type RoomRow = typeof gameRooms.$inferSelect;
const ofRoll = eq(gameRooms.game, ROLL_GAME);
/** Rooms still taking entries or waiting for their draw. */
const ongoing = and(ofRoll, inArray(gameRooms.state, ['open', 'closed'])) as SQL;
const ended = and(ofRoll, eq(gameRooms.state, 'ended')) as SQL;

/** SQL only (STYLE.md §1); every method takes the connection or transaction it runs in. */
export const rollRepo = {
  /** The player's facts a join checks (VIP level and inviter), or undefined for no such player. */
  async joiner(db: Db | Tx, userId: number) {
    const [row] = await db
      .select({ vip: users.vipLevel, inviter: users.inviteUserId })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  /** A player's own invite code (what their invitees bound), or null. */
  async inviteCode(db: Db | Tx, userId: number): Promise<string | null> {
    const [row] = await db.select({ code: users.superInviteCode }).from(users).where(eq(users.id, userId));
    return row?.code ?? null;
  },

  /** Who may make rooms: account_type (anchors 2, 3) and role (admin). */
  async creator(db: Db | Tx, userId: number) {
    const [row] = await db
      .select({ accountType: users.accountType, role: users.role })
      .from(users)
      .where(eq(users.id, userId));
    return row;
  },

  async entry(db: Db | Tx, roomId: number, userId: number) {
    const [row] = await db
      .select()
      .from(rollEntries)
      .where(and(eq(rollEntries.roomId, roomId), eq(rollEntries.userId, userId)));
    return row;
  },

  /** Records an entry; false when the player is in already (the primary key decides). */
  async insertEntry(tx: Tx, roomId: number, userId: number, at: Date): Promise<boolean> {
    const made = await tx
      .insert(rollEntries)
      .values({ roomId, userId, joinedAt: at })
      .onConflictDoNothing()
      .returning({ userId: rollEntries.userId });
    return made.length > 0;
  },

  async entryCount(db: Db | Tx, roomId: number): Promise<number> {
    const [row] = await db.select({ n: count() }).from(rollEntries).where(eq(rollEntries.roomId, roomId));
    return row?.n ?? 0;
  },

  /** Every entrant's user id, ascending (the draw's order). */
  async entrants(db: Db | Tx, roomId: number): Promise<number[]> {
    const rows = await db
      .select({ userId: rollEntries.userId })
      .from(rollEntries)
      .where(eq(rollEntries.roomId, roomId))
      .orderBy(asc(rollEntries.userId));
    return rows.map((r) => r.userId);
  },

  async counts(db: Db, roomIds: readonly number[]): Promise<Map<number, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await db
      .select({ roomId: rollEntries.roomId, n: count() })
      .from(rollEntries)
      .where(inArray(rollEntries.roomId, [...roomIds]))
      .groupBy(rollEntries.roomId);
    return new Map(rows.map((r) => [r.roomId, r.n]));
  },

  /** Which of these rooms the player joined. */
  async joinedOf(db: Db, userId: number, roomIds: readonly number[]): Promise<Set<number>> {
    if (roomIds.length === 0) return new Set();
    const rows = await db
      .select({ roomId: rollEntries.roomId })
      .from(rollEntries)
      .where(and(eq(rollEntries.userId, userId), inArray(rollEntries.roomId, [...roomIds])));
    return new Set(rows.map((r) => r.roomId));
  },

  /** A room's players, newest first. */
  async players(db: Db, roomId: number, limit: number, offset: number) {
    const where = eq(rollEntries.roomId, roomId);
    const [rows, [total]] = await Promise.all([
      db
        .select({
          id: users.id,
          nick: users.nickName,
          avatar: users.avatar,
          vip: users.vipLevel,
          at: rollEntries.joinedAt,
        })
        .from(rollEntries)
        .innerJoin(users, eq(users.id, rollEntries.userId))
        .where(where)
        .orderBy(desc(rollEntries.joinedAt), desc(rollEntries.userId))
        .limit(limit)
        .offset(offset),
      db.select({ n: count() }).from(rollEntries).where(where),
    ]);
    return { rows, total: total?.n ?? 0 };
  },

  /** Ongoing rooms (the soonest draw first) or ended ones (the latest first), a page and the total. */
  async rooms(db: Db, which: 'ongoing' | 'ended', limit: number, offset: number) {
    const where = which === 'ongoing' ? ongoing : ended;
    const order =
      which === 'ongoing'
        ? [asc(sql`(${gameRooms.data}->>'drawAtMs')::bigint`), asc(gameRooms.id)]
        : [desc(gameRooms.endedAt), desc(gameRooms.id)];
    return roomsPage(db, where, order, limit, offset);
  },

  /** The rooms a player joined, newest room first. */
  async joinedRooms(db: Db, userId: number, limit: number, offset: number) {
    const where = and(eq(rollEntries.userId, userId), ofRoll);
    const [rows, [total]] = await Promise.all([
      db
        .select({ room: gameRooms })
        .from(rollEntries)
        .innerJoin(gameRooms, eq(gameRooms.id, rollEntries.roomId))
        .where(where)
        .orderBy(desc(rollEntries.roomId))
        .limit(limit)
        .offset(offset),
      db
        .select({ n: count() })
        .from(rollEntries)
        .innerJoin(gameRooms, eq(gameRooms.id, rollEntries.roomId))
        .where(where),
    ]);
    return { rows: rows.map((r) => r.room), total: total?.n ?? 0 };
  },

  /** The rows a room's draw granted its winners ('roll' items of that room), per winner. */
  async granted(db: Db, roomId: number, winners: readonly number[]): Promise<Map<number, number[]>> {
    if (winners.length === 0) return new Map();
    // By player first: user_items has an index on the owner, none on the source.
    const rows = await db
      .select({ id: userItems.id, userId: userItems.userId })
      .from(userItems)
      .where(
        and(inArray(userItems.userId, [...winners]), eq(userItems.source, 'roll'), eq(userItems.sourceId, roomId)),
      );
    const out = new Map<number, number[]>();
    for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.id]);
    return out;
  },
};
