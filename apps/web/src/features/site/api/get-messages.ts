import type { Locale } from '@kaixiang/shared/locale';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

/** Announcements. Silent: on failure the bar simply hides (spec 1 §8 'notice fetch failure'). */
export function getMessages(signal?: AbortSignal) {
  return apiGet(SITE_PATHS.messages, {}, { schema: siteSchema('messagesResponse'), signal, silent: true }).then(
    (d) => d.messages,
  );
}

export const messagesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['site', 'messages', locale],
    queryFn: ({ signal }) => getMessages(signal),
    staleTime: 60_000,
  });

export function useMessages() {
  // On a language switch the old texts stay up until the new ones arrive, instead of blinking out.
  return useQuery({ ...messagesQueryOptions(useLocale()), placeholderData: keepPreviousData });
}
