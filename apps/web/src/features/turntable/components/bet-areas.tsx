import { areaIcons, TURNTABLE_LINES } from '@kaixiang/game/turntable';
import { formatUnits } from '@kaixiang/shared/money';
import type { TurntableRoomInfo } from '@kaixiang/shared/turntable';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../components/price.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { compactYuan } from '../amounts.ts';
import type { TurntableArea } from '../board.ts';
import { IconGlyph } from './glyph.tsx';

type Fraction = { num: number; den: number };

/** A multiplier as people read it: ×4, ×1.2. */
export function multiplierText(m: Fraction): string {
  return `×${Number((m.num / m.den).toFixed(2))}`;
}

/** The colour family of an area: the wheel's type 1 (icons 0–3), type 2 (4–7), C4 or jackpot. */
export function areaFamily(area: number): string {
  if (area === 8 || area === 12) return 'c4';
  if (area >= 9 && area <= 11) return 'jackpot';
  if (area === 13 || (area >= 0 && area <= 3)) return 'type1';
  return 'type2';
}

function AreaGlyphs({ area }: { area: number }) {
  const icons = area >= 9 && area <= 12 ? [area] : areaIcons(area);
  return (
    <span className={`tt-area__glyphs${icons.length > 1 ? ' tt-area__glyphs--many' : ''}`}>
      {icons.map((icon) => (
        <IconGlyph key={icon} icon={icon} size={icons.length > 1 ? 22 : 30} />
      ))}
    </span>
  );
}

/** From these amounts on, the narrow areas shorten (amounts.ts): the own stake shares its line with 我的 / Mine. */
const SHORT_FROM_YUAN = { amount: 1_000, self: 100 } as const;

/**
 * An area's amount: in full, or in the eight-to-a-line areas shortened (¥100, ¥1.23万, ¥12.3K) so
 * that it stays on one line; the full amount is then its title.
 */
function AreaAmount({ units, compact, self }: { units: number; compact: boolean; self?: boolean }) {
  const locale = useLocale();
  if (!compact) return <Price units={units} />;
  return (
    <span className="price" title={`¥${formatUnits(units)}`}>
      <span className="price__sign">¥</span>
      {compactYuan(units, locale, self ? SHORT_FROM_YUAN.self : SHORT_FROM_YUAN.amount)}
    </span>
  );
}

/**
 * The three lines of betting areas (spec 2 §3: line 1 areas 12, 14, 13; line 2 areas 8–11; line 3
 * areas 0–7). Each shows its icon, name and multiplier, the round's total and number of players,
 * and the player's own stake; once the wheels have stopped, winners are marked and losers dimmed.
 */
export function BetAreas({
  areas,
  odds,
  revealed,
  open,
  onBet,
}: {
  areas: readonly TurntableArea[];
  odds: TurntableRoomInfo['odds'];
  /** The wheels have stopped on this round's result: show the areas' outcome. */
  revealed: boolean;
  /** Betting is open: a click stakes. */
  open: boolean;
  onBet: (area: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="tt-lines">
      {TURNTABLE_LINES.map((line, i) => (
        <div key={line.join()} className={`tt-line tt-line--${i + 1}`}>
          {line.map((n) => {
            const compact = line.length > 4;
            const area = areas.find((a) => a.area === n) ?? {
              area: n,
              amount: 0,
              users: 0,
              self: 0,
              state: 0,
              award: 0,
            };
            const multiplier = odds.find((o) => o.area === n)?.multiplier;
            const outcome = revealed && area.state === 1 ? 'is-win' : revealed && area.state === 2 ? 'is-lose' : '';
            const award = revealed && area.award > 0;
            return (
              <button
                key={n}
                type="button"
                className={`tt-area tt-area--${areaFamily(n)} ${outcome} ${area.self > 0 ? 'has-self' : ''} ${open ? 'is-open' : ''}`}
                data-testid="tt-area"
                data-area={n}
                aria-disabled={!open}
                onClick={() => onBet(n)}
              >
                <span className="tt-area__head">
                  <AreaGlyphs area={n} />
                  <span className="tt-area__name">{t(`turntable.areas.${n}`)}</span>
                  {multiplier && <span className="tt-area__multiplier">{multiplierText(multiplier)}</span>}
                </span>
                <span className="tt-area__total" data-testid="tt-area-total">
                  <AreaAmount units={area.amount} compact={compact} />
                  {!(compact && award) && (
                    <span className="tt-area__users">
                      {t('turntable.bet.users', { n: groupThousands(area.users) })}
                    </span>
                  )}
                </span>
                {/* In a narrow area the award takes the players' row: there is no room beside "我的 ¥…". */}
                {award && compact && (
                  <span className="tt-area__award tt-area__award--row" data-testid="tt-area-award">
                    +<AreaAmount units={area.award} compact />
                  </span>
                )}
                <span className="tt-area__self" data-testid="tt-area-self">
                  {area.self > 0 ? (
                    <>
                      <span className="tt-area__mine">{t('turntable.bet.mine')}</span>
                      <AreaAmount units={area.self} compact={compact} self />
                    </>
                  ) : (
                    '\u00a0'
                  )}
                </span>
                {award && !compact && (
                  <span className="tt-area__award" data-testid="tt-area-award">
                    +<Price units={area.award} />
                  </span>
                )}
              </button>
            );
          })}
        </div>
      ))}
    </div>
  );
}
