import { loadFeatureTexts } from '../../../../i18n/feature-texts.tsx';

/** The Content screen's texts (`adminContent.*`), fetched with the screen's own chunk. */
export const contentTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
