/**
 * A verifier written from the /fairness recipe alone, as a player would: node:crypto instead of
 * packages/game's hashing, BigInt pieces cut from the hex text, the page's message templates
 * (templates.ts) filled field by field, and each game's mapping as the recipe's steps state it.
 * It must agree with the rules (packages/game) on random inputs and reproduce every worked
 * example: if the page's recipe and the server's code ever part, this fails.
 */
import { createHash, createHmac } from 'node:crypto';
import { rollBag } from '@kaixiang/game/bags';
import { advance, type Battle, begin, create, join } from '@kaixiang/game/battle';
import { rollBox, rollIntAt } from '@kaixiang/game/fair';
import { luckyRoll } from '@kaixiang/game/lucky';
import { generatePackets, packetsHash } from '@kaixiang/game/rain';
import { drawWinners } from '@kaixiang/game/roll';
import { drawCard } from '@kaixiang/game/treasure';
import {
  chainSeedAt,
  chainTerminalHash,
  TURNTABLE_INNER_WEIGHTS,
  TURNTABLE_OUTER_WEIGHTS,
  verifyDraw,
} from '@kaixiang/game/turntable';
import { rollUpgrade } from '@kaixiang/game/upgrade';
import { rollWish } from '@kaixiang/game/wish';
import { beaconRoundAfter, DRAND_SCHEDULE, LOCAL_SCHEDULE, localBeaconMessage } from '@kaixiang/shared/beacon';
import { BOX_GAME } from '@kaixiang/shared/boxes';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ExampleDraw } from './example-types.ts';
import { RECIPE_EXAMPLES as X } from './examples.ts';
import { MESSAGE_TEMPLATES as M, PIECE_BITS, PIECE_HEX_DIGITS, PIECES_PER_DIGEST } from './templates.ts';

// --- the recipe, from the page ---------------------------------------------------------------

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** The key is the seed's text (its UTF-8 bytes), not the bytes its hex spells. */
const hmac = (seed: string, message: string) =>
  createHmac('sha256', Buffer.from(seed, 'utf8')).update(message, 'utf8').digest('hex');

function fill(template: string, fields: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (fields[name] === undefined) throw new Error(`no {${name}}`);
    return String(fields[name]);
  });
}

interface Drawn {
  value: number;
  cursor: number;
  piece: number;
}

/** A number in [0, n): the first piece below 2^52 − (2^52 mod n), mod n; cursor by cursor. */
function draw(seed: string, template: string, fields: Record<string, string | number>, n: number): Drawn {
  const range = 2n ** BigInt(PIECE_BITS);
  const limit = range - (range % BigInt(n));
  for (let cursor = 0; ; cursor++) {
    const digest = hmac(seed, fill(template, { ...fields, cursor }));
    for (let piece = 0; piece < PIECES_PER_DIGEST; piece++) {
      const v = BigInt(`0x${digest.slice(piece * PIECE_HEX_DIGITS, (piece + 1) * PIECE_HEX_DIGITS)}`);
      if (v < limit) return { value: Number(v % BigInt(n)), cursor, piece };
    }
  }
}

/** The index of the run of consecutive tickets (in list order) that holds `ticket`. */
function runOf(counts: readonly number[], ticket: number): number {
  let to = 0;
  for (let i = 0; i < counts.length; i++) {
    to += counts[i]!;
    if (ticket < to) return i;
  }
  return -1;
}

/**
 * Battle: one number per (round, seat), totals, the best seat (or team: seats 0+1 against 2+3),
 * a roll among the tied; the winners are the best seat, or the best team's two seats.
 */
