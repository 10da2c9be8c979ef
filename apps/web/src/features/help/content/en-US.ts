import { helpEnUSGuides } from './en-US.guides.ts';
import { helpEnUSLegal } from './en-US.legal.ts';
import type { HelpContent } from './help-content.types.ts';

/** Help pages in en-US, merged from the guide and legal groups. */
export const helpEnUS: HelpContent = { ...helpEnUSGuides, ...helpEnUSLegal };
