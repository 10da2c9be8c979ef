import type { AuditEntry } from '@kaixiang/shared/admin';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilters } from '../../audit-query.ts';
import { localDateTime } from '../../format.ts';
import { IconChevron } from '../console-icons.tsx';
import { JsonDiffView } from './json-diff-view.tsx';

const COLUMNS = 7;

type QuickFilter = Partial<Pick<AuditFilters, 'adminId' | 'target'>>;

function AuditRow({ entry, onFilter }: { entry: AuditEntry; onFilter: (f: QuickFilter) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const detailId = `adm-audit-detail-${entry.id}`;
  return (
    <Fragment>
      <tr className={`adm-table__row ${open ? 'adm-table__row--open' : ''}`}>
        <td className="adm-table__toggle">
          <button
            type="button"
            className="adm-icon-button"
            aria-expanded={open}
            aria-controls={open ? detailId : undefined}
            aria-label={open ? t('admin.audit.collapse') : t('admin.audit.expand')}
            onClick={() => setOpen((o) => !o)}
          >
            <IconChevron size={14} className="adm-chevron" />
          </button>
        </td>
        <td className="adm-table__time">
          <time dateTime={new Date(entry.created_at).toISOString()}>{localDateTime(entry.created_at)}</time>
        </td>
        <td>
          <button
            type="button"
            className="adm-cell-link"
            title={t('admin.audit.filterByAdmin')}
            onClick={() => onFilter({ adminId: String(entry.admin_id) })}
          >
            {entry.admin_name}
            <span className="adm-table__muted"> #{entry.admin_id}</span>
          </button>
        </td>
        <td>
          <code className="adm-tag">{entry.action}</code>
        </td>
        <td>
          {entry.target && (
            <button
              type="button"
              className="adm-cell-link adm-cell-link--mono"
              title={t('admin.audit.filterByTarget')}
              onClick={() => onFilter({ target: entry.target })}
            >
              {entry.target}
            </button>
          )}
        </td>
        <td className="adm-table__reason">{entry.reason}</td>
        <td className="adm-table__mono">{entry.ip}</td>
      </tr>
      {open && (
        <tr id={detailId} className="adm-table__detail">
          <td colSpan={COLUMNS}>
            <JsonDiffView before={entry.before} after={entry.after} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

/** The log, newest first, one line per action; a line opens to its before/after. */
export function AuditTable({
  entries,
  busy,
  onFilter,
}: {
  entries: readonly AuditEntry[];
  /** The next page is on its way: the current one stays, dimmed. */
  busy: boolean;
  onFilter: (f: QuickFilter) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="adm-table-wrap">
      <table className={`adm-table ${busy ? 'adm-table--busy' : ''}`} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className="adm-table__toggle">
              <span className="adm-visually-hidden">{t('admin.audit.details')}</span>
            </th>
            <th scope="col">{t('admin.audit.time')}</th>
            <th scope="col">{t('admin.audit.admin')}</th>
            <th scope="col">{t('admin.audit.actionColumn')}</th>
            <th scope="col">{t('admin.audit.target')}</th>
            <th scope="col">{t('admin.audit.reason')}</th>
            <th scope="col">{t('admin.audit.ip')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <AuditRow key={e.id} entry={e} onFilter={onFilter} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
