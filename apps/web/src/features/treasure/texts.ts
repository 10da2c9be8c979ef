import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The treasure screens' texts, loaded with the treasure chunk rather than the shell: they live in
 * texts/, outside the `i18n/` folders the shell's bundles merge (first-load budget,
 * docs/games/card-grabbing.md "Card grabbing screens (web)").
 */
export const treasureTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
