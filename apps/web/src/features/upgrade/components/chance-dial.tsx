import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { getAudioPrefs } from '../../../lib/audio-prefs.ts';
import { playTick } from '../../boxes/sounds.ts';
import { bandPath, degOfPpm, needleDeg, ringPoint, SPIN_MS, ticksPassed } from '../dial.ts';

/** The SVG's units: centre, the ring's inner and outer radius. */
const C = 160;
const R0 = 118;
const R1 = 140;
const MID = (R0 + R1) / 2;
const MARKS = Array.from({ length: 20 }, (_, i) => i * 18);
const LABELS = [0, 25, 50, 75];

export interface DialSpin {
  roll: number;
  /** Local clock (ms) when the sweep began. */
  startedAt: number;
  /** True once the needle is to rest on the roll (landed, or skipped). */
  landed: boolean;
}

/**
 * The probability dial: the ring is the roll's range 0–100 %, the gold arc the chance (a roll below
 * it wins), a mark at the maximum chance; the needle sweeps and lands on the server's roll.
 * requestAnimationFrame writes its angle between renders (clock-driven, as the turntable's wheels).
 */
export function ChanceDial({
  ratePpm,
  maxRatePpm,
  spin,
  outcome,
  children,
}: {
  ratePpm: number | null;
  maxRatePpm: number;
  spin: DialSpin | null;
  outcome: 'win' | 'lose' | null;
  /** What the dial's centre says (the chance, the result). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const needle = useRef<SVGGElement>(null);
  // Landed, the needle rests where the roll is on the ring (the sweep's end less its whole turns),
  // by the formula that ends the chance's arc: inside it exactly when roll < rate.
  const resting = spin ? (spin.landed ? degOfPpm(spin.roll) : needleDeg(Date.now() - spin.startedAt, spin.roll)) : 0;

  const sweeping = spin !== null && !spin.landed;
  const roll = spin?.roll ?? 0;
  const startedAt = spin?.startedAt ?? 0;
  const box = useRef<HTMLDivElement>(null);
  // The button may have been pressed with the dial scrolled half away (a long target list): the
  // sweep is what the player came for, so it comes into view.
  useEffect(() => {
    if (sweeping) box.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }, [sweeping]);
  useEffect(() => {
    if (!sweeping || typeof requestAnimationFrame !== 'function') return;
    let frame = 0;
    let last = needleDeg(Date.now() - startedAt, roll);
    const step = () => {
      const elapsed = Date.now() - startedAt;
      const deg = needleDeg(elapsed, roll);
      needle.current?.setAttribute('transform', `rotate(${deg.toFixed(3)} ${C} ${C})`);
      if (ticksPassed(last, deg) > 0 && getAudioPrefs().effects) playTick();
      last = deg;
      if (elapsed < SPIN_MS) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [sweeping, roll, startedAt]);

  const rateDeg = ratePpm === null ? 0 : degOfPpm(ratePpm);
  const maxDeg = degOfPpm(maxRatePpm);
  const maxIn = ringPoint(C, R0 - 6, maxDeg);
  const maxOut = ringPoint(C, R1 + 10, maxDeg);
  return (
    <div ref={box} className={`upg-dial${outcome ? ` is-${outcome}` : ''}`} data-testid="upg-dial">
      <svg viewBox={`0 0 ${C * 2} ${C * 2}`} role="img" aria-label={t('upgrade.dial.label')}>
        <path className="upg-dial__track" data-zone="lose" d={bandPath(C, R0, R1, 0, 360)} />
        {ratePpm !== null && ratePpm > 0 && (
          <path className="upg-dial__win" data-zone="win" d={bandPath(C, R0, R1, 0, rateDeg)} />
        )}
        {MARKS.map((deg) => {
          const a = ringPoint(C, R1 + 4, deg);
          const b = ringPoint(C, R1 + (deg % 90 === 0 ? 12 : 8), deg);
          return <line key={deg} className="upg-dial__mark" x1={a.x} y1={a.y} x2={b.x} y2={b.y} />;
        })}
        {LABELS.map((pct) => {
          const p = ringPoint(C, R0 - 14, pct * 3.6);
          return (
            <text key={pct} className="upg-dial__label" x={p.x} y={p.y} textAnchor="middle" dominantBaseline="middle">
              {pct}
            </text>
          );
        })}
        <line className="upg-dial__max" x1={maxIn.x} y1={maxIn.y} x2={maxOut.x} y2={maxOut.y} />
        <g
          ref={needle}
          className="upg-dial__needle"
          data-testid="upg-needle"
          data-landed={spin?.landed ? 'true' : 'false'}
          transform={`rotate(${resting.toFixed(3)} ${C} ${C})`}
        >
          <line x1={C} y1={C - R0 + 8} x2={C} y2={C - R1 - 6} />
          <path d={`M${C - 8} ${C - R1 - 16} L${C + 8} ${C - R1 - 16} L${C} ${C - R1 - 4} Z`} />
          {/* Where the needle points, for a browser test to ask what is drawn under it. */}
          <circle data-testid="upg-needle-probe" cx={C} cy={C - MID} r={1} className="upg-dial__probe" />
        </g>
      </svg>
      <div className="upg-dial__centre">{children}</div>
    </div>
  );
}
