/**
 * Card grabbing (夺宝, issue 13) on the game engine (rules: packages/game/src/treasure.ts; engine:
 * ../games/room-engine.ts). Every treasure is one room of game `treasure`, talking on
 * `treasure:{id}` (and `treasure:hall`). A treasure's life:
 *
 *   create (the console only): an admin names a catalogue item, the number of cards and their price; the server seed
 *     is committed → open, due at its deadline
 *   → grabs: each under the room's row lock (FOR UPDATE, engine.apply): the next cards written
 *     into the room and their price debited in the same transaction, so exactly N cards are ever
 *     sold and a grab that finds too few left, or too little balance, changes nothing
 *   → the last card: full, due at once → on the scheduler leader, the public beacon's first value
 *     after that moment → the draw in ONE transaction: the winning card's holder is granted the
 *     item (source 'treasure') → won
 *   → or the deadline with cards left: every card refunded (one credit per holder, keyed) → refunded.
 *
 * A repeated or late tick finds the treasure won or refunded and does nothing more.
 */
import { err, ok } from '@kaixiang/game/engine';
import {
  create,
  draw,
  expire,
  grab,
  priorGrab,
  TREASURE_GAME,
  type Treasure,
  type TreasureStep,
} from '@kaixiang/game/treasure';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { ITEM_STATUS, ITEM_UPDATE_EVENT, type ItemUpdatePush } from '@kaixiang/shared/inventory';
import { userRoom } from '@kaixiang/shared/socket';
import {
  TREASURE_EVENTS,
  TREASURE_HALL_ROOM,
  type TreasureCreateRequest,
  type TreasureJoinResponse,
  treasureRoom,
} from '@kaixiang/shared/treasure';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { userItems } from '../../db/schema/items.ts';
import { AppError } from '../../http/app-error.ts';
import type { EventBus } from '../../infra/bus.ts';
import type { Clock } from '../../infra/clock.ts';
import type { ItemInfo } from '../boxes/items.ts';
import type { PublicBeacon } from '../games/beacon.ts';
import type { Change, Outcome, RoomEngine } from '../games/room-engine.ts';
import type { LedgerTx } from '../ledger/ledger.ts';
import type { MailService } from '../mail/mail.service.ts';

export interface TreasureDeps {
  db: Db;
  bus: EventBus;
  clock: Clock;
  engine: RoomEngine;
  beacon: PublicBeacon;
  /** The catalogue item of a treasure's prize (resolveItems); the winner's mail. */
  mail: Pick<MailService, 'resolveItems' | 'sendInTx' | 'notify'>;
  /** The catalogue's names (boxes.items): the mail names the prize. */
  items: () => Promise<Map<number, ItemInfo>>;
}

export const sourceName = (roomId: number) => `夺宝 #${roomId}`;

const refuse = (key: ErrorKey): never => {
  throw new AppError(key);
};

function eventOf(e: TreasureStep['events'][number]): { type: string; data: Record<string, unknown> } {
  switch (e.type) {
    case 'create':
      return { type: TREASURE_EVENTS.create, data: { cards: e.cards, card_price: e.cardPrice } };
    case 'grab':
      return { type: TREASURE_EVENTS.grab, data: { user_id: e.userId, first: e.first, count: e.count, sold: e.sold } };
    case 'full':
      return { type: TREASURE_EVENTS.full, data: { filled_at: e.filledAtMs } };
    case 'won':
      return { type: TREASURE_EVENTS.won, data: { card: e.card, user_id: e.userId } };
    case 'refund':
      return {
        type: TREASURE_EVENTS.refund,
        data: { refunds: e.refunds.map((r) => ({ user_id: r.userId, amount: r.amount })) },
      };
  }
}

function changeOf(step: TreasureStep, dueAt: number | null): Change<Treasure> {
  const s = step.state;
  return {
    data: s,
    state: s.state,
    dueAt,
    events: step.events.map(eventOf),
    effects: step.effects,
    ended: s.state === 'won' || s.state === 'refunded',
    value: s.prizePrice,
  };
}

