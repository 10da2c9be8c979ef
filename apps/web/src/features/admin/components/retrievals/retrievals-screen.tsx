import { lazy, Suspense } from 'react';
import { Spinner } from '../../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../../i18n/feature-texts.tsx';
import { retrievalsTexts } from './retrievals-texts.ts';
import './retrievals.css';

// As the other screens: the queue loads behind a boundary of its own, so the section shows at once.
const RetrievalQueuePage = lazy(() => import('./retrieval-queue.tsx').then((m) => ({ default: m.RetrievalQueuePage })));

const loading = (
  <div className="adm-screen adm-screen--loading">
    <Spinner />
  </div>
);

/** The Retrievals section (retrievals.manage): the queue at /admin/retrievals. */
export default function RetrievalsScreen() {
  return (
    <FeatureTextsGate texts={retrievalsTexts} fallback={loading}>
      <Suspense fallback={loading}>
        <RetrievalQueuePage />
      </Suspense>
    </FeatureTextsGate>
  );
}
