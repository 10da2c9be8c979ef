import { useTranslation } from 'react-i18next';

/** Previous / next over a paged list; hidden when everything fits on one page. */
export function Pager({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={t('common.pager.label')}>
      <span>{t('common.pager.total', { count: total })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('common.pager.prev')}
      </button>
      <span>{t('common.pager.page', { page, pages })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        {t('common.pager.next')}
      </button>
    </nav>
  );
}
