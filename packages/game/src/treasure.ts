/**
 * Card grabbing (夺宝, issue 13): the pure rules of a treasure. A treasure is one prize item (the
 * house's: an admin makes it) split into `cards` cards at `cardPrice` units each. Players grab
 * cards, one or several at once, each paid for at once; card k is the k-th card sold. When the
 * last card is sold the treasure is full, and once the public beacon has a value after that
 * moment the winning card is drawn and its holder gets the item. A treasure not full by its
 * deadline refunds every card, once.
 *
 * The draw (what the fairness page recomputes, `drawCard`): card = sharedRollIntAt(game
 * "treasure", the room's server seed — committed by its hash at creation —, the beacon value after
 * the last card, the room id, round 0, slot 0) in [0, cards). Every card is equally likely; the
 * seed was fixed before the first card and the beacon value is unknown until after the last.
 *
 * Money is conserved: the cards sold are paid for exactly once (one debit per grab, keyed by its
 * first card), and a refund gives each holder back exactly what they paid.
 */
import { assertRoomId, type Effect, err, ok, type Result, type RoomId, sharedRollIntAt } from './engine.ts';
import { sha256Hex } from './sha256.ts';

export const TREASURE_GAME = 'treasure';
export const TREASURE_DRAW_ROUND = 0;
export const TREASURE_MIN_CARDS = 2;
export const TREASURE_MAX_CARDS = 1_000;
/** At most this many cards in one grab. */
export const TREASURE_MAX_GRAB = 100;
export const TREASURE_MIN_DURATION_MS = 60_000;
export const TREASURE_MAX_DURATION_MS = 30 * 24 * 60 * 60_000;

/** open: cards on sale; full: every card sold, waiting for the beacon; won: drawn; refunded: expired unfilled. */
export type TreasureState = 'open' | 'full' | 'won' | 'refunded';

export interface TreasureDraw {
  /** The winning card (0-based) and its holder. */
  card: number;
  userId: number;
  roll: number;
  cursor: number;
  chunkIndex: number;
}

export interface Treasure {
  roomId: RoomId;
  title: string;
  itemDefId: number;
  exter: number;
  /** What the prize is worth (units). */
  prizePrice: number;
  cards: number;
  cardPrice: number;
  createdAtMs: number;
  deadlineMs: number;
  /** holders[k]: who holds card k (sold in order); its length is the number sold. */
  holders: number[];
  /** Every grab in order (the dynamics list): who, from which card, how many, when. */
  grabs: TreasureGrab[];
  state: TreasureState;
  filledAtMs: number | null;
  publicSeed: string | null;
  result: TreasureDraw | null;
}

export interface TreasureGrab {
  userId: number;
  first: number;
  count: number;
  atMs: number;
  /** The client's id of the grab, when it sent one: the same id again is this grab, not another. */
  requestId?: string;
}

export type TreasureEvent =
  | { type: 'create'; roomId: RoomId; cards: number; cardPrice: number }
  | { type: 'grab'; roomId: RoomId; userId: number; first: number; count: number; sold: number }
  | { type: 'full'; roomId: RoomId; filledAtMs: number }
  | { type: 'won'; roomId: RoomId; card: number; userId: number }
  | { type: 'refund'; roomId: RoomId; refunds: { userId: number; amount: number }[] };

export interface TreasureStep {
  state: Treasure;
  events: TreasureEvent[];
  effects: Effect[];
}

export type CreateError =
  | 'TREASURE_TITLE_INVALID'
  | 'TREASURE_CARDS_INVALID'
  | 'TREASURE_PRICE_INVALID'
  | 'TREASURE_DEADLINE_INVALID';
export type GrabError = 'TREASURE_ENDED' | 'TREASURE_COUNT_INVALID' | 'TREASURE_NOT_ENOUGH_CARDS';
export type TreasureError = CreateError | GrabError | 'TREASURE_NOT_DUE' | 'TREASURE_NOT_FULL';

const isInt = (n: number, min: number, max: number) => Number.isSafeInteger(n) && n >= min && n <= max;

