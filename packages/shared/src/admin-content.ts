/**
 * The console's Content API (issue 23 "Content"; ours: docs/console/content.md): the notice bar's
 * notices (the spec's announcements: docs/decisions.md), the home page's banners, the nav items
 * and the help pages' per-language overrides. Paths are relative to /api; every admin route needs
 * `content.manage`; every change is audited (`content.<kind>.<verb>`, target `<kind>:<id>`).
 *
 * Texts a person reads are stored per language: zh-CN is required, zh-TW and en-US fall back to it
 * when left empty. The zod schemas here bound the sizes only; the field rules (required zh-CN,
 * lengths, the shape of links and pictures) are `contentProblems` below, checked by the server,
 * which answers each with its own code in the caller's language.
 */
import { z } from 'zod';
import type { Locale } from './locale.ts';

export const ADMIN_CONTENT_PATHS = {
  /** GET → {list}: every notice, unpublished ones too, in the bar's order. */
  notices: '/admin/v1/content/notices',
  /** POST {content_*, sort, enabled} → the notice. */
  noticeCreate: '/admin/v1/content/notices/create',
  /** POST {id, content_*, sort, enabled} → the notice: edited, published or unpublished. */
  noticeUpdate: '/admin/v1/content/notices/update',
  /** POST {id} → {id}. */
  noticeDelete: '/admin/v1/content/notices/delete',
  banners: '/admin/v1/content/banners',
  bannerCreate: '/admin/v1/content/banners/create',
  bannerUpdate: '/admin/v1/content/banners/update',
  bannerDelete: '/admin/v1/content/banners/delete',
  nav: '/admin/v1/content/nav',
  navCreate: '/admin/v1/content/nav/create',
  navUpdate: '/admin/v1/content/nav/update',
  navDelete: '/admin/v1/content/nav/delete',
  /** GET → {list}: every override (page × language) there is. */
  help: '/admin/v1/content/help',
  /** POST {page, locale, title, body} → the override, made or replaced. */
  helpSave: '/admin/v1/content/help/save',
  /** POST {page, locale} → {page, locale}: the override removed, the static text shown again. */
  helpRevert: '/admin/v1/content/help/revert',
} as const;

/** The public read of the help overrides, in the request's language (no sign-in). */
export const HELP_OVERRIDES_PATH = '/site/v1/help-pages';

/** The help pages an override may be for: the static pages' ids (apps/web/src/features/help/content). */
export const HELP_PAGE_IDS = [
  'question',
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
] as const;
export type HelpPageKey = (typeof HELP_PAGE_IDS)[number];

export const CONTENT_LOCALES = ['zh-CN', 'zh-TW', 'en-US'] as const satisfies readonly Locale[];

/** Characters (code points) at most. */
export const CONTENT_LIMITS = {
  notice: 200,
  bannerTitle: 60,
  navTitle: 20,
  url: 500,
  icon: 60,
  helpTitle: 60,
  helpBody: 20_000,
} as const;

const int = () => z.number().int();
/** Generous bounds only (four times a rule's limit): the rules themselves are contentProblems'. */
const text = (max: number) => z.string().max(max * 4);
const sort = int().min(-1_000_000).max(1_000_000);

export const noticeInput = z.object({
  content_zh_cn: text(CONTENT_LIMITS.notice),
  content_zh_tw: text(CONTENT_LIMITS.notice).default(''),
  content_en: text(CONTENT_LIMITS.notice).default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(false),
});
export type NoticeInput = z.input<typeof noticeInput>;
export const notice = z.object({
  id: int(),
  content_zh_cn: z.string(),
  content_zh_tw: z.string(),
  content_en: z.string(),
  sort: int(),
  enabled: z.boolean(),
  created_at: int(),
});
export type AdminNotice = z.infer<typeof notice>;

