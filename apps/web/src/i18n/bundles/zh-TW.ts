import base from '../locales/zh-TW.json';
import { mergeFeatureTexts } from './merge.ts';

/** Every zh-TW text: the shell's and each feature's (`features/<name>/i18n/zh-TW.json`), in one object. */
export default mergeFeatureTexts(
  base,
  import.meta.glob<Record<string, unknown>>('../../features/*/i18n/zh-TW.json', { eager: true, import: 'default' }),
);
