/**
 * What the battle screens read (spec 2 §7: the hall's rooms, a room's snapshot, the player's own
 * record, the latest results and the report). Reads only, without locks: a snapshot that races a
 * transition is refetched on the room's next event (its room_seq shows the gap).
 */
import { BATTLE_GAME, type Battle, roundMs } from '@kaixiang/game/battle';
import { oddsHash } from '@kaixiang/game/fair';
import {
  BATTLE_LIST_MAX,
  BATTLE_REPORT_MAX,
  BATTLE_REPORT_WINDOW_MS,
  type BattleMember,
  type BattleResultCard,
  type BattleRoomCard,
  type BattleRoomData,
  battleRoom,
  ROOM_STATE,
} from '@kaixiang/shared/battles';
import type { Locale } from '@kaixiang/shared/locale';
import { and, desc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRoomMembers, gameRooms } from '../../db/schema/games.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Presence } from '../../realtime/presence.ts';
import type { BoxesService } from '../boxes/boxes.service.ts';
import { itemFacts } from '../boxes/items.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { type Person, peopleOf } from '../games/people.ts';
import { type Room, type RoomEngine, toRoom } from '../games/room-engine.ts';
import { seatedRoomsPage } from '../games/room-pages.ts';
import type { StoredBattle } from './battles.service.ts';

/** How long a results list is served from memory. */
const RESULTS_TTL_MS = 5_000;

/** A box as a room card shows it: the name in the reader's language and its two pictures. */
interface BoxLook {
  name: string;
  img: string;
  fallbackImg: string;
}

const STATE_NUMBER: Record<Battle['state'], number> = {
  waiting: ROOM_STATE.waiting,
  running: ROOM_STATE.running,
  ended: ROOM_STATE.ended,
  dissolved: ROOM_STATE.dissolved,
};

export interface BattleViewDeps {
  db: Db;
  clock: Clock;
  engine: RoomEngine;
  boxes: Pick<BoxesService, 'forGame' | 'items'>;
  beacon: PublicBeacon;
  /** Watchers per room across processes (watch_cnt). */
  presence?: Pick<Presence, 'count'> | undefined;
}

