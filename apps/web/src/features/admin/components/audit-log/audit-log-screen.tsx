import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { useAuditLog } from '../../api/get-audit-log.ts';
import { AUDIT_PAGE_SIZES, type AuditFilters, filtersFromSearch, searchFromFilters } from '../../audit-query.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { AuditFilterForm } from './audit-filter-form.tsx';
import { AuditTable } from './audit-table.tsx';

function ConsolePager({
  filters,
  total,
  onChange,
}: {
  filters: AuditFilters;
  total: number;
  onChange: (next: AuditFilters) => void;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / filters.pageSize));
  return (
    <nav className="adm-pager" aria-label={t('admin.audit.pager')}>
      <span className="adm-pager__total">{t('admin.audit.total', { count: total })}</span>
      <label className="adm-pager__size">
        <span className="adm-visually-hidden">{t('admin.audit.pageSize')}</span>
        <select
          className="adm-select adm-select--sm"
          value={filters.pageSize}
          onChange={(e) => onChange({ ...filters, page: 1, pageSize: Number(e.target.value) })}
        >
          {AUDIT_PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {t('admin.audit.perPage', { count: n })}
            </option>
          ))}
        </select>
      </label>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={filters.page <= 1}
        onClick={() => onChange({ ...filters, page: filters.page - 1 })}
      >
        {t('admin.audit.prev')}
      </button>
      <span>{t('admin.audit.page', { page: filters.page, pages })}</span>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={filters.page >= pages}
        onClick={() => onChange({ ...filters, page: filters.page + 1 })}
      >
        {t('admin.audit.next')}
      </button>
    </nav>
  );
}

/**
 * The audit log (permission audit.read): every console action, newest first, filtered by action
 * prefix, admin and target. The filters and the page live in the address, so a search can be
 * shared, and survives the code prompt when the console session lapses mid-search.
 */
export default function AuditLogScreen() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const log = useAuditLog(filters);
  const apply = (next: AuditFilters) => setSearch(searchFromFilters(next));
  const entries = log.data?.list ?? [];

  return (
    <section className="adm-screen" aria-labelledby="adm-audit-title">
      <header className="adm-screen__head">
        <h1 id="adm-audit-title" className="adm-screen__title">
          {t('admin.sections.audit')}
        </h1>
        <p className="adm-screen__sub">{t('admin.audit.subtitle')}</p>
      </header>
      <AuditFilterForm
        // A new search from elsewhere (a quick filter in the table, the address) refills the fields.
        key={`${filters.action}\n${filters.adminId}\n${filters.target}`}
        filters={filters}
        onApply={(f) => apply({ ...filters, ...f, page: 1 })}
      />
      <div className="adm-card">
        {log.data ? (
          entries.length > 0 ? (
            <AuditTable
              entries={entries}
              busy={log.isPlaceholderData}
              onFilter={(f) => apply({ ...filters, ...f, page: 1 })}
            />
          ) : (
            <EmptyState compact title={t('admin.audit.empty')} hint={t('admin.audit.emptyHint')} />
          )
        ) : (
          <QueryFallback query={log} failedTitle={t('admin.audit.loadFailed')} />
        )}
        {log.data && log.data.total > 0 && <ConsolePager filters={filters} total={log.data.total} onChange={apply} />}
      </div>
    </section>
  );
}