export function createTreasureService(deps: TreasureDeps) {
  const { db, engine } = deps;

  /**
   * A treasure made by an admin in the console (admin/games, games.manage behind the console's
   * second factor: the only caller); `after` writes its audit record in the room's transaction.
   */
  async function createTreasure(
    userId: number,
    body: TreasureCreateRequest,
    after?: (lt: LedgerTx, made: Treasure & { roomId: number }) => Promise<void>,
  ): Promise<{ room_id: number }> {
    const [prize] = await deps.mail.resolveItems(db, [
      { itemDefId: body.item_id, ...(body.exter === undefined ? {} : { exter: body.exter }) },
    ]);
    if (!prize) return refuse('ITEM_NOT_FOUND');
    if (body.prize_price !== undefined && body.prize_price !== prize.priceUnits) refuse('TREASURE_PRIZE_CHANGED');
    const room = await engine.createIf<Treasure>(
      TREASURE_GAME,
      userId,
      async () => ({}),
      (fresh, now) => {
        const step = create({
          roomId: fresh.id,
          title: body.title,
          itemDefId: prize.itemDefId,
          exter: prize.exter,
          prizePrice: prize.priceUnits,
          cards: body.cards,
          cardPrice: body.card_price,
          now,
          deadlineMs: body.deadline,
        });
        return step.ok ? ok(changeOf(step.value, step.value.state.deadlineMs)) : step;
      },
      after ? (lt, made) => after(lt, { ...(made.data as Treasure), roomId: made.id }) : undefined,
    );
    if (!room) throw new Error('a treasure is always made');
    return { room_id: room.id };
  }

  /**
   * Grabs the next `count` cards. With `requestId`, a grab this player already made under it (its
   * answer was lost, the client asks again) is answered again and nothing is bought: checked under
   * the room's row lock, so two copies sent at once buy once.
   */
  async function join(
    userId: number,
    roomId: number,
    count: number,
    requestId?: string,
  ): Promise<TreasureJoinResponse> {
    let bought: { first: number; count: number; paid: number } | null = null;
    const room = await engine
      .apply<Treasure>(TREASURE_GAME, roomId, (r, now): Outcome<Treasure> => {
        bought = null; // a retried transaction runs this again
        const prior = requestId === undefined ? undefined : priorGrab(r.data, userId, requestId);
        if (prior) {
          if (prior.count !== count) return err('REQUEST_ID_REUSED');
          bought = { first: prior.first, count: prior.count, paid: prior.count * r.data.cardPrice };
          return null;
        }
        const step = grab(r.data, { userId, count, now, ...(requestId === undefined ? {} : { requestId }) });
        if (!step.ok) return step;
        const first = r.data.holders.length;
        bought = { first, count, paid: count * r.data.cardPrice };
        const change = changeOf(step.value, step.value.state.state === 'full' ? now : r.dueAt);
        // One membership row per player and treasure ("treasures I grabbed in"): the first grab's.
        if (!r.data.holders.includes(userId)) change.seated = [{ seat: first, userId, robot: false }];
        return ok(change);
      })
      .catch((e: unknown) => {
        throw e instanceof AppError && e.key === 'GAME_ROOM_NOT_FOUND' ? new AppError('TREASURE_NOT_FOUND') : e;
      });
    const b = bought as { first: number; count: number; paid: number } | null;
    if (!b) throw new Error('a grab that committed bought nothing');
    return {
      room_id: roomId,
      cards: Array.from({ length: b.count }, (_, i) => b.first + i),
      paid: b.paid,
      sold: room.data.holders.length,
      total: room.data.cards,
    };
  }

  /** The treasure's tick on the scheduler leader: refund at an unfilled deadline, or draw a full one. */
  async function onDue(roomId: number): Promise<void> {
    let filledAt: number | null = null;
    await engine.apply<Treasure>(TREASURE_GAME, roomId, (r, now): Outcome<Treasure> => {
      filledAt = null;
      if (r.data.state === 'full') {
        filledAt = r.data.filledAtMs;
        return null;
      }
      if (r.dueAt === null || r.dueAt > now) return null;
      const step = expire(r.data, now);
      return step.ok ? ok(changeOf(step.value, null)) : null;
    });
    if (filledAt !== null) await drawTreasure(roomId, filledAt);
  }

  async function drawTreasure(roomId: number, filledAt: number): Promise<void> {
    // The first beacon value after the last card: unknown to everyone, the house included, until then.
    const beacon = await deps.beacon.valueAfter(filledAt);
    // Read before the transaction: it holds the only connection on PGlite.
    const info = await deps.items();
    let drawn = false;
    const room = await engine.transact<Treasure>(TREASURE_GAME, roomId, async (r, lt) => {
      drawn = false;
      if (r.data.state !== 'full') return null;
      const step = draw(r.data, { serverSeed: r.serverSeed, publicSeed: beacon.value });
      if (!step.ok) return null;
      const t = step.value.state;
      const won = t.result as NonNullable<Treasure['result']>;
      const names = info.get(t.itemDefId)?.names ?? { zhCn: '', zhTw: '', en: '' };
      // In the draw's transaction: a winner gets the item and the mail, or neither.
      await deps.mail.sendInTx(
        lt.tx,
        {
          userId: won.userId,
          title: { zhCn: '恭喜您在夺宝中获奖', zhTw: '恭喜您在奪寶中獲獎', en: 'You won a treasure' },
          content: {
            zhCn: `您在夺宝「${t.title}」(#${roomId})中以第 ${won.card + 1} 张卡片获得了 ${names.zhCn}，已放入您的背包。`,
            zhTw: `您在奪寶「${t.title}」(#${roomId})中以第 ${won.card + 1} 張卡片獲得了 ${names.zhTw || names.zhCn}，已放入您的背包。`,
            en: `Card ${won.card + 1} won you ${names.en || names.zhCn} in the treasure "${t.title}" (#${roomId}). It is in your inventory.`,
          },
          source: 'treasure',
          sourceKey: `treasure:${roomId}`,
        },
        lt.now,
      );
      drawn = true;
      return ok({ ...changeOf(step.value, null), beacon });
    });
    const won = room.data.result;
    if (!drawn || !won) return;
    await deps.mail.notify(won.userId).catch(() => undefined);
    const rows = await db
      .select({ id: userItems.id })
      .from(userItems)
      .where(and(eq(userItems.userId, won.userId), eq(userItems.source, 'treasure'), eq(userItems.sourceId, roomId)));
    const push: ItemUpdatePush = {
      ids: rows.map((r) => r.id),
      status: ITEM_STATUS.normal,
      failure: null,
      offer_id: null,
    };
    await deps.bus.publish(userRoom(won.userId), ITEM_UPDATE_EVENT, push).catch(() => undefined);
  }

  engine.register({
    game: TREASURE_GAME,
    channel: treasureRoom,
    hall: {
      channel: TREASURE_HALL_ROOM,
      types: [
        TREASURE_EVENTS.create,
        TREASURE_EVENTS.grab,
        TREASURE_EVENTS.full,
        TREASURE_EVENTS.won,
        TREASURE_EVENTS.refund,
      ],
    },
    pool: 'game_pool',
    kinds: { debit: 'treasure_card', credit: (reason) => reason },
    itemSource: 'treasure',
    itemSourceName: sourceName,
    onDue,
  });

  return {
    create: createTreasure,
    join,
    /** The treasure's deadline handler (the timers call it; tests may call it again: it is idempotent). */
    tick: onDue,
  };
}

export type TreasureService = ReturnType<typeof createTreasureService>;