export function createBattleViews(deps: BattleViewDeps) {
  const { db, engine } = deps;

  /**
   * The results lists, per list and language, kept RESULTS_TTL_MS: every hall asks, and they
   * change only when a battle ends (then this process forgets them; others within the TTL).
   */
  const results = new Map<string, { at: number; list: BattleResultCard[] }>();

  async function resultCards(rooms: Room<StoredBattle>[], locale: Locale): Promise<BattleResultCard[]> {
    const [people, info] = await Promise.all([membersOf(rooms, locale), deps.boxes.items()]);
    return rooms.map((room) => {
      const b = room.data;
      const best = b.rolls
        .flat()
        .reduce<(typeof b.rolls)[number][number] | null>((a, x) => (a === null || x.price > a.price ? x : a), null);
      return {
        room_id: room.id,
        rule: b.rule,
        game_mode: b.fast ? 3 : 1,
        user_num: b.seats.length,
        entry_price: b.entryPrice,
        total_value: room.valueUnits,
        ended_at: room.endedAt ?? room.createdAt,
        winners: (b.result?.winners ?? []).flatMap((seat) => {
          const s = b.seats[seat];
          if (!s) return [];
          const p = people.get(s.userId);
          return [{ user_id: s.userId, nick_name: p?.nick ?? '', avatar: p?.avatar ?? '', robot: s.robot }];
        }),
        best_item: best
          ? { item_id: best.itemId, ...itemFacts(info.get(best.itemId), locale), price: best.price }
          : null,
      };
    });
  }

  async function resultsList(kind: 'latest' | 'report', locale: Locale): Promise<{ list: BattleResultCard[] }> {
    const key = `${kind}:${locale}`;
    const now = deps.clock.now();
    const cached = results.get(key);
    if (cached && now - cached.at < RESULTS_TTL_MS) return { list: cached.list };
    const ended = and(eq(gameRooms.game, BATTLE_GAME), eq(gameRooms.state, 'ended'), isNotNull(gameRooms.endedAt));
    const rows =
      kind === 'latest'
        ? await db.select().from(gameRooms).where(ended).orderBy(desc(gameRooms.endedAt)).limit(BATTLE_REPORT_MAX)
        : // Robots' wins are the house's: read a few more and leave those out.
          await db
            .select()
            .from(gameRooms)
            .where(and(ended, gte(gameRooms.endedAt, new Date(now - BATTLE_REPORT_WINDOW_MS))))
            .orderBy(desc(gameRooms.valueUnits), desc(gameRooms.id))
            .limit(BATTLE_REPORT_MAX * 4);
    const rooms = rows
      .map((r) => toRoom<StoredBattle>(r))
      .filter((r) => kind === 'latest' || r.data.result?.winners.some((seat) => !r.data.seats[seat]?.robot))
      .slice(0, BATTLE_REPORT_MAX);
    const list = await resultCards(rooms, locale);
    results.set(key, { at: now, list });
    return { list };
  }

  /** The seated players of these rooms, by id; robots named in the reader's language. */
  const membersOf = (rooms: readonly Room<Battle>[], locale: Locale) =>
    peopleOf(
      db,
      rooms.flatMap((r) => r.data.seats.flatMap((s) => (s ? [s.userId] : []))),
      locale,
    );

  function card(
    room: Room<StoredBattle>,
    people: Map<number, Person>,
    boxNames: Map<number, BoxLook>,
    viewer: number | null,
  ): BattleRoomCard {
    const b = room.data;
    const members = b.seats.map((s, seat): BattleMember | null => {
      if (!s) return null;
      const p = people.get(s.userId);
      return {
        seat,
        user_id: s.userId,
        nick_name: p?.nick ?? '',
        avatar: p?.avatar ?? '',
        vip_level: p?.vip ?? 0,
        robot: s.robot,
      };
    });
    const mine = viewer === null ? undefined : b.result?.users.find((u) => u.user_id === viewer);
    return {
      room_id: room.id,
      room_state: STATE_NUMBER[b.state],
      game_mode: b.fast ? 3 : 1,
      rule: b.rule,
      user_num: b.seats.length,
      entry_price: b.entryPrice,
      boxes: b.boxes.map((x) => ({
        box_id: x.boxId,
        name: boxNames.get(x.boxId)?.name ?? '',
        img: boxNames.get(x.boxId)?.img ?? '',
        fallback_img: boxNames.get(x.boxId)?.fallbackImg ?? '',
        price: x.price,
      })),
      members,
      cur_round: b.round,
      total_round: b.boxes.length,
      created_at: room.createdAt,
      started_at: b.startedAt ?? null,
      is_win: mine ? mine.is_win : null,
    };
  }

  /**
   * When the last seat was taken: the latest seat's time (each seat's row is written by the
   * transition that took it, at that transition's time, which is also when entries closed and
   * from when the tick waited for the beacon). Null until every seat is taken; for a dissolved room too.
   */
  async function fullAt(room: Room<StoredBattle>): Promise<number | null> {
    if (room.data.state !== 'running' && room.data.state !== 'ended') return null;
    const seats = await db
      .select({ at: gameRoomMembers.joinedAt })
      .from(gameRoomMembers)
      .where(eq(gameRoomMembers.roomId, room.id));
    return seats.length === 0 ? null : Math.max(...seats.map((x) => x.at.getTime()));
  }

  async function boxNamesOf(rooms: readonly Room<Battle>[], locale: Locale) {
    const ids = [...new Set(rooms.flatMap((r) => r.data.boxes.map((b) => b.boxId)))];
    const out = new Map<number, BoxLook>();
    for (const id of ids) {
      const b = await deps.boxes.forGame(id, locale).catch(() => null);
      if (b) out.set(id, { name: b.card.name, img: b.card.img, fallbackImg: b.card.fallback_img });
    }
    return out;
  }

  async function cards(rooms: Room<StoredBattle>[], locale: Locale, viewer: number | null) {
    const [people, names] = await Promise.all([membersOf(rooms, locale), boxNamesOf(rooms, locale)]);
    return rooms.map((r) => card(r, people, names, viewer));
  }

  return {
    /** Forgets the results lists (a battle ended on this process). */
    forgetResults: () => results.clear(),

    /** The latest ended battles (spec 2 §7 real-time-result). */
    realTimeResults: (locale: Locale) => resultsList('latest', locale),
    /** The most valuable battles of the last 24 hours won by players (spec 2 §7 report). */
    report: (locale: Locale) => resultsList('report', locale),

    async list(roomState: number | undefined, locale: Locale): Promise<{ data: BattleRoomCard[] }> {
      const states = roomState === 1 ? ['waiting'] : roomState === 2 ? ['running'] : ['waiting', 'running'];
      const rows = await db
        .select()
        .from(gameRooms)
        .where(and(eq(gameRooms.game, BATTLE_GAME), inArray(gameRooms.state, states)))
        .orderBy(desc(gameRooms.id))
        .limit(BATTLE_LIST_MAX);
      return {
        data: await cards(
          rows.map((r) => toRoom<StoredBattle>(r)),
          locale,
          null,
        ),
      };
    },

    async ownRecord(userId: number, page: number, pageSize: number, locale: Locale) {
      // The player's seats in battles (other games share the seat table), newest room first.
      const { rows, total } = await seatedRoomsPage(db, BATTLE_GAME, userId, pageSize, (page - 1) * pageSize);
      const rooms = rows.map((r) => toRoom<StoredBattle>(r));
      return { records: await cards(rooms, locale, userId), total };
    },

    async room(roomId: number, locale: Locale, viewer: number | null): Promise<{ data: BattleRoomData; now: number }> {
      const room = await engine.load<StoredBattle>(BATTLE_GAME, roomId);
      if (!room) throw new AppError('GAME_ROOM_NOT_FOUND');
      const [[base], info, full] = await Promise.all([cards([room], locale, viewer), deps.boxes.items(), fullAt(room)]);
      const b = room.data;
      const ended = b.state === 'ended' || b.state === 'dissolved';
      const data: BattleRoomData = {
        ...(base as BattleRoomCard),
        rolls: b.rolls.slice(0, b.round).map((round) =>
          round.map((x) => {
            const item = info.get(x.itemId);
            return {
              seat: x.seat,
              box_id: x.boxId,
              item_id: x.itemId,
              ...itemFacts(item, locale),
              exter: x.exter,
              price: x.price,
              ticket: x.ticket,
              cursor: x.cursor,
              chunk: x.chunkIndex,
            };
          }),
        ),
        results: b.result?.users ?? [],
        winners: b.result?.winners ?? [],
        server_seed_hash: room.serverSeedHash,
        server_seed: ended ? room.serverSeed : null,
        public_seed: room.publicSeed,
        beacon_round: room.beaconRound,
        beacon_url: room.beaconRound === null ? null : deps.beacon.urlOf(room.beaconRound),
        full_at: full,
        tie: b.result?.tie ? { candidates: b.result.tie.candidates, value: b.result.tie.roll.value } : null,
        odds:
          b.state === 'ended'
            ? b.boxes.map((x, round) => ({
                box_id: x.boxId,
                version: b.boxVersions?.[round] ?? null,
                // The hash of the table the rolls used, as box_versions.odds_hash hashes a version's.
                odds_hash: oddsHash(x.entries, x.total),
                total: x.total,
                entries: x.entries.map((e) => ({ item_id: e.itemId, exter: e.exter, tickets: e.tickets })),
              }))
            : [],
        round_ms: roundMs(b),
        due_at: room.dueAt,
        room_seq: room.seq,
        watch_cnt: deps.presence?.count(battleRoom(room.id)) ?? 0,
      };
      return { data, now: deps.clock.now() };
    },
  };
}

export type BattleViews = ReturnType<typeof createBattleViews>;
