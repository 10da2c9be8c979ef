import { type AdminFreeBox, FREE_BOX_KINDS, type FreeBoxKind } from '@kaixiang/shared/energy';
import { formatUnits } from '@kaixiang/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { Field, QueryTable } from '../console-form.tsx';
import { FormDialog, StateTag, useRuleText } from './promotion-bits.tsx';
import { useBoxesOnSale, useFreeBoxes, useUpdateFreeBox } from './promotions-api.ts';

/** One kind of free box, and its row when the server has one (a kind never set up has none). */
type Slot = { kind: FreeBoxKind; box: AdminFreeBox | null };

/**
 * Choose a free box's box and switch it on or off (admin/v1/free-boxes/update). The box must be on
 * sale (FREE_BOX_BOX_INVALID otherwise), so only those are offered; the current box stays offered
 * even when it has gone off sale, so that switching the free box on or off does not force a new box.
 */
function FreeBoxDialog({ slot, onClose }: { slot: Slot; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const update = useUpdateFreeBox();
  const onSale = useBoxesOnSale();
  const current = slot.box;
  const [boxId, setBoxId] = useState(current ? String(current.box_id) : '');
  const [enabled, setEnabled] = useState(current?.enabled ?? true);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const boxes = onSale.data ?? [];
  const currentOffSale = current !== null && onSale.isSuccess && !boxes.some((b) => b.box_id === current.box_id);

  function submit(e: FormEvent) {
    e.preventDefault();
    const broken = boxId ? null : rule('FREE_BOX_BOX_INVALID');
    setProblem(broken);
    if (broken) return;
    // The box goes only when it changes: the server checks a sent box is on sale, and an operator
    // switching off a free box whose box has left the shop must not be refused for it.
    const changed = boxId !== String(current?.box_id);
    update.mutate(
      { kind: slot.kind, ...(changed ? { box_id: Number(boxId) } : {}), enabled, reason: reason.trim() },
      { onSuccess: onClose },
    );
  }

  return (
    <FormDialog
      title={t('adminPromotions.free.form.title', { kind: t(`adminPromotions.free.kind.${slot.kind}`) })}
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={update}
    >
      <Field label={t('adminPromotions.free.form.box')}>
        <select className="adm-select" value={boxId} onChange={(e) => setBoxId(e.target.value)}>
          <option value="">{t('adminPromotions.free.form.pickBox')}</option>
          {boxes.map((b) => (
            <option key={b.box_id} value={String(b.box_id)}>
              {`#${b.box_id} ${b.name} · ¥${formatUnits(b.price)}`}
            </option>
          ))}
          {current && !boxes.some((b) => b.box_id === current.box_id) && (
            <option value={String(current.box_id)}>
              {onSale.isSuccess
                ? t('adminPromotions.free.form.offSaleBox', { id: current.box_id })
                : `#${current.box_id} ${current.box_name}`}
            </option>
          )}
        </select>
      </Field>
      {onSale.isError && <p className="adm-table__muted">{t('adminPromotions.free.form.boxesFailed')}</p>}
      {currentOffSale && boxId === String(current.box_id) && (
        <p className="adm-table__muted">{t('adminPromotions.free.form.offSaleHint')}</p>
      )}
      <label className="adm-promotions__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminPromotions.free.form.enabled')}
      </label>
    </FormDialog>
  );
}

/**
 * The free boxes tab (首充免费箱, the trade-link box): each kind with its box and price (what the
 * house pays for one opening), on/off, how many were claimed; choose the box, switch it on or off.
 * Both kinds are always listed: the API lists only kinds set up, and one not set up is set up here.
 */
export function FreeBoxesTab() {
  const { t } = useTranslation();
  const freeBoxes = useFreeBoxes();
  const [editing, setEditing] = useState<Slot | null>(null);
  const list = freeBoxes.data?.list;
  const slots = list && {
    list: FREE_BOX_KINDS.map((kind): Slot => ({ kind, box: list.find((b) => b.kind === kind) ?? null })),
  };
  return (
    <div className="adm-card">
      <div className="adm-promotions__toolbar">
        <h2 className="adm-card__title">{t('adminPromotions.free.title')}</h2>
      </div>
      <p className="adm-promotions__note">{t('adminPromotions.free.hint')}</p>
      <QueryTable
        query={{ data: slots, isError: freeBoxes.isError, error: freeBoxes.error, refetch: freeBoxes.refetch }}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.free.empty')}
        columns={[
          t('adminPromotions.free.col.kind'),
          t('adminPromotions.free.col.box'),
          t('adminPromotions.free.col.price'),
          t('adminPromotions.col.state'),
          t('adminPromotions.free.col.claimed'),
          t('adminPromotions.free.col.updated'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map(({ kind, box }) => (
            <tr key={kind} className="adm-table__row">
              <td>
                {t(`adminPromotions.free.kind.${kind}`)}
                <br />
                <span className="adm-table__muted">{t(`adminPromotions.free.rule.${kind}`)}</span>
              </td>
              <td>
                {box && (
                  // The list names no box it cannot find on sale: players are shown nothing then.
                  <>
                    {`#${box.box_id} ${box.box_name}`.trim()}
                    {!box.box_name && (
                      <>
                        <br />
                        <span className="adm-tag adm-tag--warn">{t('adminPromotions.free.offSale')}</span>
                      </>
                    )}
                  </>
                )}
              </td>
              <td>{box?.box_name ? <Price units={box.price} /> : null}</td>
              <td>
                <StateTag state={box ? (box.enabled ? 'enabled' : 'disabled') : 'notSetUp'} />
              </td>
              <td>{box?.claimed ?? 0}</td>
              <td className="adm-table__time">{box ? localDateTime(box.updated_at) : null}</td>
              <td className="adm-promotions__actions">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => setEditing({ kind, box })}
                >
                  {t(box ? 'adminPromotions.edit' : 'adminPromotions.free.setUp')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {editing && <FreeBoxDialog slot={editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
