import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { getLoading, subscribeLoading } from '../lib/loading.ts';

export function Spinner({ size = 32 }: { size?: number }) {
  return <span className="spinner" style={{ width: size, height: size }} aria-hidden="true" />;
}

/** What a page shows while its own code or data arrives, below the header that is already there. */
export function PageSpinner() {
  return (
    <div className="page center-block">
      <Spinner />
    </div>
  );
}

/** The full-screen loading mask (spec 1 §2), driven by `showLoading()` from lib/loading.ts. */
export function FullScreenSpinner() {
  const { t } = useTranslation();
  const state = useSyncExternalStore(subscribeLoading, getLoading, getLoading);
  if (!state.visible) return null;
  return (
    <div className="loading-mask" role="alert" aria-busy="true">
      <Spinner size={48} />
      <p>{state.text ?? t('common.loading')}</p>
    </div>
  );
}
