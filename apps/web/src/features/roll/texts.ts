import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The roll screens' texts, loaded with the roll chunks rather than the shell: they live in texts/,
 * outside the `i18n/` folders the shell's bundles merge (first-load budget, docs/games/roll.md
 * "Roll screens (web)").
 */
export const rollTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
