/**
 * The multiplayer game engine's server half (docs/GAMES.md §1–§3, §5): every game (battles now;
 * the turntable, roll rooms, card grabbing later) keeps its rooms in `game_rooms` and changes one
 * only through `apply`, in ONE transaction:
 *
 *   lock the room row → run the game's pure transition on what the lock returned → write the new
 *   state, seats, deadline and `seq` → book the effects (ledger transfers by idempotency key,
 *   items granted) → commit → publish the events, each with the room's seq.
 *
 * The row lock is the room's queue across processes: two players racing for the last seat are
 * served one after the other, and the second sees the room the first left. A transition that
 * says no (a Result error) rolls back and changes nothing; a debit that finds too little balance
 * fails the whole transaction. Events are published only after commit; one lost on the way (the
 * process died between commit and publish) shows as a gap in `room_seq`, and the client refetches
 * the room (GAMES.md §3).
 */
import { randomBytes } from 'node:crypto';
import type { Effect, Result } from '@kaixiang/game/engine';
import { newServerSeed, serverSeedHash } from '@kaixiang/game/fair';
import type { ErrorKey } from '@kaixiang/shared/errors';
import type { ItemSource } from '@kaixiang/shared/inventory';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { gameRoomMembers, gameRooms } from '../../db/schema/games.ts';
import { userItems } from '../../db/schema/items.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { HouseAccount, Ledger, LedgerTx, TransferSpec } from '../ledger/ledger.ts';

/** A room as the rules and the services see it (times in epoch ms). */
export interface Room<S> {
  id: number;
  game: string;
  state: string;
  seq: number;
  dueAt: number | null;
  serverSeed: string;
  serverSeedHash: string;
  publicSeed: string | null;
  beaconRound: number | null;
  data: S;
  createdBy: number;
  createdAt: number;
  endedAt: number | null;
  valueUnits: number;
}

export interface RoomEvent {
  type: string;
  data?: Record<string, unknown>;
}

/**
 * A money move the rules' Effect does not name: any balanced ledger transfer (between two house
 * accounts, say: the turntable's jackpot feed), booked as it is in the same transaction.
 */
export interface LedgerEffect {
  type: 'ledger';
  transfer: TransferSpec;
}
export type EngineEffect = Effect | LedgerEffect;

/** What a transition changes; the engine writes and books it. */
export interface Change<S> {
  data: S;
  state: string;
  /** The next deadline (epoch ms), or null for none. */
  dueAt: number | null;
  events: RoomEvent[];
  effects: EngineEffect[];
  /** Seats taken by this change. */
  seated?: { seat: number; userId: number; robot: boolean }[];
  /** The public beacon value this change fixed. */
  beacon?: { round: number; value: string };
  /** The room is over (ended or dissolved): its server seed may be shown. */
  ended?: boolean;
  /** What the room is worth, for results lists (units). */
  value?: number;
}

/** What the engine needs to know about one game. */
export interface GameSpec {
  game: string;
  /** The socket room of one room's events (`battle:{id}`). */
  channel: (roomId: number) => string;
  /** Events of these types also go to the game's hall (the list screen), if it has one. */
  hall?: { channel: string; types: readonly string[] };
  /** The house account on the other side of entries, refunds and prizes. */
  pool: HouseAccount;
  /** Ledger kinds: a debit, and a credit by the effect's reason. */
  kinds: { debit: string; credit: (reason: string) => string };
  /** Source and name of the items the game grants (the warehouse log). */
  /** The item source of what the game grants (none for a game that grants no items). */
  itemSource?: ItemSource;
  /** The room's name in memos and the warehouse log. */
  itemSourceName: (roomId: number) => string;
  /** Deadline handler: called (on the scheduler leader) when a room's due_at has come. */
  onDue?: (roomId: number) => Promise<void>;
}

/** A transition the rules refused: rolled back, nothing changed. */
class Refused extends Error {
  constructor(readonly key: ErrorKey) {
    super(key);
  }
}

/** A transition's answer: the change, a refusal, or null for nothing to do. */
export type Outcome<S> = Result<Change<S>, ErrorKey> | null;
export type Transition<S> = (room: Room<S>, now: number) => Outcome<S>;
/**
 * A transition that reads (or writes rows of its own game) in the room's transaction before it
 * decides: the turntable's settlement reads every stake and the jackpot's balance under the lock.
 */
