import { RAIN_ENVELOPE_FRAMES } from '@kaixiang/shared/rain';
import { useEffect, useRef, useState } from 'react';

/** The animation's pace: 47 frames at 30 a second, about 1.6 s. */
const FRAME_MS = 1000 / 30;
const LAST = RAIN_ENVELOPE_FRAMES - 1;

const clamp01 = (x: number) => Math.min(1, Math.max(0, x));
/** 0 before frame `from`, 1 from frame `to`, eased between. */
function phase(frame: number, from: number, to: number): number {
  const x = clamp01((frame - from) / (to - from));
  return x * x * (3 - 2 * x);
}

export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

/**
 * The red envelope opening (spec 2 §2 item 7: 47 frames, then the amount). Drawn here, frame by
 * frame, as one SVG whose parts follow the frame number: it shakes (frames 0–14), the seal fades
 * and the flap turns up (12–28), the card rises out of the pocket (22–40) and the amount shows on
 * it (32–46) with a few sparks. A visitor who asked for less motion (or a packet shown again) gets the last frame at once.
 */
export function RedEnvelope({ amount, caption, still = false }: { amount: string; caption: string; still?: boolean }) {
  const [frame, setFrame] = useState(() => (still || prefersReducedMotion() ? LAST : 0));
  // The first frame decides: an envelope that starts at the last frame never animates.
  const animate = useRef(frame < LAST).current;
  useEffect(() => {
    if (!animate) return;
    let raf = 0;
    const started = performance.now();
    const step = (now: number) => {
      const next = Math.min(LAST, Math.floor((now - started) / FRAME_MS));
      setFrame(next);
      if (next < LAST) raf = requestAnimationFrame(step);
    };
    raf = requestAnimationFrame(step);
    return () => cancelAnimationFrame(raf);
  }, [animate]);

  const shake = (1 - phase(frame, 0, 14)) * Math.sin(frame * 1.9) * 5;
  const flap = 1 - 2 * phase(frame, 12, 28); // 1 closed … -1 open upwards
  const seal = 1 - phase(frame, 10, 16);
  const rise = phase(frame, 22, 40) * 78;
  const text = phase(frame, 32, 44);
  const sparks = phase(frame, 36, 46);
  const flapPath = (
    <g transform={`translate(0 80) scale(1 ${flap.toFixed(3)}) translate(0 -80)`}>
      <path
        d="M30 92 Q30 80 42 80 L158 80 Q170 80 170 92 L170 100 Q100 158 30 100 Z"
        fill={flap > 0 ? '#e23b36' : '#c52a2a'}
      />
    </g>
  );
  return (
    <svg
      className="red-envelope"
      viewBox="0 0 200 260"
      role="img"
      aria-label={`${caption} ${amount}`}
      data-frame={frame}
      data-frames={RAIN_ENVELOPE_FRAMES}
    >
      <g transform={`rotate(${shake.toFixed(2)} 100 165)`}>
        <rect x="30" y="80" width="140" height="170" rx="14" fill="#a81c22" />
        {/* Once turned up, the flap is behind the card rising out of the pocket. */}
        {flap <= 0 && flapPath}
        <g transform={`translate(0 ${(-rise).toFixed(1)})`}>
          <rect x="46" y="104" width="108" height="124" rx="9" fill="#fff4d8" stroke="#e0a93b" strokeWidth="3" />
          <g opacity={text.toFixed(2)}>
            <text x="100" y="138" textAnchor="middle" fontSize="15" fill="#b3261e">
              {caption}
            </text>
            <text x="100" y="172" textAnchor="middle" fontSize="26" fontWeight="700" fill="#b3261e">
              {amount}
            </text>
          </g>
        </g>
        <path d="M30 140 L100 178 L170 140 L170 236 Q170 250 156 250 L44 250 Q30 250 30 236 Z" fill="#d8322f" />
        <path d="M30 140 L100 178 L170 140" fill="none" stroke="#b8242a" strokeWidth="2" />
        {flap > 0 && flapPath}
        <g opacity={seal.toFixed(2)}>
          <circle cx="100" cy="128" r="19" fill="#f2c14e" stroke="#c9902c" strokeWidth="3" />
          <text x="100" y="135" textAnchor="middle" fontSize="19" fontWeight="700" fill="#a81c22">
            ¥
          </text>
        </g>
      </g>
      <g opacity={sparks.toFixed(2)} fill="#f7d36b">
        {[
          [34, 48],
          [168, 40],
          [18, 120],
          [184, 112],
          [100, 22],
        ].map(([x, y]) => (
          <path
            key={`${x}-${y}`}
            d={`M${x} ${(y as number) - 8} L${(x as number) + 3} ${y} L${x} ${(y as number) + 8} L${(x as number) - 3} ${y} Z`}
            transform={`rotate(${(frame * 6) % 360} ${x} ${y})`}
          />
        ))}
      </g>
    </svg>
  );
}
