import { ADMIN_DASHBOARD_PATHS, dashboardResponse } from '@kaixiang/shared/admin-dashboard';
import { useQuery } from '@tanstack/react-query';
import { consoleGet } from '../../api/console-call.ts';
import { CONSOLE_QUERY_ROOT } from '../../api/get-me.ts';

export const DASHBOARD_QUERY_ROOT = [...CONSOLE_QUERY_ROOT, 'dashboard'] as const;

/** Today's figures move while the screen is open: read again each minute (past days come from the rollup). */
const REFRESH_MS = 60_000;

export function useDashboard() {
  return useQuery({
    queryKey: [...DASHBOARD_QUERY_ROOT, 'overview'],
    queryFn: ({ signal }) => consoleGet(ADMIN_DASHBOARD_PATHS.overview, undefined, dashboardResponse, signal),
    refetchInterval: REFRESH_MS,
  });
}
