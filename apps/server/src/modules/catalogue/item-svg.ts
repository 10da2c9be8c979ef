import { isQuality, isWeaponClass, QUALITY_COLORS, QUALITY_SPECIAL, type WeaponClass } from '@kaixiang/shared/items';

/**
 * Offline item art. The catalogue's images live on the library's CDN; when that is unreachable
 * (offline, blocked, a fresh clone behind a firewall) the site still has to look like a case site,
 * so it draws a card. The card holds no text: the page prints the name beside it in the viewer's
 * language, so one picture serves every language and caches once (issue 20: the names were
 * printed in Chinese into the picture). What tells cards apart at a glance instead:
 * - the weapon class, by its silhouette (pistol, SMG, rifle, sniper, shotgun, machine gun, knife,
 *   gloves, and the Zeus for `other`);
 * - the rarity, by its colour three times over — the glow behind the silhouette, the frame and the
 *   bar along the bottom — and by pips in the corner (one per tier, a star for ★), for eyes that
 *   do not tell the colours apart;
 * - a case, by its crate, whose colour, band pattern and emblem follow from its id, so no two
 *   neighbouring cases look alike.
 * Pure string building, no I/O: the routes set the content type and caching.
 */

export const ITEM_SVG_WIDTH = 256;
export const ITEM_SVG_HEIGHT = 192;

export interface ItemSvgInput {
  /** Unknown classes (an old row, a typo) draw the generic silhouette rather than fail. */
  weaponClass: WeaponClass | string;
  /** 0..7; anything else draws in the Consumer grey. */
  quality: number;
}

export interface CaseSvgInput {
  /** The case's (or box's) id: it picks the crate's colour, bands and emblem. */
  seed: number;
  /** Glow colour (a themed box's value tier); by default the crate's own colour. */
  color?: string;
}

const FALLBACK_COLOR = QUALITY_COLORS[0];
const OUTLINE = '#0b0d12';

