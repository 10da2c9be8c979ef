import type { HelpContent } from './help-content.types.ts';
import { helpZhTWGuides } from './zh-TW.guides.ts';
import { helpZhTWLegal } from './zh-TW.legal.ts';

/** Help pages in zh-TW, merged from the guide and legal groups. */
export const helpZhTW: HelpContent = { ...helpZhTWGuides, ...helpZhTWLegal };
