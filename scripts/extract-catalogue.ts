/**
 * Builds apps/server/src/modules/catalogue/catalogue.json from @ianlucas/cs2-lib.
 *
 *   npx tsx scripts/extract-catalogue.ts      (npm run catalogue:extract)
 *
 * Run it after bumping the library; commit the JSON. The server reads only the JSON.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CS2_ITEMS, type CS2Item, type CS2ItemTranslationMap } from '@ianlucas/cs2-lib';
import { QUALITY_COLORS, type Quality, type WeaponClass } from '@kaixiang/shared/items';
import { LOCALES, type Locale } from '@kaixiang/shared/locale';
import type { Catalogue, CatalogueCase, CatalogueItem } from '../apps/server/src/modules/catalogue/catalogue.types.ts';

type Lang = Locale;
type Text = Record<Lang, string>;

const LANGS = LOCALES;

// The library's translation modules, by our locale. Loaded one at a time and never through
// '@ianlucas/cs2-lib/translations', whose index imports all 29 languages at once.
const TRANSLATION_FILES: Readonly<Record<Lang, string>> = {
  'zh-CN': 'schinese',
  'zh-TW': 'tchinese',
  'en-US': 'english',
};

/** The library's default CDN (CS2EconomyInstance.baseUrl); item images are paths under it. */
const IMAGE_BASE_URL = 'https://cdn.cstrike.app';

// The library's rarity colours, in CS2's order, to our quality 0..6 (7 is ★, decided by type).
const QUALITY_BY_LIB_COLOR: Readonly<Record<string, Quality>> = {
  '#ded6cc': 0, // "Default" (stock); never in a case, kept so an odd item does not crash the run
  '#b0c3d9': 0,
  '#5e98d9': 1,
  '#4b69ff': 2,
  '#8847ff': 3,
  '#d32ce6': 4,
  '#eb4b4b': 5,
  '#e4ae39': 6,
};

const SNIPER_MODELS = new Set(['awp', 'g3sg1', 'scar20', 'ssg08']);
const MACHINEGUN_MODELS = new Set(['m249', 'negev']);

// Doppler-style finishes are separate library items sharing one name, told apart only by an
// English `altName` ("Phase 4", "Ruby"). The cases list just one of them (always "Phase 4") as
// the stand-in for the finish, so a phase is added to a name only when two extracted items would
// otherwise share it: "(P4)" on the only Doppler would tell players the case drops nothing else.
const ALT_NAME_LABELS: Readonly<Record<string, Text>> = {
  'Phase 1': { 'zh-CN': 'P1', 'zh-TW': 'P1', 'en-US': 'Phase 1' },
  'Phase 2': { 'zh-CN': 'P2', 'zh-TW': 'P2', 'en-US': 'Phase 2' },
  'Phase 3': { 'zh-CN': 'P3', 'zh-TW': 'P3', 'en-US': 'Phase 3' },
  'Phase 4': { 'zh-CN': 'P4', 'zh-TW': 'P4', 'en-US': 'Phase 4' },
  Ruby: { 'zh-CN': '红宝石', 'zh-TW': '紅寶石', 'en-US': 'Ruby' },
  Sapphire: { 'zh-CN': '蓝宝石', 'zh-TW': '藍寶石', 'en-US': 'Sapphire' },
  'Black Pearl': { 'zh-CN': '黑珍珠', 'zh-TW': '黑珍珠', 'en-US': 'Black Pearl' },
  Emerald: { 'zh-CN': '绿宝石', 'zh-TW': '綠寶石', 'en-US': 'Emerald' },
};

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const outputPath = join(repoRoot, 'apps/server/src/modules/catalogue/catalogue.json');
const libEntryUrl = import.meta.resolve('@ianlucas/cs2-lib');
const warnings: string[] = [];

async function main(): Promise<void> {
  const libVersion = readLibVersion();
  const byId = new Map(CS2_ITEMS.map((item) => [item.id, item]));
  const cases = CS2_ITEMS.filter(isWeaponCase);

  const itemIds = new Set<number>();
  const needNames = new Set<number>();
  for (const box of cases) {
    needNames.add(box.id);
    for (const id of [...(box.contents ?? []), ...(box.specials ?? [])]) {
      const item = byId.get(id);
      if (!item) throw new Error(`case ${box.id} lists unknown item ${id}`);
      itemIds.add(id);
      needNames.add(id);
      if (item.baseId !== undefined) needNames.add(item.baseId);
    }
  }

  const names = await loadNames(needNames);
  const text = (id: number): Text => {
    const en = names['en-US'].get(id);
    if (!en) throw new Error(`item ${id} has no English name`);
    const pick = (lang: Lang): string => {
      const value = names[lang].get(id);
      if (!value) warnings.push(`item ${id} (${en}): no ${lang} name, using English`);
      return value ?? en;
    };
    return { 'zh-CN': pick('zh-CN'), 'zh-TW': pick('zh-TW'), 'en-US': en };
  };

  const enNames = [...itemIds].map((id) => names['en-US'].get(id));
  const sharedNames = new Set(enNames.filter((name, i) => enNames.indexOf(name) !== i));
  const items = [...itemIds].sort((a, b) => a - b).map((id) => toCatalogueItem(byId.get(id)!, text, byId, sharedNames));
  const catalogueCases = cases.map(
    (box): CatalogueCase => ({
      id: box.id,
      name: mapText(text(box.id), stripContainerPrefix),
      image: requireImage(box),
      specialsImage: box.specialsImage ?? null,
      itemIds: box.contents ?? [],
      specialItemIds: box.specials ?? [],
    }),
  );

  const header: Omit<Catalogue, 'cases' | 'items'> = {
    version: libVersion,
    generatedFrom: `@ianlucas/cs2-lib@${libVersion}: CS2_ITEMS, translations ${Object.values(TRANSLATION_FILES).join(', ')}`,
    imageBaseUrl: IMAGE_BASE_URL,
  };
  writeFileSync(outputPath, serialise(header, catalogueCases, items));

  for (const warning of warnings) console.warn(`warning: ${warning}`);
  const sizeKb = Math.round(readFileSync(outputPath).length / 1024);
  console.log(
    `catalogue.json: ${catalogueCases.length} cases, ${items.length} items, ${sizeKb} KiB (cs2-lib ${libVersion})`,
  );
}

