import { HELP_PAGES, type HelpPage } from '@kaixiang/shared/routes';
import type { HelpPageId } from './content/help-content.types.ts';

/** The route slug of the FAQ keeps the spec's historical spelling, /help/qustion. */
export function helpPageId(slug: string): HelpPageId | null {
  if (!(HELP_PAGES as readonly string[]).includes(slug)) return null;
  return slug === 'qustion' ? 'question' : (slug as Exclude<HelpPage, 'qustion'>);
}

/** Menu order: guides first, then the legal texts. */
export const HELP_MENU: readonly HelpPage[] = [
  'qustion',
  'newbie',
  'tradeHelp',
  'tradeLink',
  'retrievePc',
  'retrieveMobile',
  'AntiMoneyLaundering',
  'bindCourse',
  'condition',
  'privacyPolicy',
  'AboutUs',
];
