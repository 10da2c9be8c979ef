import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';
import { Pager } from './pager.tsx';
import { Spinner } from './spinner.tsx';

/**
 * The frame of a paged record list (account changes, recharge orders…): a spinner while the first
 * page loads, the failure or empty state, else the list the caller draws and the pager under it.
 */
export function PagedRecords<T extends { total: number }>({
  query,
  failedText,
  emptyText,
  page,
  pageSize,
  onPage,
  children,
}: {
  query: UseQueryResult<T>;
  failedText: string;
  emptyText: string;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="center-block">
        <Spinner />
      </div>
    );
  }
  if (query.isError) return <EmptyState title={failedText} />;
  if (query.data.total === 0) return <EmptyState title={emptyText} hint={t('common.noDataHint')} />;
  return (
    <>
      {children(query.data)}
      <Pager page={page} pageSize={pageSize} total={query.data.total} onPage={onPage} />
    </>
  );
}
