import type { AdminMeResponse } from '@kaixiang/shared/admin';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, Navigate, useLocation } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { CONSOLE_ROOT, consolePath } from '../paths.ts';
import { type ConsoleSection, sectionsFor } from '../sections.tsx';
import { Sidebar } from './sidebar.tsx';
import { TopBar } from './top-bar.tsx';

function ConsoleMessage({ text }: { text: string }) {
  return (
    <div className="adm-screen">
      <EmptyState title={text} />
    </div>
  );
}

/**
 * The console around its screens: sidebar, top bar, and the section's screen. A section the role
 * does not hold answers with a plain "no permission" instead of its screen (an address typed by
 * hand, a link from a colleague); the server would refuse its calls anyway.
 */
export function ConsoleShell({ staff, sections }: { staff: AdminMeResponse; sections: readonly ConsoleSection[] }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const open = sectionsFor(staff.permissions, sections);
  const here = sections.find((s) => matchPath({ path: consolePath(s.path), end: false }, pathname));
  const rest = pathname.slice(CONSOLE_ROOT.length).replace(/^\/+|\/+$/g, '');
  // Matched by hand rather than with <Routes>/useRoutes: those would add to the react chunk every
  // player loads first, which holds only the parts of react-router some page uses. A screen with
  // pages of its own (players/:id) matches them itself with matchPath.
  let screen: ReactNode;
  if (rest === '') {
    screen = open[0] ? (
      <Navigate to={consolePath(open[0].path)} replace />
    ) : (
      <ConsoleMessage text={t('admin.shell.noSections')} />
    );
  } else if (here) {
    screen = open.includes(here) ? <here.screen /> : <ConsoleMessage text={t('admin.shell.noPermission')} />;
  } else {
    screen = <ConsoleMessage text={t('admin.shell.notFound')} />;
  }
  return (
    <div className="adm-shell">
      <Sidebar sections={sections} permissions={staff.permissions} />
      <div className="adm-shell__main">
        <TopBar staff={staff} title={here ? t(`admin.sections.${here.id}`) : ''} />
        <main className="adm-shell__content">
          <Suspense
            fallback={
              <div className="adm-screen adm-screen--loading">
                <Spinner />
              </div>
            }
          >
            {screen}
          </Suspense>
        </main>
      </div>
    </div>
  );
}
