import { isQuality, isWeaponClass, QUALITY_COLORS, type WeaponClass } from '@kaixiang/shared/items';

/**
 * Offline item art. The catalogue's images live on the library's CDN; when that is unreachable
 * (offline, blocked, a fresh clone behind a firewall) the site still has to look like a case site,
 * so it draws a card: the weapon class's silhouette on a glow in the rarity colour, and the name.
 * Pure string building, no I/O: the route sets the content type and caches.
 */

export const ITEM_SVG_WIDTH = 256;
export const ITEM_SVG_HEIGHT = 192;

export interface ItemSvgInput {
  name: string;
  /** Unknown classes (an old row, a typo) draw the generic silhouette rather than fail. */
  weaponClass: WeaponClass | string;
  /** 0..7; anything else draws in the Consumer grey. */
  quality: number;
}

export interface CaseSvgInput {
  name: string;
  /** Glow colour; cases default to the gold of the knife tier, the thing a case is opened for. */
  color?: string;
}

const FONT_FAMILY = `'Microsoft YaHei','WenQuanYi Micro Hei','PingFang SC','Noto Sans CJK SC',sans-serif`;
const TEXT_MAX_WIDTH = 236;
const FALLBACK_COLOR = QUALITY_COLORS[0];
const OUTLINE = '#0b0d12';

// Hand-drawn silhouettes on the 256×192 card, facing right, inside x 20..236, y 28..142.
// Details (grips, triggers, straps) are separate shapes so the outline stays readable small.
const SILHOUETTES: Readonly<Record<WeaponClass, string>> = {
  pistol: [
    '<path d="M66 60 L186 60 Q192 60 192 66 L192 80 L124 80 L121 87 L112 87 L103 126 Q102 132 96 132 L78 132 Q72 132 73 126 L83 86 L74 84 Q66 83 66 76 Z"/>',
    '<path d="M112 87 Q116 101 128 99 L130 80" fill="none" stroke="url(#metal)" stroke-width="4"/>',
    '<rect x="186" y="56" width="6" height="4" rx="1"/>',
  ].join(''),
  smg: [
    '<path d="M30 66 L68 64 L68 70 L38 72 L38 86 L30 86 Z"/>',
    '<path d="M66 62 L74 56 L178 56 L184 61 L204 61 L204 67 L184 67 L178 73 L150 75 L146 79 L148 124 L134 124 L132 79 L120 79 L112 104 L98 104 L106 77 L76 76 L66 72 Z"/>',
    '<path d="M118 79 Q122 92 132 90" fill="none" stroke="url(#metal)" stroke-width="4"/>',
  ].join(''),
  rifle: [
    '<path d="M22 72 L40 66 L88 60 L92 55 L162 55 L164 50 L172 50 L174 55 L206 55 L206 57 L234 57 L234 63 L206 63 L204 67 L172 69 L156 71 L150 76 L160 108 Q161 114 155 115 L143 118 Q138 119 137 114 L128 80 L118 78 L112 78 L110 84 L104 104 L92 104 L98 82 L86 80 L44 92 L26 96 Q22 96 22 92 Z"/>',
    '<path d="M110 80 Q114 94 126 90" fill="none" stroke="url(#metal)" stroke-width="4"/>',
    '<rect x="166" y="69" width="34" height="5" rx="2"/>',
  ].join(''),
  sniper: [
    '<path d="M20 76 L28 66 L88 64 L96 60 L168 60 L168 64 L236 64 L236 69 L168 69 L166 73 L134 75 L126 77 L118 98 L106 98 L112 78 L96 80 L88 88 L64 90 L54 100 L24 98 Q20 97 20 92 Z"/>',
    '<path d="M94 49 L102 45 L152 45 L160 49 L160 54 L152 57 L102 57 L94 54 Z"/>',
    '<rect x="110" y="56" width="7" height="5"/><rect x="138" y="56" width="7" height="5"/>',
    '<path d="M112 78 Q116 90 126 86" fill="none" stroke="url(#metal)" stroke-width="4"/>',
  ].join(''),
  shotgun: [
    '<path d="M22 80 L76 62 L80 58 L124 58 L124 60 L234 60 L234 66 L124 66 L122 78 L100 80 L94 90 L88 102 L76 102 L82 84 L38 98 L26 100 Q22 100 22 96 Z"/>',
    '<rect x="120" y="68" width="104" height="7" rx="3"/>',
    '<rect x="150" y="65" width="42" height="14" rx="4"/>',
    '<path d="M98 80 Q102 92 112 88" fill="none" stroke="url(#metal)" stroke-width="4"/>',
  ].join(''),
  machinegun: [
    '<path d="M24 74 L44 66 L82 64 L86 58 L180 58 L180 62 L234 62 L234 68 L180 68 L174 74 L124 76 L120 80 L112 80 L106 102 L94 102 L100 80 L86 80 L46 90 L28 94 Q24 94 24 90 Z"/>',
    '<rect x="124" y="74" width="34" height="36" rx="3"/>',
    '<path d="M118 58 L124 48 L152 48 L158 58" fill="none" stroke="url(#metal)" stroke-width="5"/>',
    '<path d="M200 68 L188 110 M200 68 L212 110" fill="none" stroke="url(#metal)" stroke-width="4" stroke-linecap="round"/>',
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
    '<path d="M114 90 Q118 104 130 102 L132 84" fill="none" stroke="url(#metal)" stroke-width="4"/>',
    '<path d="M196 56 L212 70 L203 73 L220 92 L198 76 L207 73 Z" fill="var(--accent)"/>',
  ].join(''),
};

