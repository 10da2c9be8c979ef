import { QUALITY_COLORS, WEAPON_CLASSES } from '@kaixiang/shared/items';
import { describe, expect, it } from 'vitest';
import { caseSvg, escapeXml, itemSvg } from './item-svg.ts';

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

describe('itemSvg', () => {
  it('draws a well-formed 256×192 SVG for every weapon class and quality', () => {
    for (const weaponClass of WEAPON_CLASSES) {
      for (const quality of [0, 1, 2, 3, 4, 5, 6, 7]) {
        const svg = itemSvg({ name: 'AK-47 | 卡特尔', weaponClass, quality });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="256" height="192"')).toBe(true);
        expect(xmlProblems(svg)).toEqual([]);
      }
    }
  });

  it('paints the glow and the rarity bar in the quality colour', () => {
    const covert = itemSvg({ name: 'AWP | 无畏战神', weaponClass: 'sniper', quality: 5 });
    expect(covert).toContain(`stop-color="${QUALITY_COLORS[5]}"`);
    expect(covert).toContain(`fill="${QUALITY_COLORS[5]}"`);
    const special = itemSvg({ name: '刺刀 | 多普勒', weaponClass: 'knife', quality: 7 });
    expect(special).toContain('#ffd700');
    expect(special).not.toContain(QUALITY_COLORS[5]);
  });

  it('draws a different silhouette per class', () => {
    const arts = WEAPON_CLASSES.map((weaponClass) =>
      itemSvg({ name: 'x', weaponClass, quality: 2 }).replace(/<text[\s\S]*<\/text>/, ''),
    );
    expect(new Set(arts).size).toBe(WEAPON_CLASSES.length);
  });

  it('shows the Chinese name with a CJK-capable font, weapon and finish on two lines', () => {
    const svg = itemSvg({ name: 'AK-47 | 卡特尔', weaponClass: 'rifle', quality: 4 });
    expect(svg).toContain('>AK-47</text>');
    expect(svg).toContain('>卡特尔</text>');
    expect(svg).toContain("font-family=\"'Microsoft YaHei','WenQuanYi Micro Hei'");
    expect(svg).toContain('aria-label="AK-47 | 卡特尔"');
  });

  it('escapes markup in names instead of injecting it', () => {
    const svg = itemSvg({ name: `<script>alert("x")</script> & 'co' | 龙王`, weaponClass: 'rifle', quality: 3 });
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;co&apos;');
    expect(xmlProblems(svg)).toEqual([]);
  });

  it('shrinks or cuts a long name to the card instead of overflowing it', () => {
    const long = `AK-47 | ${'很长的名字'.repeat(10)}`;
    const svg = itemSvg({ name: long, weaponClass: 'rifle', quality: 2 });
    const finish = /<text[^>]*font-size="(\d+)"[^>]*font-weight="bold"[^>]*>([^<]*)<\/text>/.exec(svg);
    expect(finish).not.toBeNull();
    const [, size, text] = finish!;
    expect(text!.endsWith('…')).toBe(true);
    expect([...text!].length * Number(size)).toBeLessThanOrEqual(240);
    expect(svg).toContain(`aria-label="${long}"`);
  });

  it('falls back instead of failing on an unknown class or quality, and drops XML-illegal characters', () => {
    const svg = itemSvg({ name: 'odd\u0001name', weaponClass: 'bazooka', quality: 42 });
    expect(svg).toContain(QUALITY_COLORS[0]);
    expect(svg).toContain('>oddname</text>');
    expect(svg).toBe(itemSvg({ name: 'odd\u0001name', weaponClass: 'other', quality: 0 }));
  });
});

describe('caseSvg', () => {
  it('draws a well-formed crate with the escaped name and a gold glow by default', () => {
    const svg = caseSvg({ name: 'Dreams & Nightmares Case' });
    expect(xmlProblems(svg)).toEqual([]);
    expect(svg).toContain('>Dreams &amp; Nightmares Case</text>');
    expect(svg).toContain(`stop-color="${QUALITY_COLORS[7]}"`);
  });

  it('uses a given colour, and ignores one that is not a hex colour', () => {
    expect(caseSvg({ name: '梦魇武器箱', color: '#4b69ff' })).toContain('stop-color="#4b69ff"');
    const injected = caseSvg({ name: 'x', color: '"/><script/>' });
    expect(injected).not.toContain('<script');
    expect(xmlProblems(injected)).toEqual([]);
  });
});

describe('escapeXml', () => {
  it('escapes the five XML specials', () => {
    expect(escapeXml(`<a href="x">&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&amp;&apos;&lt;/a&gt;');
  });
});
