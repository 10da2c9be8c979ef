import type { AdminBanner, AdminNavEntry, AdminNotice } from '@kaixiang/shared/admin-content';
import type { Locale } from '@kaixiang/shared/locale';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { QueryFallback } from '../query-fallback.tsx';
import {
  type EntryDraft,
  type EntryKind,
  type EntryOf,
  useDeleteEntry,
  useEntries,
  useSaveEntry,
} from './content-api.ts';
import { ConfirmDialog, EntryDialog } from './entry-dialog.tsx';

type AnyEntry = AdminNotice | AdminBanner | AdminNavEntry;

/** The entry's text in the staff member's language, zh-CN when that one was left empty (as the site does). */
function textIn(e: AnyEntry, locale: Locale): string {
  const [cn, tw, en] =
    'content_zh_cn' in e
      ? [e.content_zh_cn, e.content_zh_tw, e.content_en]
      : [e.title_zh_cn, e.title_zh_tw, e.title_en];
  if (locale === 'zh-TW') return tw || cn;
  if (locale === 'en-US') return en || cn;
  return cn;
}

function Details({ entry }: { entry: AnyEntry }) {
  const { t } = useTranslation();
  if ('img' in entry)
    return (
      <>
        <td>
          <img className="adm-content__thumb" src={entry.img} alt="" loading="lazy" />
        </td>
        <td className="adm-table__mono">{entry.link || '—'}</td>
      </>
    );
  if ('path' in entry)
    return (
      <>
        <td className="adm-table__mono">{entry.path}</td>
        <td>{t(entry.need_login === 2 ? 'adminContent.needLogin.login' : 'adminContent.needLogin.open')}</td>
      </>
    );
  return null;
}

/**
 * One tab's entries (notices, banners or nav items), unpublished ones too, in the site's order:
 * edit in a dialog with the three languages side by side, publish or unpublish in place, delete
 * after a question.
 */
export function EntryList<K extends EntryKind>({ kind }: { kind: K }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const list = useEntries(kind);
  const save = useSaveEntry(kind);
  const remove = useDeleteEntry(kind);
  const [editing, setEditing] = useState<EntryOf<K> | 'new' | null>(null);
  const [deleting, setDeleting] = useState<EntryOf<K> | null>(null);

  const toggle = (entry: EntryOf<K>) => {
    const { created_at: _created, ...rest } = entry as EntryOf<K> & { created_at?: number };
    save.mutate({ ...(rest as EntryDraft), enabled: !entry.enabled });
  };

  return (
    <div className="adm-card">
      <div className="adm-card__bar">
        <p className="adm-screen__sub">{t(`adminContent.hint.${kind}`)}</p>
        <button type="button" className="button button--primary button--sm" onClick={() => setEditing('new')}>
          {t(`adminContent.create.${kind}`)}
        </button>
      </div>
      {list.data ? (
        list.data.length > 0 ? (
          <div className="adm-table-wrap">
            <table className={`adm-table ${save.isPending ? 'adm-table--busy' : ''}`}>
              <thead>
                <tr>
                  <th scope="col">{t(kind === 'notices' ? 'adminContent.col.content' : 'adminContent.col.title')}</th>
                  {kind === 'banners' && (
                    <>
                      <th scope="col">{t('adminContent.col.img')}</th>
                      <th scope="col">{t('adminContent.col.link')}</th>
                    </>
                  )}
                  {kind === 'nav' && (
                    <>
                      <th scope="col">{t('adminContent.col.path')}</th>
                      <th scope="col">{t('adminContent.col.needLogin')}</th>
                    </>
                  )}
                  <th scope="col">{t('adminContent.col.sort')}</th>
                  <th scope="col">{t('adminContent.col.state')}</th>
                  <th scope="col">{t('adminContent.col.actions')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((entry) => (
                  <tr key={entry.id} className="adm-table__row">
                    <td>
                      {textIn(entry, locale)} <span className="adm-table__muted">#{entry.id}</span>
                    </td>
                    <Details entry={entry} />
                    <td className="adm-table__mono">{entry.sort}</td>
                    <td>
                      {entry.enabled ? (
                        <span className="adm-tag adm-tag--ok">{t('adminContent.state.published')}</span>
                      ) : (
                        <span className="adm-tag">{t('adminContent.state.unpublished')}</span>
                      )}
                    </td>
                    <td className="adm-content__actions">
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        onClick={() => setEditing(entry)}
                      >
                        {t('adminContent.action.edit')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        disabled={save.isPending}
                        onClick={() => toggle(entry)}
                      >
                        {t(entry.enabled ? 'adminContent.action.unpublish' : 'adminContent.action.publish')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        onClick={() => {
                          remove.reset();
                          setDeleting(entry);
                        }}
                      >
                        {t('adminContent.action.delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <EmptyState compact title={t(`adminContent.empty.${kind}`)} />
        )
      ) : (
        <QueryFallback query={list} failedTitle={t('adminContent.loadFailed')} />
      )}
      {editing !== null && (
        <EntryDialog kind={kind} entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      {deleting && (
        <ConfirmDialog
          title={t('adminContent.delete.title')}
          hint={t('adminContent.delete.hint', { text: textIn(deleting, locale) })}
          confirmText={t('adminContent.action.delete')}
          busy={remove.isPending}
          error={remove.error}
          onClose={() => setDeleting(null)}
          onConfirm={() => remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </div>
  );
}