export interface CreateTreasureInput {
  roomId: RoomId;
  title: string;
  itemDefId: number;
  exter: number;
  prizePrice: number;
  cards: number;
  cardPrice: number;
  now: number;
  deadlineMs: number;
}

export function create(input: CreateTreasureInput): Result<TreasureStep, CreateError> {
  const title = input.title.trim();
  if (title.length === 0 || [...title].length > 30) return err('TREASURE_TITLE_INVALID');
  if (!isInt(input.cards, TREASURE_MIN_CARDS, TREASURE_MAX_CARDS)) return err('TREASURE_CARDS_INVALID');
  // The whole treasure's takings stay a safe integer.
  if (!isInt(input.cardPrice, 1, Math.floor(Number.MAX_SAFE_INTEGER / TREASURE_MAX_CARDS))) {
    return err('TREASURE_PRICE_INVALID');
  }
  const life = input.deadlineMs - input.now;
  if (!isInt(life, TREASURE_MIN_DURATION_MS, TREASURE_MAX_DURATION_MS)) return err('TREASURE_DEADLINE_INVALID');
  assertRoomId(input.roomId);
  if (!isInt(input.itemDefId, 0, Number.MAX_SAFE_INTEGER) || !isInt(input.exter, 1, 6)) {
    throw new RangeError('bad prize item'); // the catalogue's data, not the admin's mistake
  }
  if (!isInt(input.prizePrice, 0, Number.MAX_SAFE_INTEGER)) throw new RangeError('bad prize price');
  const state: Treasure = {
    roomId: input.roomId,
    title,
    itemDefId: input.itemDefId,
    exter: input.exter,
    prizePrice: input.prizePrice,
    cards: input.cards,
    cardPrice: input.cardPrice,
    createdAtMs: input.now,
    deadlineMs: input.deadlineMs,
    holders: [],
    grabs: [],
    state: 'open',
    filledAtMs: null,
    publicSeed: null,
    result: null,
  };
  return ok({
    state,
    events: [{ type: 'create', roomId: state.roomId, cards: state.cards, cardPrice: state.cardPrice }],
    effects: [],
  });
}

export const cardsLeft = (t: Pick<Treasure, 'cards' | 'holders'>) => t.cards - t.holders.length;

/** Whether cards are on sale at `now`. */
export function isOnSale(t: Pick<Treasure, 'state' | 'deadlineMs'>, now: number): boolean {
  return t.state === 'open' && now < t.deadlineMs;
}

/**
 * A player grabs `count` cards: the next `count` cards, one debit of count × cardPrice keyed by
 * the first card (sold once, so the key is too). The last card makes the treasure full.
 */
export function grab(
  t: Treasure,
  g: { userId: number; count: number; now: number; requestId?: string },
): Result<TreasureStep, GrabError> {
  if (!isOnSale(t, g.now)) return err('TREASURE_ENDED');
  if (!isInt(g.count, 1, TREASURE_MAX_GRAB)) return err('TREASURE_COUNT_INVALID');
  if (g.count > cardsLeft(t)) return err('TREASURE_NOT_ENOUGH_CARDS');
  const first = t.holders.length;
  const holders = [...t.holders, ...Array.from({ length: g.count }, () => g.userId)];
  const full = holders.length === t.cards;
  const events: TreasureEvent[] = [
    { type: 'grab', roomId: t.roomId, userId: g.userId, first, count: g.count, sold: holders.length },
  ];
  if (full) events.push({ type: 'full', roomId: t.roomId, filledAtMs: g.now });
  return ok({
    state: {
      ...t,
      holders,
      grabs: [
        ...t.grabs,
        { userId: g.userId, first, count: g.count, atMs: g.now, ...(g.requestId ? { requestId: g.requestId } : {}) },
      ],
      state: full ? 'full' : 'open',
      filledAtMs: full ? g.now : null,
    },
    events,
    effects: [
      { type: 'debit', userId: g.userId, amount: g.count * t.cardPrice, key: `treasure_card:${t.roomId}:${first}` },
    ],
  });
}

