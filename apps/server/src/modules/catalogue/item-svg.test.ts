import { QUALITIES, QUALITY_COLORS, WEAPON_CLASSES } from '@kaixiang/shared/items';
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogue.seed.ts';
import { caseSvg, itemSvg } from './item-svg.ts';

/**
 * A small well-formedness check (no XML parser is a dependency of the server): tags balance,
 * attributes are quoted, and text holds no bare `<` or `&`. Returns the problems found.
 */
function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const entity = /&(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/g;
  const attribute = /\s+[\w:-]+="[^"<]*"/g;
  let rest = xml;
  while (rest.length > 0) {
    const open = rest.indexOf('<');
    const text = open === -1 ? rest : rest.slice(0, open);
    if (text.replace(entity, '').includes('&')) problems.push(`bare & in text: ${text}`);
    if (text.includes('>')) problems.push(`bare > in text: ${text}`);
    if (open === -1) break;
    const close = rest.indexOf('>', open);
    if (close === -1) {
      problems.push('unclosed tag');
      break;
    }
    const tag = rest.slice(open + 1, close);
    rest = rest.slice(close + 1);
    const m = /^(\/?)([\w:-]+)(.*?)(\/?)$/s.exec(tag);
    if (!m) {
      problems.push(`bad tag <${tag}>`);
      continue;
    }
    const [, closing, name = '', attrs = '', selfClosing] = m;
    const leftover = attrs.replace(attribute, '').trim();
    if (leftover) problems.push(`bad attributes in <${name}>: ${leftover}`);
    for (const [value] of attrs.matchAll(/"[^"]*"/g)) {
      if (value.replace(entity, '').includes('&')) problems.push(`bare & in attribute of <${name}>`);
    }
    if (closing) {
      if (stack.pop() !== name) problems.push(`</${name}> closes the wrong element`);
    } else if (!selfClosing) stack.push(name);
  }
  if (stack.length > 0) problems.push(`unclosed elements: ${stack.join(', ')}`);
  return problems;
}

/** Nothing a person reads, in any language: the page prints the name beside the picture. */
const TEXT = /<text|<title|<desc|aria-label|[\u2e80-\uffff]/;
/** Every card stays small: pages show dozens of them, drawn when the CDN is unreachable. */
const MAX_BYTES = 3_000;
const caseIds = loadCatalogue().cases.map((c) => c.id);

describe('itemSvg', () => {
  it('draws a well-formed 256×192 SVG without any text for every weapon class and quality', () => {
    for (const weaponClass of WEAPON_CLASSES) {
      for (const quality of QUALITIES) {
        const svg = itemSvg({ weaponClass, quality });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192"')).toBe(true);
        expect(xmlProblems(svg)).toEqual([]);
        expect(svg).not.toMatch(TEXT);
        expect(svg.length).toBeLessThanOrEqual(MAX_BYTES);
      }
    }
  });

  it('paints the glow, the frame and the bottom bar in the rarity colour, with one pip per tier or a star', () => {
    for (const quality of QUALITIES) {
      const svg = itemSvg({ weaponClass: 'rifle', quality });
      const color = QUALITY_COLORS[quality];
      expect(svg).toContain(`stop-color="${color}" stop-opacity=".7"`);
      expect(svg).toContain(`stroke="${color}" stroke-width="3"`);
      expect(svg).toContain(`height="6" fill="${color}"`);
      for (const other of QUALITIES) if (other !== quality) expect(svg).not.toContain(QUALITY_COLORS[other]);
      const pips = svg.match(/h7v7h-7z/g)?.length ?? 0;
      expect(pips).toBe(quality === 7 ? 0 : quality + 1);
    }
    expect(itemSvg({ weaponClass: 'knife', quality: 7 })).toMatch(/<path d="M22 157l3\.5 7\.2[^"]*" fill="#ffd700"/);
  });

  it('draws a different silhouette per class and a different card per rarity', () => {
    const silhouette = (svg: string) => svg.slice(svg.indexOf('<g transform'), svg.lastIndexOf('</g>'));
    const arts = WEAPON_CLASSES.map((weaponClass) => silhouette(itemSvg({ weaponClass, quality: 2 })));
    expect(new Set(arts).size).toBe(WEAPON_CLASSES.length);
    const cards = QUALITIES.map((quality) => itemSvg({ weaponClass: 'pistol', quality }));
    expect(new Set(cards).size).toBe(QUALITIES.length);
  });

  it('falls back instead of failing on an unknown class or quality', () => {
    expect(itemSvg({ weaponClass: 'bazooka', quality: 42 })).toBe(itemSvg({ weaponClass: 'other', quality: 0 }));
    expect(itemSvg({ weaponClass: 'rifle', quality: -1 })).toBe(itemSvg({ weaponClass: 'rifle', quality: 0 }));
  });
});

describe('caseSvg', () => {
  it('gives every case of the catalogue a crate of its own, without text', () => {
    const svgs = caseIds.map((seed) => caseSvg({ seed }));
    expect(new Set(svgs).size).toBe(caseIds.length);
    for (const svg of svgs) {
      expect(xmlProblems(svg)).toEqual([]);
      expect(svg).not.toMatch(TEXT);
      expect(svg.length).toBeLessThanOrEqual(MAX_BYTES);
    }
    // Neighbours (the catalogue numbers its cases in a row) differ in colour and in emblem.
    const bandOf = (svg: string) => /<g fill="(#[0-9a-f]{6})" stroke="none">(.*?)<\/g>/.exec(svg)?.slice(1);
    for (let i = 1; i < svgs.length; i++) {
      const [colorA, emblemA] = bandOf(svgs[i - 1] ?? '') ?? [];
      const [colorB, emblemB] = bandOf(svgs[i] ?? '') ?? [];
      expect(colorA).toMatch(/^#[0-9a-f]{6}$/);
      expect(colorB).not.toBe(colorA);
      expect(emblemB).not.toBe(emblemA);
    }
  });

  it('looks like no weapon: a crate, no silhouette', () => {
    const crate = caseSvg({ seed: caseIds[0] ?? 1 });
    expect(crate).toContain(`url(#kx-crate-${caseIds[0]})`);
    expect(crate).not.toContain('fill="url(#kx-metal)"');
    for (const weaponClass of WEAPON_CLASSES) expect(itemSvg({ weaponClass, quality: 3 })).not.toContain('kx-crate');
  });

  it('names its body gradient after the case, so crates inlined in one page do not share one', () => {
    expect(caseSvg({ seed: 5 })).toContain('<linearGradient id="kx-crate-5"');
    expect(caseSvg({ seed: 6 })).toContain('<linearGradient id="kx-crate-6"');
  });

  it("glows in a given colour (a themed box's tier), and ignores one that is not a hex colour", () => {
    expect(caseSvg({ seed: 1, color: '#4b69ff' })).toContain('stop-color="#4b69ff"');
    const injected = caseSvg({ seed: 1, color: '"/><script/>' });
    expect(injected).not.toContain('<script');
    expect(xmlProblems(injected)).toEqual([]);
    expect(injected).toBe(caseSvg({ seed: 1 }));
  });
});