function battleOutcome(i: {
  seed: string;
  pub: string;
  room: number;
  seats: number;
  rule: 1 | 2 | 3;
  boxes: { tickets: number[]; prices: number[] }[];
}) {
  const fields = { public_seed: i.pub, room_id: i.room };
  const tickets = i.boxes.map((box, round) =>
    Array.from({ length: i.seats }, (_, seat) => {
      const n = box.tickets.reduce((a, b) => a + b, 0);
      return draw(i.seed, M.battle, { ...fields, round, seat }, n).value;
    }),
  );
  const totals = Array.from({ length: i.seats }, (_, seat) =>
    i.boxes.reduce((sum, box, round) => sum + (box.prices[runOf(box.tickets, tickets[round]![seat]!)] ?? 0), 0),
  );
  const groups =
    i.rule === 3
      ? [
          [0, 1],
          [2, 3],
        ]
      : totals.map((_, seat) => [seat]);
  const sums = groups.map((g) => g.reduce((sum, seat) => sum + totals[seat]!, 0));
  const best = i.rule === 2 ? Math.min(...sums) : Math.max(...sums);
  const candidates = sums.flatMap((t, g) => (t === best ? [g] : []));
  const tie =
    candidates.length > 1
      ? draw(i.seed, M.battleTie, { ...fields, boxes: i.boxes.length }, candidates.length).value
      : null;
  return { tickets, totals, winners: groups[candidates[tie ?? 0]!]!, tie };
}

/** Roll room: E ascending; for each prize i, j = i + r in [0, N − i); swap; prize i to E[i]. */
function rollWinners(seed: string, pub: string, room: number, entrants: number[], prizes: number) {
  const e = [...entrants].sort((a, b) => a - b);
  const out: number[] = [];
  for (let i = 0; i < Math.min(prizes, e.length); i++) {
    const j = i + draw(seed, M.roll, { public_seed: pub, room_id: room, i }, e.length - i).value;
    [e[i], e[j]] = [e[j]!, e[i]!];
    out.push(e[i]!);
  }
  return out;
}

/**
 * Rain: S = pool − count × min; packet i (up to count − 2) = min + x, x in [0, floor(2S / k)]
 * with k = count − i, S −= x; the last = min + S. The list's hash is over "rain:<round>:<list>".
 */
function rainPackets(seed: string, pub: string, round: number, pool: number, count: number, min: number) {
  let surplus = pool - count * min;
  const out: number[] = [];
  for (let i = 0; i < count - 1; i++) {
    const bound = Math.floor((2 * surplus) / (count - i));
    const x = draw(seed, M.rain, { public_seed: pub, round_id: round, i }, bound + 1).value;
    out.push(min + x);
    surplus -= x;
  }
  out.push(min + surplus);
  return { packets: out, hash: sha256(fill(M.rainList, { round_id: round, packets: out.join(',') })) };
}

// --- held to the rules and to the examples ---------------------------------------------------

const hex64 = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => Buffer.from(b).toString('hex'));
const clientSeed = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

