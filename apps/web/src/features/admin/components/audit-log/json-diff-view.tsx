import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DiffKind, diffJson, formatJsonValue } from '../../json-diff.ts';

/**
 * An audit record's before and after, field by field in the record's own order: what changed is
 * marked and coloured, what stayed the same is folded away behind a tick box (a box's record holds
 * every odds row; the one that moved is what the reader is looking for).
 */
export function JsonDiffView({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const rows = useMemo(() => diffJson(before, after), [before, after]);
  const count = (kind: DiffKind) => rows.filter((r) => r.kind === kind).length;
  const same = count('same');
  const [showSame, setShowSame] = useState(same === rows.length);
  if (rows.length === 0) return <p className="adm-diff__none">{t('admin.audit.diff.none')}</p>;
  const shown = showSame ? rows : rows.filter((r) => r.kind !== 'same');
  return (
    <div className="adm-diff">
      <div className="adm-diff__bar">
        <span>
          {t('admin.audit.diff.summary', {
            changed: count('changed'),
            added: count('added'),
            removed: count('removed'),
          })}
        </span>
        {same > 0 && same < rows.length && (
          <label className="adm-check adm-check--sm">
            <input type="checkbox" checked={showSame} onChange={(e) => setShowSame(e.target.checked)} />
            {t('admin.audit.diff.showSame', { count: same })}
          </label>
        )}
      </div>
      <table className="adm-diff__table">
        <thead>
          <tr>
            <th scope="col">{t('admin.audit.diff.field')}</th>
            <th scope="col">{t('admin.audit.diff.change')}</th>
            <th scope="col">{t('admin.audit.diff.before')}</th>
            <th scope="col">{t('admin.audit.diff.after')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => (
            <tr key={`${r.kind}:${r.path}`} className={`adm-diff__row adm-diff__row--${r.kind}`}>
              <th scope="row">
                <code>{r.path || t('admin.audit.diff.whole')}</code>
              </th>
              <td>
                <span className={`adm-diff__kind adm-diff__kind--${r.kind}`}>{t(`admin.audit.diff.${r.kind}`)}</span>
              </td>
              <td className="adm-diff__before">
                <code>{r.kind === 'added' ? '' : formatJsonValue(r.before)}</code>
              </td>
              <td className="adm-diff__after">
                <code>{r.kind === 'removed' ? '' : formatJsonValue(r.after)}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
