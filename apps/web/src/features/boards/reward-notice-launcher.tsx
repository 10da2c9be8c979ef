import { lazy, Suspense } from 'react';
import { useLoggedIn } from '../../lib/session.ts';

const RewardNoticeHost = lazy(() => import('./components/reward-notice.tsx'));

/**
 * The boards' reward notices on every page for a signed-in player: the listener, the notice and
 * the boards' texts are a chunk loaded after sign-in, so the shell's first load carries only this.
 */
export function RewardNoticeLauncher() {
  if (!useLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <RewardNoticeHost />
    </Suspense>
  );
}
