import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AuditFilters, isAdminIdValid, NO_FILTERS } from '../../audit-query.ts';

type Draft = Pick<AuditFilters, 'action' | 'adminId' | 'target'>;

/**
 * The audit log's filters as typed, applied on 查询 (Enter): a search per keystroke would fill
 * the log with half-typed prefixes and move the table under the reader's eyes.
 */
export function AuditFilterForm({ filters, onApply }: { filters: AuditFilters; onApply: (next: Draft) => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Draft>({
    action: filters.action,
    adminId: filters.adminId,
    target: filters.target,
  });
  const [checked, setChecked] = useState(false);
  const adminIdBad = !isAdminIdValid(draft.adminId);

  function submit(e: FormEvent) {
    e.preventDefault();
    setChecked(true);
    if (adminIdBad) return;
    onApply({ action: draft.action.trim(), adminId: draft.adminId.trim(), target: draft.target.trim() });
  }

  function reset() {
    const empty = { action: NO_FILTERS.action, adminId: NO_FILTERS.adminId, target: NO_FILTERS.target };
    setDraft(empty);
    setChecked(false);
    onApply(empty);
  }

  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value })),
  });

  return (
    <form className="adm-filters" aria-label={t('admin.audit.filters')} onSubmit={submit} noValidate>
      <div className="adm-field adm-field--inline">
        <label htmlFor="adm-audit-action">{t('admin.audit.action')}</label>
        <input
          id="adm-audit-action"
          className="adm-input"
          maxLength={64}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('admin.audit.actionPlaceholder')}
          {...field('action')}
        />
      </div>
      <div className="adm-field adm-field--inline adm-field--narrow">
        <label htmlFor="adm-audit-admin">{t('admin.audit.adminId')}</label>
        <input
          id="adm-audit-admin"
          className="adm-input"
          inputMode="numeric"
          maxLength={10}
          autoComplete="off"
          aria-invalid={(checked && adminIdBad) || undefined}
          aria-describedby={checked && adminIdBad ? 'adm-audit-admin-error' : undefined}
          {...field('adminId')}
        />
        {checked && adminIdBad && (
          <span id="adm-audit-admin-error" className="adm-field__error" role="alert">
            {t('admin.audit.adminIdInvalid')}
          </span>
        )}
      </div>
      <div className="adm-field adm-field--inline">
        <label htmlFor="adm-audit-target">{t('admin.audit.target')}</label>
        <input
          id="adm-audit-target"
          className="adm-input"
          maxLength={128}
          autoComplete="off"
          spellCheck={false}
          placeholder={t('admin.audit.targetPlaceholder')}
          {...field('target')}
        />
      </div>
      <div className="adm-filters__actions">
        <button type="submit" className="button button--primary button--sm">
          {t('admin.audit.search')}
        </button>
        <button type="button" className="button button--ghost button--sm" onClick={reset}>
          {t('admin.audit.reset')}
        </button>
      </div>
    </form>
  );
}
