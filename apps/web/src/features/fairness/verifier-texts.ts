import { loadFeatureTexts } from '../../i18n/feature-texts.tsx';

/**
 * Every text of the fairness page (`fairness.*`: the recipes, the seed panel, each game's
 * verifier), loaded with the page's chunk rather than merged into the shell's first load: the
 * page renders once they are in (FairnessPage's gate; the verifiers' own gates then pass at once).
 */
export const verifierTexts = loadFeatureTexts({
  'zh-CN': () => import('./texts/zh-CN.json'),
  'zh-TW': () => import('./texts/zh-TW.json'),
  'en-US': () => import('./texts/en-US.json'),
});
