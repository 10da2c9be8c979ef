/**
 * Box battles on the game engine (issue 11; rules: packages/game/src/battle.ts; engine:
 * ../games/room-engine.ts). This file only translates: requests into pure transitions and the
 * rules' steps into engine changes; rooms become the spec's snapshots in battles.views.ts.
 * Timeline of a room:
 *
 *   create (creator debited) → waiting, due WAIT_MS later (then dissolved and refunded)
 *   → last seat taken → running, due at once: the tick waits for the public beacon's first round
 *     after that moment, then `begin` fixes it and computes every roll
 *   → a reveal every round (5 s, fast mode 0.5 s), the first FIRST_REVEAL_MS after begin
 *   → one round after the last reveal, settlement: items to the winner(s), consolations → ended.
 */
import {
  advance,
  BATTLE_CONSOLATION_BP,
  BATTLE_GAME,
  BATTLE_MAX_BOXES,
  BATTLE_MAX_SEATS,
  BATTLE_MIN_SEATS,
  type Battle,
  type BattleBox,
  type BattleEvent,
  type BattleStep,
  begin,
  create,
  dissolve,
  join,
  roundMs,
} from '@kaixiang/game/battle';
import { type Effect, err, ok, type Result } from '@kaixiang/game/engine';
import {
  BATTLE_EVENTS,
  BATTLE_HALL_ROOM,
  BATTLE_RESULT_EVENT,
  BATTLE_RULES,
  battleRoom,
  EMOTICON_GAP_MS,
  EMOTICONS,
  type EmoticonEvent,
  GAME_MODES,
} from '@kaixiang/shared/battles';
import type { ErrorKey } from '@kaixiang/shared/errors';
import type { Locale } from '@kaixiang/shared/locale';
import { jewelryRarity } from '@kaixiang/shared/site';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { Presence } from '../../realtime/presence.ts';
import { type BoxesService, DEFAULT_BIG_WIN_UNITS, TICKER_MIN_QUALITY } from '../boxes/boxes.service.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { robotName } from '../games/robots.ts';
import type { Change, Outcome, Room, RoomEngine } from '../games/room-engine.ts';
import type { SiteService } from '../site/site.service.ts';
import { createBattleViews } from './battles.views.ts';

/** A room nobody fills is dissolved and refunded this long after it was made. */
export const WAIT_MS = 10 * 60_000;
/** From the beacon fixing the rolls to the first reel (the spec's scroll delay). */
export const FIRST_REVEAL_MS = 1_000;

/**
 * The rules' state as stored: plus the time of the first reveal, once known, and the version of
 * each box's odds table the room was made with (absent in rooms made before it was kept), which
 * the fairness page checks the rolls' tables against.
 */
export type StoredBattle = Battle & { startedAt?: number; boxVersions?: number[] };

export interface BattlesDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  boxes: BoxesService;
  beacon: PublicBeacon;
  /** The live tickers: a battle's notable wins are recorded when it ends. */
  site: SiteService;
  /** Watchers per room across processes (watch_cnt). */
  presence?: Pick<Presence, 'count'>;
  bigWinUnits?: number;
  /** The operator's switch (game settings): may a creator seat robots? Always, without it. */
  robotsEnabled?: () => Promise<boolean>;
  /** The operator's battle limits (game settings): the most boxes, the most one seat may cost. */
  battleLimits?: () => Promise<{ maxBoxes: number; maxSeatCostUnits: number | null }>;
  /** After a room was made and committed (the boards announce it during a PK power activity). */
  onCreated?: (roomId: number, creatorId: number) => Promise<void>;
}

/** game_type of a battle win in the tickers (spec 1 §3: 2 is the arena). */
export const BATTLE_GAME_TYPE = 2;

