import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullScreenSpinner, PageSpinner } from '../components/spinner.tsx';
import { Toaster } from '../components/toaster.tsx';
import { AccountHeader } from '../features/accounts/components/account-header.tsx';
import { LoginDialogHost } from '../features/accounts/components/login-dialog-host.tsx';
import { SessionBootstrap } from '../features/accounts/components/session-bootstrap.tsx';
import { BagLauncher } from '../features/bags/bag-launcher.tsx';
import { AnnouncementBar } from '../features/site/components/announcement-bar.tsx';
import { LiveTickers } from '../features/site/components/live-tickers.tsx';
import { SidePanel } from '../features/site/components/side-panel.tsx';
import { SiteFooter } from '../features/site/components/site-footer.tsx';
import { SiteHeader } from '../features/site/components/site-header.tsx';
import { useLoggedIn } from '../lib/session.ts';
import { RouteGuard } from './route-guard.tsx';

/**
 * The hidden test recharge panel (Ctrl+Alt+A, spec 2 §2) exists in development builds only:
 * `vite build` replaces `import.meta.env.DEV` with false and drops this import, so the production
 * bundle holds none of the panel's code or texts (checked in docs/payments.md "Test mock recharge").
 */
const MockRechargeShortcut = import.meta.env.DEV
  ? lazy(() => import('../features/recharge/dev/mock-recharge-shortcut.tsx'))
  : null;

/**
 * The red-packet rain's countdown and rain on every page: its own chunk, fetched after the shell's
 * first paint (the first load carries only this import; docs/promotions/rain.md "Web").
 */
const RainHost = lazy(() => import('../features/rain/components/rain-host.tsx'));

/** The player's reality-check reminder (issue 24 §2), on every page: a chunk of its own, like the rain. */
const RealityCheckHost = lazy(() => import('../features/protection/components/reality-check-host.tsx'));

/**
 * The notices on a signed-in player's own room (the daily tasks' 3 s notice, the boards' 15 s
 * reward notice): their listeners, notices and texts are chunks loaded after sign-in, so the
 * shell's first load carries only these imports.
 */
const TaskNoticeHost = lazy(() => import('../features/tasks/components/task-notice.tsx'));
const RewardNoticeHost = lazy(() => import('../features/boards/components/reward-notice.tsx'));

function SignedInNotices() {
  if (!useLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <TaskNoticeHost />
      <RewardNoticeHost />
    </Suspense>
  );
}

/** The page shell of spec 1 §2: header, tickers, announcements, page, footer, side panel. */
export function AppLayout() {
  const { pathname } = useLocation();
  // A new page starts at its top, whatever the previous page was scrolled to.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every path change
  useEffect(() => {
    window.scrollTo?.({ top: 0 });
  }, [pathname]);
  return (
    <div className="app">
      <SessionBootstrap />
      <SiteHeader account={<AccountHeader />} />
      <LiveTickers />
      <div className="app__content">
        <AnnouncementBar />
        <main className="app__main">
          <RouteGuard>
            {/* Pages other than home are loaded on their first visit (routes.tsx). */}
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </RouteGuard>
        </main>
      </div>
      {/* The footer is hidden on any path containing /activity (spec 1 §2, spec 2 §2). */}
      {!pathname.includes('/activity') && <SiteFooter />}
      <SidePanel />
      {/* The bottom-right corner: the lucky bag above the rain's countdown, never one over the other. */}
      <div className="corner-dock">
        <BagLauncher />
        <Suspense fallback={null}>
          <RainHost />
        </Suspense>
      </div>
      <SignedInNotices />
      {/* The boards' 15 s reward notices (spec 2 §7): a chunk of its own, loaded after sign-in. */}
      <Suspense fallback={null}>
        <RealityCheckHost />
      </Suspense>
      <LoginDialogHost />
      <Toaster />
      {MockRechargeShortcut && (
        <Suspense fallback={null}>
          <MockRechargeShortcut />
        </Suspense>
      )}
      <FullScreenSpinner />
    </div>
  );
}
