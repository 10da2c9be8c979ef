import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The boards' texts (王者排行, 开箱王, PK战力 and the reward notice), loaded with their chunks rather
 * than the shell: they live in texts/, outside the `i18n/` folders the shell's bundles merge.
 */
export const boardsTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
