import { MAIL_PATHS, NEW_MAIL_EVENT, type NewMailPush } from '@kaixiang/shared/mail-paths';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api.ts';
import { mailSchema } from '../../../lib/contract.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { MAILS_QUERY_ROOT } from './get-mails.ts';

/** Unread mails: the header's dot (spec 1 §2). Loaded at start and after login (spec 1 §4). */
export const newMailCountQueryOptions = queryOptions({
  queryKey: [USER_QUERY_ROOT, 'mail', 'count'],
  queryFn: async ({ signal }) => {
    const res = await apiGet(
      MAIL_PATHS.newMailCount,
      {},
      { schema: mailSchema('newMailCountResponse'), signal, silent: true },
    );
    return res.new_mail_count;
  },
  staleTime: 60_000,
});

/**
 * The count, kept live by the server's `new_mail` push on the player's own room; a push also
 * refreshes an open mail list, so a redeemed code's mail appears without reloading.
 */
export function useNewMailCount(): number {
  const loggedIn = useLoggedIn();
  const queryClient = useQueryClient();
  const count = useQuery({ ...newMailCountQueryOptions, enabled: loggedIn });
  useSocketEvent<NewMailPush>(NEW_MAIL_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    if (!push || !Number.isSafeInteger(push.new_mail_count)) return;
    queryClient.setQueryData(newMailCountQueryOptions.queryKey, push.new_mail_count);
    void queryClient.invalidateQueries({ queryKey: MAILS_QUERY_ROOT });
  });
  return loggedIn ? (count.data ?? 0) : 0;
}
