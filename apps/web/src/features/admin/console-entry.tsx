import { lazy, type ReactNode, Suspense } from 'react';
import { Spinner } from '../../components/spinner.tsx';

/**
 * What the app's route table loads for /admin: this small module, which loads the console. The
 * table's preload list (in every player's first load) then names this one file instead of the
 * console's code, styles and shared chunks; the extra hop is paid by staff opening the console.
 */
const AdminConsole = lazy(() => import('./components/admin-console.tsx'));

export default function ConsoleEntry({ siteDialogs }: { siteDialogs?: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="page center-block">
          <Spinner />
        </div>
      }
    >
      <AdminConsole siteDialogs={siteDialogs} />
    </Suspense>
  );
}
