import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The points shop's texts, loaded with its page rather than the shell: they live in texts/, outside
 * the `i18n/` folders the shell's bundles merge (first-load budget). Only the menu's entry is in
 * `i18n/`: the header shows it before the page's chunk arrives.
 */
export const pointsShopTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
