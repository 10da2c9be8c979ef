import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The wishing well's texts, loaded with its page rather than the shell (texts/, outside the
 * `i18n/` folders the shell's bundles merge): the page is reached from the activity centre, so the
 * shell needs none of them.
 */
export const wishingWellTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
