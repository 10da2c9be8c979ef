import type { AdminBoxDetail } from '@kaixiang/shared/admin-boxes';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dialog } from '../../../../components/dialog.tsx';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { FormActions } from '../console-form.tsx';
import { BoxDetailsFields, type BoxDetailsText, detailsOf } from './box-details-fields.tsx';
import { BOXES_PATH } from './box-paths.ts';
import {
  nameIn,
  rtpText,
  useBoxDetail,
  useBoxList,
  usePublishBox,
  useSaveBoxVersion,
  useUpdateBoxDetails,
} from './boxes-api.ts';
import { OddsEditor, startFrom } from './odds-editor.tsx';
import { ReasonDialog, ReasonField, RefusalMessage } from './reason-dialog.tsx';

function PublishButton({ detail }: { detail: AdminBoxDetail }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const mutation = usePublishBox(detail.box.box_id);
  const publish = !detail.box.published;
  const verb = publish ? 'publish' : 'unpublish';
  const close = () => {
    setOpen(false);
    mutation.reset();
  };
  return (
    <>
      <button type="button" className="button button--ghost button--sm" onClick={() => setOpen(true)}>
        {t(`adminBoxes.publish.${verb}`)}
      </button>
      {open && (
        <ReasonDialog
          title={t(`adminBoxes.publish.${verb}Title`)}
          hint={t(`adminBoxes.publish.${verb}Hint`)}
          submitText={t('adminBoxes.publish.confirm')}
          busy={mutation.isPending}
          error={mutation.error}
          onClose={close}
          onSubmit={(reason) =>
            mutation.mutate({ box_id: detail.box.box_id, published: publish, reason }, { onSuccess: close })
          }
        />
      )}
    </>
  );
}

/** Names, category and picture: changed with a reason, no new odds version. */
function DetailsButton({ detail }: { detail: AdminBoxDetail }) {
  const { t } = useTranslation();
  const { box } = detail;
  const [open, setOpen] = useState(false);
  const [details, setDetails] = useState<BoxDetailsText>(() => textOf(box));
  const [reason, setReason] = useState('');
  const list = useBoxList();
  const mutation = useUpdateBoxDetails(box.box_id);
  const parsed = detailsOf(details);
  const close = () => {
    setOpen(false);
    mutation.reset();
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!parsed || !reason.trim() || mutation.isPending) return;
    mutation.mutate({ box_id: box.box_id, ...parsed, reason: reason.trim() }, { onSuccess: close });
  };
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--sm"
        onClick={() => {
          setDetails(textOf(box));
          setReason('');
          setOpen(true);
        }}
      >
        {t('adminBoxes.details.open')}
      </button>
      {open && (
        <Dialog open onClose={close} title={t('adminBoxes.details.title')} size="sm">
          <form className="adm-form" onSubmit={submit}>
            <p>{t('adminBoxes.details.hint')}</p>
            <BoxDetailsFields value={details} onChange={setDetails} categories={list.data?.categories ?? []} />
            <ReasonField value={reason} onValue={setReason} />
            <RefusalMessage error={mutation.error} />
            <FormActions
              cancelText={t('admin.reason.cancel')}
              submitText={t('adminBoxes.details.confirm')}
              disabled={!parsed || !reason.trim() || mutation.isPending}
              onClose={close}
            />
          </form>
        </Dialog>
      )}
    </>
  );
}

/** The form's starting text: the box as it is; its own drawing shows as an empty picture address. */
const textOf = (box: AdminBoxDetail['box']): BoxDetailsText => ({
  name_zh_cn: box.name_zh_cn,
  name_zh_tw: box.name_zh_tw,
  name_en: box.name_en,
  category_id: String(box.category_id),
  image: box.image === box.fallback_image ? '' : box.image,
});

