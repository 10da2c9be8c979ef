import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';

/**
 * What a console screen shows while its query has no data: the server's reason with a retry when
 * it failed, else the spinner.
 */
export function QueryFallback({
  query,
  failedTitle,
  compact = true,
}: {
  query: { isError: boolean; error: Error | null; refetch: () => unknown };
  failedTitle: string;
  compact?: boolean;
}) {
  const { t } = useTranslation();
  if (!query.isError)
    return (
      <div className="adm-card__loading">
        <Spinner />
      </div>
    );
  return (
    <EmptyState
      compact={compact}
      title={failedTitle}
      hint={query.error?.message}
      action={
        <button type="button" className="button button--ghost button--sm" onClick={() => void query.refetch()}>
          {t('admin.gate.retry')}
        </button>
      }
    />
  );
}
