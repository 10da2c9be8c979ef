/**
 * Drawn backdrop for banners and activity cards: a glowing crate on a dark stage. It sits under
 * the operator's image and is what shows when that image is missing.
 */
export function BannerArt({
  seed = 0,
  className,
  align = 'center',
}: {
  seed?: number;
  className?: string;
  /** Narrow frames crop the sides: "right" keeps the crate in view. */
  align?: 'center' | 'right';
}) {
  const hues = [32, 265, 200, 350];
  const hue = hues[Math.abs(seed) % hues.length]!;
  const id = `banner-art-${seed}`;
  return (
    <svg
      className={className}
      viewBox="0 0 1400 340"
      preserveAspectRatio={align === 'right' ? 'xMaxYMid slice' : 'xMidYMid slice'}
      aria-hidden="true"
    >
      <defs>
        <radialGradient id={`${id}-glow`} cx="72%" cy="55%" r="45%">
          <stop offset="0" stopColor={`hsl(${hue} 95% 58%)`} stopOpacity=".55" />
          <stop offset="1" stopColor={`hsl(${hue} 95% 40%)`} stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#0d1120" />
          <stop offset="1" stopColor={`hsl(${hue} 40% 12%)`} />
        </linearGradient>
        <linearGradient id={`${id}-lid`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 90% 66%)`} />
          <stop offset="1" stopColor={`hsl(${hue} 80% 42%)`} />
        </linearGradient>
        <pattern id={`${id}-grid`} width="40" height="40" patternUnits="userSpaceOnUse">
          <path d="M40 0H0v40" fill="none" stroke="#fff" strokeOpacity=".04" />
        </pattern>
      </defs>
      <rect width="1400" height="340" fill={`url(#${id}-bg)`} />
      <rect width="1400" height="340" fill={`url(#${id}-grid)`} />
      <rect width="1400" height="340" fill={`url(#${id}-glow)`} />
      <g transform="translate(1010 150) scale(.82)">
        <ellipse cx="0" cy="128" rx="190" ry="18" fill="#000" opacity=".45" />
        <path d="M-160-20 0-90l160 70v130L0 180-160 110z" fill="#151a2c" />
        <path d="M-160-20 0 50l160-70" fill="none" stroke={`hsl(${hue} 90% 60%)`} strokeWidth="5" />
        <path d="M0 50v130" stroke={`hsl(${hue} 90% 60%)`} strokeWidth="5" />
        <path d="M-160-20 0-90l160 70v130L0 180-160 110z" fill="none" stroke="#3b4668" strokeWidth="4" />
        <path d="M-172-40 0-115l172 75L0 35z" fill={`url(#${id}-lid)`} opacity=".92" />
        <path d="M-60-70 60-20" stroke="#fff" strokeOpacity=".35" strokeWidth="8" strokeLinecap="round" />
      </g>
      <g fill={`hsl(${hue} 95% 65%)`}>
        <circle cx="820" cy="60" r="4" opacity=".8" />
        <circle cx="1240" cy="90" r="3" opacity=".6" />
        <circle cx="1180" cy="40" r="2" opacity=".7" />
        <circle cx="880" cy="280" r="3" opacity=".5" />
      </g>
    </svg>
  );
}
