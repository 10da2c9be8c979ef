import { ADMIN_BOX_SLUG } from '@kaixiang/shared/admin-boxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { BOXES_PATH, boxPath } from './box-paths.ts';
import { nameIn, useBoxList, useCreateBox } from './boxes-api.ts';
import { OddsEditor } from './odds-editor.tsx';

const EMPTY = { slug: '', name_zh_cn: '', name_zh_tw: '', name_en: '', category_id: '', image: '' };
type Fields = typeof EMPTY;

/** The fields the server takes (the same bounds as its schema), or null while one is missing or malformed. */
function metaOf(f: Fields) {
  const names = [f.name_zh_cn.trim(), f.name_zh_tw.trim(), f.name_en.trim()] as const;
  const category = Number(f.category_id);
  if (!ADMIN_BOX_SLUG.test(f.slug.trim()) || names.some((n) => n === '') || !(category > 0)) return null;
  return {
    slug: f.slug.trim(),
    name_zh_cn: names[0],
    name_zh_tw: names[1],
    name_en: names[2],
    category_id: category,
    image: f.image.trim(),
  };
}

/**
 * A new box: its slug, names, category and picture, then its contents and price in the odds
 * editor (items from the catalogue, the server's judgement of EV and RTP as they change). It is
 * created unpublished, as version 1, and its page opens.
 */
export function NewBoxPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const list = useBoxList();
  const create = useCreateBox();
  const [fields, setFields] = useState(EMPTY);
  const meta = metaOf(fields);
  const field = (key: keyof Fields, label: string, maxLength: number) => (
    <label className="adm-field">
      <span className="adm-field__label">{label}</span>
      <input
        className="adm-input"
        maxLength={maxLength}
        value={fields[key]}
        onChange={(e) => setFields({ ...fields, [key]: e.target.value })}
      />
    </label>
  );
  return (
    <section className="adm-screen" aria-labelledby="adm-new-box-title">
      <header className="adm-screen__head">
        <p>
          <Link to={BOXES_PATH}>{t('adminBoxes.back')}</Link>
        </p>
        <h1 id="adm-new-box-title" className="adm-screen__title">
          {t('adminBoxes.create.title')}
        </h1>
        <p className="adm-screen__sub">{t('adminBoxes.create.hint')}</p>
      </header>
      {list.data ? (
        <div className="adm-card adm-card--pad adm-boxes__meta">
          {field('slug', t('adminBoxes.create.slug'), 63)}
          {field('name_zh_cn', t('adminBoxes.create.nameZhCn'), 40)}
          {field('name_zh_tw', t('adminBoxes.create.nameZhTw'), 40)}
          {field('name_en', t('adminBoxes.create.nameEn'), 60)}
          <label className="adm-field">
            <span className="adm-field__label">{t('adminBoxes.create.category')}</span>
            <select
              className="adm-select"
              value={fields.category_id}
              onChange={(e) => setFields({ ...fields, category_id: e.target.value })}
            >
              <option value="">{t('adminBoxes.create.categoryPick')}</option>
              {list.data.categories.map((c) => (
                <option key={c.category_id} value={c.category_id}>
                  {nameIn(c, locale)}
                </option>
              ))}
            </select>
          </label>
          {field('image', t('adminBoxes.create.image'), 500)}
          {!meta && <p className="adm-table__muted">{t('adminBoxes.create.fieldsMissing')}</p>}
        </div>
      ) : (
        <div className="adm-card">
          <QueryFallback query={list} failedTitle={t('adminBoxes.loadFailed')} />
        </div>
      )}
      <OddsEditor
        start={{ priceText: '', rows: [], loaded: null }}
        action={{
          text: t('adminBoxes.create.submit'),
          title: t('adminBoxes.create.dialogTitle'),
          hint: t('adminBoxes.create.hint'),
          confirm: t('adminBoxes.create.confirm'),
          ready: meta !== null,
          busy: create.isPending,
          error: create.error,
          reset: create.reset,
          submit: (table, reason) => {
            if (!meta) return;
            create.mutate(
              { ...meta, ...table, reason },
              { onSuccess: (detail) => navigate(boxPath(detail.box.box_id)) },
            );
          },
        }}
      />
    </section>
  );
}
