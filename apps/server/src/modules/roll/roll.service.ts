/**
 * Roll rooms (ROLL房, issue 13) on the game engine (rules: packages/game/src/roll.ts; engine:
 * ../games/room-engine.ts). Every room is one room of game `roll`, talking on `roll:{id}` (and
 * `roll:hall` for the list). A room's life:
 *
 *   create: the owner's items locked (status locked, the row lock sell/recycle/retrieve/upgrade
 *     take) in the room's own transaction, the server seed committed → open, due at the draw time
 *   → joins: free, under a SHARE lock on the room, one `roll_entries` row per player
 *   → the draw time: close (FOR UPDATE: waits for every join in flight; entries are final)
 *   → the public beacon's first value after the close → the draw in ONE transaction: entrants
 *     read, the prize rows locked, winners drawn, each prize given (the owner's row consumed, a
 *     new row granted, source 'roll') or returned (unlocked), a mail to each winner → ended.
 *
 * A repeated or late tick finds the room closed or ended and does nothing more.
 */
import { ok } from '@kaixiang/game/engine';
import {
  close,
  create,
  draw,
  join,
  NO_CONDITIONS,
  ROLL_GAME,
  type RollConditions,
  type RollEffect,
  type RollPrize,
  type RollRoom,
  type RollStep,
  rechargeSince,
} from '@kaixiang/game/roll';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { ITEM_STATUS, ITEM_UPDATE_EVENT, type ItemUpdatePush } from '@kaixiang/shared/inventory';
import { DEFAULT_LOCALE } from '@kaixiang/shared/locale';
import { ANCHOR_ACCOUNT_TYPES } from '@kaixiang/shared/payments';
import {
  ROLL_EVENTS,
  ROLL_HALL_ROOM,
  type RollCreateRequest,
  type RollJoinResponse,
  type RollWinPush,
  rollRoom,
} from '@kaixiang/shared/roll';
import { userRoom } from '@kaixiang/shared/socket';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { gameRooms } from '../../db/schema/games.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { ItemInfo } from '../boxes/items.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import { peopleOf } from '../games/people.ts';
import type { Change, EngineEffect, Outcome, RoomEngine } from '../games/room-engine.ts';
import { inventoryRepo, USABLE_STATUSES } from '../inventory/inventory.repo.ts';
import type { LedgerTx } from '../ledger/ledger.ts';
import { rechargedSince } from '../ledger/recharges.ts';
import type { MailService } from '../mail/mail.service.ts';
import { hashPassword, passwordMatches, passwordValid } from './roll.password.ts';
import { rollRepo } from './roll.repo.ts';

/** The rules' room as stored: plus the password's keyed hash, which no answer ever carries. */
export type StoredRoll = RollRoom & { passwordHash: string | null };

export interface RollDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  /** The catalogue's names and pictures (boxes.items): mails and pushes name the prize. */
  items: () => Promise<Map<number, ItemInfo>>;
  mail: Pick<MailService, 'sendInTx' | 'notify' | 'resolveItems'>;
  /** The key room passwords are hashed under (roll.password.ts passwordKey). */
  passwordKey: string;
}

export const sourceName = (roomId: number) => `ROLL房 #${roomId}`;

/**
 * Who may make a room on the player site: an anchor, with their own items (spec 2 §2 Roll). An
 * official room of house prizes is made in the console only (admin/games: games.manage, behind
 * the console's second factor), never here whatever the account's role.
 */
export function creatorRights(u: { accountType: number } | undefined) {
  return { canCreate: u !== undefined && ANCHOR_ACCOUNT_TYPES.includes(u.accountType) };
}

/** A room as the service makes it: an anchor's own items, or the house's catalogue items. */
type MakeRequest = RollCreateRequest & {
  house_items?: { item_id: number; exter?: number | undefined }[];
};

function eventOf(e: RollStep['events'][number]): { type: string; data: Record<string, unknown> } | null {
  switch (e.type) {
    case 'create':
      return { type: ROLL_EVENTS.create, data: { draw_at: e.drawAtMs } };
    case 'close':
      return { type: ROLL_EVENTS.close, data: { closed_at: e.closedAtMs } };
    case 'end':
      return {
        type: ROLL_EVENTS.end,
        data: { winners: e.awards.map((a) => ({ prize: a.prize, user_id: a.userId })), returned: e.returned },
      };
    default:
      return null; // joins go out from the join itself, without a room_seq
  }
}

