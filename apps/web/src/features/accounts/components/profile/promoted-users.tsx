import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../../components/avatar.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { VipBadge } from '../../../../components/vip-badge.tsx';
import { PROMOTE_PAGE_SIZE, usePromoteUsers } from '../../api/user-settings.ts';

/** Players who registered with my invite code (get-promote-users), 20 a page. */
export function PromotedUsers() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = usePromoteUsers(page);
  if (query.isPending) {
    return (
      <div className="panel center-block">
        <Spinner />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="panel">
        <EmptyState title={t('promote.failed')} />
      </div>
    );
  }
  const { list, total } = query.data;
  const pages = Math.max(1, Math.ceil(total / PROMOTE_PAGE_SIZE));
  if (total === 0) {
    return (
      <div className="panel">
        <EmptyState title={t('pages.extension.empty')} hint={t('common.noDataHint')} />
      </div>
    );
  }
  return (
    <div className="panel">
      <table className="data-table">
        <thead>
          <tr>
            <th>{t('promote.user')}</th>
            <th>ID</th>
            <th>{t('promote.joined')}</th>
          </tr>
        </thead>
        <tbody>
          {list.map((u) => (
            <tr key={u.user_id}>
              <td>
                <span className="data-table__user">
                  <Avatar src={u.avatar} name={u.nick_name} size={28} />
                  {u.nick_name}
                  <VipBadge level={u.vip_level} />
                </span>
              </td>
              <td>{u.user_id}</td>
              <td>{new Date(u.created_at).toLocaleString()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <nav className="pager" aria-label={t('promote.page', { page, pages })}>
        <span>{t('promote.total', { count: total })}</span>
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={page <= 1}
          onClick={() => setPage(page - 1)}
        >
          {t('promote.prev')}
        </button>
        <span>{t('promote.page', { page, pages })}</span>
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={page >= pages}
          onClick={() => setPage(page + 1)}
        >
          {t('promote.next')}
        </button>
      </nav>
    </div>
  );
}
