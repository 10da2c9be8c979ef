import { lazy, Suspense } from 'react';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { dashboardTexts } from './dashboard-texts.ts';
import './dashboard.css';

// As the other screens: the page loads behind a boundary of its own, so the section shows at once.
const DashboardPage = lazy(() => import('./dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })));

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

/** The Dashboard section (dashboard.read): today and the last 30 days at /admin/dashboard. */
export default function DashboardScreen() {
  return (
    <FeatureTextsGate texts={dashboardTexts} fallback={loading}>
      <Suspense fallback={loading}>
        <DashboardPage />
      </Suspense>
    </FeatureTextsGate>
  );
}
