import type { ReactNode } from 'react';

/** "Nothing here yet": an honest empty state with a small drawn crate, never a fake list. */
export function EmptyState({
  title,
  hint,
  action,
  compact,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  compact?: boolean;
}) {
  return (
    <div className={`empty-state ${compact ? 'empty-state--compact' : ''}`}>
      <svg className="empty-state__art" viewBox="0 0 120 96" aria-hidden="true">
        <ellipse cx="60" cy="86" rx="40" ry="6" fill="currentColor" opacity=".12" />
        <path d="M20 38 60 22l40 16v34L60 88 20 72z" fill="currentColor" opacity=".08" />
        <path d="M20 38 60 22l40 16-40 16z" fill="currentColor" opacity=".16" />
        <path
          d="M20 38v34l40 16V54zM100 38v34L60 88V54z"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          opacity=".5"
        />
        <path d="M20 38 60 22l40 16-40 16z" fill="none" stroke="currentColor" strokeWidth="2" opacity=".5" />
        <path d="m34 32 40 16" stroke="var(--accent)" strokeWidth="3" opacity=".8" />
        <circle cx="92" cy="14" r="3" fill="var(--accent)" opacity=".7" />
        <circle cx="104" cy="26" r="2" fill="var(--accent)" opacity=".5" />
        <circle cx="16" cy="20" r="2" fill="currentColor" opacity=".4" />
      </svg>
      <p className="empty-state__title">{title}</p>
      {hint && <p className="empty-state__hint">{hint}</p>}
      {action}
    </div>
  );
}