// Hand-drawn silhouettes on the 256×192 card, facing right, inside x 20..236, y 28..142.
// Details (grips, triggers, straps) are separate shapes so the outline stays readable small.
const SILHOUETTES: Readonly<Record<WeaponClass, string>> = {
  pistol: [
    '<path d="M66 60 L186 60 Q192 60 192 66 L192 80 L124 80 L121 87 L112 87 L103 126 Q102 132 96 132 L78 132 Q72 132 73 126 L83 86 L74 84 Q66 83 66 76 Z"/>',
    '<path d="M112 87 Q116 101 128 99 L130 80" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
    '<rect x="186" y="56" width="6" height="4" rx="1"/>',
  ].join(''),
  smg: [
    '<path d="M30 66 L68 64 L68 70 L38 72 L38 86 L30 86 Z"/>',
    '<path d="M66 62 L74 56 L178 56 L184 61 L204 61 L204 67 L184 67 L178 73 L150 75 L146 79 L148 124 L134 124 L132 79 L120 79 L112 104 L98 104 L106 77 L76 76 L66 72 Z"/>',
    '<path d="M118 79 Q122 92 132 90" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
  ].join(''),
  rifle: [
    '<path d="M22 72 L40 66 L88 60 L92 55 L162 55 L164 50 L172 50 L174 55 L206 55 L206 57 L234 57 L234 63 L206 63 L204 67 L172 69 L156 71 L150 76 L160 108 Q161 114 155 115 L143 118 Q138 119 137 114 L128 80 L118 78 L112 78 L110 84 L104 104 L92 104 L98 82 L86 80 L44 92 L26 96 Q22 96 22 92 Z"/>',
    '<path d="M110 80 Q114 94 126 90" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
    '<rect x="166" y="69" width="34" height="5" rx="2"/>',
  ].join(''),
  sniper: [
    '<path d="M20 76 L28 66 L88 64 L96 60 L168 60 L168 64 L236 64 L236 69 L168 69 L166 73 L134 75 L126 77 L118 98 L106 98 L112 78 L96 80 L88 88 L64 90 L54 100 L24 98 Q20 97 20 92 Z"/>',
    '<path d="M94 49 L102 45 L152 45 L160 49 L160 54 L152 57 L102 57 L94 54 Z"/>',
    '<rect x="110" y="56" width="7" height="5"/><rect x="138" y="56" width="7" height="5"/>',
    '<path d="M112 78 Q116 90 126 86" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
  ].join(''),
  shotgun: [
    '<path d="M22 80 L76 62 L80 58 L124 58 L124 60 L234 60 L234 66 L124 66 L122 78 L100 80 L94 90 L88 102 L76 102 L82 84 L38 98 L26 100 Q22 100 22 96 Z"/>',
    '<rect x="120" y="68" width="104" height="7" rx="3"/>',
    '<rect x="150" y="65" width="42" height="14" rx="4"/>',
    '<path d="M98 80 Q102 92 112 88" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
  ].join(''),
  machinegun: [
    '<path d="M24 74 L44 66 L82 64 L86 58 L180 58 L180 62 L234 62 L234 68 L180 68 L174 74 L124 76 L120 80 L112 80 L106 102 L94 102 L100 80 L86 80 L46 90 L28 94 Q24 94 24 90 Z"/>',
    '<rect x="124" y="74" width="34" height="36" rx="3"/>',
    '<path d="M118 58 L124 48 L152 48 L158 58" fill="none" stroke="url(#kx-metal)" stroke-width="5"/>',
    '<path d="M200 68 L188 110 M200 68 L212 110" fill="none" stroke="url(#kx-metal)" stroke-width="4" stroke-linecap="round"/>',
  ].join(''),
  knife: [
    '<g transform="rotate(-14 128 88)">',
    '<path d="M112 78 L206 72 Q228 70 236 78 Q214 96 160 100 L112 100 Z"/>',
    '<path d="M118 92 L200 84" fill="none" stroke="#0b0d12" stroke-opacity=".25" stroke-width="2"/>',
    '<rect x="102" y="70" width="10" height="38" rx="3"/>',
    '<path d="M102 80 L50 78 Q34 78 32 90 Q34 102 50 102 L102 100 Z"/>',
    '<path d="M62 80 L60 100 M74 80 L72 100 M86 80 L84 100" stroke="#0b0d12" stroke-opacity=".3" stroke-width="3"/>',
    '</g>',
  ].join(''),
  gloves: [
    '<g transform="rotate(-8 128 90)">',
    '<rect x="104" y="42" width="13" height="46" rx="6.5"/>',
    '<rect x="119" y="34" width="13" height="52" rx="6.5"/>',
    '<rect x="134" y="36" width="13" height="50" rx="6.5"/>',
    '<rect x="149" y="46" width="12" height="42" rx="6"/>',
    '<rect x="95" y="78" width="15" height="42" rx="7.5" transform="rotate(-32 102 116)"/>',
    '<path d="M102 76 L162 76 Q164 100 156 120 L110 120 Q100 104 102 76 Z"/>',
    '<path d="M118 74 L118 96 M133 74 L133 98 M148 74 L148 96" stroke="#0b0d12" stroke-opacity=".3" stroke-width="1.5"/>',
    '<rect x="104" y="118" width="56" height="22" rx="4"/>',
    '<rect x="104" y="124" width="56" height="5" fill="var(--accent)"/>',
    '</g>',
  ].join(''),
  other: [
    '<path d="M70 62 L168 62 Q184 62 184 74 L184 84 L126 84 L122 90 L114 90 L106 124 Q105 130 99 130 L84 130 Q78 130 80 124 L88 88 L78 86 Q70 85 70 78 Z"/>',
    '<path d="M114 90 Q118 104 130 102 L132 84" fill="none" stroke="url(#kx-metal)" stroke-width="4"/>',
    '<path d="M196 56 L212 70 L203 73 L220 92 L198 76 L207 73 Z" fill="var(--accent)"/>',
  ].join(''),
};

/** Cards are pure functions of a few values: each distinct one is built once per process. */
const drawn = new Map<string, string>();
function memo(key: string, build: () => string): string {
  let svg = drawn.get(key);
  if (svg === undefined) {
    svg = build();
    drawn.set(key, svg);
  }
  return svg;
}

