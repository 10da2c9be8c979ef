import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExampleDraw } from '../recipe/example-types.ts';
import { RECIPE_EXAMPLES as X } from '../recipe/examples.ts';
import { iconName } from '../verify-turntable.ts';
import { exactTime } from './beacon-check.tsx';

/**
 * A label of fairness.recipe.example with its values, and what it labels; a label alone (value
 * null) is a line of its own: a step's outcome, or whose numbers follow.
 */
type Row = [label: string, value: ReactNode | null, vars?: Record<string, string | number>];

/**
 * The recipe's worked examples (recipe/examples.ts): each value a player's own verifier must
 * reproduce, in the order it computes them. Literals only; recipe/examples.test.ts holds them to
 * the rules and the verifiers.
 */
function Example({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  return (
    <div className="recipe__example">
      <h4>{t('fairness.recipe.example.title')}</h4>
      <dl>
        {rows.map(([label, value, vars], i) => (
          // Labels repeat (one message per seat or wheel): the position keeps them apart.
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list, never reordered
          <div key={i} className={value === null ? 'recipe__row recipe__row--line' : 'recipe__row'}>
            <dt>{t(`fairness.recipe.example.${label}`, vars ?? {})}</dt>
            <dd className="fair-mono">{value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** Every step of one number: the message, its digest cut into pieces, the piece taken, the result. */
function drawRows(d: ExampleDraw): Row[] {
  return [
    ['message', d.message, { cursor: d.cursor }],
    ['digest', d.digest],
    [
      'pieces',
      d.pieces.map((p, i) => (
        <Fragment key={p + String(i)}>
          {i > 0 && ' '}
          {i === d.piece ? <mark>{p}</mark> : p}
        </Fragment>
      )),
      { count: d.pieces.length },
    ],
    ['piece', `${d.pieces[d.piece]} = ${d.pieceValue}`, { index: d.piece + 1 }],
    ['limit', `${d.pieceValue} < ${d.limit}`, { n: d.n }],
    ['value', d.value, { piece: d.pieceValue, n: d.n }],
  ];
}

const seeds = (s: { serverSeed: string; serverSeedHash: string }): Row[] => [
  ['serverSeed', s.serverSeed],
  ['serverSeedHash', s.serverSeedHash],
];
const table = (items: [number, number, number][]) => items.map((e) => `[${e.join(', ')}]`).join(' ');

export function BeaconExampleView() {
  const b = X.beacon;
  return (
    <Example
      rows={[
        ['closedAt', exactTime(b.closedAt)],
        ['drandRound', null, { round: b.drand.round, time: exactTime(b.drand.at) }],
        ['localRound', null, { round: b.local.round, time: exactTime(b.local.at) }],
      ]}
    />
  );
}

export function BoxExampleView() {
  const b = X.box;
  const [item, exter] = b.items[b.index] ?? [];
  return (
    <Example
      rows={[
        ...seeds(b),
        ['clientSeed', b.clientSeed],
        ['nonce', b.nonce],
        ['table', table(b.items)],
        ['hashedText', b.oddsText],
        ['oddsHash', b.oddsHash],
        ...drawRows(b.draw),
        [
          'ticket',
          null,
          { ticket: b.draw.value, index: b.index + 1, from: b.from, to: b.to, item: item ?? '', exter: exter ?? '' },
        ],
      ]}
    />
  );
}

export function UpgradeExampleView() {
  const u = X.upgrade;
  return (
    <Example
      rows={[
        ...seeds(u),
        ['clientSeed', u.clientSeed],
        ['nonce', u.nonce],
        ['rate', u.ratePpm],
        ...drawRows(u.draw),
        [u.win ? 'win' : 'lose', null, { roll: u.draw.value, rate: u.ratePpm }],
      ]}
    />
  );
}

export function WishExampleView() {
  const w = X.wish;
  return (
    <Example
      rows={[
        ...seeds(w),
        ['clientSeed', w.clientSeed],
        ['nonce', w.nonce],
        ['chance', w.chancePpm],
        ...drawRows(w.draw),
        [w.hit ? 'wishHit' : 'wishMiss', null, { roll: w.draw.value, chance: w.chancePpm }],
      ]}
    />
  );
}

export function LuckyExampleView() {
  const l = X.lucky;
  return (
    <Example
      rows={[
        ...seeds(l),
        ['clientSeed', l.clientSeed],
        ['nonce', l.nonce],
        ...drawRows(l.draw),
        [l.lucky ? 'luckyWin' : 'luckyLose', null, { roll: l.draw.value }],
      ]}
    />
  );
}

export function BagExampleView() {
  const b = X.bag;
  return (
    <Example
      rows={[
        ...seeds(b),
        ['clientSeed', b.clientSeed],
        ['nonce', b.nonce],
        ['amounts', b.amounts.map((e) => `[${e.join(', ')}]`).join(' ')],
        ['hashedText', b.tableText],
        ['tableHash', b.tableHash],
        ...drawRows(b.draw),
        ['amountResult', null, { ticket: b.draw.value, index: b.index + 1, from: b.from, to: b.to, amount: b.amount }],
      ]}
    />
  );
}

export function BattleExampleView() {
  const b = X.battle;
  return (
    <Example
      rows={[
        ...seeds(b),
        ['publicSeed', b.publicSeed],
        ['roomId', b.roomId],
        ['table', table(b.items)],
        ['prices', b.prices.join(', ')],
        ...b.seats.flatMap((s): Row[] => [
          ['seat', null, { seat: s.seat }],
          ...drawRows(s.draw),
          ['seatResult', null, { ticket: s.draw.value, index: s.index + 1, price: s.price }],
        ]),
        ['totals', b.totals.join(', ')],
        ...(b.tie
          ? [
              ['tie', null, { candidates: b.tie.candidates.join(', '), n: b.tie.candidates.length }] as Row,
              ...drawRows(b.tie.draw),
            ]
          : []),
        ['winner', null, { seat: b.winner }],
      ]}
    />
  );
}

export function TurntableExampleView() {
  const { t } = useTranslation();
  const x = X.turntable;
  const icon = (n: number) => t(`fairness.turntable.icons.${iconName(n)}`);
  return (
    <Example
      rows={[
        ...seeds(x),
        ['chain', x.terminalHash, { times: x.chainIndex + 1, index: x.chainIndex }],
        ['publicSeed', x.publicSeed],
        ['roundId', x.roundId],
        ...drawRows(x.outer.draw),
        ['icon', null, { icon: icon(x.outer.icon) }],
        ...drawRows(x.inner.draw),
        ['icon', null, { icon: icon(x.inner.icon) }],
      ]}
    />
  );
}

export function RollExampleView() {
  const r = X.roll;
  return (
    <Example
      rows={[
        ...seeds(r),
        ['publicSeed', r.publicSeed],
        ['roomId', r.roomId],
        ['entrants', r.entrants.join(', ')],
        ['hashedText', r.entrantsText],
        ['entrantsHash', r.entrantsHash],
        ...r.steps.flatMap((s, i): Row[] => [
          ...drawRows(s.draw),
          ['swap', null, { i, r: s.draw.value, j: s.swap, prize: i, winner: s.winner, order: s.order.join(', ') }],
        ]),
      ]}
    />
  );
}

export function TreasureExampleView() {
  const x = X.treasure;
  return (
    <Example
      rows={[
        ...seeds(x),
        ['publicSeed', x.publicSeed],
        ['roomId', x.roomId],
        ['holders', x.holders.join(', ')],
        ...drawRows(x.draw),
        ['card', null, { index: x.card, card: x.card + 1, holder: x.holder }],
      ]}
    />
  );
}

export function RainExampleView() {
  const x = X.rain;
  return (
    <Example
      rows={[
        ...seeds(x),
        ['publicSeed', x.publicSeed],
        ['roundId', x.roundId],
        ['rainParams', `${x.pool} / ${x.count} / ${x.min}`],
        ...x.steps.flatMap((s, i): Row[] => [
          ['rainPacket', null, { i, k: s.k, surplus: s.surplus, bound: s.bound }],
          ...drawRows(s.draw),
          ['rainAmount', null, { i, min: x.min, x: s.draw.value, amount: s.amount }],
        ]),
        ['rainLast', null, { min: x.min, rest: x.last.rest, amount: x.last.amount }],
        ['rainPackets', x.packets.join(', ')],
        ['hashedText', x.listText],
        ['rainListHash', x.listHash],
      ]}
    />
  );
}
