import type { AdminWishEntry } from '@kaixiang/shared/admin-wishing-well';
import { isWearGrade, WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { QueryTable } from '../console-form.tsx';
import { StateTag, TabToolbar } from './promotion-bits.tsx';
import { nameIn, useUpdateWishEntry, useWishEntries, useWithdrawWishEntry } from './promotions-api.ts';
import { percentText, rtpText, WishDialog } from './wish-dialog.tsx';

const nameOf = (e: AdminWishEntry) => ({ zh_cn: e.name_zh_cn, zh_tw: e.name_zh_tw, en: e.name_en });

/** An amount in the entry's currency: points as a count, coins as a Price. */
function Amount({ entry, value }: { entry: AdminWishEntry; value: number }) {
  const { t } = useTranslation();
  return entry.currency === 'coin' ? <Price units={value} /> : t('adminPromotions.wish.points', { points: value });
}

/**
 * The wishing well tab: every entry, withdrawn ones too, with its chance, return to player and
 * what its wishes took and gave; add, edit, withdraw and put back (entries are never deleted).
 */
export function WishingWellTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const entries = useWishEntries();
  const withdraw = useWithdrawWishEntry();
  const putBack = useUpdateWishEntry();
  const [editing, setEditing] = useState<AdminWishEntry | 'new' | null>(null);
  const [switching, setSwitching] = useState<AdminWishEntry | null>(null);
  const toggle = switching?.enabled ? withdraw : putBack;
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.wish.title')}
        createText={t('adminPromotions.wish.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={entries}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.wish.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.wish.col.name'),
          t('adminPromotions.wish.col.item'),
          t('adminPromotions.wish.col.terms'),
          t('adminPromotions.wish.col.rtp'),
          t('adminPromotions.col.state'),
          t('adminPromotions.wish.col.wishes'),
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
                {`#${e.item_id} ${isWearGrade(e.exter) ? WEAR_GRADE_LABELS[e.exter][locale] : ''}`.trim()}
                <br />
                <Price units={e.worth} />
              </td>
              <td>
                <Amount entry={e} value={e.price} /> · {`${percentText(e.chance_ppm)}%`}
              </td>
              <td>{rtpText(e.rtp_ppm)}</td>
              <td>
                <StateTag state={e.enabled ? 'onSale' : 'withdrawn'} />
              </td>
              <td>
                {t('adminPromotions.wish.counts', { wishes: e.wishes, hits: e.hits })}
                <br />
                <span className="adm-table__muted">
                  {t('adminPromotions.wish.taken')} <Amount entry={e} value={e.taken} /> ·{' '}
                  {t('adminPromotions.wish.given')} <Price units={e.worth_given} />
                </span>
              </td>
              <td className="adm-promotions__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(e)}>
                  {t('adminPromotions.edit')}
                </button>
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => {
                    withdraw.reset();
                    putBack.reset();
                    setSwitching(e);
                  }}
                >
                  {t(e.enabled ? 'adminPromotions.wish.withdraw' : 'adminPromotions.wish.putBack')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {editing && <WishDialog entry={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {switching && (
        <ReasonDialog
          title={t(switching.enabled ? 'adminPromotions.wish.withdrawTitle' : 'adminPromotions.wish.putBackTitle', {
            name: nameIn(nameOf(switching), locale),
          })}
          hint={t(switching.enabled ? 'adminPromotions.wish.withdrawHint' : 'adminPromotions.wish.putBackHint')}
          submitText={t(switching.enabled ? 'adminPromotions.wish.withdraw' : 'adminPromotions.wish.putBack')}
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