/** An item card: silhouette of the weapon class on a glow in the rarity colour, name below. */
export function itemSvg({ name, weaponClass, quality }: ItemSvgInput): string {
  const color = isQuality(quality) ? QUALITY_COLORS[quality] : FALLBACK_COLOR;
  const silhouette = SILHOUETTES[isWeaponClass(weaponClass) ? weaponClass : 'other'];
  const [weapon, finish] = splitName(name);
  return card({
    color,
    label: name,
    art: drawSilhouette(silhouette, color),
    lines:
      finish === null
        ? [{ text: weapon, size: 15, bold: true }]
        : [
            { text: weapon, size: 11, bold: false },
            { text: finish, size: 15, bold: true },
          ],
  });
}

/** A case card: a crate with metal bands and a latch, on a glow. */
export function caseSvg({ name, color = QUALITY_COLORS[7] }: CaseSvgInput): string {
  const safeColor = /^#[0-9a-fA-F]{3,8}$/.test(color) ? color : QUALITY_COLORS[7];
  const art = [
    '<g stroke="#0b0d12" stroke-opacity=".6" stroke-width="1.2" stroke-linejoin="round">',
    '<path d="M56 62 L80 42 L204 42 L180 62 Z" fill="#4a5262"/>',
    '<path d="M180 62 L204 42 L204 118 L180 140 Z" fill="#2a303b"/>',
    '<rect x="56" y="62" width="124" height="78" rx="3" fill="url(#crate)"/>',
    `<rect x="56" y="74" width="124" height="6" fill="${safeColor}" opacity=".85"/>`,
    `<rect x="56" y="122" width="124" height="6" fill="${safeColor}" opacity=".85"/>`,
    `<path d="M180 74 L204 53 L204 59 L180 80 Z M180 122 L204 101 L204 107 L180 128 Z" fill="${safeColor}" opacity=".6"/>`,
    '<rect x="106" y="88" width="24" height="26" rx="3" fill="#1b1f27"/>',
    `<rect x="112" y="96" width="12" height="10" rx="2" fill="${safeColor}"/>`,
    '<path d="M106 52 L108 46 L150 46 L152 52" fill="none" stroke="#c9ced8" stroke-width="4"/>',
    '</g>',
  ].join('');
  return card({
    color: safeColor,
    label: name,
    art,
    extraDefs:
      '<linearGradient id="crate" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5d6676"/><stop offset="1" stop-color="#353b47"/></linearGradient>',
    lines: [{ text: name, size: 15, bold: true }],
  });
}

interface CardLine {
  text: string;
  size: number;
  bold: boolean;
}

