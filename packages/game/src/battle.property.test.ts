import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  advance,
  BATTLE_MAX_BOXES,
  type Battle,
  type BattleBox,
  type BattleStep,
  begin,
  create,
  dissolve,
  join,
} from './battle.ts';
import type { Effect, Result } from './engine.ts';
import { entryForTicket } from './fair.ts';

const RUNS = 200;

function must<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error}`);
  return result.value;
}

/** Prices drawn from a tiny set half the time, so equal totals (ties) come up often. */
const priceArb = fc.oneof(fc.constantFrom(0, 10, 20), fc.integer({ min: 0, max: 1_000_000 }));

const boxArb = fc
  .record({
    boxId: fc.nat({ max: 10_000 }),
    price: fc.integer({ min: 1, max: 1_000_000 }),
    lines: fc.array(fc.record({ tickets: fc.integer({ min: 1, max: 1000 }), price: priceArb }), {
      minLength: 1,
      maxLength: 6,
    }),
  })
  .map(
    ({ boxId, price, lines }): BattleBox => ({
      boxId,
      price,
      entries: lines.map((line, i) => ({ itemId: boxId * 10 + i, exter: (i % 6) + 1, tickets: line.tickets })),
      total: lines.reduce((sum, line) => sum + line.tickets, 0),
      prices: lines.map((line) => line.price),
    }),
  );

interface Scenario {
  roomId: number | string;
  seats: number;
  rule: number;
  boxes: BattleBox[];
  /** Per seat; seat 0 (the creator) is never a robot. */
  robots: boolean[];
  /** The order seats 1.. are joined in, and whether the joiner names the seat (when it could leave it out). */
  joinOrder: number[];
  namedSeat: boolean[];
  serverSeed: string;
  publicSeed: string;
}

const roomIdArb = fc.oneof(fc.nat(), fc.stringMatching(/^[a-z0-9-]{1,12}$/));
const boxesArb = fc.array(boxArb, { minLength: 1, maxLength: BATTLE_MAX_BOXES });
const serverSeedArb = fc.string({ minLength: 1, maxLength: 64 });
const publicSeedArb = fc.stringMatching(/^[0-9a-f]{8,64}$/);

/**
 * One arbitrary per seat count, built once (building them inside a chain per run, the regex
 * strings above included, took most of the file's run time).
 */
const scenarioArb: fc.Arbitrary<Scenario> = fc.oneof(
  ...[2, 3, 4].map((seats) =>
    fc.record({
      roomId: roomIdArb,
      seats: fc.constant(seats),
      rule: seats === 4 ? fc.constantFrom(1, 2, 3) : fc.constantFrom(1, 2),
      boxes: boxesArb,
      robots: fc.array(fc.boolean(), { minLength: seats - 1, maxLength: seats - 1 }).map((r) => [false, ...r]),
      joinOrder: fc.shuffledSubarray(
        Array.from({ length: seats - 1 }, (_, i) => i + 1),
        { minLength: seats - 1, maxLength: seats - 1 },
      ),
      namedSeat: fc.array(fc.boolean(), { minLength: seats, maxLength: seats }),
      serverSeed: serverSeedArb,
      publicSeed: publicSeedArb,
    }),
  ),
);

/** Seat s is user 100 + s (robots 900 + s), so user ids are distinct and tell seats apart. */
const userOf = (s: Scenario, seat: number) => (s.robots[seat] ? 900 + seat : 100 + seat);

/** Where `value` is not plain JSON (undefined, a hole, NaN, a Map, a class instance, …). */
function jsonProblems(value: unknown, path = '$'): string[] {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return [];
  if (typeof value === 'number') return Number.isFinite(value) ? [] : [`${path}: ${value}`];
  if (Array.isArray(value)) {
    const problems: string[] = [];
    for (let i = 0; i < value.length; i++) {
      if (!(i in value)) problems.push(`${path}[${i}]: hole`);
      else problems.push(...jsonProblems(value[i], `${path}[${i}]`));
    }
    return problems;
  }
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.entries(value).flatMap(([k, v]) => jsonProblems(v, `${path}.${k}`));
  }
  return [`${path}: ${typeof value} ${Object.prototype.toString.call(value)}`];
}

/**
 * When on (properties c and e), every transition is checked to leave its input untouched and to
 * return a step that is plain JSON. vitest's deep equality over whole battles was most of the
 * file's run time, so these compare JSON texts (fair once the walk has shown them plain JSON)
 * and the other properties leave the checks off.
 */
let checking = false;

/** Applies `transition`, with the checks above when on. */
function checked(before: Battle, transition: (b: Battle) => BattleStep): BattleStep {
  if (!checking) return transition(before);
  const text = JSON.stringify(before);
  const step = transition(before);
  expect(JSON.stringify(before)).toBe(text);
  expect(jsonProblems(step)).toEqual([]);
  return step;
}

function waiting(s: Scenario, joined: number): BattleStep[] {
  const first = must(
    create({
      roomId: s.roomId,
      creatorId: userOf(s, 0),
      seats: s.seats,
      boxes: s.boxes,
      rule: s.rule,
      fast: false,
      serverSeed: s.serverSeed,
    }),
  );
  const steps = [first];
  for (const seat of s.joinOrder.slice(0, joined)) {
    const before = steps.at(-1)!.state;
    // Unnamed, a joiner takes the first empty seat: name the seat whenever that is not it.
    const named = s.namedSeat[seat] || before.seats.indexOf(null) !== seat;
    const joiner = { userId: userOf(s, seat), robot: s.robots[seat]!, ...(named ? { seat } : {}) };
    steps.push(checked(before, (b) => must(join(b, joiner))));
  }
  return steps;
}

/** Every step of a whole battle, create to settle. */
function play(s: Scenario): BattleStep[] {
  const steps = waiting(s, s.seats - 1);
  steps.push(checked(steps.at(-1)!.state, (b) => must(begin(b, s.publicSeed))));
  while (steps.at(-1)!.state.state === 'running') steps.push(checked(steps.at(-1)!.state, (b) => must(advance(b))));
  return steps;
}

const effectsOf = (steps: BattleStep[]) => steps.flatMap((step) => step.effects);
const byType = <T extends Effect['type']>(effects: Effect[], type: T) =>
  effects.filter((e): e is Extract<Effect, { type: T }> => e.type === type);
const sumOf = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('battle properties', () => {
  it('(a) grants every opened item exactly once, to someone seated, and the values add up', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s);
        const battle = steps.at(-1)!.state;
        expect(battle.state).toBe('ended');
        expect(battle.rolls).toHaveLength(s.boxes.length);
        const grants = byType(effectsOf(steps), 'grant');
        const grantsByKey = new Map(grants.map((g) => [g.key, g]));
        // Problems are gathered and asserted once: an expect per roll was most of the run time.
        const problems: string[] = [];
        battle.rolls.forEach((row, round) => {
          const box = s.boxes[round]!;
          if (row.length !== s.seats) problems.push(`round ${round} has ${row.length} rolls`);
          for (const roll of row) {
            const where = `round ${round} seat ${roll.seat}`;
            // Within the published odds: the ticket is in the table and its entry owns it.
            if (!(roll.ticket < box.total) || entryForTicket(box.entries, roll.ticket) !== roll.entryIndex) {
              problems.push(`${where}: ticket ${roll.ticket} is not entry ${roll.entryIndex}'s`);
            }
            if (roll.price !== box.prices[roll.entryIndex]) problems.push(`${where}: price ${roll.price}`);
            const grant = grantsByKey.get(`battle_item:${s.roomId}:${round}:${roll.seat}`);
            if (grant?.itemDefId !== roll.itemId || grant.exter !== roll.exter || grant.price !== roll.price) {
              problems.push(`${where}: granted ${JSON.stringify(grant)}`);
            }
          }
        });
        expect(problems).toEqual([]);
        // One grant per opened item: no key twice, none beyond the rolls.
        expect(grantsByKey.size).toBe(grants.length);
        expect(grants).toHaveLength(s.boxes.length * s.seats);
        const seated = new Set(battle.seats.map((seat) => seat!.userId));
        expect(grants.every((g) => seated.has(g.userId))).toBe(true);
        expect(sumOf(grants.map((g) => g.price))).toBe(sumOf(battle.rolls.flat().map((r) => r.price)));
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) debits each player its entry once, robots nothing; each losing player gets 1 % floored', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s);
        const battle = steps.at(-1)!.state;
        const entry = sumOf(s.boxes.map((b) => b.price));
        const effects = effectsOf(steps);
        const players = Array.from({ length: s.seats }, (_, seat) => seat).filter((seat) => !s.robots[seat]);
        expect(byType(effects, 'debit')).toEqual(
          expect.arrayContaining(
            players.map((seat) => ({
              type: 'debit',
              userId: userOf(s, seat),
              amount: entry,
              key: `battle_entry:${s.roomId}:${userOf(s, seat)}`,
            })),
          ),
        );
        expect(byType(effects, 'debit')).toHaveLength(players.length);
        const winners = new Set(battle.result!.winners);
        const consolation = Math.floor(entry / 100);
        const expectedCredits = players
          .filter((seat) => !winners.has(seat) && consolation > 0)
          .map((seat) => ({
            type: 'credit',
            userId: userOf(s, seat),
            amount: consolation,
            key: `battle_consolation:${s.roomId}:${userOf(s, seat)}`,
            reason: 'battle_consolation',
          }));
        expect(byType(effects, 'credit')).toEqual(expectedCredits);
      }),
      { numRuns: RUNS },
    );
  });

  it('(c) the same seeds give the same battle', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        checking = true;
        try {
          expect(JSON.stringify(play(structuredClone(s)))).toBe(JSON.stringify(play(s)));
        } finally {
          checking = false;
        }
      }),
      { numRuns: 50 },
    );
  });

  it('(d) one winner or one winning team, with the best total, and the spec per-user sums hold', () => {
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const steps = play(s);
        const battle = steps.at(-1)!.state;
        const result = battle.result!;
        const effects = effectsOf(steps.slice(-1));
        const totals = Array.from({ length: s.seats }, (_, seat) => sumOf(battle.rolls.map((row) => row[seat]!.price)));
        expect(result.totals).toEqual(totals);
        // The competitors (seats, or the two teams) and their totals.
        const groups =
          s.rule === 3
            ? [
                [0, 1],
                [2, 3],
              ]
            : totals.map((_, seat) => [seat]);
        const groupTotals = groups.map((group) => sumOf(group.map((seat) => totals[seat]!)));
        const best = s.rule === 2 ? Math.min(...groupTotals) : Math.max(...groupTotals);
        const winner = groups.findIndex((group) => JSON.stringify(group) === JSON.stringify(result.winners));
        expect(winner).toBeGreaterThanOrEqual(0);
        expect(groupTotals[winner]).toBe(best);
        // A tie roll happened exactly when the best total was shared.
        expect(result.tie === null).toBe(groupTotals.filter((total) => total === best).length === 1);
        result.users.forEach((user, seat) => {
          expect(user.user_id).toBe(userOf(s, seat));
          expect(user.is_win).toBe(result.winners.includes(seat));
          expect(user.extra_money).toBe(0);
          expect(user.open_item_price).toBe(totals[seat]);
          const granted = sumOf(
            byType(effects, 'grant')
              .filter((g) => g.userId === user.user_id)
              .map((g) => g.price),
          );
          const credited = sumOf(
            byType(effects, 'credit')
              .filter((c) => c.userId === user.user_id)
              .map((c) => c.amount),
          );
          if (user.is_win) {
            expect(granted).toBe(user.extra_money + user.open_item_price + user.win_item_price);
            expect(credited).toBe(0);
          } else {
            expect(credited).toBe(user.win_item_price);
            expect(granted).toBe(0);
          }
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('(e) dissolving a waiting battle refunds exactly what was debited', () => {
    fc.assert(
      fc.property(
        scenarioArb.chain((s) =>
          fc.record({
            s: fc.constant(s),
            joined: fc.integer({ min: 0, max: s.seats - 2 }),
            by: fc.constantFrom<'creator' | 'timeout'>('creator', 'timeout'),
          }),
        ),
        ({ s, joined, by }) => {
          checking = true;
          const steps = waiting(s, joined);
          const last = steps.at(-1)!.state;
          expect(last.state).toBe('waiting');
          const step = checked(last, (b) => must(dissolve(b, by === 'creator' ? userOf(s, 0) : 'timeout')));
          expect(step.state.state).toBe('dissolved');
          const debits = byType(effectsOf(steps), 'debit');
          const credits = byType(step.effects, 'credit');
          expect(credits.map((c) => [c.userId, c.amount]).sort()).toEqual(
            debits.map((d) => [d.userId, d.amount]).sort(),
          );
          expect(credits.every((c) => c.key === `battle_refund:${s.roomId}:${c.userId}`)).toBe(true);
          checking = false;
        },
      ),
      { numRuns: RUNS },
    );
  });
});
