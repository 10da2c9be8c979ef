/**
 * Recomputes the recipe's worked examples from their inputs with the rules' own code
 * (packages/game), for recipe/examples.test.ts: whatever the page prints must be what this
 * returns. Test-only: the page prints the literals of examples.ts and never runs this.
 */
import { bagTableHash, bagTableText, bagTicketRanges, rollBag } from '@kaixiang/game/bags';
import { advance, BATTLE_GAME, BATTLE_TIE_SLOT, type Battle, begin, create, join } from '@kaixiang/game/battle';
import { type SharedRollInput, sharedRollIntAt, sharedRollMessage } from '@kaixiang/game/engine';
import {
  type Chunk,
  chunkAt,
  mapValue,
  oddsHash,
  rollIntAt,
  rollMessage,
  serverSeedHash,
  ticketRanges,
} from '@kaixiang/game/fair';
import { isLucky, luckyRollAt } from '@kaixiang/game/lucky';
import { generatePacketsWithDraws, packetsHash, RAIN_GAME, RAIN_ROUND } from '@kaixiang/game/rain';
import { drawWinners, entrantsHash, ROLL_GAME } from '@kaixiang/game/roll';
import { hmacSha256, toHex } from '@kaixiang/game/sha256';
import { drawCard, TREASURE_GAME } from '@kaixiang/game/treasure';
import {
  hashTimes,
  TURNTABLE_GAME,
  TURNTABLE_INNER_SLOT,
  TURNTABLE_OUTER_SLOT,
  verifyDraw,
} from '@kaixiang/game/turntable';
import { rollUpgrade, upgradeWins } from '@kaixiang/game/upgrade';
import { rollWish, WISH_GAME, WISH_SCALE, wishHits } from '@kaixiang/game/wish';
import { BAG_GAME, BAG_TICKETS } from '@kaixiang/shared/bags-paths';
import { beaconRoundAfter, beaconRoundTime, DRAND_SCHEDULE, LOCAL_SCHEDULE } from '@kaixiang/shared/beacon';
import { BOX_GAME } from '@kaixiang/shared/boxes';
import { LUCKY_GAME, LUCKY_ODDS } from '@kaixiang/shared/lucky-paths';
import { UPGRADE_GAME, UPGRADE_RATE_SCALE } from '@kaixiang/shared/upgrade-paths';
import type {
  BagExample,
  BattleExample,
  BeaconExample,
  BoxExample,
  ExampleDraw,
  LuckyExample,
  RainExample,
  RollExample,
  TreasureExample,
  TurntableExample,
  UpgradeExample,
  WishExample,
} from './example-types.ts';

const CHUNK_BITS = 52;

/** A draw the rules made (`roll`), shown step by step from its digest. */
function drawOf(serverSeed: string, messageAt: (cursor: number) => string, n: number, roll: Chunk): ExampleDraw {
  const message = messageAt(roll.cursor);
  const digest = hmacSha256(serverSeed, message);
  const pieces = [0, 1, 2, 3].map((i) => chunkAt(digest, i).toString(16).padStart(13, '0'));
  const pieceValue = chunkAt(digest, roll.index);
  const limit = 2 ** CHUNK_BITS - (2 ** CHUNK_BITS % n);
  if (mapValue(pieceValue, n, CHUNK_BITS) !== roll.value) throw new Error('the piece does not give the roll');
  return {
    n,
    cursor: roll.cursor,
    message,
    digest: toHex(digest),
    pieces,
    piece: roll.index,
    pieceValue,
    limit,
    value: roll.value,
  };
}

const shared = (input: SharedRollInput, n: number) =>
  drawOf(input.serverSeed, (c) => sharedRollMessage(input, c), n, sharedRollIntAt(input, n));

export function beaconExample(closedAt: number): BeaconExample {
  const at = (s: typeof DRAND_SCHEDULE) => {
    const round = beaconRoundAfter(s, closedAt);
    return { round, at: beaconRoundTime(s, round) };
  };
  return { closedAt, drand: at(DRAND_SCHEDULE), local: at(LOCAL_SCHEDULE) };
}

export function boxExample(i: Pick<BoxExample, 'serverSeed' | 'clientSeed' | 'nonce' | 'total' | 'items'>): BoxExample {
  const entries = i.items.map(([itemId, exter, tickets]) => ({ itemId, exter, tickets }));
  const input = { serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: i.nonce, game: BOX_GAME };
  const draw = drawOf(i.serverSeed, (c) => rollMessage(input, c), i.total, rollIntAt(input, i.total));
  const ranges = ticketRanges(entries);
  const index = ranges.findIndex((r) => draw.value >= r.from && draw.value < r.to);
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    clientSeed: i.clientSeed,
    nonce: i.nonce,
    total: i.total,
    items: i.items,
    oddsText: JSON.stringify({ n: i.total, items: i.items }),
    oddsHash: oddsHash(entries, i.total),
    draw,
    index,
    from: ranges[index]?.from ?? -1,
    to: ranges[index]?.to ?? -1,
  };
}

