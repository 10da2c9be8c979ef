import { type AdminPointsShopEntry, POINTS_SHOP_MAX_STOCK } from '@kaixiang/shared/admin-points-shop';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { InputField, QueryTable } from '../console-form.tsx';
import { PointsShopDialog } from './points-shop-dialog.tsx';
import { FormDialog, StateTag, TabToolbar } from './promotion-bits.tsx';
import {
  intOf,
  nameIn,
  useAddPointsShopStock,
  usePointsShopEntries,
  useUpdatePointsShopEntry,
  useWithdrawPointsShopEntry,
} from './promotions-api.ts';

type Entry = AdminPointsShopEntry;

const nameOf = (e: Entry) => ({ zh_cn: e.name_zh_cn, zh_tw: e.name_zh_tw, en: e.name_en });

/** Raise a limited entry's stock by an increment (admin/v1/points-shop/add-stock): sales meanwhile are kept. */
function AddStockDialog({ entry, onClose }: { entry: Entry; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const add = useAddPointsShopStock();
  const [count, setCount] = useState('');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  function submit(e: FormEvent) {
    e.preventDefault();
    const n = intOf(count);
    const broken =
      n === null || n < 1 || n > POINTS_SHOP_MAX_STOCK
        ? t('adminPromotions.shop.stockForm.problem', { max: POINTS_SHOP_MAX_STOCK })
        : null;
    setProblem(broken);
    if (broken || n === null) return;
    add.mutate({ id: entry.id, add: n, reason: reason.trim() }, { onSuccess: onClose });
  }
  return (
    <FormDialog
      title={t('adminPromotions.shop.stockForm.title', { name: nameIn(nameOf(entry), locale) })}
      size="sm"
      formClassName="adm-form"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={add}
    >
      <p>{t('adminPromotions.shop.stockForm.hint', { stock: entry.stock ?? 0 })}</p>
      <InputField
        label={t('adminPromotions.shop.stockForm.add', { max: POINTS_SHOP_MAX_STOCK })}
        inputMode="numeric"
        value={count}
        onValue={setCount}
      />
    </FormDialog>
  );
}

/** What an entry gives, in the reader's words: the item and its wear, the coins, or the bags. */
function Goods({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (entry.kind === 'coin') return <Price units={entry.coin ?? 0} />;
  if (entry.kind === 'bag') {
    return <>{t('adminPromotions.shop.bags', { id: entry.bag_campaign_id, count: entry.bag_count ?? 0 })}</>;
  }
  const wear = entry.exter !== null && isWearGrade(entry.exter) ? WEAR_GRADE_LABELS[entry.exter][locale] : '';
  return <>{`#${entry.item_id} ${wear}`.trim()}</>;
}

/** An entry's state: on sale now, on but outside its window, or withdrawn. */
const stateOf = (e: Entry) => (e.active ? 'onSale' : e.enabled ? 'inactive' : 'withdrawn');

/**
 * The points shop tab: every entry, withdrawn ones too, with what one costs the house and what it
 * sold; create, edit, add stock, withdraw and put back (entries are never deleted).
 */
export function PointsShopTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const entries = usePointsShopEntries();
  const withdraw = useWithdrawPointsShopEntry();
  const putBack = useUpdatePointsShopEntry();
  const [editing, setEditing] = useState<Entry | 'new' | null>(null);
  const [stocking, setStocking] = useState<Entry | null>(null);
  const [switching, setSwitching] = useState<Entry | null>(null);
  const toggle = switching?.enabled ? withdraw : putBack;
  const button = (text: string, onClick: () => void) => (
    <button type="button" className="button button--ghost button--sm" onClick={onClick}>
      {text}
    </button>
  );
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.shop.title')}
        createText={t('adminPromotions.shop.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={entries}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.shop.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.shop.col.name'),
          t('adminPromotions.shop.col.goods'),
          t('adminPromotions.shop.col.price'),
          t('adminPromotions.shop.col.stock'),
          t('adminPromotions.shop.col.window'),
          t('adminPromotions.col.state'),
          t('adminPromotions.shop.col.sold'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((e) => (
            <tr key={e.id} className="adm-table__row">
              <td className="adm-table__mono">{e.id}</td>
              <td>
                {nameIn(nameOf(e), locale)}
                <br />
                <span className="adm-table__muted">
                  {[e.name_zh_cn, e.name_zh_tw, e.name_en].filter(Boolean).join(' / ')}
                </span>
              </td>
              <td>
                {t(`adminPromotions.shop.kind.${e.kind}`)} · <Goods entry={e} />
                <br />
                <span className="adm-table__muted">
                  {t('adminPromotions.shop.worth')} <Price units={e.worth} />
                </span>
              </td>
              <td>{t('adminPromotions.shop.points', { points: e.price })}</td>
              <td>
                {e.stock === null ? t('adminPromotions.shop.unlimited') : e.stock}
                <br />
                <span className="adm-table__muted">
                  {e.limit === null
                    ? t('adminPromotions.shop.noLimit')
                    : t(`adminPromotions.shop.limit.${e.limit_period}`, { limit: e.limit })}
                </span>
              </td>
              <td className="adm-table__time">
                {e.starts_at === null ? t('adminPromotions.shop.open') : localDateTime(e.starts_at)}
                <br />
                {e.ends_at === null ? t('adminPromotions.shop.open') : localDateTime(e.ends_at)}
              </td>
              <td>
                <StateTag state={stateOf(e)} />
              </td>
              <td>
                {t('adminPromotions.shop.sold', { sold: e.sold, points: e.points_taken })}
                <br />
                <Price units={e.worth_given} />
              </td>
              <td className="adm-promotions__actions">
                {button(t('adminPromotions.edit'), () => setEditing(e))}
                {e.stock !== null &&
                  button(t('adminPromotions.shop.addStock'), () => {
                    setStocking(e);
                  })}
                {button(t(e.enabled ? 'adminPromotions.shop.withdraw' : 'adminPromotions.shop.putBack'), () => {
                  withdraw.reset();
                  putBack.reset();
                  setSwitching(e);
                })}
              </td>
            </tr>
          ))
        }
      />
      {editing && <PointsShopDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {stocking && <AddStockDialog entry={stocking} onClose={() => setStocking(null)} />}
      {switching && (
        <ReasonDialog
          title={t(switching.enabled ? 'adminPromotions.shop.withdrawTitle' : 'adminPromotions.shop.putBackTitle', {
            name: nameIn(nameOf(switching), locale),
          })}
          hint={t(switching.enabled ? 'adminPromotions.shop.withdrawHint' : 'adminPromotions.shop.putBackHint')}
          submitText={t(switching.enabled ? 'adminPromotions.shop.withdraw' : 'adminPromotions.shop.putBack')}
          busy={toggle.isPending}
          error={toggle.error}
          onClose={() => setSwitching(null)}
          onSubmit={(reason) => {
            const done = { onSuccess: () => setSwitching(null) };
            if (switching.enabled) withdraw.mutate({ id: switching.id, reason }, done);
            else putBack.mutate({ id: switching.id, enabled: true, reason }, done);
          }}
        />
      )}
    </div>
  );
}
