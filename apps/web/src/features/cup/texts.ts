import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/** The world cup's texts, loaded with its page rather than the shell (first-load budget). */
export const cupTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
