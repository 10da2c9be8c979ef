import type { ReactNode } from 'react';
import { EmptyState } from './empty-state.tsx';

/**
 * A page whose feature has no records to show: its real title and an honest empty state. Later
 * issues replace these with the feature itself.
 */
export function FeaturePage({
  title,
  subtitle,
  emptyTitle,
  emptyHint,
  action,
  icon,
}: {
  title: string;
  subtitle?: string;
  emptyTitle: string;
  emptyHint?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="page feature-page">
      <header className="page-head">
        {icon && <span className="page-head__icon">{icon}</span>}
        <div>
          <h1>{title}</h1>
          {subtitle && <p>{subtitle}</p>}
        </div>
      </header>
      <div className="panel">
        <EmptyState title={emptyTitle} hint={emptyHint} action={action} />
      </div>
    </div>
  );
}