/** An item card: the weapon class's silhouette on a glow, in a frame, of the rarity colour. */
export function itemSvg({ weaponClass, quality }: ItemSvgInput): string {
  const q = isQuality(quality) ? quality : 0;
  const cls = isWeaponClass(weaponClass) ? weaponClass : 'other';
  return memo(`item:${cls}:${q}`, () => {
    const color = isQuality(quality) ? QUALITY_COLORS[q] : FALLBACK_COLOR;
    // Centred on the card (the drawings sit around y 86) and a little larger than drawn.
    const art = `<g transform="translate(128 100) scale(1.08) translate(-128 -86)">${drawSilhouette(SILHOUETTES[cls], color)}</g>`;
    return card({ color, art: art + rarityMark(q, color) });
  });
}

/**
 * Pips in the bottom left corner, one per tier (Consumer 1 … Contraband 7), or a star for a ★
 * item: the rarity without relying on colour alone. Bottom, because the pages lay their badges
 * (odds, selection) over the top corners of a picture.
 */
function rarityMark(quality: number, color: string): string {
  if (quality === QUALITY_SPECIAL) {
    return `<path d="M22 157l3.5 7.2 7.9 1.1-5.7 5.6 1.4 7.8-7.1-3.7-7.1 3.7 1.4-7.8-5.7-5.6 7.9-1.1z" fill="${color}" stroke="${OUTLINE}" stroke-width="1.5"/>`;
  }
  const pips = Array.from({ length: quality + 1 }, (_, i) => `M${14 + i * 11} 168h7v7h-7z`).join('');
  return `<path d="${pips}" fill="${color}" stroke="${OUTLINE}" stroke-width="1.5"/>`;
}

/** Emblems on a crate's front, centred on (118, 101); one is picked by the case's id. */
const EMBLEMS: readonly string[] = [
  '<circle cx="118" cy="101" r="8"/>',
  '<path d="M118 91l10 10-10 10-10-10z"/>',
  '<path d="M118 91l10 18h-20z"/>',
  '<path d="M118 91l2.6 6.4 6.9.5-5.3 4.4 1.7 6.7-5.9-3.7-5.9 3.7 1.7-6.7-5.3-4.4 6.9-.5z"/>',
  '<path d="M108 94l10 7 10-7v7l-10 7-10-7z"/>',
  '<path d="M115 91h6v7h7v6h-7v7h-6v-7h-7v-6h7z"/>',
  '<path d="M118 91l8.7 5v10l-8.7 5-8.7-5v-10z"/>',
  '<path d="M121 90l-9 13h6l-3 9 10-14h-6z"/>',
];

/** A case card: a crate tinted, banded and marked after its id, on a glow. */
export function caseSvg({ seed, color }: CaseSvgInput): string {
  const id = Number.isSafeInteger(seed) ? Math.abs(seed) : 0;
  const given = color !== undefined && /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : null;
  return memo(`case:${id}:${given ?? ''}`, () => {
    // The golden angle spreads consecutive ids (the catalogue's cases are numbered in a row)
    // round the colour wheel, so neighbours never share a hue.
    const hue = Math.round((id * 137.508) % 360);
    const band = hslHex(hue, 0.72, 0.56);
    const top = hslHex(hue, 0.14, 0.42);
    const bottom = hslHex(hue, 0.16, 0.22);
    const side = hslHex(hue, 0.14, 0.17);
    const lid = hslHex(hue, 0.12, 0.34);
    // One wide band or two thin ones, the emblem: chosen by different digits of the id.
    const bands =
      Math.floor(id / EMBLEMS.length) % 2 === 0
        ? [
            `<rect x="56" y="72" width="124" height="7" fill="${band}"/><rect x="56" y="124" width="124" height="7" fill="${band}"/>`,
            `<path d="M180 72l24-21v7l-24 21zM180 124l24-21v7l-24 21z" fill="${band}" opacity=".6"/>`,
          ].join('')
        : [
            `<rect x="56" y="84" width="124" height="34" fill="${band}" opacity=".9"/>`,
            `<path d="M180 84l24-21v34l-24 21z" fill="${band}" opacity=".55"/>`,
          ].join('');
    const art = [
      '<ellipse cx="128" cy="158" rx="84" ry="9" fill="#000" opacity=".45"/>',
      '<g stroke="#0b0d12" stroke-opacity=".6" stroke-width="1.2" stroke-linejoin="round">',
      `<path d="M56 62l24-20h124l-24 20z" fill="${lid}"/>`,
      `<path d="M180 62l24-20v76l-24 22z" fill="${side}"/>`,
      `<rect x="56" y="62" width="124" height="88" rx="3" fill="url(#kx-crate-${id})"/>`,
      bands,
      '<rect x="104" y="87" width="28" height="28" rx="4" fill="#1b1f27"/>',
      `<g fill="${band}" stroke="none">${EMBLEMS[id % EMBLEMS.length]}</g>`,
      '<path d="M106 52l2-6h42l2 6" fill="none" stroke="#c9ced8" stroke-width="4"/>',
      '</g>',
    ].join('');
    return card({
      color: given ?? band,
      art,
      // Named per case: several crates inlined in one page must not share one body gradient.
      extraDefs: `<linearGradient id="kx-crate-${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`,
    });
  });
}

