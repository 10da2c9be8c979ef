/**
 * What the roll room screens read (spec 2 §2 Roll: the list with its three tabs, a room's details,
 * prizes, players and draw). Reads only, without locks: a snapshot that races a join or the draw
 * is refetched on the room's next event.
 */
import {
  ROLL_DESCRIPTION_MAX,
  ROLL_GAME,
  ROLL_MAX_DRAW_DELAY_MS,
  ROLL_MAX_PRIZES,
  ROLL_MAX_RECHARGE_UNITS,
  ROLL_MAX_VIP_LEVEL,
  ROLL_MIN_DRAW_DELAY_MS,
  ROLL_PASSWORD_MAX,
  ROLL_RECHARGE_DAYS_MAX,
  ROLL_TITLE_MAX,
  rechargeSince,
} from '@kaixiang/game/roll';
import type { Locale } from '@kaixiang/shared/locale';
import {
  ROLL_STATE,
  ROLL_TABS,
  type RollCreateRule,
  type RollIsOpenAwardResponse,
  type RollItemsResponse,
  type RollListResponse,
  type RollPerson,
  type RollPrize,
  type RollRewardResponse,
  type RollRoomCard,
  type RollRoomInfo,
  type RollUsersResponse,
} from '@kaixiang/shared/roll';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/app-error.ts';
import type { Clock } from '../../infra/clock.ts';
import { type ItemInfo, itemFacts } from '../boxes/items.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { type Person, peopleOf } from '../games/people.ts';
import { type Room, type RoomEngine, toRoom } from '../games/room-engine.ts';
import { rechargedSince } from '../ledger/recharges.ts';
import { type RoomRow, rollRepo } from './roll.repo.ts';
import { creatorRights, type StoredRoll } from './roll.service.ts';

export interface RollViewDeps {
  db: Db;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  items: () => Promise<Map<number, ItemInfo>>;
}

const STATE_NUMBER: Record<StoredRoll['state'], number> = {
  open: ROLL_STATE.open,
  closed: ROLL_STATE.drawing,
  ended: ROLL_STATE.ended,
};

const TOP_PRIZES = 3;

function person(p: Person | undefined, id: number): RollPerson {
  return { user_id: id, nick_name: p?.nick ?? '', avatar: p?.avatar ?? '', vip_level: p?.vip ?? 0 };
}

