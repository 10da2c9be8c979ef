import { TURNTABLE_SPIN_MS } from '@kaixiang/game/turntable';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getAudioPrefs } from '../../../lib/audio-prefs.ts';
import { playTick } from '../../boxes/sounds.ts';
import type { TurntableStage } from '../timeline.ts';
import {
  angleAt,
  INNER_SECTORS,
  INNER_TURNS,
  iconUnderPointer,
  OUTER_SECTORS,
  OUTER_TURNS,
  restAngle,
  type Sector,
  type Spin,
  spinTo,
} from '../wheel.ts';
import { GlyphPaths, JACKPOT_MARK } from './glyph.tsx';

/** The SVG's units: the centre, the rings' radii (outer wheel, inner ring) and the hub. */
const C = 220;
const OUTER = { r0: 152, r1: 212, mid: 182 };
const INNER = { r0: 94, r1: 148, mid: 121 };
const HUB_R = 90;

const point = (r: number, deg: number) => {
  const a = (deg * Math.PI) / 180;
  return `${(C + r * Math.sin(a)).toFixed(2)} ${(C - r * Math.cos(a)).toFixed(2)}`;
};

function sectorPath(s: Sector, r0: number, r1: number): string {
  const large = s.endDeg - s.startDeg > 180 ? 1 : 0;
  return [
    `M${point(r1, s.startDeg)}`,
    `A${r1} ${r1} 0 ${large} 1 ${point(r1, s.endDeg)}`,
    `L${point(r0, s.endDeg)}`,
    `A${r0} ${r0} 0 ${large} 0 ${point(r0, s.startDeg)}`,
    'Z',
  ].join(' ');
}

/** A glyph every ~45° of a wide sector, at least one: the big sectors would look empty with one. */
function glyphAngles(s: Sector): number[] {
  const width = s.endDeg - s.startDeg;
  const count = Math.max(1, Math.floor(width / 45));
  return Array.from({ length: count }, (_, i) => s.startDeg + (width * (i + 0.5)) / count);
}

function Ring({ sectors, ring, hit }: { sectors: readonly Sector[]; ring: typeof OUTER; hit: number | null }) {
  const { t } = useTranslation();
  return (
    <>
      {sectors.map((s) => {
        const arc = ((s.endDeg - s.startDeg) * Math.PI * ring.mid) / 180;
        const size = Math.min(30, arc * 0.8, ring.r1 - ring.r0 - 16);
        return (
          <g
            key={s.icon}
            className={`tt-sector tt-sector--${s.icon}${hit === s.icon ? ' is-hit' : ''}`}
            data-icon={s.icon}
          >
            <title>{t(`turntable.icons.${s.icon}`)}</title>
            <path d={sectorPath(s, ring.r0, ring.r1)} className="tt-sector__face" />
            {glyphAngles(s).map((deg) => (
              <g key={deg} transform={`rotate(${deg} ${C} ${C}) translate(${C - size / 2} ${C - ring.mid - size / 2})`}>
                <g transform={`scale(${size / 24})`} className="tt-sector__glyph">
                  <GlyphPaths icon={s.icon} strokeWidth={1.9} />
                </g>
                {JACKPOT_MARK[s.icon] && s.endDeg - s.startDeg >= 20 && (
                  <text x={size / 2} y={size + 9} className="tt-sector__mark" textAnchor="middle">
                    {JACKPOT_MARK[s.icon]}
                  </text>
                )}
              </g>
            ))}
          </g>
        );
      })}
    </>
  );
}

export interface WheelsProps {
  roundId: number;
  stage: TurntableStage;
  /** The settled round's icons, or null before the settlement. */
  result: { outIcon: number; innerIcon: number } | null;
  /** The last result before this round's: where the wheels rest until they turn. */
  previous: { roundId: number; outIcon: number; innerIcon: number } | null;
  /** Server time minus ours, and when this round's spin started on the server's clock. */
  offsetMs: number;
  spinStartMs: number;
  sound: boolean;
  /** What the hub shows (the jackpot). */
  hub: ReactNode;
}

/**
 * The outer wheel (icons 0–8) and the inner ring (9–12), each sector as wide as its icon's
 * weight. Until a round settles they rest on the previous result; then both turn for
 * TURNTABLE_SPIN_MS, the outer clockwise and the inner the other way, to the drawn icons. The
 * angle is a function of the server time, so a late visitor joins the spin where it is.
 */
