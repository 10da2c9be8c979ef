import base from '../locales/zh-CN.json';
import { mergeFeatureTexts } from './merge.ts';

/** Every zh-CN text: the shell's and each feature's (`features/<name>/i18n/zh-CN.json`), in one object. */
export default mergeFeatureTexts(
  base,
  import.meta.glob<Record<string, unknown>>('../../features/*/i18n/zh-CN.json', { eager: true, import: 'default' }),
);
