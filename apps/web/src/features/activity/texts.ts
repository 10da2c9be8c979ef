import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The activity centre's and the sign-in's texts, loaded with their pages rather than the shell
 * (first-load budget): they live in texts/, outside the `i18n/` folders the shell merges.
 */
export const activityTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
