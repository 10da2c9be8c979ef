/**
 * What the card grabbing screens read (spec 2 §2 Card: the list, ended treasures, a treasure's
 * details with its dynamics, my cards, my prizes). Reads only, without locks: a snapshot that
 * races a grab or the draw is refetched on the treasure's next event.
 */
import { TREASURE_GAME, type Treasure } from '@kaixiang/game/treasure';
import type { Locale } from '@kaixiang/shared/locale';
import {
  TREASURE_CARD_STATUS,
  TREASURE_STATE,
  type TreasureDynamicResponse,
  type TreasureEndInfo,
  type TreasureInfo,
  type TreasureListResponse,
  type TreasureMyCardsResponse,
  type TreasureSummary,
} from '@kaixiang/shared/treasure';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { type ItemInfo, itemFacts } from '../boxes/items.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { type Person, peopleOf } from '../games/people.ts';
import { type Room, type RoomEngine, toRoom } from '../games/room-engine.ts';
import { treasureRepo } from './treasure.repo.ts';

export interface TreasureViewDeps {
  db: Db;
  /** The server's clock, which answers carry for the screens' countdowns. */
  clock: Clock;
  engine: RoomEngine;
  /** Where a player looks the draw's beacon round up. */
  beacon: Pick<PublicBeacon, 'urlOf'>;
  items: () => Promise<Map<number, ItemInfo>>;
}

const ended = (t: Treasure) => t.state === 'won' || t.state === 'refunded';

/** The viewer's standing (spec 2 §3 card room status), or null when they hold no card. */
export function cardStatus(t: Treasure, userId: number): number | null {
  if (!t.holders.includes(userId)) return null;
  if (t.state === 'won') return t.result?.userId === userId ? TREASURE_CARD_STATUS.won : TREASURE_CARD_STATUS.notWon;
  if (t.state === 'refunded') return TREASURE_CARD_STATUS.notWon;
  return TREASURE_CARD_STATUS.inProgress;
}

const cardsOf = (t: Treasure, userId: number) => t.holders.flatMap((h, k) => (h === userId ? [k] : []));

