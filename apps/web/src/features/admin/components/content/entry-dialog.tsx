import { CONTENT_LIMITS, NAV_BADGES } from '@kaixiang/shared/admin-content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';
import { type EntryDraft as Draft, type EntryKind, type EntryOf, useSaveEntry } from './content-api.ts';

/** The three stored languages of an entry's text, in the order the dialog shows them. */
const LANGS = [
  { suffix: 'zh_cn', label: 'zhCN' },
  { suffix: 'zh_tw', label: 'zhTW' },
  { suffix: 'en', label: 'enUS' },
] as const;

/** The text an entry carries in three languages: a notice's content, a banner's or nav item's title. */
const TEXT = {
  notices: { base: 'content', max: CONTENT_LIMITS.notice, multiline: true },
  banners: { base: 'title', max: CONTENT_LIMITS.bannerTitle, multiline: false },
  nav: { base: 'title', max: CONTENT_LIMITS.navTitle, multiline: false },
} as const;

/** A new entry's starting values: unpublished, so an operator checks it before players see it. */
const BLANK: { [K in EntryKind]: Draft } = {
  notices: { content_zh_cn: '', content_zh_tw: '', content_en: '', sort: 0, enabled: false },
  banners: { title_zh_cn: '', title_zh_tw: '', title_en: '', img: '', link: '', sort: 0, enabled: false },
  nav: {
    title_zh_cn: '',
    title_zh_tw: '',
    title_en: '',
    path: '',
    icon: '',
    need_login: 1,
    badge: null,
    sort: 0,
    enabled: false,
  },
};

/**
 * Creates or edits one notice, banner or nav item: its text in the three languages side by side
 * (zh-CN required, the others fall back to it), then the kind's own fields. The server checks
 * every rule; its refusal shows here in its words.
 */
export function EntryDialog<K extends EntryKind>({
  kind,
  entry,
  onClose,
}: {
  kind: K;
  entry: EntryOf<K> | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveEntry(kind);
  const [draft, setDraft] = useState<Draft>(() => {
    if (!entry) return { ...BLANK[kind] };
    const { created_at: _created, ...rest } = entry as EntryOf<K> & { created_at?: number };
    return rest as Draft;
  });
  const set = (key: string, value: Draft[string]) => setDraft((d) => ({ ...d, [key]: value }));
  const text = TEXT[kind];
  const str = (key: string) => String(draft[key] ?? '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(draft, { onSuccess: onClose });
  };

  const urlField = (key: 'img' | 'link' | 'path', required: boolean) => (
    <label className="adm-field" key={key}>
      <span className="adm-field__label">{t(`adminContent.field.${key}`)}</span>
      <input
        className="adm-input"
        required={required}
        maxLength={CONTENT_LIMITS.url}
        value={str(key)}
        placeholder={t(`adminContent.placeholder.${key}`)}
        onChange={(e) => set(key, e.target.value)}
      />
    </label>
  );

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title={t(entry ? `adminContent.dialog.edit.${kind}` : `adminContent.dialog.create.${kind}`)}
    >
      <form className="adm-form" onSubmit={submit}>
        <div className="adm-content__langs">
          {LANGS.map(({ suffix, label }) => {
            const key = `${text.base}_${suffix}`;
            const props = {
              id: `adm-content-${key}`,
              className: 'adm-input',
              required: suffix === 'zh_cn',
              maxLength: text.max,
              value: str(key),
              placeholder: suffix === 'zh_cn' ? '' : t('adminContent.dialog.fallback'),
              onChange: (e: { target: { value: string } }) => set(key, e.target.value),
            };
            return (
              <label className="adm-field" key={key} htmlFor={props.id}>
                <span className="adm-field__label">
                  {t(`adminContent.field.${text.base}`)} · {t(`adminContent.lang.${label}`)}
                </span>
                {text.multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
              </label>
            );
          })}
        </div>
        <div className="adm-content__fields">
          {kind === 'banners' && [urlField('img', true), urlField('link', false)]}
          {kind === 'nav' && (
            <>
              {urlField('path', true)}
              <label className="adm-field">
                <span className="adm-field__label">{t('adminContent.field.icon')}</span>
                <input
                  className="adm-input"
                  maxLength={CONTENT_LIMITS.icon}
                  value={str('icon')}
                  onChange={(e) => set('icon', e.target.value)}
                />
              </label>
              <label className="adm-field">
                <span className="adm-field__label">{t('adminContent.field.needLogin')}</span>
                <select
                  className="adm-select"
                  value={String(draft.need_login)}
                  onChange={(e) => set('need_login', Number(e.target.value))}
                >
                  <option value="1">{t('adminContent.needLogin.open')}</option>
                  <option value="2">{t('adminContent.needLogin.login')}</option>
                </select>
              </label>
              <label className="adm-field">
                <span className="adm-field__label">{t('adminContent.field.badge')}</span>
                <select
                  className="adm-select"
                  value={str('badge')}
                  onChange={(e) => set('badge', e.target.value === '' ? null : e.target.value)}
                >
                  <option value="">{t('adminContent.badge.none')}</option>
                  {NAV_BADGES.map((b) => (
                    <option key={b} value={b}>
                      {t(`adminContent.badge.${b}`)}
                    </option>
                  ))}
                </select>
              </label>
            </>
          )}
          <label className="adm-field">
            <span className="adm-field__label">{t('adminContent.field.sort')}</span>
            <input
              className="adm-input"
              type="number"
              step={1}
              value={String(draft.sort)}
              onChange={(e) => set('sort', Number.parseInt(e.target.value, 10) || 0)}
            />
          </label>
          <label className="adm-content__check">
            <input
              type="checkbox"
              checked={draft.enabled === true}
              onChange={(e) => set('enabled', e.target.checked)}
            />
            <span>{t('adminContent.field.enabled')}</span>
          </label>
        </div>
        <RefusalMessage error={save.error} />
        <div className="adm-form__actions">
          <button type="button" className="button button--ghost button--sm" onClick={onClose}>
            {t('adminContent.dialog.cancel')}
          </button>
          <button type="submit" className="button button--primary button--sm" disabled={save.isPending}>
            {t('adminContent.dialog.save')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/** A yes/no question before something that cannot be undone from the screen (delete, revert). */
export function ConfirmDialog({
  title,
  hint,
  confirmText,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  title: string;
  hint: string;
  confirmText: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} title={title} size="sm">
      <div className="adm-form">
        <p>{hint}</p>
        <RefusalMessage error={error} />
        <div className="adm-form__actions">
          <button type="button" className="button button--ghost button--sm" onClick={onClose}>
            {t('adminContent.dialog.cancel')}
          </button>
          <button type="button" className="button button--primary button--sm" disabled={busy} onClick={onConfirm}>
            {confirmText}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
