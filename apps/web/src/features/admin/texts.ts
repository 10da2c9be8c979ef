import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The console's texts, loaded with the console's chunk rather than the shell: they live in texts/,
 * outside the `i18n/` folders the shell's bundles merge, so a player's first load carries none of
 * them (first-load budget, docs/operations.md).
 */
export const adminTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