export function Wheels({ roundId, stage, result, previous, offsetMs, spinStartMs, sound, hub }: WheelsProps) {
  const { t } = useTranslation();
  const outerRef = useRef<SVGGElement>(null);
  const innerRef = useRef<SVGGElement>(null);

  // Before any result, each wheel rests on its first icon (not on a border).
  const outerFrom = restAngle(OUTER_SECTORS, previous?.outIcon ?? 0, previous?.roundId ?? 0);
  const innerFrom = restAngle(INNER_SECTORS, previous?.innerIcon ?? 9, previous?.roundId ?? 0);
  const outerSpin: Spin = result
    ? spinTo(outerFrom, restAngle(OUTER_SECTORS, result.outIcon, roundId), OUTER_TURNS, 1)
    : { fromDeg: outerFrom, toDeg: outerFrom };
  const innerSpin: Spin = result
    ? spinTo(innerFrom, restAngle(INNER_SECTORS, result.innerIcon, roundId), INNER_TURNS, -1)
    : { fromDeg: innerFrom, toDeg: innerFrom };
  const elapsedNow = () => Date.now() + offsetMs - spinStartMs;
  const spinning = stage === 'spinning' && result !== null;
  const landed = stage === 'result' && result !== null;
  const elapsed = spinning ? elapsedNow() : landed ? TURNTABLE_SPIN_MS : 0;
  const outerDeg = angleAt(outerSpin, elapsed, TURNTABLE_SPIN_MS);
  const innerDeg = angleAt(innerSpin, elapsed, TURNTABLE_SPIN_MS);

  // Between renders the frames turn the wheels; a render in between draws the same angle.
  const { fromDeg: of, toDeg: ot } = outerSpin;
  const { fromDeg: inf, toDeg: int } = innerSpin;
  useEffect(() => {
    if (!spinning || typeof requestAnimationFrame !== 'function') return;
    let frame = 0;
    let lastIcon = -1;
    let lastTickAt = 0;
    const step = () => {
      const e = Math.min(Date.now() + offsetMs - spinStartMs, TURNTABLE_SPIN_MS);
      const o = angleAt({ fromDeg: of, toDeg: ot }, e, TURNTABLE_SPIN_MS);
      outerRef.current?.setAttribute('transform', `rotate(${o} ${C} ${C})`);
      innerRef.current?.setAttribute(
        'transform',
        `rotate(${angleAt({ fromDeg: inf, toDeg: int }, e, TURNTABLE_SPIN_MS)} ${C} ${C})`,
      );
      // A click for each border of the outer wheel passing the pointer, at most one per 40 ms.
      const icon = iconUnderPointer(OUTER_SECTORS, o);
      const now = performance.now();
      if (icon !== lastIcon && lastIcon !== -1 && sound && getAudioPrefs().effects && now - lastTickAt > 40) {
        playTick();
        lastTickAt = now;
      }
      lastIcon = icon;
      if (e < TURNTABLE_SPIN_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [spinning, of, ot, inf, int, offsetMs, spinStartMs, sound]);

  return (
    <div
      className={`tt-wheels${spinning ? ' is-spinning' : ''}${landed ? ' is-landed' : ''}`}
      data-testid="tt-wheels"
      aria-busy={spinning}
    >
      <svg viewBox="0 0 440 440" role="img" aria-label={t('turntable.wheel.label')}>
        <circle cx={C} cy={C} r={OUTER.r1 + 6} className="tt-wheels__rim" />
        <g ref={outerRef} transform={`rotate(${outerDeg} ${C} ${C})`} data-testid="tt-outer-wheel">
          <Ring sectors={OUTER_SECTORS} ring={OUTER} hit={landed ? result.outIcon : null} />
        </g>
        <circle cx={C} cy={C} r={INNER.r1 + 2} className="tt-wheels__gap" />
        <g ref={innerRef} transform={`rotate(${innerDeg} ${C} ${C})`} data-testid="tt-inner-wheel">
          <Ring sectors={INNER_SECTORS} ring={INNER} hit={landed ? result.innerIcon : null} />
        </g>
        <circle cx={C} cy={C} r={HUB_R} className="tt-wheels__hub" />
        {/* The pointers: one over the outer wheel, one from the hub into the inner ring. */}
        <path d={`M${C - 14} 0 L${C + 14} 0 L${C} ${C - OUTER.r1 + 26} Z`} className="tt-wheels__pointer" />
        <path
          d={`M${C - 10} ${C - HUB_R + 2} L${C + 10} ${C - HUB_R + 2} L${C} ${C - INNER.r0 - 14} Z`}
          className="tt-wheels__pointer"
        />
        {/* Where each pointer reads its ring (the browser test asks what lies under them). */}
        <circle cx={C} cy={C - OUTER.mid} r="1" className="tt-wheels__probe" data-testid="tt-probe-outer" />
        <circle cx={C} cy={C - INNER.mid} r="1" className="tt-wheels__probe" data-testid="tt-probe-inner" />
      </svg>
      <div className="tt-wheels__hub-content">{hub}</div>
    </div>
  );
}
