import type { ReactNode } from 'react';

/**
 * Line drawings of the turntable's icons (packages/game/src/turntable.ts: 0 pistol … 8 C4 on the
 * outer wheel, 9–11 the jackpot shares and 12 the C4 on the inner ring), in a 24-unit box, drawn
 * in currentColor. Inside the wheel's SVG they are placed as a <g>; elsewhere `IconGlyph` wraps
 * one in its own <svg>.
 */
const PATHS: Record<number, ReactNode> = {
  // pistol: slide, grip, trigger guard
  0: (
    <>
      <path d="M3 7h16v4H11l-1.6 7H5.4L7 11H3z" />
      <path d="M11 11c0 1.6 1 2.4 2.4 2.4" />
    </>
  ),
  // shotgun: long barrel, pump, stock
  1: (
    <>
      <path d="M1.5 9.5h14l1.5-1h5.5v3H16l-1.5 1.5H9l-3.5 4H2.5L5 13H1.5z" />
      <path d="M9 9.5v3" />
    </>
  ),
  // gloves: an open hand
  2: (
    <path d="M7.5 21v-5.5L4.2 12.3l1.5-1.5 1.8 1.4V5.2a1.3 1.3 0 0 1 2.6 0V11V3.8a1.3 1.3 0 0 1 2.6 0V11V4.8a1.3 1.3 0 0 1 2.6 0V11.5V7.3a1.3 1.3 0 0 1 2.6 0v6.9L16 18.5V21z" />
  ),
  // knife: curved blade, handle
  3: (
    <>
      <path d="M9.5 13.5C12 8 16.5 4.5 21.5 2.5 20 9 15.5 14 11 15.5z" />
      <path d="m9.5 13.5 1.5 2-6.5 6.5-2-2z" />
    </>
  ),
  // AWP: long barrel, scope, stock
  4: (
    <>
      <path d="M1.5 12h21M3 12v3.5l4 1 1.5-4.5M11 12l-1 3h2.5" />
      <path d="M7 9.5h8V12M9 9.5V8h4v1.5" />
    </>
  ),
  // grenade: body, lever, pin ring
  5: (
    <>
      <circle cx="12" cy="14.5" r="6" />
      <path d="M10 8.5V6.5h4v2M14 6.5l3.5-2.5" />
      <circle cx="8.5" cy="5" r="1.6" />
    </>
  ),
  // M4: rifle with carry handle and a straight magazine
  6: (
    <>
      <path d="M1.5 11h20v2.2H13l-.8 1.8H10l-1 4H6.2l1-4H5.5L3.5 17H1.5z" />
      <path d="M8 11V8.8h6V11M13.5 15l1 4h2.3l-1-4" />
    </>
  ),
  // AK47: rifle with a curved magazine and wooden stock
  7: (
    <>
      <path d="M1.5 11.5h20v2H12.5l-1 1H9.5l-1.2 4H5.5l1.2-4H5l-2 3H1.5z" />
      <path d="M12.5 13.5c.2 2.6 1 4.6 2.5 6h2.6c-1.4-1.6-2.2-3.6-2.4-6M8.5 11.5V9.5H13v2" />
    </>
  ),
  // C4: a brick with a keypad and a wire
  8: (
    <>
      <rect x="3" y="8" width="18" height="11" rx="1.5" />
      <rect x="7.5" y="11" width="9" height="5" rx=".8" />
      <path d="M6 8c0-2.5 2-4 5-4h2" />
    </>
  ),
  // the jackpot shares: a crown (the share is written beside it)
  9: <path d="M3 8.5 7.5 13 12 5.5l4.5 7.5L21 8.5 19 19H5z" />,
  10: <path d="M3 8.5 7.5 13 12 5.5l4.5 7.5L21 8.5 19 19H5z" />,
  11: (
    <>
      <path d="M3 8.5 7.5 13 12 5.5l4.5 7.5L21 8.5 19 19H5z" />
      <circle cx="12" cy="15" r="1.6" />
    </>
  ),
  12: (
    <>
      <rect x="3" y="8" width="18" height="11" rx="1.5" />
      <rect x="7.5" y="11" width="9" height="5" rx=".8" />
      <path d="M6 8c0-2.5 2-4 5-4h2" />
    </>
  ),
};

/** The short mark drawn on a jackpot share's crown and chip. */
export const JACKPOT_MARK: Readonly<Record<number, string>> = { 9: '⅓', 10: '⅔', 11: 'MAX' };

/** One icon's drawing inside an SVG already there (the wheel). */
export function GlyphPaths({ icon, strokeWidth = 1.7 }: { icon: number; strokeWidth?: number }) {
  return (
    <g fill="none" stroke="currentColor" strokeWidth={strokeWidth} strokeLinecap="round" strokeLinejoin="round">
      {PATHS[icon] ?? null}
    </g>
  );
}

/** One icon on its own; decorative unless it is given a label. */
export function IconGlyph({ icon, size = 24, label }: { icon: number; size?: number; label?: string }) {
  const className = `tt-glyph tt-glyph--${icon}`;
  if (label) {
    return (
      <svg className={className} width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={label}>
        <title>{label}</title>
        <GlyphPaths icon={icon} />
      </svg>
    );
  }
  return (
    <svg className={className} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <GlyphPaths icon={icon} />
    </svg>
  );
}
