import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isQuality, isWeaponClass, QUALITY_COLORS, WEAR_GRADE_NO_PAINT, wearGradesFor } from '@kaixiang/shared/items';
import { LOCALES } from '@kaixiang/shared/locale';
import { describe, expect, it } from 'vitest';
import { catalogueRows, loadCatalogue } from './catalogue.seed.ts';

// The committed catalogue.json, as the server reads it. A failure here after a library bump means
// the extraction (scripts/extract-catalogue.ts) needs a look, not the test.
const catalogue = loadCatalogue();
const itemsById = new Map(catalogue.items.map((item) => [item.id, item]));
const caseNamesEn = catalogue.cases.map((box) => box.name['en-US']);
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;
const here = fileURLToPath(new URL('.', import.meta.url));

describe('catalogue.json', () => {
  it('was extracted from the installed @ianlucas/cs2-lib', () => {
    const libPackage = join(here, '../../../../../node_modules/@ianlucas/cs2-lib/package.json');
    const { version } = JSON.parse(readFileSync(libPackage, 'utf8')) as { version: string };
    expect(catalogue.version).toBe(version);
    expect(catalogue.generatedFrom).toContain(`@ianlucas/cs2-lib@${version}`);
  });

  it('is small enough to commit and load at start', () => {
    expect(statSync(join(here, 'catalogue.json')).size).toBeLessThan(2 * 1024 * 1024);
    expect(loadCatalogue()).toBe(catalogue);
  });

  it('holds the real weapon cases players know, and nothing else', () => {
    expect(catalogue.cases.length).toBeGreaterThanOrEqual(30);
    for (const name of [
      'CS:GO Weapon Case',
      'Chroma Case',
      'Glove Case',
      'Operation Breakout Weapon Case',
      'Dreams & Nightmares Case',
      'Kilowatt Case',
    ]) {
      expect(caseNamesEn).toContain(name);
    }
    const zhNames = catalogue.cases.map((box) => box.name['zh-CN']);
    expect(zhNames).toContain('幻彩武器箱');
    expect(zhNames).toContain('梦魇武器箱');
    // Capsules, souvenir packages, music kit boxes and pins are not weapon cases.
    expect(caseNamesEn.filter((name) => /capsule|souvenir|music kit|pins|patch|package/i.test(name))).toEqual([]);
    expect(new Set(catalogue.cases.map((box) => box.id)).size).toBe(catalogue.cases.length);
  });

  it('lists only items that exist, and every item belongs to some case', () => {
    const referenced = new Set<number>();
    for (const box of catalogue.cases) {
      expect(box.itemIds.length, box.name['en-US']).toBeGreaterThan(0);
      for (const id of [...box.itemIds, ...box.specialItemIds]) {
        expect(itemsById.has(id), `${box.name['en-US']} → ${id}`).toBe(true);
        referenced.add(id);
      }
      expect(new Set(box.itemIds).size).toBe(box.itemIds.length);
    }
    expect(itemsById.size).toBe(catalogue.items.length);
    expect(referenced.size).toBe(catalogue.items.length);
  });

  it('puts ★ knives and gloves in the specials, at quality 7, and regular drops below it', () => {
    for (const box of catalogue.cases) {
      for (const id of box.itemIds) {
        const item = itemsById.get(id)!;
        expect(item.special, item.name['en-US']).toBe(false);
        expect(item.quality).toBeLessThan(7);
      }
      for (const id of box.specialItemIds) {
        const item = itemsById.get(id)!;
        expect(item.special, item.name['en-US']).toBe(true);
        expect(item.quality).toBe(7);
        expect(['knife', 'gloves']).toContain(item.weaponClass);
      }
    }
    const withSpecials = catalogue.cases.filter((box) => box.specialItemIds.length > 0);
    expect(withSpecials.length).toBeGreaterThanOrEqual(30);
    expect(catalogue.items.some((item) => item.weaponClass === 'gloves')).toBe(true);
  });

  it('names every case and item in all three languages, Chinese in Chinese', () => {
    for (const entry of [...catalogue.cases, ...catalogue.items]) {
      for (const locale of LOCALES) {
        const name = entry.name[locale];
        expect(name.trim(), `${entry.id} ${locale}`).toBe(name);
        expect(name.length, `${entry.id} ${locale}`).toBeGreaterThan(0);
      }
    }
    for (const box of catalogue.cases) {
      expect(box.name['zh-CN']).toMatch(CJK);
      expect(box.name['zh-TW']).toMatch(CJK);
      expect(box.name['en-US']).not.toMatch(/^Container \|/);
    }
    // A few finishes are proper names Valve left in Latin letters ("M249 | O.S.I.P.R.", and in
    // Traditional Chinese "AK-47 | Rat Rod"); anything beyond a handful means a wrong language file.
    for (const locale of ['zh-CN', 'zh-TW'] as const) {
      const chinese = catalogue.items.filter((item) => CJK.test(item.name[locale])).length;
      expect(chinese / catalogue.items.length, locale).toBeGreaterThan(0.98);
    }
    expect(catalogue.items.filter((item) => CJK.test(item.name['en-US'])).length).toBeLessThan(5);
    const names = catalogue.items.map((item) => item.name['zh-CN']);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every item a valid quality, colour, class, weapon and image', () => {
    expect(catalogue.imageBaseUrl).toMatch(/^https:\/\/[^/]+$/);
    for (const item of catalogue.items) {
      expect(isQuality(item.quality), `${item.id}`).toBe(true);
      expect(item.rarityColor).toBe(QUALITY_COLORS[item.quality]);
      expect(isWeaponClass(item.weaponClass), `${item.id} ${item.weaponClass}`).toBe(true);
      expect(item.special).toBe(item.weaponClass === 'knife' || item.weaponClass === 'gloves');
      for (const locale of LOCALES) expect(item.name[locale].startsWith(item.weapon[locale]), `${item.id}`).toBe(true);
      expect(item.image).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
      if (item.weaponClass === 'gloves') expect(item.statTrak).toBe(false);
    }
    for (const box of catalogue.cases) expect(box.image).toMatch(/^\/images\/[0-9a-f]{64}\.webp$/);
    const byName = (en: string) => catalogue.items.find((item) => item.name['en-US'] === en);
    expect(byName("AWP | Man-o'-war")).toMatchObject({ weaponClass: 'sniper', quality: 5, statTrak: true });
    expect(byName('AK-47 | Cartel')).toMatchObject({ weaponClass: 'rifle', quality: 4 });
    expect(byName('Glock-18 | Catacombs')).toMatchObject({ weaponClass: 'pistol', quality: 2 });
  });

  it('gives painted items a float range inside 0..1 and vanilla ★ items none', () => {
    for (const item of catalogue.items) {
      if (item.wearMin === null || item.wearMax === null) {
        expect(item.wearMin).toBeNull();
        expect(item.wearMax).toBeNull();
        expect(item.special, item.name['en-US']).toBe(true);
        expect(wearGradesFor(item.wearMin, item.wearMax)).toEqual([WEAR_GRADE_NO_PAINT]);
        continue;
      }
      expect(item.wearMin).toBeGreaterThanOrEqual(0);
      expect(item.wearMax).toBeLessThanOrEqual(1);
      expect(item.wearMin).toBeLessThan(item.wearMax);
      const grades = wearGradesFor(item.wearMin, item.wearMax);
      expect(grades.length, item.name['en-US']).toBeGreaterThan(0);
      expect(grades).not.toContain(WEAR_GRADE_NO_PAINT);
    }
    expect(catalogue.items.some((item) => item.wearMin === null)).toBe(true);
  });
});

