import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The lucky bags' texts, loaded with the bag chunks rather than the shell: they live in texts/,
 * outside the `i18n/` folders the shell's bundles merge (first-load budget). Only the menu's entry
 * is in `i18n/`, the header shows it before any bag chunk arrives.
 */
export const bagTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