function Versions({ versions }: { versions: AdminBoxDetail['versions'] }) {
  const { t } = useTranslation();
  return (
    <section className="adm-card" aria-label={t('adminBoxes.versions.title')}>
      <h2 className="adm-card__title">{t('adminBoxes.versions.title')}</h2>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('adminBoxes.versions.version')}</th>
              <th scope="col">{t('adminBoxes.versions.hash')}</th>
              <th scope="col">{t('adminBoxes.versions.price')}</th>
              <th scope="col">{t('adminBoxes.versions.rtp')}</th>
              <th scope="col">{t('adminBoxes.versions.created')}</th>
              <th scope="col">{t('adminBoxes.versions.by')}</th>
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version}>
                <td className="adm-table__mono">v{v.version}</td>
                <td className="adm-table__mono" title={v.odds_hash}>
                  {v.odds_hash.slice(0, 12)}…
                </td>
                <td>
                  <Price units={v.price} />
                </td>
                <td className="adm-table__mono">{rtpText(v.rtp_bp)}</td>
                <td className="adm-table__time">{localDateTime(v.created_at)}</td>
                <td>
                  {v.created_by === null
                    ? t('adminBoxes.versions.seed')
                    : t('adminBoxes.versions.admin', { id: v.created_by })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function BoxBody({ detail }: { detail: AdminBoxDetail }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { box, current } = detail;
  // The save lives here, not in the editor: the editor starts afresh on the version it made, and
  // the notice of that version stays.
  const save = useSaveBoxVersion(box.box_id);
  const saved = save.data?.current;
  return (
    <>
      <header className="adm-screen__head">
        <p>
          <Link to={BOXES_PATH}>{t('adminBoxes.back')}</Link>
        </p>
        <h1 className="adm-screen__title">
          {nameIn(box, locale)} <span className="adm-table__muted">#{box.box_id}</span>
        </h1>
        <p className="adm-screen__sub">
          <code>{box.slug}</code>{' '}
          <span className="adm-tag">{t('adminBoxes.head.version', { version: current.version })}</span>{' '}
          {box.published ? (
            <span className="adm-tag adm-tag--ok">{t('adminBoxes.published')}</span>
          ) : (
            <span className="adm-tag">{t('adminBoxes.unpublished')}</span>
          )}{' '}
          <span className="adm-table__muted">{t('adminBoxes.head.openings', { count: detail.openings })}</span>
        </p>
        <div className="adm-toolbar">
          <DetailsButton detail={detail} />
          <PublishButton detail={detail} />
        </div>
      </header>
      {saved && saved.version === current.version && (
        <p className="adm-boxes__saved" role="status">
          {t('adminBoxes.editor.saved', { version: saved.version, hash: saved.odds_hash })}
        </p>
      )}
      {/* Keyed by version: a saved version is a fresh table to edit from, with its own base. */}
      <OddsEditor
        key={current.version}
        start={startFrom(detail)}
        action={{
          text: t('adminBoxes.editor.save'),
          title: t('adminBoxes.editor.saveTitle'),
          hint: t('adminBoxes.editor.saveHint', { version: current.version }),
          confirm: t('adminBoxes.editor.saveConfirm'),
          ready: true,
          busy: save.isPending,
          error: save.error,
          reset: save.reset,
          submit: (table, reason) =>
            save.mutate({ box_id: box.box_id, base_version: current.version, ...table, reason }),
        }}
      />
      <Versions versions={detail.versions} />
    </>
  );
}

/** One box: its state, the odds editor on its current version, and every version. */
export function BoxPage({ boxId }: { boxId: number }) {
  const { t } = useTranslation();
  const result = useBoxDetail(boxId);
  return (
    <section className="adm-screen">
      {result.data ? (
        <BoxBody detail={result.data} />
      ) : result.isError ? (
        <>
          <p>
            <Link to={BOXES_PATH}>{t('adminBoxes.back')}</Link>
          </p>
          <EmptyState
            compact
            title={t('adminBoxes.loadFailed')}
            hint={result.error.message}
            action={
              <button type="button" className="button button--ghost button--sm" onClick={() => void result.refetch()}>
                {t('admin.gate.retry')}
              </button>
            }
          />
        </>
      ) : (
        <div className="adm-card__loading">
          <Spinner />
        </div>
      )}
    </section>
  );
}