/** `#rrggbb` of a hue (degrees), saturation and lightness (0..1): hex, which every renderer reads. */
function hslHex(hue: number, saturation: number, lightness: number): string {
  const a = saturation * Math.min(lightness, 1 - lightness);
  const channel = (n: number) => {
    const k = (n + hue / 30) % 12;
    const v = lightness - a * Math.max(-1, Math.min(k - 3, 9 - k, 1));
    return Math.round(v * 255)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${channel(0)}${channel(8)}${channel(4)}`;
}

function card(opts: { color: string; art: string; extraDefs?: string }): string {
  const { color, art } = opts;
  // Ids are global when several cards are inlined in one page: every other def is identical on
  // every card, the glow differs by colour, so naming it by colour keeps duplicates harmless.
  const glowId = `kx-glow-${color.slice(1)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" viewBox="0 0 ${ITEM_SVG_WIDTH} ${ITEM_SVG_HEIGHT}">`,
    '<defs>',
    '<linearGradient id="kx-bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2029"/><stop offset="1" stop-color="#0f1116"/></linearGradient>',
    `<radialGradient id="${glowId}" cx="50%" cy="52%" r="58%"><stop offset="0" stop-color="${color}" stop-opacity=".7"/><stop offset=".5" stop-color="${color}" stop-opacity=".22"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    // One gradient across the whole drawing (user space), so overlapping shapes show no seams.
    '<linearGradient id="kx-metal" gradientUnits="userSpaceOnUse" x1="0" y1="36" x2="0" y2="140"><stop offset="0" stop-color="#f4f6f9"/><stop offset=".6" stop-color="#c3c9d3"/><stop offset="1" stop-color="#8e97a6"/></linearGradient>',
    opts.extraDefs ?? '',
    '</defs>',
    `<rect width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" rx="10" fill="url(#kx-bg)"/>`,
    `<rect width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" rx="10" fill="url(#${glowId})"/>`,
    art,
    `<rect x="0" y="${ITEM_SVG_HEIGHT - 6}" width="${ITEM_SVG_WIDTH}" height="6" fill="${color}"/>`,
    `<rect x="1.5" y="1.5" width="${ITEM_SVG_WIDTH - 3}" height="${ITEM_SVG_HEIGHT - 3}" rx="9" fill="none" stroke="${color}" stroke-width="3" stroke-opacity=".8"/>`,
    '</svg>',
  ].join('');
}

/**
 * Two passes: the shapes in a thick dark outline, then filled on top. A silhouette made of several
 * overlapping shapes (a glove's fingers, a rifle's magazine) then reads as one outlined object.
 * Renderers disagree on CSS variables inside SVG attributes (librsvg ignores them), so the accent
 * placeholder is replaced by the colour itself.
 */
function drawSilhouette(shapes: string, accent: string): string {
  const outline = shapes.replaceAll('url(#kx-metal)', OUTLINE).replaceAll('var(--accent)', OUTLINE);
  const fill = shapes.replaceAll('var(--accent)', accent);
  return [
    `<g fill="${OUTLINE}" stroke="${OUTLINE}" stroke-width="3" stroke-linejoin="round" opacity=".85">${outline}</g>`,
    `<g fill="url(#kx-metal)">${fill}</g>`,
  ].join('');
}
