import { loadFeatureTexts } from '../../../../i18n/feature-texts.tsx';

/** The Boards & events screen's texts (`adminEvents.*`), fetched with the screen's own chunk. */
export const eventsTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
