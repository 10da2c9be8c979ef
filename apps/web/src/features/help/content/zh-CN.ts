import type { HelpContent } from './help-content.types.ts';
import { helpZhCNGuides } from './zh-CN.guides.ts';
import { helpZhCNLegal } from './zh-CN.legal.ts';

/** Help pages in zh-CN, merged from the guide and legal groups. */
export const helpZhCN: HelpContent = { ...helpZhCNGuides, ...helpZhCNLegal };
