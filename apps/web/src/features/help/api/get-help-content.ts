import {
  HELP_OVERRIDES_PATH,
  type HelpOverridesResponse,
  helpOverridesResponse,
  parseHelpBody,
} from '@kaixiang/shared/admin-content';
import { DEFAULT_LOCALE, type Locale } from '@kaixiang/shared/locale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import type { HelpContent, HelpDoc, HelpPageId } from '../content/help-content.types.ts';

/**
 * Help texts are long, so each language loads on demand. The content folder has a module per
 * language (`zh-CN.ts`) that merges its page groups (`zh-CN.guides.ts`, `zh-CN.legal.ts`); when a
 * language has no such module, its group modules are loaded directly. Every export is merged.
 */
const modules = import.meta.glob<Record<string, Partial<HelpContent>>>([
  '../content/*.ts',
  '!../content/*.types.ts',
  '!../content/*.test.ts',
]);

function loadersFor(locale: Locale) {
  const files = Object.entries(modules).map(([path, load]) => ({ file: path.slice(path.lastIndexOf('/') + 1), load }));
  const index = files.find((f) => f.file === `${locale}.ts`);
  if (index) return [index.load];
  return files.filter((f) => f.file.startsWith(`${locale}.`)).map((f) => f.load);
}

export async function loadHelpContent(locale: Locale): Promise<Partial<HelpContent>> {
  const parts = await Promise.all(loadersFor(locale).map((load) => load()));
  const merged: Partial<HelpContent> = {};
  for (const mod of parts) for (const value of Object.values(mod)) Object.assign(merged, value);
  return merged;
}

/**
 * The operators' edits of the pages in the reader's language (the console's Content section). A
 * failed read is no edit: the static text shows, as it always could.
 */
async function loadOverrides(): Promise<HelpOverridesResponse['pages']> {
  try {
    return (await apiGet(HELP_OVERRIDES_PATH, undefined, { schema: helpOverridesResponse, silent: true })).pages;
  } catch {
    return [];
  }
}

/** An edited page in the static pages' shape; its body is plain text (parseHelpBody), never HTML. */
function overrideDoc(o: HelpOverridesResponse['pages'][number]): HelpDoc {
  return { title: o.title, updated: new Date(o.updated_at).toISOString().slice(0, 10), ...parseHelpBody(o.body) };
}

/**
 * The page in the reader's language, else in zh-CN (the texts are written Chinese-first); where an
 * operator edited a page in the reader's language, the edit replaces its static text.
 */
export async function loadHelpDoc(locale: Locale, id: HelpPageId) {
  const [base, overrides] = await Promise.all([loadHelpContent(locale), loadOverrides()]);
  const own: Partial<HelpContent> = { ...base };
  for (const o of overrides) own[o.page] = overrideDoc(o);
  if (own[id] || locale === DEFAULT_LOCALE) return { content: own, doc: own[id] ?? null };
  const fallback = await loadHelpContent(DEFAULT_LOCALE);
  return { content: { ...fallback, ...own }, doc: fallback[id] ?? null };
}

export function useHelpDoc(id: HelpPageId) {
  const locale = useLocale();
  return useQuery(
    queryOptions({
      queryKey: ['help', locale, id],
      queryFn: () => loadHelpDoc(locale, id),
      staleTime: Number.POSITIVE_INFINITY,
    }),
  );
}