export function createTreasureViews(deps: TreasureViewDeps) {
  const { db } = deps;

  function summaries(
    rooms: Room<Treasure>[],
    info: Map<number, ItemInfo>,
    people: Map<number, Person>,
    locale: Locale,
  ) {
    return rooms.map((r): TreasureSummary => {
      const t = r.data;
      const winner = t.result ? people.get(t.result.userId) : undefined;
      return {
        room_id: r.id,
        title: t.title,
        item: {
          item_id: t.itemDefId,
          ...itemFacts(info.get(t.itemDefId), locale),
          exter: t.exter,
          price: t.prizePrice,
        },
        card_price: t.cardPrice,
        total: t.cards,
        sold: t.holders.length,
        state: ended(t) ? TREASURE_STATE.ended : TREASURE_STATE.ongoing,
        phase: t.state,
        created_at: t.createdAtMs,
        deadline: t.deadlineMs,
        ended_at: r.endedAt,
        server_seed_hash: r.serverSeedHash,
        winner: t.result
          ? { user_id: t.result.userId, nick_name: winner?.nick ?? '', avatar: winner?.avatar ?? '' }
          : null,
        winning_card: t.result?.card ?? null,
      };
    });
  }

  async function summarise(rows: Parameters<typeof toRoom>[0][], locale: Locale) {
    const rooms = rows.map((row) => toRoom<Treasure>(row));
    const [info, people] = await Promise.all([
      deps.items(),
      peopleOf(
        db,
        rooms.flatMap((r) => (r.data.result ? [r.data.result.userId] : [])),
        locale,
      ),
    ]);
    return { rooms, list: summaries(rooms, info, people, locale) };
  }

  async function load(roomId: number): Promise<Room<Treasure>> {
    const room = await deps.engine.load<Treasure>(TREASURE_GAME, roomId);
    if (!room) throw new AppError('TREASURE_NOT_FOUND');
    return room;
  }

  const offset = (page: number, size: number) => (page - 1) * size;

  return {
    async list(which: 'ongoing' | 'ended', page: number, size: number, locale: Locale): Promise<TreasureListResponse> {
      const r = await treasureRepo.rooms(db, which, size, offset(page, size));
      return { list: (await summarise(r.rows, locale)).list, total: r.total, now: deps.clock.now() };
    },

    async info(roomId: number, locale: Locale, viewer: number | null): Promise<TreasureInfo> {
      const room = await load(roomId);
      const { list } = await summarise([{ ...roomRow(room) }], locale);
      return {
        ...(list[0] as TreasureSummary),
        now: deps.clock.now(),
        my_cards: viewer === null ? [] : cardsOf(room.data, viewer),
        my_status: viewer === null ? null : cardStatus(room.data, viewer),
      };
    },

    async endInfo(roomId: number, locale: Locale): Promise<TreasureEndInfo> {
      const room = await load(roomId);
      const { list } = await summarise([roomRow(room)], locale);
      const t = room.data;
      const over = ended(t);
      return {
        ...(list[0] as TreasureSummary),
        server_seed: over ? room.serverSeed : null,
        public_seed: room.publicSeed,
        beacon_round: room.beaconRound,
        beacon_url: room.beaconRound === null ? null : deps.beacon.urlOf(room.beaconRound),
        filled_at: t.filledAtMs,
        holders: t.holders,
        roll: t.result ? { value: t.result.roll, cursor: t.result.cursor, chunk_index: t.result.chunkIndex } : null,
      };
    },

    async dynamic(roomId: number, page: number, size: number, locale: Locale): Promise<TreasureDynamicResponse> {
      const t = (await load(roomId)).data;
      const newest = [...t.grabs].reverse().slice(offset(page, size), offset(page, size) + size);
      const people = await peopleOf(
        db,
        newest.map((g) => g.userId),
        locale,
      );
      return {
        list: newest.map((g) => ({
          user_id: g.userId,
          nick_name: people.get(g.userId)?.nick ?? '',
          avatar: people.get(g.userId)?.avatar ?? '',
          first: g.first,
          count: g.count,
          at: g.atMs,
        })),
        total: t.grabs.length,
      };
    },

    async selfJoin(userId: number, page: number, size: number, locale: Locale): Promise<TreasureListResponse> {
      const r = await treasureRepo.joinedRooms(db, userId, size, offset(page, size));
      return { list: (await summarise(r.rows, locale)).list, total: r.total, now: deps.clock.now() };
    },

    async myCards(userId: number, page: number, size: number, locale: Locale): Promise<TreasureMyCardsResponse> {
      const r = await treasureRepo.joinedRooms(db, userId, size, offset(page, size));
      const { rooms, list } = await summarise(r.rows, locale);
      return {
        list: list.map((s, i) => {
          const t = (rooms[i] as Room<Treasure>).data;
          const mine = cardsOf(t, userId);
          return {
            ...s,
            my_cards: mine,
            paid: mine.length * t.cardPrice,
            status: cardStatus(t, userId) ?? TREASURE_CARD_STATUS.notWon,
          };
        }),
        total: r.total,
        now: deps.clock.now(),
      };
    },

    async reward(userId: number, page: number, size: number, locale: Locale): Promise<TreasureListResponse> {
      const r = await treasureRepo.wonRooms(db, userId, size, offset(page, size));
      return { list: (await summarise(r.rows, locale)).list, total: r.total, now: deps.clock.now() };
    },
  };
}

/** A loaded room back as the row summarise reads (dates as the table gives them). */
function roomRow(r: Room<Treasure>): Parameters<typeof toRoom>[0] {
  return {
    id: r.id,
    game: r.game,
    state: r.state,
    seq: r.seq,
    dueAt: r.dueAt === null ? null : new Date(r.dueAt),
    serverSeed: r.serverSeed,
    serverSeedHash: r.serverSeedHash,
    publicSeed: r.publicSeed,
    beaconRound: r.beaconRound,
    data: r.data as unknown as Record<string, unknown>,
    createdBy: r.createdBy,
    createdAt: new Date(r.createdAt),
    endedAt: r.endedAt === null ? null : new Date(r.endedAt),
    valueUnits: r.valueUnits,
    updatedAt: new Date(r.createdAt),
  } as Parameters<typeof toRoom>[0];
}

export type TreasureViews = ReturnType<typeof createTreasureViews>;
