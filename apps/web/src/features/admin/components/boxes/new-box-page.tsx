import { ADMIN_BOX_SLUG } from '@kaixiang/shared/admin-boxes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { InputField } from '../console-form.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { BoxDetailsFields, type BoxDetailsText, detailsOf } from './box-details-fields.tsx';
import { BOXES_PATH, boxPath } from './box-paths.ts';
import { useBoxList, useCreateBox } from './boxes-api.ts';
import { OddsEditor } from './odds-editor.tsx';

const EMPTY: BoxDetailsText = { name_zh_cn: '', name_zh_tw: '', name_en: '', category_id: '', image: '' };

/**
 * A new box: its slug, names, category and picture, then its contents and price in the odds
 * editor (items from the catalogue, the server's judgement of EV and RTP as they change). It is
 * created unpublished, as version 1, and its page opens.
 */
export function NewBoxPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useBoxList();
  const create = useCreateBox();
  const [slug, setSlug] = useState('');
  const [details, setDetails] = useState(EMPTY);
  const parsed = detailsOf(details);
  const meta = parsed && ADMIN_BOX_SLUG.test(slug.trim()) ? { slug: slug.trim(), ...parsed } : null;
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
          <InputField label={t('adminBoxes.create.slug')} maxLength={63} value={slug} onValue={setSlug} />
          <BoxDetailsFields value={details} onChange={setDetails} categories={list.data.categories} />
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