export function upgradeExample(
  i: Pick<UpgradeExample, 'serverSeed' | 'clientSeed' | 'nonce' | 'ratePpm'>,
): UpgradeExample {
  const input = { serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: i.nonce, game: UPGRADE_GAME };
  const roll = rollUpgrade(i);
  const draw = drawOf(i.serverSeed, (c) => rollMessage(input, c), UPGRADE_RATE_SCALE, {
    value: roll.roll,
    cursor: roll.cursor,
    index: roll.chunkIndex,
  });
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    clientSeed: i.clientSeed,
    nonce: i.nonce,
    ratePpm: i.ratePpm,
    draw,
    win: upgradeWins(roll.roll, i.ratePpm),
  };
}

export function wishExample(i: Pick<WishExample, 'serverSeed' | 'clientSeed' | 'nonce' | 'chancePpm'>): WishExample {
  const message = (cursor: number) =>
    rollMessage({ serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: i.nonce, game: WISH_GAME }, cursor);
  const made = rollWish(i);
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    clientSeed: i.clientSeed,
    nonce: i.nonce,
    chancePpm: i.chancePpm,
    draw: drawOf(i.serverSeed, message, WISH_SCALE, { value: made.roll, cursor: made.cursor, index: made.chunkIndex }),
    hit: wishHits(made.roll, i.chancePpm),
  };
}

export function luckyExample(i: Pick<LuckyExample, 'serverSeed' | 'clientSeed' | 'nonce'>): LuckyExample {
  const seeds = { serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: i.nonce };
  const input = { ...seeds, game: LUCKY_GAME };
  const draw = drawOf(i.serverSeed, (c) => rollMessage(input, c), LUCKY_ODDS, luckyRollAt(seeds));
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    clientSeed: i.clientSeed,
    nonce: i.nonce,
    draw,
    lucky: isLucky(draw.value),
  };
}

export function bagExample(i: Pick<BagExample, 'serverSeed' | 'clientSeed' | 'nonce' | 'amounts'>): BagExample {
  const entries = i.amounts.map(([amountUnits, tickets]) => ({ amountUnits, tickets }));
  const input = { serverSeed: i.serverSeed, clientSeed: i.clientSeed, nonce: i.nonce, game: BAG_GAME };
  const roll = rollBag(i, entries);
  const draw = drawOf(i.serverSeed, (c) => rollMessage(input, c), BAG_TICKETS, {
    value: roll.ticket,
    cursor: roll.cursor,
    index: roll.chunkIndex,
  });
  const range = bagTicketRanges(entries)[roll.index];
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    clientSeed: i.clientSeed,
    nonce: i.nonce,
    total: BAG_TICKETS,
    amounts: i.amounts,
    tableText: bagTableText(entries),
    tableHash: bagTableHash(entries),
    draw,
    index: roll.index,
    from: range?.from ?? -1,
    to: range?.to ?? -1,
    amount: roll.amountUnits,
  };
}

/** A classic battle of one box between two players, played by the rules. */
export function battleExample(
  i: Pick<BattleExample, 'serverSeed' | 'publicSeed' | 'roomId' | 'total' | 'items' | 'prices'>,
): BattleExample {
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
    if (!r.ok) throw new Error(r.error);
    return r.value;
  };
  const entries = i.items.map(([itemId, exter, tickets]) => ({ itemId, exter, tickets }));
  const box = { boxId: 1, price: 10_000, entries, total: i.total, prices: i.prices };
  let b: Battle = must(
    create({ roomId: i.roomId, creatorId: 1, seats: 2, boxes: [box], rule: 1, fast: false, serverSeed: i.serverSeed }),
  ).state;
  b = must(join(b, { userId: 2, robot: false })).state;
  b = must(begin(b, i.publicSeed)).state;
  while (b.state === 'running') b = must(advance(b)).state;
  const result = b.result;
  if (!result) throw new Error('the battle did not end');
  const base = { game: BATTLE_GAME, serverSeed: i.serverSeed, publicSeed: i.publicSeed, roomId: i.roomId };
  const seats = (b.rolls[0] ?? []).map((r) => ({
    seat: r.seat,
    draw: shared({ ...base, round: 0, slot: r.seat }, i.total),
    index: r.entryIndex,
    price: r.price,
  }));
  const tie = result.tie
    ? {
        candidates: result.tie.candidates,
        draw: shared({ ...base, round: b.boxes.length, slot: BATTLE_TIE_SLOT }, result.tie.candidates.length),
      }
    : null;
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    publicSeed: i.publicSeed,
    roomId: i.roomId,
    rule: b.rule,
    total: i.total,
    items: i.items,
    prices: i.prices,
    seats,
    totals: result.totals,
    tie,
    winner: result.winners[0] ?? -1,
  };
}