export type TxTransition<S> = (room: Room<S>, lt: LedgerTx) => Promise<Outcome<S>>;

export interface RoomEngine {
  register(spec: GameSpec): void;
  spec(game: string): GameSpec;
  /**
   * Makes a room: a fresh server seed (its hash public from now on), then `build` as the first
   * transition of a room whose data is still null.
   */
  create<S>(game: string, createdBy: number, build: Transition<S | null>): Promise<Room<S>>;
  /**
   * `create`, in a transaction that first asks `before` whether to (under whatever lock it takes,
   * e.g. a seed chain's row): null when it said no. The server seed may come from it (a chain).
   */
  createIf<S>(
    game: string,
    createdBy: number,
    before: (lt: LedgerTx) => Promise<{ serverSeed?: string } | null>,
    build: Transition<S | null>,
    /** Writes the game's own rows that name the new room, in its transaction (the rain's window index). */
    after?: (lt: LedgerTx, room: Room<S>) => Promise<void>,
  ): Promise<Room<S> | null>;
  /**
   * Applies one transition to a room under its row lock. Null from `fn` means nothing to do (a
   * late or repeated tick): the room is answered unchanged. A refusal throws AppError(key).
   */
  apply<S>(game: string, roomId: number, fn: Transition<S>): Promise<Room<S>>;
  /** `apply` for a transition that reads in the transaction first (TxTransition). */
  transact<S>(game: string, roomId: number, fn: TxTransition<S>): Promise<Room<S>>;
  /**
   * A command that only needs the room to stay as it is while it runs (a bet during the betting
   * phase): the room row under a SHARE lock, so many such commands run at once, while a transition
   * (FOR UPDATE) waits for them and they for it. `body` books its own rows and transfers; the
   * room's state, seq and deadline are not written. Events it returns go out after commit.
   */
  shared<S, T>(
    game: string,
    /** Which room: the newest of the game's rooms matching this (e.g. the open round, or one id). */
    which: SQL,
    body: (room: Room<S>, lt: LedgerTx) => Promise<{ value: T; events?: { channel: string; event: RoomEvent }[] }>,
  ): Promise<T>;
  /** Reads a room without locking (snapshots, lists). Null when there is no such room of that game. */
  load<S>(game: string, roomId: number): Promise<Room<S> | null>;
  /** Called after every commit that set a deadline (the timers arm it). */
  onDeadline(listener: (game: string, roomId: number, dueAt: number) => void): void;
}

type RoomRow = typeof gameRooms.$inferSelect;

/** A `game_rooms` row as a Room (for services that list rooms with their own query). */
export function toRoom<S>(row: RoomRow): Room<S> {
  return {
    id: row.id,
    game: row.game,
    state: row.state,
    seq: row.seq,
    dueAt: row.dueAt ? row.dueAt.getTime() : null,
    serverSeed: row.serverSeed,
    serverSeedHash: row.serverSeedHash,
    publicSeed: row.publicSeed,
    beaconRound: row.beaconRound,
    data: row.data as S,
    createdBy: row.createdBy,
    createdAt: row.createdAt.getTime(),
    endedAt: row.endedAt ? row.endedAt.getTime() : null,
    valueUnits: row.valueUnits,
  };
}