export function createBattlesService(deps: BattlesDeps) {
  const { db, engine } = deps;
  const views = createBattleViews(deps);

  /** The rules' step as the engine's change; robots' items stay with the house (GAMES.md §5). */
  function changeOf(step: BattleStep, now: number, extra: Partial<Change<Battle>> = {}): Change<Battle> {
    // When the first reel turns, kept beside the rules' state (their steps carry it along).
    const started = step.events.some((e) => e.type === 'battle_start');
    const battle: StoredBattle = started ? { ...step.state, startedAt: now + FIRST_REVEAL_MS } : step.state;
    const robots = new Set(battle.seats.filter((s) => s?.robot).map((s) => s?.userId));
    const effects: Effect[] = step.effects.filter((e) => !(e.type === 'grant' && robots.has(e.userId)));
    return {
      data: battle,
      state: battle.state,
      dueAt: dueOf(battle, now),
      events: step.events.map(eventOf),
      effects,
      seated: step.events.flatMap((e) => {
        if (e.type === 'join_room') return [{ seat: e.seat, userId: e.userId, robot: e.robot }];
        if (e.type === 'create_room') {
          return e.seats.flatMap((s, seat) => (s ? [{ seat, userId: s.userId, robot: s.robot }] : []));
        }
        return [];
      }),
      ended: battle.state === 'ended' || battle.state === 'dissolved',
      ...(battle.result ? { value: battle.result.totals.reduce((a, b) => a + b, 0) } : {}),
      ...extra,
    };
  }

  /** When the room's next tick is due after a step taken at `now`. */
  function dueOf(battle: Battle, now: number): number | null {
    if (battle.state === 'waiting') return null; // create and join set the unfilled-room deadline
    if (battle.state !== 'running') return null;
    if (battle.publicSeed === null) return now; // the tick fetches the beacon
    return now + (battle.round === 0 ? FIRST_REVEAL_MS : roundMs(battle));
  }

  function eventOf(e: BattleEvent): { type: string; data: Record<string, unknown> } {
    switch (e.type) {
      case 'create_room':
        return { type: BATTLE_EVENTS.create, data: { creator_id: e.creatorId } };
      case 'join_room':
        return { type: BATTLE_EVENTS.join, data: { seat: e.seat, user_id: e.userId, robot: e.robot } };
      case 'full':
        return { type: 'room_full', data: {} };
      case 'battle_start':
        return { type: BATTLE_EVENTS.start, data: { public_seed: e.publicSeed, total_round: e.rounds } };
      case 'round_start':
        return { type: BATTLE_EVENTS.round, data: { round: e.round, box_id: e.boxId } };
      case 'battle_end':
        return { type: BATTLE_EVENTS.end, data: { winners: e.result.winners } };
      case 'dissolve':
        return { type: BATTLE_EVENTS.dissolve, data: { by: e.by } };
    }
  }

  const refuse = (key: ErrorKey): never => {
    throw new AppError(key);
  };
  const unwrap = <T>(r: Result<T, string>): Result<T, ErrorKey> => (r.ok ? r : err(r.error as ErrorKey));

  async function battleBoxes(boxIds: readonly number[], locale: Locale): Promise<(BattleBox & { version: number })[]> {
    if (boxIds.length === 0) refuse('BATTLE_BOXES_EMPTY');
    if (boxIds.length > BATTLE_MAX_BOXES) refuse('BATTLE_TOO_MANY_BOXES');
    const distinct = [...new Set(boxIds)];
    const found = new Map(
      await Promise.all(distinct.map(async (id) => [id, await deps.boxes.forGame(id, locale)] as const)),
    );
    return boxIds.map((id) => {
      const b = found.get(id);
      if (!b) throw new AppError('BOX_NOT_FOUND');
      return {
        boxId: b.boxId,
        version: b.version,
        price: b.price,
        entries: b.entries,
        total: b.total,
        prices: b.prices,
      };
    });
  }

  /** The room's tick (on the scheduler leader): dissolve an unfilled room, fix the beacon, reveal, settle. */
  async function onDue(roomId: number): Promise<void> {
    let closedAt: number | null = null;
    let settledHere = false;
    const after = await engine.apply<Battle>(BATTLE_GAME, roomId, (r, now): Outcome<Battle> => {
      closedAt = null; // a retried transaction runs this again
      settledHere = false;
      if (r.dueAt === null || r.dueAt > now) return null;
      if (r.data.state === 'waiting') {
        const step = unwrap(dissolve(r.data, 'timeout'));
        return step.ok ? ok(changeOf(step.value, now)) : null;
      }
      if (r.data.state !== 'running') return null;
      if (r.data.publicSeed === null) {
        closedAt = r.dueAt; // entries closed then (the last seat's deadline): the beacon comes next
        return null;
      }
      const step = unwrap(advance(r.data));
      if (!step.ok) return null;
      settledHere = step.value.state.state === 'ended';
      return ok(changeOf(step.value, now));
    });
    if (closedAt !== null) {
      // The first beacon round after entries closed is unknown to everyone, the house included,
      // until it comes. Waited for outside the lock; then the rolls are fixed once.
      const value = await deps.beacon.valueAfter(closedAt);
      await engine.apply<Battle>(BATTLE_GAME, roomId, (r, now) => {
        if (r.data.state !== 'running' || r.data.publicSeed !== null) return null;
        const step = unwrap(begin(r.data, value.value));
        return step.ok ? ok(changeOf(step.value, now, { beacon: value })) : step;
      });
    }
    // Announced by the one transition that settled it (the row lock lets one do so).
    if (settledHere) {
      views.forgetResults();
      await deps.bus.publish(BATTLE_HALL_ROOM, BATTLE_RESULT_EVENT, { room_id: roomId }).catch(() => undefined);
      await announceWins(after).catch(() => undefined); // the tickers are a courtesy
    }
  }

  /** The winners' notable items in the live tickers (robots' wins are the house's: not shown). */
  async function announceWins(room: Room<Battle>): Promise<void> {
    const b = room.data;
    if (!b.result) return;
    const info = await deps.boxes.items();
    const bigWin = deps.bigWinUnits ?? DEFAULT_BIG_WIN_UNITS;
    const rows = b.result.awards.flatMap((award) => {
      const to = b.seats[award.toSeat];
      const roll = b.rolls[award.round]?.[award.seat];
      const item = roll ? info.get(roll.itemId) : undefined;
      if (!to || to.robot || !roll || !item) return [];
      if (item.quality < TICKER_MIN_QUALITY && roll.price < bigWin) return [];
      return [
        {
          userId: to.userId,
          gameType: BATTLE_GAME_TYPE,
          rewardHistoryType: roll.price >= bigWin ? 2 : 1,
          jewelryRarity: jewelryRarity(item.quality),
          itemDefId: roll.itemId,
          itemImg: item.image,
          itemName: item.names.zhCn,
          itemPriceUnits: roll.price,
          boxImg: '',
        },
      ];
    });
    await deps.site.recordRewards(rows);
  }

  engine.register({
    game: BATTLE_GAME,
    channel: battleRoom,
    hall: {
      channel: BATTLE_HALL_ROOM,
      types: [BATTLE_EVENTS.create, BATTLE_EVENTS.join, BATTLE_EVENTS.start, BATTLE_EVENTS.end, BATTLE_EVENTS.dissolve],
    },
    pool: 'game_pool',
    kinds: { debit: 'battle_entry', credit: (reason) => reason },
    itemSource: 'battle',
    itemSourceName: (roomId) => `竞技场 #${roomId}`,
    onDue,
  });

  async function joinRoom(userId: number, roomId: number, seat: number | undefined, robot: boolean) {
    await engine.apply<Battle>(BATTLE_GAME, roomId, (r, now) => {
      const step = unwrap(join(r.data, { userId, robot, ...(seat === undefined ? {} : { seat }) }));
      if (!step.ok) return step;
      const change = changeOf(step.value, now);
      // Still waiting: the unfilled-room deadline stands.
      return ok(step.value.state.state === 'waiting' ? { ...change, dueAt: r.dueAt } : change);
    });
    return { room_id: roomId };
  }

  const robotRows = () =>
    db
      .select({ user_id: users.id, nick_name: users.nickName, avatar: users.avatar })
      .from(users)
      .where(eq(users.role, 'robot'))
      .orderBy(users.id);

  /** The robots, named for a reader of `locale` (robots.ts). */
  async function robots(locale: Locale) {
    return { list: (await robotRows()).map((r) => ({ ...r, nick_name: robotName(r.nick_name, locale) })) };
  }

  /** When each player last showed an emoticon in this process (the gap is a courtesy, not money). */
  const lastEmoticon = new Map<number, number>();

  return {
    emoticons: () => ({ list: EMOTICONS.map((e) => ({ ...e })) }),

    /** A seated player shows an emoticon to everyone in the room (nothing is stored). */
    async sendEmoticon(userId: number, roomId: number, emoticonId: number): Promise<{ room_id: number }> {
      if (!EMOTICONS.some((e) => e.id === emoticonId)) refuse('EMOTICON_NOT_FOUND');
      const room = await engine.load<Battle>(BATTLE_GAME, roomId);
      if (!room) return refuse('GAME_ROOM_NOT_FOUND');
      const seat = room.data.seats.findIndex((s) => s?.userId === userId && !s.robot);
      if (seat < 0) refuse('BATTLE_NOT_SEATED');
      const now = deps.clock.now();
      if (now - (lastEmoticon.get(userId) ?? Number.NEGATIVE_INFINITY) < EMOTICON_GAP_MS)
        refuse('EMOTICON_TOO_FREQUENT');
      lastEmoticon.set(userId, now);
      if (lastEmoticon.size > 10_000) {
        for (const [id, at] of lastEmoticon) if (now - at >= EMOTICON_GAP_MS) lastEmoticon.delete(id);
      }
      const event: EmoticonEvent = { room_id: roomId, user_id: userId, seat, emoticon_id: emoticonId };
      await deps.bus.publish(battleRoom(roomId), BATTLE_EVENTS.emoticon, event);
      return { room_id: roomId };
    },

    /** The room's deadline handler (the timers call it; tests may call it again: it is idempotent). */
    tick: onDue,

    async createRule(locale: Locale) {
      const list = await deps.boxes.list(locale);
      return {
        boxs: list.categories.flatMap((c) =>
          c.boxes.map((b) => ({
            box_id: b.box_id,
            name: b.name,
            img: b.img,
            fallback_img: b.fallback_img,
            price: b.price,
          })),
        ),
        max_boxes: BATTLE_MAX_BOXES,
        seats: Array.from({ length: BATTLE_MAX_SEATS - BATTLE_MIN_SEATS + 1 }, (_, i) => BATTLE_MIN_SEATS + i),
        game_modes: [...GAME_MODES],
        rules: [...BATTLE_RULES],
        consolation_bp: BATTLE_CONSOLATION_BP,
      };
    },

    async create(
      userId: number,
      input: { box_ids: number[]; user_num: number; game_mode: number; rule: number },
      locale: Locale,
    ): Promise<{ room_id: number }> {
      if (!(GAME_MODES as readonly number[]).includes(input.game_mode)) refuse('BATTLE_RULE_INVALID');
      if (!Number.isInteger(input.user_num) || input.user_num < BATTLE_MIN_SEATS || input.user_num > BATTLE_MAX_SEATS) {
        refuse('BATTLE_SEATS_INVALID');
      }
      const limits = await deps.battleLimits?.();
      if (limits && input.box_ids.length > limits.maxBoxes) refuse('BATTLE_TOO_MANY_BOXES');
      const boxes = await battleBoxes(input.box_ids, locale);
      // The prices the battle will charge (each box's current version, as create fixes them).
      if (limits?.maxSeatCostUnits != null && boxes.reduce((s, b) => s + b.price, 0) > limits.maxSeatCostUnits) {
        refuse('BATTLE_COST_TOO_HIGH');
      }
      const room = await engine.create<Battle>(BATTLE_GAME, userId, (r, now) => {
        const step = unwrap(
          create({
            roomId: r.id,
            creatorId: userId,
            seats: input.user_num,
            boxes,
            rule: input.rule,
            fast: input.game_mode === 3,
            serverSeed: r.serverSeed,
          }),
        );
        if (!step.ok) return step;
        const data: StoredBattle = { ...step.value.state, boxVersions: boxes.map((b) => b.version) };
        return ok({ ...changeOf(step.value, now), data, dueAt: now + WAIT_MS });
      });
      await deps.onCreated?.(room.id, userId).catch(() => undefined); // a courtesy: the room is made
      return { room_id: room.id };
    },

    join: (userId: number, roomId: number, seat: number | undefined) => joinRoom(userId, roomId, seat, false),

    /** The creator seats a robot: the first robot not in the room. */
    async addRobot(userId: number, roomId: number, seat: number | undefined): Promise<{ room_id: number }> {
      if (deps.robotsEnabled && !(await deps.robotsEnabled())) refuse('GAMES_ROBOTS_OFF');
      const room = await engine.load<Battle>(BATTLE_GAME, roomId);
      if (!room) return refuse('GAME_ROOM_NOT_FOUND');
      if (room.data.creatorId !== userId) refuse('BATTLE_NOT_CREATOR');
      const seated = new Set(room.data.seats.flatMap((s) => (s ? [s.userId] : [])));
      const robot = (await robotRows()).find((r) => !seated.has(r.user_id));
      if (!robot) return refuse('BATTLE_FULL');
      return joinRoom(robot.user_id, roomId, seat, true);
    },

    async dissolve(userId: number, roomId: number): Promise<{ room_id: number }> {
      await engine.apply<Battle>(BATTLE_GAME, roomId, (r, now) => {
        const step = unwrap(dissolve(r.data, userId));
        return step.ok ? ok(changeOf(step.value, now)) : step;
      });
      return { room_id: roomId };
    },

    robots,

    realTimeResults: views.realTimeResults,
    report: views.report,
    list: views.list,
    ownRecord: views.ownRecord,
    room: views.room,
  };
}

export type BattlesService = ReturnType<typeof createBattlesService>;