export function createRollViews(deps: RollViewDeps) {
  const { db } = deps;

  async function load(roomId: number): Promise<Room<StoredRoll>> {
    const room = await deps.engine.load<StoredRoll>(ROLL_GAME, roomId);
    if (!room) throw new AppError('ROLL_ROOM_NOT_FOUND');
    return room;
  }

  function prizesOf(
    r: StoredRoll,
    info: Map<number, ItemInfo>,
    people: Map<number, Person>,
    locale: Locale,
  ): RollPrize[] {
    const winners = new Map((r.result?.awards ?? []).map((a) => [a.prize, a.userId]));
    const returned = new Set(r.result?.returned ?? []);
    return r.prizes.map((p) => {
      const winner = winners.get(p.index);
      return {
        index: p.index,
        item_id: p.itemDefId,
        ...itemFacts(info.get(p.itemDefId), locale),
        exter: p.exter,
        price: p.price,
        winner: winner === undefined ? null : person(people.get(winner), winner),
        returned: returned.has(p.index),
      };
    });
  }

  async function cards(rooms: Room<StoredRoll>[], locale: Locale, viewer: number | null): Promise<RollRoomCard[]> {
    const ids = rooms.map((r) => r.id);
    const [info, people, counts, joined] = await Promise.all([
      deps.items(),
      peopleOf(
        db,
        rooms.map((r) => r.data.ownerId),
        locale,
      ),
      rollRepo.counts(db, ids),
      viewer === null ? Promise.resolve(null) : rollRepo.joinedOf(db, viewer, ids),
    ]);
    return rooms.map((room) => {
      const r = room.data;
      const c = r.conditions;
      return {
        room_id: room.id,
        title: r.title,
        description: r.description,
        owner: { ...person(people.get(r.ownerId), r.ownerId), official: r.official },
        state: STATE_NUMBER[r.state],
        draw_at: r.drawAtMs,
        created_at: r.createdAtMs,
        ended_at: room.endedAt,
        prize_count: r.prizes.length,
        prize_value: room.valueUnits,
        player_count: counts.get(room.id) ?? 0,
        top_prizes: prizesOf({ ...r, prizes: r.prizes.slice(0, TOP_PRIZES) }, info, new Map(), locale).map((p) => ({
          ...p,
          winner: null,
          returned: false,
        })),
        conditions: {
          min_recharge: c.minRechargeUnits,
          recharge_days: c.rechargeDays,
          min_vip: c.minVipLevel,
          invited_only: c.invitedOnly,
          has_password: r.hasPassword,
        },
        joined: joined === null ? null : joined.has(room.id),
      };
    });
  }

  const rooms = (rows: RoomRow[]) => rows.map((row) => toRoom<StoredRoll>(row));

  async function joinedList(userId: number, page: number, pageSize: number, locale: Locale) {
    const r = await rollRepo.joinedRooms(db, userId, pageSize, (page - 1) * pageSize);
    return { list: await cards(rooms(r.rows), locale, userId), total: r.total, now: deps.clock.now() };
  }

  return {
    /** The hall's tabs: ongoing, joined by me (signed in), ended. */
    async list(
      state: number,
      page: number,
      pageSize: number,
      locale: Locale,
      viewer: number | null,
    ): Promise<RollListResponse> {
      if (state === ROLL_TABS.joined) {
        if (viewer === null) throw new AppError('UNAUTHENTICATED');
        return joinedList(viewer, page, pageSize, locale);
      }
      const r = await rollRepo.rooms(
        db,
        state === ROLL_TABS.ended ? 'ended' : 'ongoing',
        pageSize,
        (page - 1) * pageSize,
      );
      return { list: await cards(rooms(r.rows), locale, viewer), total: r.total, now: deps.clock.now() };
    },

    selfJoin: joinedList,

    async info(roomId: number, locale: Locale, viewer: number | null): Promise<RollRoomInfo> {
      const room = await load(roomId);
      const r = room.data;
      const invitations = r.conditions.invitedOnly && !r.official;
      const [[card], ownerInviteCode] = await Promise.all([
        cards([room], locale, viewer),
        invitations ? rollRepo.inviteCode(db, r.ownerId) : null,
      ]);
      const ended = r.state === 'ended';
      let self: RollRoomInfo['self'] = null;
      if (viewer !== null) {
        const now = deps.clock.now();
        const [entry, me, recharged] = await Promise.all([
          rollRepo.entry(db, roomId, viewer),
          rollRepo.joiner(db, viewer),
          rechargedSince(db, viewer, rechargeSince(r, now)),
        ]);
        const won = r.result?.awards.find((a) => a.userId === viewer);
        self = {
          joined: entry !== undefined,
          joined_at: entry?.joinedAt.getTime() ?? null,
          won_prize: won?.prize ?? null,
          vip_level: me?.vip ?? 0,
          recharged,
          invited: me?.inviter === r.ownerId,
          has_inviter: (me?.inviter ?? null) !== null,
        };
      }
      return {
        ...(card as RollRoomCard),
        now: deps.clock.now(),
        closed_at: r.closedAtMs,
        room_seq: room.seq,
        server_seed_hash: room.serverSeedHash,
        server_seed: ended ? room.serverSeed : null,
        public_seed: room.publicSeed,
        beacon_round: room.beaconRound,
        beacon_url: room.beaconRound === null ? null : deps.beacon.urlOf(room.beaconRound),
        owner_invite_code: ownerInviteCode,
        self,
      };
    },

    async items(roomId: number, locale: Locale): Promise<RollItemsResponse> {
      const room = await load(roomId);
      const [info, people] = await Promise.all([
        deps.items(),
        peopleOf(
          db,
          (room.data.result?.awards ?? []).map((a) => a.userId),
          locale,
        ),
      ]);
      return { room_id: room.id, list: prizesOf(room.data, info, people, locale) };
    },

    async users(roomId: number, page: number, pageSize: number): Promise<RollUsersResponse> {
      await load(roomId);
      const r = await rollRepo.players(db, roomId, pageSize, (page - 1) * pageSize);
      return {
        list: r.rows.map((p) => ({ ...person(p, p.id), joined_at: p.at.getTime() })),
        total: r.total,
      };
    },

    async reward(roomId: number, locale: Locale): Promise<RollRewardResponse> {
      const room = await load(roomId);
      const r = room.data;
      const result = r.result;
      const [info, people, entrants] = await Promise.all([
        deps.items(),
        peopleOf(
          db,
          (result?.awards ?? []).map((a) => a.userId),
          locale,
        ),
        result ? rollRepo.entrants(db, roomId) : Promise.resolve([]),
      ]);
      const prizes = prizesOf(r, info, people, locale);
      return {
        room_id: room.id,
        drawn: result !== null,
        list: (result?.awards ?? []).map((a) => ({
          ...(prizes[a.prize] as RollPrize),
          winner: person(people.get(a.userId), a.userId),
          roll: a.roll,
          cursor: a.cursor,
          chunk: a.chunkIndex,
        })),
        returned: result?.returned ?? [],
        entrants,
        entrants_hash: result?.entrantsHash ?? null,
        server_seed_hash: room.serverSeedHash,
        server_seed: result ? room.serverSeed : null,
        public_seed: room.publicSeed,
        beacon_round: room.beaconRound,
        beacon_url: room.beaconRound === null ? null : deps.beacon.urlOf(room.beaconRound),
        closed_at: r.closedAtMs,
      };
    },

    async isOpenAward(roomId: number): Promise<RollIsOpenAwardResponse> {
      const room = await load(roomId);
      return {
        room_id: room.id,
        is_open_award: room.data.state === 'ended',
        state: STATE_NUMBER[room.data.state],
        draw_at: room.data.drawAtMs,
        now: deps.clock.now(),
      };
    },

    async createRule(userId: number): Promise<RollCreateRule> {
      const rights = creatorRights(await rollRepo.creator(db, userId));
      return {
        can_create: rights.canCreate,
        max_prizes: ROLL_MAX_PRIZES,
        min_draw_delay_ms: ROLL_MIN_DRAW_DELAY_MS,
        max_draw_delay_ms: ROLL_MAX_DRAW_DELAY_MS,
        title_max: ROLL_TITLE_MAX,
        description_max: ROLL_DESCRIPTION_MAX,
        password_max: ROLL_PASSWORD_MAX,
        recharge_days_max: ROLL_RECHARGE_DAYS_MAX,
        max_recharge: ROLL_MAX_RECHARGE_UNITS,
        max_vip: ROLL_MAX_VIP_LEVEL,
      };
    },
  };
}

export type RollViews = ReturnType<typeof createRollViews>;