export function turntableExample(
  i: Pick<TurntableExample, 'serverSeed' | 'chainIndex' | 'publicSeed' | 'roundId'>,
): TurntableExample {
  const drawn = verifyDraw({ serverSeed: i.serverSeed, publicSeed: i.publicSeed, roundId: i.roundId });
  const base = {
    game: TURNTABLE_GAME,
    serverSeed: i.serverSeed,
    publicSeed: i.publicSeed,
    roomId: i.roundId,
    round: 0,
  };
  const wheel = (slot: string, n: number, r: typeof drawn.outer) => ({
    draw: drawOf(i.serverSeed, (c) => sharedRollMessage({ ...base, slot }, c), n, {
      value: r.ticket,
      cursor: r.cursor,
      index: r.chunkIndex,
    }),
    icon: r.icon,
  });
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    chainIndex: i.chainIndex,
    terminalHash: hashTimes(i.serverSeed, i.chainIndex + 1),
    publicSeed: i.publicSeed,
    roundId: i.roundId,
    outer: wheel(TURNTABLE_OUTER_SLOT, 50, drawn.outer),
    inner: wheel(TURNTABLE_INNER_SLOT, 100, drawn.inner),
  };
}

export function rollExample(
  i: Pick<RollExample, 'serverSeed' | 'publicSeed' | 'roomId' | 'entrants'> & { prizes: number },
): RollExample {
  const winners = drawWinners({ ...i });
  const order = [...i.entrants].sort((a, b) => a - b);
  const base = { game: ROLL_GAME, serverSeed: i.serverSeed, publicSeed: i.publicSeed, roomId: i.roomId, round: 0 };
  const steps = winners.map((w, k) => {
    const swap = k + w.roll.value;
    [order[k], order[swap]] = [order[swap] as number, order[k] as number];
    return {
      draw: drawOf(i.serverSeed, (c) => sharedRollMessage({ ...base, slot: k }, c), order.length - k, w.roll),
      swap,
      winner: w.userId,
      order: [...order],
    };
  });
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    publicSeed: i.publicSeed,
    roomId: i.roomId,
    entrants: [...i.entrants].sort((a, b) => a - b),
    entrantsText: [...i.entrants].sort((a, b) => a - b).join(','),
    entrantsHash: entrantsHash(i.entrants),
    steps,
  };
}

export function treasureExample(
  i: Pick<TreasureExample, 'serverSeed' | 'publicSeed' | 'roomId' | 'holders'>,
): TreasureExample {
  const roll = drawCard({ ...i, cards: i.holders.length });
  const base = { game: TREASURE_GAME, serverSeed: i.serverSeed, publicSeed: i.publicSeed, roomId: i.roomId, round: 0 };
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    publicSeed: i.publicSeed,
    roomId: i.roomId,
    holders: i.holders,
    draw: drawOf(i.serverSeed, (c) => sharedRollMessage({ ...base, slot: 0 }, c), i.holders.length, roll),
    card: roll.value,
    holder: i.holders[roll.value] ?? -1,
  };
}

export function rainExample(
  i: Pick<RainExample, 'serverSeed' | 'publicSeed' | 'roundId' | 'pool' | 'count' | 'min'>,
): RainExample {
  const { packets, draws } = generatePacketsWithDraws(
    { serverSeed: i.serverSeed, publicSeed: i.publicSeed, roomId: i.roundId },
    { poolUnits: i.pool, count: i.count, minUnits: i.min },
  );
  const base = {
    game: RAIN_GAME,
    serverSeed: i.serverSeed,
    publicSeed: i.publicSeed,
    roomId: i.roundId,
    round: RAIN_ROUND,
  };
  let surplus = i.pool - i.count * i.min;
  const steps = draws.map((d, slot) => {
    const step = {
      k: i.count - slot,
      surplus,
      bound: d.bound,
      draw: drawOf(i.serverSeed, (c) => sharedRollMessage({ ...base, slot }, c), d.bound + 1, {
        value: d.roll,
        cursor: d.cursor,
        index: d.chunkIndex,
      }),
      amount: packets[slot] ?? -1,
    };
    surplus -= d.roll;
    return step;
  });
  return {
    serverSeed: i.serverSeed,
    serverSeedHash: serverSeedHash(i.serverSeed),
    publicSeed: i.publicSeed,
    roundId: i.roundId,
    pool: i.pool,
    count: i.count,
    min: i.min,
    steps,
    last: { rest: surplus, amount: packets[i.count - 1] ?? -1 },
    packets,
    listText: `${RAIN_GAME}:${i.roundId}:${packets.join(',')}`,
    listHash: packetsHash(i.roundId, packets),
  };
}
