import {
  TASK_PATHS,
  type TaskClaimResponse,
  type TaskListResponse,
  taskClaimResponse,
  taskListResponse,
} from '@kaixiang/shared/tasks';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPost } from '../../../lib/api.ts';
import { serverOffsetMs } from '../../../lib/countdown.ts';
import { USER_QUERY_ROOT, useLoggedIn } from '../../../lib/session.ts';
import { balanceQueryKey, showBalance } from '../../boxes/api/balance.ts';

/** The list with the server's clock offset (the reset countdown follows the server's midnight). */
export type TaskList = TaskListResponse & { offsetMs: number };

/** Under the user root when signed in: a sign-out drops the player's progress with the rest. */
export const tasksQueryOptions = (loggedIn: boolean) =>
  queryOptions({
    queryKey: loggedIn ? [USER_QUERY_ROOT, 'tasks'] : ['tasks', 'public'],
    queryFn: async ({ signal }): Promise<TaskList> => {
      const sentAt = Date.now();
      const data = await apiGet(TASK_PATHS.list, {}, { schema: taskListResponse, signal });
      return { ...data, offsetMs: serverOffsetMs(data.system_time, sentAt) };
    },
    staleTime: 10_000,
  });

export function useTasks() {
  return useQuery(tasksQueryOptions(useLoggedIn()));
}

/** Claims a completed task: the balance shows at once; the list is read again (claimed, the reward). */
export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: number): Promise<TaskClaimResponse> =>
      apiPost(TASK_PATHS.claim, { task_id: taskId }, { schema: taskClaimResponse }),
    onSuccess: (data) => {
      showBalance(queryClient, data.money);
      void queryClient.invalidateQueries({ queryKey: tasksQueryOptions(true).queryKey });
      void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    },
    // A refusal (claimed in another tab meanwhile) was shown by the API client; the list says why.
    onError: () => void queryClient.invalidateQueries({ queryKey: tasksQueryOptions(true).queryKey }),
  });
}