function changeOf(step: RollStep, stored: StoredRoll, dueAt: number | null, effects: EngineEffect[] = []) {
  const change: Change<StoredRoll> = {
    data: stored,
    state: stored.state,
    dueAt,
    events: step.events.flatMap((e) => eventOf(e) ?? []),
    effects,
    ended: stored.state === 'ended',
  };
  return change;
}

const refuse = (key: ErrorKey): never => {
  throw new AppError(key);
};

/** A number the client sent where the rules want an integer (they refuse what is not one). */
const num = (v: number | undefined, fallback: number) => (v === undefined ? fallback : v);

export function createRollService(deps: RollDeps) {
  const { db, engine } = deps;

  async function pushItems(userId: number, ids: number[], status: ItemUpdatePush['status']) {
    if (ids.length === 0) return;
    const push: ItemUpdatePush = { ids, status, failure: null, offer_id: null };
    await deps.bus.publish(userRoom(userId), ITEM_UPDATE_EVENT, push).catch(() => undefined);
  }

  // --- making a room ---------------------------------------------------------------------------

  /** An anchor's room of their own items (the player site). */
  async function createRoom(userId: number, body: RollCreateRequest): Promise<{ room_id: number }> {
    if (!creatorRights(await rollRepo.creator(db, userId)).canCreate) refuse('ROLL_NOT_ANCHOR');
    return make(userId, { ...body, house_items: [] }, false);
  }

  /**
   * An official room of house prizes, owned by the admin who made it (the console); `after` writes
   * the audit record in the room's own transaction.
   */
  async function createOfficial(
    adminId: number,
    body: Omit<RollCreateRequest, 'item_ids' | 'invited_only'> & { house_items: MakeRequest['house_items'] },
    after: (lt: LedgerTx, room: { roomId: number; value: number; prizes: number }) => Promise<void>,
  ): Promise<{ room_id: number }> {
    return make(adminId, { ...body, item_ids: [], invited_only: false }, true, after);
  }

  async function make(
    userId: number,
    body: MakeRequest,
    official: boolean,
    after?: (lt: LedgerTx, room: { roomId: number; value: number; prizes: number }) => Promise<void>,
  ): Promise<{ room_id: number }> {
    const itemIds = body.item_ids ?? [];
    const house = body.house_items ?? [];
    // Only the console's call gives house prizes; an anchor's room holds their own items only.
    if (house.length > 0 && !official) refuse('ROLL_NOT_OFFICIAL');
    const password = body.password ?? '';
    if (password !== '' && !passwordValid(password)) refuse('ROLL_PASSWORD_INVALID');
    const conditions: RollConditions = {
      minRechargeUnits: num(body.min_recharge, NO_CONDITIONS.minRechargeUnits),
      rechargeDays: num(body.recharge_days, NO_CONDITIONS.rechargeDays),
      minVipLevel: num(body.min_vip, NO_CONDITIONS.minVipLevel),
      invitedOnly: body.invited_only ?? false,
    };
    const base = {
      ownerId: userId,
      official,
      title: body.title,
      description: body.description ?? '',
      drawAtMs: body.draw_at,
      conditions,
      hasPassword: password !== '',
    };
    // Every refusal the rules can give, before any row is locked (prices are not known yet).
    const dry = create({
      ...base,
      roomId: 1,
      now: deps.clock.now(),
      prizes: [
        ...itemIds.map((id) => ({ itemDefId: 0, exter: 1, price: 0, userItemId: id, heldStatus: 0 })),
        ...house.map(() => ({ itemDefId: 0, exter: 1, price: 0, userItemId: null, heldStatus: null })),
      ],
    });
    if (!dry.ok) refuse(dry.error);
    const housePrizes: Omit<RollPrize, 'index'>[] = (
      await deps.mail.resolveItems(
        db,
        house.map((h) => ({ itemDefId: h.item_id, ...(h.exter === undefined ? {} : { exter: h.exter }) })),
      )
    ).map((it) => ({
      itemDefId: it.itemDefId,
      exter: it.exter,
      price: it.priceUnits,
      userItemId: null,
      heldStatus: null,
    }));
    const passwordHash = password === '' ? null : hashPassword(deps.passwordKey, password);

    let owned: Omit<RollPrize, 'index'>[] = [];
    const room = await engine.createIf<StoredRoll>(
      ROLL_GAME,
      userId,
      async (lt) => {
        owned = [];
        if (itemIds.length === 0) return {};
        // The lock sell, recycle, retrieve and upgrade take, in id order: exactly one of them and
        // this room moves an item, and the loser sees it moved.
        const rows = await inventoryRepo.lockOwn(lt.tx, userId, itemIds);
        if (rows.length !== itemIds.length) refuse('ITEM_NOT_FOUND');
        if (rows.some((r) => !USABLE_STATUSES.includes(r.status as never))) refuse('ITEM_NOT_AVAILABLE');
        await inventoryRepo.update(lt.tx, itemIds, { status: ITEM_STATUS.locked, updatedAt: lt.now });
        const byId = new Map(rows.map((r) => [r.id, r]));
        owned = itemIds.map((id) => {
          const r = byId.get(id);
          if (!r) throw new Error(`locked row ${id} missing`);
          return {
            itemDefId: r.itemDefId,
            exter: r.exter,
            price: r.priceUnits,
            userItemId: r.id,
            heldStatus: r.status,
          };
        });
        return {};
      },
      (fresh, now) => {
        const step = create({ ...base, roomId: fresh.id, now, prizes: [...owned, ...housePrizes] });
        if (!step.ok) return step;
        const stored: StoredRoll = { ...step.value.state, passwordHash };
        return ok({
          ...changeOf(step.value, stored, stored.drawAtMs),
          value: stored.prizes.reduce((sum, p) => sum + p.price, 0),
        });
      },
      after
        ? (lt, made) => {
            const r = made.data as StoredRoll;
            return after(lt, {
              roomId: made.id,
              value: r.prizes.reduce((sum, p) => sum + p.price, 0),
              prizes: r.prizes.length,
            });
          }
        : undefined,
    );
    if (!room) throw new Error('a roll room is always made');
    await pushItems(userId, itemIds, ITEM_STATUS.locked);
    return { room_id: room.id };
  }

  // --- joining ---------------------------------------------------------------------------------

  async function joinRoom(userId: number, roomId: number, password: string | undefined): Promise<RollJoinResponse> {
    const out = await engine
      .shared<StoredRoll, RollJoinResponse & { person: { nick: string; avatar: string; vip: number } }>(
        ROLL_GAME,
        eq(gameRooms.id, roomId),
        async (room, lt) => {
          const r = room.data;
          const now = lt.now.getTime();
          // One query at a time: the transaction is one connection (pg 9 refuses a second in flight).
          const me = await rollRepo.joiner(lt.tx, userId);
          const entry = await rollRepo.entry(lt.tx, roomId, userId);
          if (!me) return refuse('UNAUTHENTICATED');
          const recharged =
            r.conditions.minRechargeUnits > 0 ? await rechargedSince(lt.tx, userId, rechargeSince(r, now)) : 0;
          const given = password ?? '';
          const step = join(r, {
            userId,
            now,
            alreadyJoined: entry !== undefined,
            password:
              given === '' || r.passwordHash === null
                ? 'missing'
                : passwordMatches(deps.passwordKey, r.passwordHash, given)
                  ? 'match'
                  : 'mismatch',
            vipLevel: me.vip,
            rechargedUnits: recharged,
            inviterId: me.inviter,
          });
          if (!step.ok) return refuse(step.error);
          // The last word on "once": two joins at the same moment both got here; one row wins.
          if (!(await rollRepo.insertEntry(lt.tx, roomId, userId, lt.now))) refuse('ROLL_ALREADY_JOINED');
          const count = await rollRepo.entryCount(lt.tx, roomId);
          // The frame goes to every watcher, whatever their language; the joiner is a signed-in
          // player (robots have no credentials), whose nickname is the same in all three.
          const people = await peopleOf(lt.tx, [userId], DEFAULT_LOCALE);
          const person = people.get(userId) ?? { nick: '', avatar: '', vip: me.vip };
          return {
            value: { room_id: roomId, joined_at: now, player_count: count, person },
            events: [
              {
                channel: rollRoom(roomId),
                event: {
                  type: ROLL_EVENTS.join,
                  data: {
                    room_id: roomId,
                    user_id: userId,
                    nick_name: person.nick,
                    avatar: person.avatar,
                    vip_level: person.vip,
                  },
                },
              },
            ],
          };
        },
      )
      .catch((e: unknown) => {
        throw e instanceof AppError && e.key === 'GAME_ROOM_NOT_FOUND' ? new AppError('ROLL_ROOM_NOT_FOUND') : e;
      });
    return { room_id: out.room_id, joined_at: out.joined_at, player_count: out.player_count };
  }

  // --- the draw ----------------------------------------------------------------------------------

  /** The room's tick on the scheduler leader: close at the draw time, then draw. */
  async function onDue(roomId: number): Promise<void> {
    let closedAt: number | null = null;
    await engine.apply<StoredRoll>(ROLL_GAME, roomId, (r, now): Outcome<StoredRoll> => {
      closedAt = null; // a retried transaction runs this again
      if (r.dueAt === null || r.dueAt > now) return null;
      if (r.data.state === 'open') {
        const step = close(r.data, now);
        if (!step.ok) return null;
        closedAt = now;
        // Due at once: if this process dies waiting for the beacon, the next leader draws.
        return ok(changeOf(step.value, { ...r.data, ...step.value.state }, now));
      }
      if (r.data.state === 'closed') closedAt = r.data.closedAtMs;
      return null;
    });
    if (closedAt !== null) await drawRoom(roomId, closedAt);
  }

  async function drawRoom(roomId: number, closedAt: number): Promise<void> {
    // The first beacon value after entries closed: unknown to everyone, the house included, until then.
    const beacon = await deps.beacon.valueAfter(closedAt);
    // Read before the transaction: it holds the only connection on PGlite.
    const info = await deps.items();
    let done: { room: StoredRoll; consumed: number[]; released: number[] } | null = null;
    await engine.transact<StoredRoll>(ROLL_GAME, roomId, async (r, lt) => {
      done = null;
      if (r.data.state !== 'closed') return null;
      const entrants = await rollRepo.entrants(lt.tx, roomId);
      const step = draw(r.data, { serverSeed: r.serverSeed, publicSeed: beacon.value, entrants });
      if (!step.ok) return null;
      const stored: StoredRoll = { ...step.value.state, passwordHash: r.data.passwordHash };
      const moved = await moveItems(lt, stored, step.value.effects);
      await mailWinners(lt, stored, info);
      done = { room: stored, ...moved };
      const grants = step.value.effects.filter((e): e is Extract<RollEffect, { type: 'grant' }> => e.type === 'grant');
      return ok({ ...changeOf(step.value, stored, null, grants), beacon });
    });
    const drawn = done as { room: StoredRoll; consumed: number[]; released: number[] } | null;
    if (drawn) await announce(roomId, drawn.room, drawn.consumed, drawn.released);
  }

  /**
   * The owner's locked rows: each consumed (given away: sold, disposal 'roll') or released (its
   * status before the room), under the lock every other move of an item takes. Only a row still
   * locked and still the owner's moves; anything else is a bug, and the draw rolls back.
   */
  async function moveItems(lt: LedgerTx, room: StoredRoll, effects: readonly RollEffect[]) {
    const ids = room.prizes.flatMap((p) => (p.userItemId === null ? [] : [p.userItemId]));
    const rows = await inventoryRepo.lockById(lt.tx, ids);
    for (const row of rows) {
      if (row.status !== ITEM_STATUS.locked || row.userId !== room.ownerId) {
        throw new Error(`roll room ${room.roomId}: prize row ${row.id} is not locked for its owner`);
      }
    }
    if (rows.length !== ids.length) throw new Error(`roll room ${room.roomId}: a prize row is missing`);
    const consumed: number[] = [];
    const released: number[] = [];
    for (const e of effects) {
      if (e.type === 'consume') consumed.push(e.userItemId);
      if (e.type === 'release') {
        released.push(e.userItemId);
        await inventoryRepo.update(lt.tx, [e.userItemId], { status: e.status, updatedAt: lt.now });
      }
    }
    await inventoryRepo.update(lt.tx, consumed, { status: ITEM_STATUS.sold, disposal: 'roll', updatedAt: lt.now });
    return { consumed, released };
  }

  /** One mail per winner, in the draw's transaction (no attachment: the item is in their inventory). */
  async function mailWinners(lt: LedgerTx, room: StoredRoll, info: Map<number, ItemInfo>): Promise<void> {
    for (const a of room.result?.awards ?? []) {
      const prize = room.prizes[a.prize] as RollPrize;
      const names = info.get(prize.itemDefId)?.names ?? { zhCn: '', zhTw: '', en: '' };
      await deps.mail.sendInTx(
        lt.tx,
        {
          userId: a.userId,
          title: { zhCn: '恭喜您在ROLL房中奖', zhTw: '恭喜您在ROLL房中獎', en: 'You won a prize in a roll room' },
          content: {
            zhCn: `您在ROLL房「${room.title}」(#${room.roomId})中获得了 ${names.zhCn}，已放入您的背包。`,
            zhTw: `您在ROLL房「${room.title}」(#${room.roomId})中獲得了 ${names.zhTw || names.zhCn}，已放入您的背包。`,
            en: `You won ${names.en || names.zhCn} in the roll room "${room.title}" (#${room.roomId}). It is in your inventory.`,
          },
          source: 'roll',
          sourceKey: `roll:${room.roomId}:${a.userId}`,
        },
        lt.now,
      );
    }
  }

  /** After the draw's commit: each winner's own push and mail dot, the owner's inventory. */
  async function announce(roomId: number, room: StoredRoll, consumed: number[], released: number[]) {
    const awards = room.result?.awards ?? [];
    const [info, granted] = await Promise.all([
      deps.items(),
      rollRepo.granted(
        db,
        roomId,
        awards.map((a) => a.userId),
      ),
    ]);
    for (const a of awards) {
      const p = room.prizes[a.prize] as RollPrize;
      const item = info.get(p.itemDefId);
      const push: RollWinPush & { user_item_id: number | null } = {
        room_id: roomId,
        title: room.title,
        prize: {
          index: p.index,
          item_id: p.itemDefId,
          name: item?.names.zhCn ?? '',
          img: item?.image ?? '',
          quality: item?.quality ?? 0,
          exter: p.exter,
          price: p.price,
        },
        user_item_id: granted.get(a.userId)?.[0] ?? null,
      };
      await deps.bus.publish(userRoom(a.userId), ROLL_EVENTS.win, push).catch(() => undefined);
      await pushItems(a.userId, granted.get(a.userId) ?? [], ITEM_STATUS.normal);
      await deps.mail.notify(a.userId).catch(() => undefined);
    }
    await pushItems(room.ownerId, consumed, ITEM_STATUS.sold);
    const back = new Map<number, number[]>();
    for (const p of room.prizes) {
      if (p.userItemId !== null && p.heldStatus !== null && released.includes(p.userItemId)) {
        back.set(p.heldStatus, [...(back.get(p.heldStatus) ?? []), p.userItemId]);
      }
    }
    for (const [status, ids] of back) await pushItems(room.ownerId, ids, status as ItemUpdatePush['status']);
  }

  engine.register({
    game: ROLL_GAME,
    channel: rollRoom,
    hall: { channel: ROLL_HALL_ROOM, types: [ROLL_EVENTS.create, ROLL_EVENTS.close, ROLL_EVENTS.end] },
    pool: 'game_pool',
    kinds: { debit: 'roll_entry', credit: (reason) => reason },
    itemSource: 'roll',
    itemSourceName: sourceName,
    onDue,
  });

  return {
    create: createRoom,
    createOfficial,
    join: joinRoom,
    /** The room's deadline handler (the timers call it; tests may call it again: it is idempotent). */
    tick: onDue,
  };
}

export type RollService = ReturnType<typeof createRollService>;
