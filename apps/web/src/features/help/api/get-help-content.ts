import { DEFAULT_LOCALE, type Locale } from '@kaixiang/shared/locale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import type { HelpContent, HelpPageId } from '../content/help-content.types.ts';

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

/** The page in the reader's language, else in zh-CN (the texts are written Chinese-first). */
export async function loadHelpDoc(locale: Locale, id: HelpPageId) {
  const own = await loadHelpContent(locale);
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
