import { lazy, Suspense } from 'react';
import { useLoggedIn } from '../../lib/session.ts';

const TaskNoticeHost = lazy(() => import('./components/task-notice.tsx'));

/**
 * The daily tasks' notice on every page for a signed-in player: the listener, the notice and their
 * texts are a chunk loaded after sign-in, so the shell's first load carries only this.
 */
export function TaskNoticeLauncher() {
  if (!useLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <TaskNoticeHost />
    </Suspense>
  );
}
