import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The rain's texts, loaded with its chunk rather than the shell: they live in texts/, outside the
 * `i18n/` folders the shell's bundles merge (first-load budget, docs/promotions/rain.md "Web").
 */
export const rainTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