describe('a verifier written from the recipe alone', () => {
  it('commits to a seed by hashing its text', () => {
    for (const x of [X.box, X.upgrade, X.wish, X.lucky, X.bag, X.battle, X.roll, X.treasure, X.rain])
      expect(sha256(x.serverSeed)).toBe(x.serverSeedHash);
  });

  it('rolls cases, upgrades and lucky bags as the rules do', () => {
    fc.assert(
      fc.property(hex64, clientSeed, fc.nat(1_000_000), (seed, client, nonce) => {
        const counts = [796_000, 160_000, 40_000, 4_000];
        const entries = counts.map((tickets, i) => ({ itemId: i + 1, exter: 1, tickets }));
        const ticket = draw(seed, M.box, { client_seed: client, nonce }, 1_000_000).value;
        expect(rollBox({ serverSeed: seed, clientSeed: client, nonce }, entries)).toEqual({
          ticket,
          index: runOf(counts, ticket),
        });
        expect(draw(seed, M.upgrade, { client_seed: client, nonce }, 1_000_000).value).toBe(
          rollUpgrade({ serverSeed: seed, clientSeed: client, nonce }).roll,
        );
        // A wish: a roll of a million under the game name wish, a hit below the chance.
        expect(draw(seed, M.wish, { client_seed: client, nonce }, 1_000_000).value).toBe(
          rollWish({ serverSeed: seed, clientSeed: client, nonce }).roll,
        );
        // The lucky player's roll of the same opened box: n = 108, lucky at 0.
        expect(draw(seed, M.lucky, { client_seed: client, nonce }, 108).value).toBe(
          luckyRoll({ serverSeed: seed, clientSeed: client, nonce }),
        );
        // A lucky bag: a ticket of a million, the amount of the run that holds it.
        const amounts = [5_000, 10_000, 20_000, 50_000, 100_000, 880_000];
        const bagCounts = [500_000, 300_000, 120_000, 60_000, 18_000, 2_000];
        const bagTicket = draw(seed, M.bag, { client_seed: client, nonce }, 1_000_000).value;
        const bagRoll = rollBag(
          { serverSeed: seed, clientSeed: client, nonce },
          amounts.map((amountUnits, i) => ({ amountUnits, tickets: bagCounts[i]! })),
        );
        expect([bagRoll.ticket, bagRoll.amountUnits]).toEqual([bagTicket, amounts[runOf(bagCounts, bagTicket)]]);
      }),
      { numRuns: 200 },
    );
  });

  it('skips a piece at or above the limit, then moves to the next cursor, as the rules do', () => {
    // n = 2^51 + 1: the limit is 2^51 + 1 itself, so about half of all pieces are skipped and many
    // rolls need a second or third digest.
    const n = 2 ** 51 + 1;
    let cursors = 0;
    fc.assert(
      fc.property(hex64, clientSeed, fc.nat(1000), (seed, client, nonce) => {
        const mine = draw(seed, M.box, { client_seed: client, nonce }, n);
        const rules = rollIntAt({ serverSeed: seed, clientSeed: client, nonce, game: BOX_GAME }, n);
        expect(rules).toEqual({ value: mine.value, cursor: mine.cursor, index: mine.piece });
        cursors += mine.cursor;
      }),
      { numRuns: 200 },
    );
    expect(cursors).toBeGreaterThan(0);
  });

  it('plays battles as the rules do: tickets, totals, the winners and the tie-break, in every mode', () => {
    const box = fc.record({
      tickets: fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 1, maxLength: 4 }),
      prices: fc.array(fc.constantFrom(100, 200, 300), { minLength: 4, maxLength: 4 }),
    });
    let ties = 0;
    fc.assert(
      fc.property(
        hex64,
        hex64,
        fc.integer({ min: 1, max: 100_000 }),
        fc.integer({ min: 2, max: 4 }),
        fc.constantFrom<1 | 2 | 3>(1, 2, 3),
        fc.array(box, { minLength: 1, maxLength: 3 }),
        (seed, pub, room, n, rule, boxes) => {
          const seats = rule === 3 ? 4 : n; // teams need four seats
          const mine = battleOutcome({ seed, pub, room, seats, rule, boxes });
          const rulesBoxes = boxes.map((b, i) => ({
            boxId: i + 1,
            price: 1,
            entries: b.tickets.map((tickets, k) => ({ itemId: k + 1, exter: 1, tickets })),
            total: b.tickets.reduce((a, c) => a + c, 0),
            prices: b.prices.slice(0, b.tickets.length),
          }));
          const must = <T>(r: { ok: true; value: T } | { ok: false; error: string }): T => {
            if (!r.ok) throw new Error(r.error);
            return r.value;
          };
          let b: Battle = must(
            create({ roomId: room, creatorId: 1, seats, boxes: rulesBoxes, rule, fast: true, serverSeed: seed }),
          ).state;
          for (let u = 2; u <= seats; u++) b = must(join(b, { userId: u, robot: false })).state;
          b = must(begin(b, pub)).state;
          while (b.state === 'running') b = must(advance(b)).state;
          expect(b.rolls.map((r) => r.map((s) => s.ticket))).toEqual(mine.tickets);
          expect(b.result?.totals).toEqual(mine.totals);
          expect(b.result?.winners).toEqual(mine.winners);
          expect(b.result?.tie?.roll.value ?? null).toBe(mine.tie);
          if (mine.tie !== null) ties++;
        },
      ),
      { numRuns: 150 },
    );
    expect(ties).toBeGreaterThan(0);
  });

  it('draws turntable rounds, roll rooms and treasures as the rules do, on a seed from the chain', () => {
    fc.assert(
      fc.property(hex64, hex64, fc.integer({ min: 1, max: 1_000_000 }), fc.nat(20), (top, pub, id, index) => {
        const seed = chainSeedAt(top, 21, index);
        // The chain: the seed hashed index + 1 times is the terminal hash.
        let h = seed;
        for (let k = 0; k <= index; k++) h = sha256(h);
        expect(h).toBe(chainTerminalHash(top, 21));
        const outer = draw(seed, M.turntableOuter, { public_seed: pub, round_id: id }, 50).value;
        const inner = draw(seed, M.turntableInner, { public_seed: pub, round_id: id }, 100).value;
        expect(verifyDraw({ serverSeed: seed, publicSeed: pub, roundId: id })).toMatchObject({
          outIcon: runOf(TURNTABLE_OUTER_WEIGHTS, outer),
          innerIcon: 9 + runOf(TURNTABLE_INNER_WEIGHTS, inner),
        });
        const entrants = [id + 7, id, id + 3, id + 11, id + 1];
        const drawn = drawWinners({ serverSeed: seed, publicSeed: pub, roomId: id, entrants, prizes: 3 });
        expect(drawn.map((w) => w.userId)).toEqual(rollWinners(seed, pub, id, entrants, 3));
        const cards = 2 + (id % 50);
        expect(drawCard({ serverSeed: seed, publicSeed: pub, roomId: id, cards }).value).toBe(
          draw(seed, M.treasure, { public_seed: pub, room_id: id }, cards).value,
        );
      }),
      { numRuns: 100 },
    );
  });

  it('makes the packets of a rain round and their hash as the rules do', () => {
    fc.assert(
      fc.property(
        hex64,
        hex64,
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 100, max: 5_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (seed, pub, round, count, min, extra) => {
          const pool = count * min + extra;
          const mine = rainPackets(seed, pub, round, pool, count, min);
          const theirs = generatePackets(
            { serverSeed: seed, publicSeed: pub, roomId: round },
            { poolUnits: pool, count, minUnits: min },
          );
          expect(mine.packets).toEqual(theirs);
          expect(mine.hash).toBe(packetsHash(round, theirs));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('finds the beacon round after a close time by the formulas the page prints', () => {
    fc.assert(
      fc.property(fc.integer({ min: DRAND_SCHEDULE.genesisMs, max: 4_102_444_800_000 }), (t) => {
        expect(Math.floor((t - DRAND_SCHEDULE.genesisMs) / DRAND_SCHEDULE.periodMs) + 2).toBe(
          beaconRoundAfter(DRAND_SCHEDULE, t),
        );
        expect(Math.floor(t / 1000) + 1).toBe(beaconRoundAfter(LOCAL_SCHEDULE, t));
        const round = Math.floor(t / 1000);
        expect(fill(M.localBeacon, { round })).toBe(localBeaconMessage(round));
      }),
    );
  });

  it('reproduces every worked example on the page, piece by piece', () => {
    const same = (x: ExampleDraw, seed: string) => {
      const digest = hmac(seed, x.message);
      expect(digest).toBe(x.digest);
      expect(x.pieces).toEqual([0, 1, 2, 3].map((k) => digest.slice(k * 13, k * 13 + 13)));
      expect(BigInt(`0x${x.pieces[x.piece]}`)).toBe(BigInt(x.pieceValue));
      expect(2 ** 52 - (2 ** 52 % x.n)).toBe(x.limit);
      expect(x.pieceValue % x.n).toBe(x.value);
    };
    const b = X.box;
    const box = draw(b.serverSeed, M.box, { client_seed: b.clientSeed, nonce: b.nonce }, b.total);
    expect([box.value, box.cursor, box.piece]).toEqual([b.draw.value, b.draw.cursor, b.draw.piece]);
    expect(fill(M.box, { client_seed: b.clientSeed, nonce: b.nonce, cursor: b.draw.cursor })).toBe(b.draw.message);
    same(b.draw, b.serverSeed);
    expect(
      runOf(
        b.items.map((e) => e[2]),
        box.value,
      ),
    ).toBe(b.index);
    expect(sha256(b.oddsText)).toBe(b.oddsHash);
    expect(b.oddsText).toBe(`{"n":${b.total},"items":${JSON.stringify(b.items)}}`);

    const u = X.upgrade;
    const up = draw(u.serverSeed, M.upgrade, { client_seed: u.clientSeed, nonce: u.nonce }, 1_000_000).value;
    expect([up, up < u.ratePpm]).toEqual([u.draw.value, u.win]);
    same(u.draw, u.serverSeed);

    const wx = X.wish;
    const wished = draw(wx.serverSeed, M.wish, { client_seed: wx.clientSeed, nonce: wx.nonce }, 1_000_000).value;
    expect([wished, wished < wx.chancePpm]).toEqual([wx.draw.value, wx.hit]);
    same(wx.draw, wx.serverSeed);

    const l = X.lucky;
    const lucky = draw(l.serverSeed, M.lucky, { client_seed: l.clientSeed, nonce: l.nonce }, 108).value;
    expect([lucky, lucky === 0]).toEqual([l.draw.value, l.lucky]);
    same(l.draw, l.serverSeed);

    const g = X.bag;
    const bag = draw(g.serverSeed, M.bag, { client_seed: g.clientSeed, nonce: g.nonce }, g.total);
    expect([bag.value, bag.cursor, bag.piece]).toEqual([g.draw.value, g.draw.cursor, g.draw.piece]);
    same(g.draw, g.serverSeed);
    const run = runOf(
      g.amounts.map((e) => e[1]),
      bag.value,
    );
    expect([run, g.amounts[run]?.[0]]).toEqual([g.index, g.amount]);
    expect(sha256(g.tableText)).toBe(g.tableHash);
    expect(g.tableText).toBe(`{"n":${g.total},"amounts":${JSON.stringify(g.amounts)}}`);

    const t = X.battle;
    const battle = battleOutcome({
      seed: t.serverSeed,
      pub: t.publicSeed,
      room: t.roomId,
      seats: t.seats.length,
      rule: 1,
      boxes: [{ tickets: t.items.map((e) => e[2]), prices: t.prices }],
    });
    expect(battle.tickets[0]).toEqual(t.seats.map((s) => s.draw.value));
    expect([battle.totals, battle.winners, battle.tie]).toEqual([t.totals, [t.winner], t.tie?.draw.value ?? null]);
    for (const s of t.seats) same(s.draw, t.serverSeed);
    if (t.tie) same(t.tie.draw, t.serverSeed);

    const w = X.turntable;
    expect(sha256(w.serverSeed)).toBe(w.serverSeedHash);
    const fields = { public_seed: w.publicSeed, round_id: w.roundId };
    expect(runOf(TURNTABLE_OUTER_WEIGHTS, draw(w.serverSeed, M.turntableOuter, fields, 50).value)).toBe(w.outer.icon);
    expect(9 + runOf(TURNTABLE_INNER_WEIGHTS, draw(w.serverSeed, M.turntableInner, fields, 100).value)).toBe(
      w.inner.icon,
    );
    same(w.outer.draw, w.serverSeed);
    same(w.inner.draw, w.serverSeed);

    const r = X.roll;
    expect(sha256(r.entrantsText)).toBe(r.entrantsHash);
    expect(rollWinners(r.serverSeed, r.publicSeed, r.roomId, r.entrants, r.steps.length)).toEqual(
      r.steps.map((s) => s.winner),
    );
    for (const s of r.steps) same(s.draw, r.serverSeed);

    const c = X.treasure;
    const card = draw(
      c.serverSeed,
      M.treasure,
      { public_seed: c.publicSeed, room_id: c.roomId },
      c.holders.length,
    ).value;
    expect([card, c.holders[card]]).toEqual([c.card, c.holder]);
    same(c.draw, c.serverSeed);

    const w2 = X.rain;
    const rain = rainPackets(w2.serverSeed, w2.publicSeed, w2.roundId, w2.pool, w2.count, w2.min);
    expect(rain.packets).toEqual(w2.packets);
    expect(rain.hash).toBe(w2.listHash);
    expect(sha256(w2.listText)).toBe(w2.listHash);
    for (const step of w2.steps) same(step.draw, w2.serverSeed);

    const k = X.beacon;
    expect(Math.floor((k.closedAt - DRAND_SCHEDULE.genesisMs) / 3000) + 2).toBe(k.drand.round);
    expect(Math.floor(k.closedAt / 1000) + 1).toBe(k.local.round);
  });
});
