import { useTranslation } from 'react-i18next';

/** Previous / next over a list the server pages; the page size is fixed for this screen. */
export function SimplePager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const last = Math.max(1, pages);
  return (
    <nav className="adm-pager" aria-label={t('admin.audit.pager')}>
      <span className="adm-pager__total">{t('admin.audit.total', { count: total })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {t('admin.audit.prev')}
      </button>
      <span>{t('admin.audit.page', { page, pages: last })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
      >
        {t('admin.audit.next')}
      </button>
    </nav>
  );
}
