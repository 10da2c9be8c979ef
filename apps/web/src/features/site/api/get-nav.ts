import type { Locale } from '@kaixiang/shared/locale';
import type { NavItem } from '@kaixiang/shared/site';
import { SITE_PATHS } from '@kaixiang/shared/site-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale } from '../../../i18n/use-locale.ts';
import { apiGet } from '../../../lib/api.ts';
import { siteSchema } from '../../../lib/contract.ts';

/** Header navigation, type 1 (spec 1 §7). Titles come back in the request's language. */
export function getNav(signal?: AbortSignal): Promise<NavItem[]> {
  return apiGet(SITE_PATHS.nav, { type: 1 }, { schema: siteSchema('navResponse'), signal }).then((d) => d.nav_infos);
}

export const navQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['site', 'nav', locale],
    queryFn: ({ signal }) => getNav(signal),
    staleTime: 5 * 60_000,
  });

export function useNav() {
  // On a language switch the old texts stay up until the new ones arrive, instead of blinking out.
  return useQuery({ ...navQueryOptions(useLocale()), placeholderData: keepPreviousData });
}

/** Paths the navigation marks need_login = 2: the login guard protects them too. */
export function navProtectedPaths(items: readonly NavItem[] | undefined): string[] {
  return (items ?? []).filter((i) => i.need_login === 2).map((i) => i.path);
}
