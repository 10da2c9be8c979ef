import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/** The page's texts (`transparency.*`), fetched with its chunk, never in the shell's first load. */
export const transparencyTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
