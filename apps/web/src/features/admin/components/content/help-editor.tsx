import {
  CONTENT_LIMITS,
  CONTENT_LOCALES,
  HELP_PAGE_IDS,
  type HelpOverride,
  type HelpPageKey,
  helpBodyText,
} from '@kaixiang/shared/admin-content';
import { DEFAULT_LOCALE, type Locale } from '@kaixiang/shared/locale';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
// The static pages are the help feature's own: the console starts an edit from them and shows
// them again on revert, so it reads the very modules the public page reads.
import { loadHelpContent } from '../../../help/api/get-help-content.ts';
import type { HelpDoc } from '../../../help/content/help-content.types.ts';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { CONTENT_QUERY_ROOT, useHelpOverrides, useRevertHelp, useSaveHelp } from './content-api.ts';
import { ConfirmDialog } from './entry-dialog.tsx';

const LANG_LABEL: Record<Locale, string> = { 'zh-CN': 'zhCN', 'zh-TW': 'zhTW', 'en-US': 'enUS' };

/** The help route's slug of a page (the FAQ keeps the historical /help/qustion): its menu name's key. */
const slugOf = (page: HelpPageKey) => (page === 'question' ? 'qustion' : page);

function useStaticHelp() {
  return useQuery({
    queryKey: [...CONTENT_QUERY_ROOT, 'help-static'],
    queryFn: async () => {
      const [cn, tw, en] = await Promise.all(CONTENT_LOCALES.map((l) => loadHelpContent(l)));
      return { 'zh-CN': cn, 'zh-TW': tw, 'en-US': en } as Record<Locale, Partial<Record<HelpPageKey, HelpDoc>>>;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One language of one page: the override when there is one, else the static text to start from. */
function LanguageEditor({
  page,
  locale,
  override,
  staticDoc,
}: {
  page: HelpPageKey;
  locale: Locale;
  override: HelpOverride | undefined;
  staticDoc: HelpDoc | undefined;
}) {
  const { t } = useTranslation();
  const save = useSaveHelp();
  const revert = useRevertHelp();
  const initial = {
    title: override?.title ?? staticDoc?.title ?? '',
    body: override?.body ?? (staticDoc ? helpBodyText(staticDoc) : ''),
  };
  const [title, setTitle] = useState(initial.title);
  const [body, setBody] = useState(initial.body);
  const [reverting, setReverting] = useState(false);
  const changed = title !== initial.title || body !== initial.body;
  const label = t(`adminContent.lang.${LANG_LABEL[locale]}`);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({ page, locale, title, body });
  };

  return (
    <form className="adm-form adm-content__help-lang" onSubmit={submit} aria-label={label}>
      <div className="adm-content__help-head">
        <strong>{label}</strong>
        {override ? (
          <span className="adm-tag adm-tag--ok">{t('adminContent.help.edited')}</span>
        ) : (
          <span className="adm-tag">{t('adminContent.help.default')}</span>
        )}
      </div>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminContent.help.title')}</span>
        <input
          className="adm-input"
          required
          maxLength={CONTENT_LIMITS.helpTitle}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
        />
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminContent.help.body')}</span>
        <textarea
          className="adm-input adm-content__help-body"
          required
          rows={18}
          maxLength={CONTENT_LIMITS.helpBody}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <RefusalMessage error={save.error} />
      <div className="adm-form__actions">
        {override && (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => {
              revert.reset();
              setReverting(true);
            }}
          >
            {t('adminContent.help.revert')}
          </button>
        )}
        <button type="submit" className="button button--primary button--sm" disabled={!changed || save.isPending}>
          {t('adminContent.help.save', { lang: label })}
        </button>
      </div>
      {reverting && (
        <ConfirmDialog
          title={t('adminContent.help.revertTitle')}
          hint={t('adminContent.help.revertHint', { lang: label })}
          confirmText={t('adminContent.help.revert')}
          busy={revert.isPending}
          error={revert.error}
          onClose={() => setReverting(false)}
          onConfirm={() => revert.mutate({ page, locale }, { onSuccess: () => setReverting(false) })}
        />
      )}
    </form>
  );
}

/**
 * The help pages: pick one, then edit it in each language side by side, starting from the text the
 * site shows now; revert drops a language's edit so its static text shows again.
 */
export function HelpEditor() {
  const { t } = useTranslation();
  const overrides = useHelpOverrides();
  const statics = useStaticHelp();
  const [page, setPage] = useState<HelpPageKey>('question');

  if (!overrides.data || !statics.data)
    return (
      <div className="adm-card">
        <QueryFallback query={overrides.isError ? overrides : statics} failedTitle={t('adminContent.loadFailed')} />
      </div>
    );
  const edited = (p: HelpPageKey) => overrides.data.filter((o) => o.page === p).map((o) => o.locale);
  return (
    <div className="adm-content__help">
      <nav className="adm-card adm-content__pages" aria-label={t('adminContent.help.pages')}>
        {HELP_PAGE_IDS.map((p) => (
          <button
            type="button"
            key={p}
            className={`adm-content__page ${p === page ? 'is-active' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            onClick={() => setPage(p)}
          >
            <span>{t(`help.pages.${slugOf(p)}`)}</span>
            {edited(p).length > 0 && (
              <span className="adm-table__muted">
                {t('adminContent.help.editedIn', {
                  langs: edited(p)
                    .map((l) => t(`adminContent.lang.${LANG_LABEL[l]}`))
                    .join(' / '),
                })}
              </span>
            )}
          </button>
        ))}
      </nav>
      <div className="adm-card">
        <p className="adm-screen__sub">{t('adminContent.help.format')}</p>
        <div className="adm-content__langs">
          {CONTENT_LOCALES.map((locale) => {
            const override = overrides.data.find((o) => o.page === page && o.locale === locale);
            const staticDoc = statics.data[locale][page] ?? statics.data[DEFAULT_LOCALE][page];
            return (
              <LanguageEditor
                key={`${page}:${locale}:${override?.updated_at ?? 'static'}`}
                page={page}
                locale={locale}
                override={override}
                staticDoc={staticDoc}
              />
            );
          })}
        </div>
      </div>
    </div>
  );
}