/**
 * A real weapon case: a container of the weapon-case type that needs a key. That leaves out
 * sticker capsules, graffiti boxes, souvenir packages, music kit boxes, pins and patch packs, and
 * also keyless collection packages and the "Sealed … Terminal" containers, which are not cases
 * anyone opens with a key.
 */
function isWeaponCase(item: CS2Item): boolean {
  return (
    item.type === 'case' && item.containerType === 0 && (item.keys?.length ?? 0) > 0 && (item.contents?.length ?? 0) > 0
  );
}

function toCatalogueItem(
  item: CS2Item,
  text: (id: number) => Text,
  byId: Map<number, CS2Item>,
  sharedNames: Set<string | undefined>,
): CatalogueItem {
  const special = item.type === 'melee' || item.type === 'glove';
  const quality: Quality | undefined = special ? 7 : QUALITY_BY_LIB_COLOR[item.rarity ?? ''];
  if (quality === undefined) throw new Error(`item ${item.id}: unknown rarity ${item.rarity}`);
  // The library's own rule (CS2EconomyItem.hasWear): index 0 is the vanilla model, no paint.
  const painted = !item.free && item.index !== 0;
  const base = item.baseId === undefined ? undefined : byId.get(item.baseId);
  let name = text(item.id);
  if (item.altName && sharedNames.has(name['en-US'])) {
    const label = ALT_NAME_LABELS[item.altName];
    if (!label) warnings.push(`item ${item.id}: unknown altName "${item.altName}", kept in English`);
    name = mapText(name, (value, lang) => `${value} (${label?.[lang] ?? item.altName})`);
  }
  return {
    id: item.id,
    name,
    weaponClass: weaponClassOf(item),
    weapon: base ? text(base.id) : mapText(name, (value) => value.split(' | ')[0]!),
    quality,
    rarityColor: QUALITY_COLORS[quality],
    wearMin: painted ? (item.wearMin ?? 0) : null,
    wearMax: painted ? (item.wearMax ?? 1) : null,
    statTrak: (item.type === 'weapon' || item.type === 'melee') && !item.free,
    image: requireImage(item),
    special,
  };
}

function weaponClassOf(item: CS2Item): WeaponClass {
  if (item.type === 'melee') return 'knife';
  if (item.type === 'glove') return 'gloves';
  if (item.type !== 'weapon') return 'other';
  const model = item.model ?? '';
  switch (item.category) {
    case 'secondary':
      return 'pistol';
    case 'smg':
      return 'smg';
    case 'rifle':
      return SNIPER_MODELS.has(model) ? 'sniper' : 'rifle';
    case 'heavy':
      return MACHINEGUN_MODELS.has(model) ? 'machinegun' : 'shotgun';
    default:
      return 'other'; // the Zeus x27 ("equipment")
  }
}

/** Loads one language module at a time and keeps only the names we need from it. */
async function loadNames(ids: Set<number>): Promise<Record<Lang, Map<number, string>>> {
  const result = {} as Record<Lang, Map<number, string>>;
  for (const lang of LANGS) {
    const file = TRANSLATION_FILES[lang];
    const module = (await import(new URL(`./translations/${file}.mjs`, libEntryUrl).href)) as Record<
      string,
      CS2ItemTranslationMap
    >;
    const translations = module[file];
    if (!translations) throw new Error(`translations/${file}.mjs does not export ${file}`);
    const names = new Map<number, string>();
    for (const id of ids) {
      const name = translations[id]?.name?.trim();
      if (name) names.set(id, name);
    }
    result[lang] = names;
  }
  return result;
}

/** "武器箱 | 幻彩武器箱" → "幻彩武器箱": the library prefixes every container with its type. */
function stripContainerPrefix(name: string): string {
  const at = name.indexOf(' | ');
  return at === -1 ? name : name.slice(at + 3);
}

function mapText(value: Text, fn: (text: string, lang: Lang) => string): Text {
  return {
    'zh-CN': fn(value['zh-CN'], 'zh-CN'),
    'zh-TW': fn(value['zh-TW'], 'zh-TW'),
    'en-US': fn(value['en-US'], 'en-US'),
  };
}

function requireImage(item: CS2Item): string {
  if (!item.image) throw new Error(`item ${item.id} has no image`);
  return item.image;
}

function readLibVersion(): string {
  const packageJson = new URL('../package.json', libEntryUrl);
  const { version } = JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string };
  return version;
}

/** One case or item per line: small diffs when the library changes, and still one JSON.parse. */
function serialise(header: object, cases: CatalogueCase[], items: CatalogueItem[]): string {
  const head = JSON.stringify(header).slice(0, -1);
  const list = (rows: object[]) => `[\n${rows.map((row) => JSON.stringify(row)).join(',\n')}\n]`;
  return `${head},\n"cases":${list(cases)},\n"items":${list(items)}\n}\n`;
}

await main();
