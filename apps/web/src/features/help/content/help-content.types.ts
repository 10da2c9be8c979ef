/**
 * Static help pages (spec 1 §2 "Static help pages", figures in spec 1 §9 and spec 2 §9).
 * Plain strings only: the page component renders headings, paragraphs, numbered steps and Q&A.
 * The ids are the page keys; the route slug of `question` is the historical `/help/qustion`.
 */
export type HelpPageId =
  | 'question'
  | 'bindCourse'
  | 'condition'
  | 'privacyPolicy'
  | 'AntiMoneyLaundering'
  | 'AboutUs'
  | 'tradeHelp'
  | 'retrievePc'
  | 'retrieveMobile'
  | 'newbie'
  | 'tradeLink';

export interface HelpSection {
  heading: string;
  paragraphs?: string[];
  steps?: string[];
  faq?: { q: string; a: string }[];
}

export interface HelpDoc {
  title: string;
  /** ISO date of the last content revision, e.g. 2026-11-21. */
  updated: string;
  intro?: string;
  sections: HelpSection[];
}

export type HelpContent = Record<HelpPageId, HelpDoc>;

/** Page groups, one file per group and language: guides and FAQs, and the legal texts. */
export type HelpGuidePageId =
  | 'question'
  | 'newbie'
  | 'AntiMoneyLaundering'
  | 'tradeHelp'
  | 'retrievePc'
  | 'retrieveMobile'
  | 'tradeLink';
export type HelpLegalPageId = Exclude<HelpPageId, HelpGuidePageId>;
