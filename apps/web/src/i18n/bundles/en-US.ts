import base from '../locales/en-US.json';
import { mergeFeatureTexts } from './merge.ts';

/** Every en-US text: the shell's and each feature's (`features/<name>/i18n/en-US.json`), in one object. */
export default mergeFeatureTexts(
  base,
  import.meta.glob<Record<string, unknown>>('../../features/*/i18n/en-US.json', { eager: true, import: 'default' }),
);
