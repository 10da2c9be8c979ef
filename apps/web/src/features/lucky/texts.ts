import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The lucky player's texts (the /newYearActivity page and the overlay), loaded with their chunks
 * rather than the shell: they live in texts/, outside the `i18n/` folders the shell's bundles merge
 * (first-load budget, docs/promotions/lucky.md).
 */
export const luckyTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