describe('catalogueRows', () => {
  const rows = catalogueRows();

  it('makes one item_defs row per item and one case_defs row per case, with full image addresses', () => {
    expect(rows.itemDefs).toHaveLength(catalogue.items.length);
    expect(rows.caseDefs).toHaveLength(catalogue.cases.length);
    for (const row of [...rows.itemDefs, ...rows.caseDefs]) {
      expect(row.image.startsWith(`${catalogue.imageBaseUrl}/images/`)).toBe(true);
    }
    const chroma = rows.caseDefs.find((row) => row.nameEn === 'Chroma Case')!;
    expect(chroma.nameZhCn).toBe('幻彩武器箱');
    expect(chroma.itemIds.length).toBeGreaterThan(0);
    expect(chroma.specialItemIds.length).toBeGreaterThan(0);
  });

  it('prices every item in whole fen, ★ above every Covert, Covert above the typical Mil-Spec', () => {
    const prices = (filter: (quality: number) => boolean) =>
      rows.itemDefs.filter((row) => filter(row.quality)).map((row) => row.basePriceUnits);
    for (const units of prices(() => true)) {
      expect(Number.isSafeInteger(units)).toBe(true);
      expect(units).toBeGreaterThan(0);
      expect(units % 100).toBe(0);
    }
    const milSpec = prices((q) => q === 2).sort((a, b) => a - b);
    expect(Math.min(...prices((q) => q === 5))).toBeGreaterThan(milSpec[Math.floor(milSpec.length / 2)]!);
    expect(Math.min(...prices((q) => q === 7))).toBeGreaterThan(Math.max(...prices((q) => q === 5)));
  });
});

describe('the run-time server', () => {
  it('never imports @ianlucas/cs2-lib, a build-time devDependency', () => {
    const srcDir = join(here, '../..');
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.(ts|mts|js|mjs)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
          if (/from\s+['"]@ianlucas\/cs2-lib|import\(\s*['"]@ianlucas\/cs2-lib/.test(readFileSync(path, 'utf8'))) {
            offenders.push(path);
          }
        }
      }
    };
    walk(srcDir);
    expect(offenders).toEqual([]);
  });
});
