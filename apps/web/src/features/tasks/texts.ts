import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The daily tasks' texts, loaded with the tasks' chunks (the page, the notice) rather than the
 * shell: they live in texts/, outside the `i18n/` folders the shell's bundles merge. The page's
 * title is the shell's (`pages.vipDailyTasks`, the navigation names it).
 */
export const taskTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