export const bannerInput = z.object({
  title_zh_cn: text(CONTENT_LIMITS.bannerTitle),
  title_zh_tw: text(CONTENT_LIMITS.bannerTitle).default(''),
  title_en: text(CONTENT_LIMITS.bannerTitle).default(''),
  /** A site path (/img/banners/1.jpg) or an https URL. */
  img: text(CONTENT_LIMITS.url),
  /** Where a click goes: empty, a site path (/boxes) or an https URL. */
  link: text(CONTENT_LIMITS.url).default(''),
  sort: sort.default(0),
  enabled: z.boolean().default(false),
});
export type BannerInput = z.input<typeof bannerInput>;
export const banner = z.object({
  id: int(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  title_en: z.string(),
  img: z.string(),
  link: z.string(),
  sort: int(),
  enabled: z.boolean(),
});
export type AdminBanner = z.infer<typeof banner>;

/** The live counters the site knows how to show beside a nav title (site.ts navItem). */
export const NAV_BADGES = ['open_rooms'] as const;

export const navInput = z.object({
  title_zh_cn: text(CONTENT_LIMITS.navTitle),
  title_zh_tw: text(CONTENT_LIMITS.navTitle).default(''),
  title_en: text(CONTENT_LIMITS.navTitle).default(''),
  /** A site path (/boxes): the nav routes inside the site. Unique. */
  path: text(CONTENT_LIMITS.url),
  icon: text(CONTENT_LIMITS.icon).default(''),
  /** 1 open to everyone, 2 needs a login. */
  need_login: z.union([z.literal(1), z.literal(2)]).default(1),
  badge: z.enum(NAV_BADGES).nullable().default(null),
  sort: sort.default(0),
  enabled: z.boolean().default(false),
});
export type NavInput = z.input<typeof navInput>;
export const navEntry = z.object({
  id: int(),
  title_zh_cn: z.string(),
  title_zh_tw: z.string(),
  title_en: z.string(),
  path: z.string(),
  icon: z.string(),
  need_login: z.union([z.literal(1), z.literal(2)]),
  badge: z.enum(NAV_BADGES).nullable(),
  sort: int(),
  enabled: z.boolean(),
});
export type AdminNavEntry = z.infer<typeof navEntry>;

const withId = { id: int().positive() };
export const noticeUpdate = noticeInput.extend(withId);
export const bannerUpdate = bannerInput.extend(withId);
export const navUpdate = navInput.extend(withId);
export type NoticeUpdate = z.input<typeof noticeUpdate>;
export type BannerUpdate = z.input<typeof bannerUpdate>;
export type NavUpdate = z.input<typeof navUpdate>;

export const contentDeleteRequest = z.object(withId);
export const contentDeleteResponse = z.object({ id: int() });

export const noticeListResponse = z.object({ list: z.array(notice) });
export const bannerListResponse = z.object({ list: z.array(banner) });
export const navListResponse = z.object({ list: z.array(navEntry) });

const helpKey = { page: z.enum(HELP_PAGE_IDS), locale: z.enum(CONTENT_LOCALES) };
export const helpSaveRequest = z.object({
  ...helpKey,
  title: text(CONTENT_LIMITS.helpTitle),
  /** The help markup (helpBodyText / parseHelpBody): plain text, never HTML. */
  body: text(CONTENT_LIMITS.helpBody),
});
export type HelpSaveRequest = z.infer<typeof helpSaveRequest>;
export const helpRevertRequest = z.object(helpKey);
export const helpOverride = z.object({
  ...helpKey,
  title: z.string(),
  body: z.string(),
  updated_by: int(),
  updated_at: int(),
});
export type HelpOverride = z.infer<typeof helpOverride>;
export const helpListResponse = z.object({ list: z.array(helpOverride) });
export const helpRevertResponse = z.object(helpKey);

/** The public read: this language's overrides, a page without one shows its static text. */
export const helpOverridesResponse = z.object({
  pages: z.array(z.object({ page: z.enum(HELP_PAGE_IDS), title: z.string(), body: z.string(), updated_at: int() })),
});
export type HelpOverridesResponse = z.infer<typeof helpOverridesResponse>;

// ---------------------------------------------------------------------------------------------
// Field rules

export type ContentProblemCode =
  | 'CONTENT_TEXT_REQUIRED'
  | 'CONTENT_TEXT_TOO_LONG'
  | 'CONTENT_LINK_INVALID'
  | 'CONTENT_IMAGE_INVALID';
export interface ContentProblem {
  code: ContentProblemCode;
  /** The field, as the request names it. */
  field: string;
}

const length = (s: string) => [...s].length;

/**
 * A path on this site (/boxes, /img/banners/1.jpg?v=2): a single leading slash (`//host` would
 * leave the site), no spaces, backslashes or control characters.
 */
export function isSitePath(s: string): boolean {
  return /^\/(?![/\\])[^\s\\<>"']*$/.test(s);
}

/** An absolute https URL with a host and no credentials. */
export function isHttpsUrl(s: string): boolean {
  if (/[\s\\<>"']/.test(s)) return false;
  try {
    const url = new URL(s);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

function texts(
  input: Record<string, unknown>,
  fields: readonly string[],
  max: number,
  required: readonly string[],
): ContentProblem[] {
  const out: ContentProblem[] = [];
  for (const field of fields) {
    const value = String(input[field] ?? '');
    if (required.includes(field) && value.trim() === '') out.push({ code: 'CONTENT_TEXT_REQUIRED', field });
    else if (length(value) > max) out.push({ code: 'CONTENT_TEXT_TOO_LONG', field });
  }
  return out;
}

const url = (value: string, field: string, code: ContentProblemCode, sitePathOnly = false): ContentProblem[] =>
  length(value) <= CONTENT_LIMITS.url && (isSitePath(value) || (!sitePathOnly && isHttpsUrl(value)))
    ? []
    : [{ code, field }];

/** What is wrong with an entry, field by field (empty when nothing). */
export const contentProblems = {
  notice(n: z.output<typeof noticeInput>): ContentProblem[] {
    const fields = ['content_zh_cn', 'content_zh_tw', 'content_en'];
    return texts(n, fields, CONTENT_LIMITS.notice, ['content_zh_cn']);
  },
  /**
   * `imageOrigins`: where an https picture may come from, the origins the site's Content Security
   * Policy lets pages load images from (a picture elsewhere would never show).
   */
  banner(b: z.output<typeof bannerInput>, imageOrigins: readonly string[]): ContentProblem[] {
    const picture = url(b.img, 'img', 'CONTENT_IMAGE_INVALID');
    if (picture.length === 0 && !isSitePath(b.img) && !imageOrigins.includes(new URL(b.img).origin)) {
      picture.push({ code: 'CONTENT_IMAGE_INVALID', field: 'img' });
    }
    return [
      ...texts(b, ['title_zh_cn', 'title_zh_tw', 'title_en'], CONTENT_LIMITS.bannerTitle, ['title_zh_cn']),
      ...picture,
      ...(b.link === '' ? [] : url(b.link, 'link', 'CONTENT_LINK_INVALID')),
    ];
  },
  nav(n: z.output<typeof navInput>): ContentProblem[] {
    return [
      ...texts(n, ['title_zh_cn', 'title_zh_tw', 'title_en'], CONTENT_LIMITS.navTitle, ['title_zh_cn']),
      ...url(n.path, 'path', 'CONTENT_LINK_INVALID', true),
      ...texts(n, ['icon'], CONTENT_LIMITS.icon, []),
    ];
  },
  help(h: HelpSaveRequest): ContentProblem[] {
    return [
      ...texts(h, ['title'], CONTENT_LIMITS.helpTitle, ['title']),
      ...texts(h, ['body'], CONTENT_LIMITS.helpBody, ['body']),
    ];
  },
};

// ---------------------------------------------------------------------------------------------
// The help markup: how an operator writes a help page, and how the public page reads it back.

/** The shape of a static help page's text (apps/web/src/features/help/content/help-content.types.ts). */
export interface HelpBodySection {
  heading: string;
  paragraphs?: string[];
  steps?: string[];
  faq?: { q: string; a: string }[];
}
export interface HelpBody {
  intro?: string;
  sections: HelpBodySection[];
}

const HEADING = '## ';
const STEP = /^\d+\.\s+/;
const Q = 'Q: ';
const A = 'A: ';

/**
 * A help page as plain text: the intro first, then per section a `## heading` line, paragraphs,
 * numbered steps (`1. …`) and questions (`Q: …` with `A: …` on the next line), blocks apart by a
 * blank line. No HTML: the page renders every piece as text.
 */
export function helpBodyText(doc: HelpBody): string {
  const blocks: string[] = [];
  if (doc.intro) blocks.push(doc.intro);
  for (const s of doc.sections) {
    blocks.push(`${HEADING}${s.heading}`);
    for (const p of s.paragraphs ?? []) blocks.push(p);
    if (s.steps?.length) blocks.push(s.steps.map((step, i) => `${i + 1}. ${step}`).join('\n'));
    for (const f of s.faq ?? []) blocks.push(`${Q}${f.q}\n${A}${f.a}`);
  }
  return blocks.join('\n\n');
}

/** Reads helpBodyText's format back; text before the first heading is the intro. Never fails. */
export function parseHelpBody(body: string): HelpBody {
  const sections: HelpBodySection[] = [];
  const intro: string[] = [];
  let current: HelpBodySection | null = null;
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let block: string[] = [];
  const flush = () => {
    const b = block;
    block = [];
    if (b.length === 0) return;
    if (!current) {
      intro.push(b.join('\n'));
      return;
    }
    if (b.every((l) => STEP.test(l))) {
      current.steps = [...(current.steps ?? []), ...b.map((l) => l.replace(STEP, ''))];
    } else if (b[0]?.startsWith(Q) && b[1]?.startsWith(A)) {
      const a = [b[1].slice(A.length), ...b.slice(2)].join('\n');
      current.faq = [...(current.faq ?? []), { q: b[0].slice(Q.length), a }];
    } else {
      current.paragraphs = [...(current.paragraphs ?? []), b.join('\n')];
    }
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (line.startsWith(HEADING)) {
      flush();
      current = { heading: line.slice(HEADING.length).trim() };
      sections.push(current);
    } else if (line.trim() === '') {
      flush();
    } else {
      block.push(line);
    }
  }
  flush();
  return { ...(intro.length ? { intro: intro.join('\n\n') } : {}), sections };
}