/**
 * The grab a player already made under `requestId` (a retried request whose first answer was
 * lost): it is answered again, not bought again.
 */
export function priorGrab(t: Treasure, userId: number, requestId: string): TreasureGrab | undefined {
  return t.grabs.find((g) => g.userId === userId && g.requestId === requestId);
}

/** What each holder paid, by player (ascending ids). */
export function paidBy(t: Pick<Treasure, 'holders' | 'cardPrice'>): { userId: number; amount: number }[] {
  const by = new Map<number, number>();
  for (const u of t.holders) by.set(u, (by.get(u) ?? 0) + t.cardPrice);
  return [...by].sort((a, b) => a[0] - b[0]).map(([userId, amount]) => ({ userId, amount }));
}

/** The deadline came and cards are left: every card is refunded, once (the state moves on). */
export function expire(t: Treasure, now: number): Result<TreasureStep, 'TREASURE_NOT_DUE'> {
  if (t.state !== 'open' || now < t.deadlineMs) return err('TREASURE_NOT_DUE');
  const refunds = paidBy(t);
  return ok({
    state: { ...t, state: 'refunded' },
    events: [{ type: 'refund', roomId: t.roomId, refunds }],
    effects: refunds.map((r) => ({
      type: 'credit' as const,
      userId: r.userId,
      amount: r.amount,
      reason: 'treasure_refund',
      key: `treasure_refund:${t.roomId}:${r.userId}`,
    })),
  });
}

/** The winning card: the roll described at the top. */
export function drawCard(input: { serverSeed: string; publicSeed: string; roomId: RoomId; cards: number }) {
  return sharedRollIntAt(
    {
      game: TREASURE_GAME,
      serverSeed: input.serverSeed,
      publicSeed: input.publicSeed,
      roomId: input.roomId,
      round: TREASURE_DRAW_ROUND,
      slot: 0,
    },
    input.cards,
  );
}

/** Draws the winning card of a full treasure; its holder gets the prize, the others nothing. */
export function draw(
  t: Treasure,
  input: { serverSeed: string; publicSeed: string },
): Result<TreasureStep, 'TREASURE_NOT_FULL'> {
  if (t.state !== 'full') return err('TREASURE_NOT_FULL');
  if (t.holders.length !== t.cards) throw new RangeError(`treasure ${t.roomId}: full with ${t.holders.length} cards`);
  const roll = drawCard({ ...input, roomId: t.roomId, cards: t.cards });
  const userId = t.holders[roll.value] as number;
  const result: TreasureDraw = {
    card: roll.value,
    userId,
    roll: roll.value,
    cursor: roll.cursor,
    chunkIndex: roll.index,
  };
  return ok({
    state: { ...t, state: 'won', publicSeed: input.publicSeed, result },
    events: [{ type: 'won', roomId: t.roomId, card: roll.value, userId }],
    effects: [
      {
        type: 'grant',
        userId,
        itemDefId: t.itemDefId,
        exter: t.exter,
        price: t.prizePrice,
        key: `treasure_prize:${t.roomId}`,
      },
    ],
  });
}

/** sha256hex of the holders by card, joined by ',' (what the draw's card numbers refer to). */
export const holdersHash = (holders: readonly number[]) => sha256Hex(holders.join(','));

/** Recomputes a treasure's draw from public data, for the fairness page. */
export function verifyTreasure(input: {
  serverSeed: string;
  serverSeedHash: string;
  publicSeed: string;
  roomId: RoomId;
  holders: readonly number[];
  card: number;
  userId: number;
}): { seedMatches: boolean; card: number; userId: number | null; matches: boolean } {
  const roll = drawCard({ ...input, cards: input.holders.length });
  const userId = input.holders[roll.value] ?? null;
  return {
    seedMatches: sha256Hex(input.serverSeed) === input.serverSeedHash,
    card: roll.value,
    userId,
    matches: roll.value === input.card && userId === input.userId,
  };
}