function card(opts: { color: string; label: string; art: string; lines: CardLine[]; extraDefs?: string }): string {
  const { color, label, art, lines } = opts;
  // Ids are global when several cards are inlined in one page: every other def is identical on
  // every card, the glow differs by colour, so naming it by colour keeps duplicates harmless.
  const glowId = `kx-glow-${color.slice(1)}`;
  const baseline = lines.length === 1 ? 172 : 160;
  const text = lines
    .map((line, i) => textLine(line, i === 0 ? baseline : baseline + 18, i === 0 && lines.length > 1))
    .join('');
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" viewBox="0 0 ${ITEM_SVG_WIDTH} ${ITEM_SVG_HEIGHT}" role="img" aria-label="${escapeXml(label)}">`,
    '<defs>',
    '<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1c2029"/><stop offset="1" stop-color="#0f1116"/></linearGradient>',
    `<radialGradient id="${glowId}" cx="50%" cy="44%" r="55%"><stop offset="0" stop-color="${color}" stop-opacity=".55"/><stop offset=".55" stop-color="${color}" stop-opacity=".15"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`,
    // One gradient across the whole drawing (user space), so overlapping shapes show no seams.
    '<linearGradient id="metal" gradientUnits="userSpaceOnUse" x1="0" y1="36" x2="0" y2="140"><stop offset="0" stop-color="#f4f6f9"/><stop offset=".6" stop-color="#c3c9d3"/><stop offset="1" stop-color="#8e97a6"/></linearGradient>',
    opts.extraDefs ?? '',
    '</defs>',
    `<rect width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" rx="10" fill="url(#bg)"/>`,
    `<rect width="${ITEM_SVG_WIDTH}" height="${ITEM_SVG_HEIGHT}" rx="10" fill="url(#${glowId})"/>`,
    art,
    text,
    `<rect x="0" y="${ITEM_SVG_HEIGHT - 4}" width="${ITEM_SVG_WIDTH}" height="4" fill="${color}"/>`,
    '</svg>',
  ].join('');
}

function textLine(line: CardLine, y: number, muted: boolean): string {
  const fitted = fitText(line.text, line.size);
  return `<text x="${ITEM_SVG_WIDTH / 2}" y="${y}" text-anchor="middle" font-family="${FONT_FAMILY}" font-size="${fitted.size}"${line.bold ? ' font-weight="bold"' : ''} fill="${muted ? '#9aa3b2' : '#ffffff'}">${escapeXml(fitted.text)}</text>`;
}

/**
 * Fits a line to the card: a long name gets a smaller font, down to 70 % of the size, and past
 * that is cut with an ellipsis. Widths are estimated, since a string builder has no font metrics
 * (CJK glyphs one em, other characters about 0.6 em); SVG's textLength would measure, but librsvg
 * and some image viewers ignore it.
 */
function fitText(text: string, size: number): { text: string; size: number } {
  const emsOf = (s: string) => [...s].reduce((w, ch) => w + (isWide(ch) ? 1 : 0.6), 0);
  const ems = emsOf(text);
  if (ems * size <= TEXT_MAX_WIDTH) return { text, size };
  const minSize = Math.ceil(size * 0.7);
  if (ems * minSize <= TEXT_MAX_WIDTH) return { text, size: Math.floor(TEXT_MAX_WIDTH / ems) };
  const chars = [...text];
  while (chars.length > 1 && emsOf(`${chars.join('')}…`) * minSize > TEXT_MAX_WIDTH) chars.pop();
  return { text: `${chars.join('').trimEnd()}…`, size: minSize };
}

function isWide(ch: string): boolean {
  const code = ch.codePointAt(0) ?? 0;
  return code >= 0x2e80;
}

/** "AK-47 | 卡特尔" → ["AK-47", "卡特尔"]; a name without a finish is one line. */
function splitName(name: string): [string, string | null] {
  const at = name.indexOf(' | ');
  if (at === -1) return [name, null];
  return [name.slice(0, at), name.slice(at + 3)];
}

/**
 * Two passes: the shapes in a thick dark outline, then filled on top. A silhouette made of several
 * overlapping shapes (a glove's fingers, a rifle's magazine) then reads as one outlined object.
 * Renderers disagree on CSS variables inside SVG attributes (librsvg ignores them), so the accent
 * placeholder is replaced by the colour itself.
 */
function drawSilhouette(shapes: string, accent: string): string {
  const outline = shapes.replaceAll('url(#metal)', OUTLINE).replaceAll('var(--accent)', OUTLINE);
  const fill = shapes.replaceAll('var(--accent)', accent);
  return [
    `<g fill="${OUTLINE}" stroke="${OUTLINE}" stroke-width="3" stroke-linejoin="round" opacity=".85">${outline}</g>`,
    `<g fill="url(#metal)">${fill}</g>`,
  ].join('');
}

/** Escapes text for XML content and attributes, and drops characters XML 1.0 cannot hold. */
export function escapeXml(value: string): string {
  return (
    value
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      .replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;')
      .replace(/'/g, '&apos;')
  );
}
