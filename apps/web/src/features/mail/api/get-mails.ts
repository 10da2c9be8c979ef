import { MAIL_PATHS } from '@kaixiang/shared/mail-paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { mailSchema } from '../../../lib/contract.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';

export const MAIL_PAGE_SIZE = 10;
export const MAILS_QUERY_ROOT = [USER_QUERY_ROOT, 'mail', 'list'] as const;

export function mailsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...MAILS_QUERY_ROOT, page],
    queryFn: ({ signal }) =>
      apiGet(
        MAIL_PATHS.mails,
        { page, page_size: MAIL_PAGE_SIZE },
        { schema: mailSchema('mailsResponse'), signal, silent: true },
      ),
    placeholderData: keepPreviousData,
  });
}

export function useMails(page: number) {
  return useQuery({ ...mailsQueryOptions(page), enabled: useLoggedIn() });
}
