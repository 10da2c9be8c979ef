import { useId } from 'react';

/**
 * A lucky bag (福袋) drawn in SVG: a red pouch tied with a gold cord, 福 on its face. `open` loosens
 * the cord and lets light out of the mouth (the result overlay). Decorative: callers label it.
 */
export function BagArt({ size = 64, open = false }: { size?: number; open?: boolean }) {
  const id = useId();
  const red = `${id}-red`;
  const gold = `${id}-gold`;
  const glow = `${id}-glow`;
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={red} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ff5a4e" />
          <stop offset="1" stopColor="#b3121f" />
        </linearGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe38a" />
          <stop offset="1" stopColor="#e0a526" />
        </linearGradient>
        <radialGradient id={glow} cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fff3b0" stopOpacity="0.95" />
          <stop offset="1" stopColor="#ffd35c" stopOpacity="0" />
        </radialGradient>
      </defs>
      {open && <ellipse cx="32" cy="14" rx="22" ry="14" fill={`url(#${glow})`} />}
      {/* The gathered neck above the cord. */}
      <path
        d={open ? 'M18 20 Q22 8 32 12 Q42 8 46 20 Z' : 'M22 20 Q24 10 32 13 Q40 10 42 20 Z'}
        fill={`url(#${red})`}
      />
      {/* The body. */}
      <path d="M20 22 Q8 34 12 48 Q16 60 32 60 Q48 60 52 48 Q56 34 44 22 Z" fill={`url(#${red})`} />
      <path d="M20 22 Q8 34 12 48 Q16 60 32 60" fill="none" stroke="#ffffff" strokeOpacity="0.18" strokeWidth="2" />
      {/* The cord and its knot. */}
      <rect x="19" y="19" width="26" height="5" rx="2.5" fill={`url(#${gold})`} />
      <circle cx="32" cy="21.5" r="3.2" fill="#ffd35c" stroke="#c98b12" strokeWidth="1" />
      {/* The 福 seal. */}
      <circle cx="32" cy="41" r="11" fill={`url(#${gold})`} stroke="#fff2c2" strokeWidth="1.2" />
      <text x="32" y="45.5" textAnchor="middle" fontSize="13" fontWeight="700" fill="#b3121f">
        福
      </text>
    </svg>
  );
}
