import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * The roll room and treasure verifiers' and the recipe's texts (`fairness.roll.*`,
 * `fairness.treasure.*`, `fairness.recipe.*`) and the lucky player's roll (`fairness.lucky.*`), loaded
 * with the fairness page's chunk rather than merged into the shell's first load as `i18n/`'s
 * are: the newest verifiers, kept off the home page's budget (docs/games/card-grabbing.md "Card grabbing
 * screens (web)"). Each verifier renders once they are in.
 */
export const verifierTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
