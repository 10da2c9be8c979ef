import type { Locale } from './locale.ts';

/** A text a person reads, in each interface language. */
export type LocalizedText = Readonly<Record<Locale, string>>;

/**
 * Quality 0..7 is our own scale (docs/money-and-items.md, Items). 0..6 follow CS2's rarity colours;
 * 7 is the ★ rare special item (knives, gloves), which CS2 paints in the Covert red but which is
 * worth an order of magnitude more, so the site gives it its own tier and colour.
 */
export const QUALITIES = [0, 1, 2, 3, 4, 5, 6, 7] as const;
export type Quality = (typeof QUALITIES)[number];

export const QUALITY_SPECIAL: Quality = 7;

export function isQuality(value: unknown): value is Quality {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 7;
}

export const QUALITY_COLORS: Readonly<Record<Quality, string>> = {
  0: '#b0c3d9',
  1: '#5e98d9',
  2: '#4b69ff',
  3: '#8847ff',
  4: '#d32ce6',
  5: '#eb4b4b',
  6: '#e4ae39',
  7: '#ffd700',
};

// Steam's own Chinese wording for the rarities, so players recognise the tiers.
export const QUALITY_LABELS: Readonly<Record<Quality, LocalizedText>> = {
  0: { 'zh-CN': '消费级', 'zh-TW': '消費級', 'en-US': 'Consumer Grade' },
  1: { 'zh-CN': '工业级', 'zh-TW': '工業級', 'en-US': 'Industrial Grade' },
  2: { 'zh-CN': '军规级', 'zh-TW': '軍規級', 'en-US': 'Mil-Spec' },
  3: { 'zh-CN': '受限', 'zh-TW': '管制級', 'en-US': 'Restricted' },
  4: { 'zh-CN': '保密', 'zh-TW': '機密級', 'en-US': 'Classified' },
  5: { 'zh-CN': '隐秘', 'zh-TW': '隱密級', 'en-US': 'Covert' },
  6: { 'zh-CN': '违禁', 'zh-TW': '違禁品', 'en-US': 'Contraband' },
  7: { 'zh-CN': '★ 稀有特殊物品', 'zh-TW': '★ 稀有特殊物品', 'en-US': '★ Rare Special Item' },
};

/** Normalised weapon classes: they pick the price multiplier and the offline image's silhouette. */
export const WEAPON_CLASSES = [
  'pistol',
  'smg',
  'rifle',
  'sniper',
  'shotgun',
  'machinegun',
  'knife',
  'gloves',
  'other',
] as const;
export type WeaponClass = (typeof WEAPON_CLASSES)[number];

export function isWeaponClass(value: unknown): value is WeaponClass {
  return typeof value === 'string' && (WEAPON_CLASSES as readonly string[]).includes(value);
}

export const WEAPON_CLASS_LABELS: Readonly<Record<WeaponClass, LocalizedText>> = {
  pistol: { 'zh-CN': '手枪', 'zh-TW': '手槍', 'en-US': 'Pistol' },
  smg: { 'zh-CN': '冲锋枪', 'zh-TW': '衝鋒槍', 'en-US': 'SMG' },
  rifle: { 'zh-CN': '步枪', 'zh-TW': '步槍', 'en-US': 'Rifle' },
  sniper: { 'zh-CN': '狙击步枪', 'zh-TW': '狙擊步槍', 'en-US': 'Sniper Rifle' },
  shotgun: { 'zh-CN': '霰弹枪', 'zh-TW': '霰彈槍', 'en-US': 'Shotgun' },
  machinegun: { 'zh-CN': '机枪', 'zh-TW': '機槍', 'en-US': 'Machine Gun' },
  knife: { 'zh-CN': '匕首', 'zh-TW': '刀械', 'en-US': 'Knife' },
  gloves: { 'zh-CN': '手套', 'zh-TW': '手套', 'en-US': 'Gloves' },
  other: { 'zh-CN': '其他', 'zh-TW': '其他', 'en-US': 'Other' },
};

/**
 * Wear grades 1..5 are CS2's exteriors by float value; 6 is a vanilla ★ knife or glove, which has
 * no paint and so no float at all.
 */
export const WEAR_GRADES = [1, 2, 3, 4, 5, 6] as const;
export type WearGrade = (typeof WEAR_GRADES)[number];

export const WEAR_GRADE_NO_PAINT: WearGrade = 6;

export function isWearGrade(value: unknown): value is WearGrade {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 6;
}

/**
 * Float intervals, lower bound inclusive, upper exclusive (Battle-Scarred includes 1). These are
 * the game's boundaries; the cs2-lib package rounds FT/WW down to .37/.44, which we do not follow.
 */
export const WEAR_GRADE_RANGES: Readonly<
  Record<Exclude<WearGrade, 6>, { readonly min: number; readonly max: number }>
> = {
  1: { min: 0, max: 0.07 },
  2: { min: 0.07, max: 0.15 },
  3: { min: 0.15, max: 0.38 },
  4: { min: 0.38, max: 0.45 },
  5: { min: 0.45, max: 1 },
};

export const WEAR_GRADE_LABELS: Readonly<Record<WearGrade, LocalizedText>> = {
  1: { 'zh-CN': '崭新出厂', 'zh-TW': '全新出廠', 'en-US': 'Factory New' },
  2: { 'zh-CN': '略有磨损', 'zh-TW': '略有磨損', 'en-US': 'Minimal Wear' },
  3: { 'zh-CN': '久经沙场', 'zh-TW': '久經沙場', 'en-US': 'Field-Tested' },
  4: { 'zh-CN': '破损不堪', 'zh-TW': '嚴重磨損', 'en-US': 'Well-Worn' },
  5: { 'zh-CN': '战痕累累', 'zh-TW': '戰痕累累', 'en-US': 'Battle-Scarred' },
  6: { 'zh-CN': '无涂装', 'zh-TW': '無塗裝', 'en-US': 'Vanilla' },
};

/** The short codes players use in listings (FN, MW...); "—" for no paint. */
export const WEAR_GRADE_CODES: Readonly<Record<WearGrade, string>> = {
  1: 'FN',
  2: 'MW',
  3: 'FT',
  4: 'WW',
  5: 'BS',
  6: '—',
};

/** The grade of one float value (0..1). */
export function wearGradeOf(wear: number): Exclude<WearGrade, 6> {
  if (!(wear >= 0 && wear <= 1)) throw new RangeError(`wear must be within 0..1, got ${wear}`);
  if (wear < 0.07) return 1;
  if (wear < 0.15) return 2;
  if (wear < 0.38) return 3;
  if (wear < 0.45) return 4;
  return 5;
}

/**
 * The grades an item can drop in, best first. `null` bounds mean the item has no paint (vanilla
 * ★), which drops only as grade 6. A grade counts when the item's float range overlaps it by more
 * than a point: a skin capped at exactly 0.07 cannot realistically land on Minimal Wear.
 */
export function wearGradesFor(wearMin: number | null, wearMax: number | null): WearGrade[] {
  if (wearMin === null || wearMax === null) return [WEAR_GRADE_NO_PAINT];
  if (!(wearMin >= 0 && wearMax <= 1 && wearMin <= wearMax)) {
    throw new RangeError(`invalid wear range ${wearMin}..${wearMax}`);
  }
  if (wearMin === wearMax) return [wearGradeOf(wearMin)];
  const grades: WearGrade[] = [];
  for (const grade of [1, 2, 3, 4, 5] as const) {
    const range = WEAR_GRADE_RANGES[grade];
    if (wearMin < range.max && wearMax > range.min) grades.push(grade);
  }
  return grades;
}