export function createRoomEngine(deps: { db: Db; ledger: Ledger; bus: EventBus; clock: Clock }): RoomEngine {
  const specs = new Map<string, GameSpec>();
  const deadlineListeners: ((game: string, roomId: number, dueAt: number) => void)[] = [];

  const specOf = (game: string): GameSpec => {
    const spec = specs.get(game);
    if (!spec) throw new Error(`no game ${game} registered`);
    return spec;
  };

  async function book(
    lt: LedgerTx,
    spec: GameSpec,
    roomId: number,
    seq: number,
    effects: readonly EngineEffect[],
  ): Promise<void> {
    const grants: (typeof userItems.$inferInsert)[] = [];
    // Credits of one reason go out as ONE transfer with a leg per player (a turntable round pays
    // thousands): the transition runs once under the row lock, so the room and its seq key it.
    const credits = new Map<string, Extract<Effect, { type: 'credit' }>[]>();
    for (const e of effects) if (e.type === 'credit') credits.set(e.reason, [...(credits.get(e.reason) ?? []), e]);
    for (const [reason, batch] of credits) {
      if (batch.length < 2) continue;
      const legs = new Map<number, number>();
      for (const c of batch) legs.set(c.userId, (legs.get(c.userId) ?? 0) + c.amount);
      const total = batch.reduce((sum, c) => sum + c.amount, 0);
      await lt.post({
        kind: spec.kinds.credit(reason),
        key: `${spec.game}:${reason}:${roomId}:${seq}`,
        currency: 'coin',
        memo: spec.itemSourceName(roomId),
        legs: [
          ...[...legs].map(([userId, amount]) => ({ account: { userId }, amount })),
          { account: { house: spec.pool }, amount: -total },
        ],
      });
    }
    for (const e of effects) {
      if (e.type === 'ledger') {
        await lt.post(e.transfer);
      } else if (e.type === 'credit' && (credits.get(e.reason)?.length ?? 0) > 1) {
        // booked above, with its batch
      } else if (e.type === 'debit' || e.type === 'credit') {
        // A debit moves money from the player to the game's pool, a credit back.
        const sign = e.type === 'debit' ? -1 : 1;
        await lt.post({
          kind: e.type === 'debit' ? spec.kinds.debit : spec.kinds.credit(e.reason),
          key: e.key,
          currency: 'coin',
          memo: spec.itemSourceName(roomId),
          legs: [
            { account: { userId: e.userId }, amount: sign * e.amount },
            { account: { house: spec.pool }, amount: -sign * e.amount },
          ],
        });
      } else {
        if (!spec.itemSource) throw new Error(`${spec.game} grants no items`);
        grants.push({
          userId: e.userId,
          itemDefId: e.itemDefId,
          exter: e.exter,
          priceUnits: e.price,
          source: spec.itemSource,
          sourceId: roomId,
          sourceName: spec.itemSourceName(roomId),
          createdAt: lt.now,
          updatedAt: lt.now,
        });
      }
    }
    // Items are granted only by the transition that ends a room, which the row lock runs once.
    if (grants.length > 0) await lt.tx.insert(userItems).values(grants);
  }

  /** Writes a change to a locked room and books it; answers the room as committed. */
  async function write<S>(lt: LedgerTx, spec: GameSpec, before: Room<unknown>, change: Change<S>): Promise<Room<S>> {
    const seq = before.seq + change.events.length;
    const [row] = await lt.tx
      .update(gameRooms)
      .set({
        state: change.state,
        data: change.data as unknown as Record<string, unknown>,
        seq,
        dueAt: change.dueAt === null ? null : new Date(change.dueAt),
        updatedAt: lt.now,
        ...(change.beacon ? { publicSeed: change.beacon.value, beaconRound: change.beacon.round } : {}),
        ...(change.ended ? { endedAt: lt.now } : {}),
        ...(change.value === undefined ? {} : { valueUnits: change.value }),
      })
      .where(eq(gameRooms.id, before.id))
      .returning();
    if (!row) throw new Error(`room ${before.id} vanished under its lock`);
    if (change.seated?.length) {
      await lt.tx.insert(gameRoomMembers).values(
        change.seated.map((s) => ({
          roomId: before.id,
          seat: s.seat,
          userId: s.userId,
          robot: s.robot ? 1 : 0,
          joinedAt: lt.now,
        })),
      );
    }
    await book(lt, spec, before.id, seq, change.effects);
    return toRoom<S>(row);
  }

  async function publish(spec: GameSpec, room: Room<unknown>, events: readonly RoomEvent[]): Promise<void> {
    let seq = room.seq - events.length;
    for (const e of events) {
      seq++;
      const data = { ...e.data, room_id: room.id, room_seq: seq };
      await deps.bus.publish(spec.channel(room.id), e.type, data).catch(() => undefined);
      if (spec.hall?.types.includes(e.type)) {
        await deps.bus.publish(spec.hall.channel, e.type, data).catch(() => undefined);
      }
    }
  }

  async function run<S>(
    spec: GameSpec,
    body: (lt: LedgerTx) => Promise<{ room: Room<S>; events: RoomEvent[] }>,
  ): Promise<Room<S>> {
    let out: { room: Room<S>; events: RoomEvent[] };
    try {
      out = await deps.ledger.transaction(body);
    } catch (e) {
      if (e instanceof Refused) throw new AppError(e.key);
      throw e;
    }
    await publish(spec, out.room, out.events);
    if (out.room.dueAt !== null) {
      for (const listener of deadlineListeners) listener(spec.game, out.room.id, out.room.dueAt);
    }
    return out.room;
  }

  async function lock(tx: Tx, game: string, roomId: number) {
    const [row] = await tx.select().from(gameRooms).where(eq(gameRooms.id, roomId)).for('update');
    return row && row.game === game ? toRoom<unknown>(row) : null;
  }

  async function createIf<S>(
    game: string,
    createdBy: number,
    before: (lt: LedgerTx) => Promise<{ serverSeed?: string } | null>,
    build: Transition<S | null>,
    after?: (lt: LedgerTx, room: Room<S>) => Promise<void>,
  ): Promise<Room<S> | null> {
    const spec = specOf(game);
    let made = true;
    const room = await run(spec, async (lt) => {
      made = true;
      const go = await before(lt);
      if (!go) {
        made = false;
        return { room: { dueAt: null, seq: 0 } as Room<S>, events: [] };
      }
      const seed = go.serverSeed ?? newServerSeed((n) => randomBytes(n));
      const [row] = await lt.tx
        .insert(gameRooms)
        .values({
          game,
          state: 'new',
          serverSeed: seed,
          serverSeedHash: serverSeedHash(seed),
          data: sql`'null'::jsonb`,
          createdBy,
          createdAt: lt.now,
          updatedAt: lt.now,
        })
        .returning();
      if (!row) throw new Error('room insert answered nothing');
      const fresh = toRoom<null>(row);
      const result = build(fresh, lt.now.getTime());
      if (!result) throw new Error('a room build must answer a change');
      if (!result.ok) throw new Refused(result.error);
      const room = (await write(lt, spec, fresh, result.value)) as Room<S>;
      await after?.(lt, room);
      return { room, events: result.value.events };
    });
    return made ? room : null;
  }

  function transact<S>(game: string, roomId: number, fn: TxTransition<S>): Promise<Room<S>> {
    const spec = specOf(game);
    return run(spec, async (lt) => {
      const before = await lock(lt.tx, game, roomId);
      if (!before) throw new Refused('GAME_ROOM_NOT_FOUND');
      const result = await fn(before as Room<S>, lt);
      if (result === null) return { room: before as Room<S>, events: [] };
      if (!result.ok) throw new Refused(result.error);
      return { room: await write(lt, spec, before, result.value), events: result.value.events };
    });
  }

  return {
    register(spec) {
      specs.set(spec.game, spec);
    },
    spec: specOf,

    async create(game, createdBy, build) {
      const room = await createIf(game, createdBy, async () => ({}), build);
      if (!room) throw new Error('create made no room');
      return room;
    },
    createIf,

    apply: (game, roomId, fn) => transact(game, roomId, async (room, lt) => fn(room, lt.now.getTime())),
    transact,
    async shared(game, which, body) {
      specOf(game);
      let out: { value: unknown; events?: { channel: string; event: RoomEvent }[] };
      try {
        out = await deps.ledger.transaction(async (lt) => {
          // Found and locked in one statement: a bet is a short transaction.
          const [row] = await lt.tx
            .select()
            .from(gameRooms)
            .where(and(eq(gameRooms.game, game), which))
            .orderBy(desc(gameRooms.id))
            .limit(1)
            .for('share');
          if (!row) throw new Refused('GAME_ROOM_NOT_FOUND');
          return body(toRoom(row) as never, lt);
        });
      } catch (e) {
        if (e instanceof Refused) throw new AppError(e.key);
        throw e;
      }
      for (const { channel, event } of out.events ?? []) {
        await deps.bus.publish(channel, event.type, event.data ?? {}).catch(() => undefined);
      }
      return out.value as never;
    },

    async load(game, roomId) {
      const [row] = await deps.db.select().from(gameRooms).where(eq(gameRooms.id, roomId));
      return row && row.game === game ? toRoom(row) : null;
    },

    onDeadline(listener) {
      deadlineListeners.push(listener);
    },
  };
}
