import { type AdminCampaign, BAG_MAX_PER_GRANT } from '@kaixiang/shared/admin-bags';
import { isRecordId } from '@kaixiang/shared/record-id';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { InputField, QueryTable } from '../console-form.tsx';
import { BagCampaignDialog } from './bag-campaign-dialog.tsx';
import { FormDialog, StateTag, TabToolbar } from './promotion-bits.tsx';
import { intOf, nameIn, useBagCampaigns, useGrantBags } from './promotions-api.ts';

const campaignName = (c: AdminCampaign) => ({ zh_cn: c.name_zh_cn, zh_tw: c.name_zh_tw, en: c.name_en });

/** Bags of a grant campaign given to one player by hand (admin/v1/bags/grant-bags); a reason is required. */
function GrantDialog({
  campaign,
  onClose,
  onDone,
}: {
  campaign: AdminCampaign;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const grant = useGrantBags();
  const [userId, setUserId] = useState('');
  const [count, setCount] = useState('1');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const id = intOf(userId);
    const n = intOf(count);
    if (id === null || !isRecordId(id)) return setProblem(t('adminPromotions.bags.grant.userProblem'));
    if (n === null || n < 1 || n > BAG_MAX_PER_GRANT)
      return setProblem(t('adminPromotions.bags.grant.countProblem', { max: BAG_MAX_PER_GRANT }));
    if (!reason.trim()) return setProblem(t('adminPromotions.bags.grant.reasonProblem'));
    setProblem(null);
    grant.mutate(
      { campaign_id: campaign.id, user_id: id, count: n, reason: reason.trim() },
      { onSuccess: (r) => onDone(t('adminPromotions.bags.grant.done', { count: r.granted, user: id })) },
    );
  }

  return (
    <FormDialog
      title={t('adminPromotions.bags.grant.title', { name: nameIn(campaignName(campaign), locale) })}
      size="sm"
      formClassName="adm-form"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      reasonLabel={t('admin.reason.label')}
      problem={problem}
      submitText={t('adminPromotions.bags.grant.submit')}
      send={grant}
    >
      <p>{t('adminPromotions.bags.grant.hint')}</p>
      <InputField
        label={t('adminPromotions.bags.grant.userId')}
        inputMode="numeric"
        value={userId}
        onValue={setUserId}
      />
      <InputField
        label={t('adminPromotions.bags.grant.count', { max: BAG_MAX_PER_GRANT })}
        inputMode="numeric"
        value={count}
        onValue={setCount}
      />
    </FormDialog>
  );
}

function Trigger({ c }: { c: AdminCampaign }) {
  const { t } = useTranslation();
  if (c.kind === 'daily_recharge') {
    return (
      <>
        {t('adminPromotions.bags.dailyRule', { count: c.per_grant })} <Price units={c.min_recharge} />
      </>
    );
  }
  if (c.kind === 'vip_level') {
    return (
      <>
        {t('adminPromotions.bags.levelsRule', { levels: c.vip_levels.map((l) => `${l.level}×${l.count}`).join(', ') })}
      </>
    );
  }
  return <>{t(`adminPromotions.bags.kind.${c.kind}`)}</>;
}

/** The lucky bag tab: every campaign with its table's expected value and counts; create, edit, give by hand. */
export function BagsTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const campaigns = useBagCampaigns();
  const [editing, setEditing] = useState<AdminCampaign | 'new' | null>(null);
  const [granting, setGranting] = useState<AdminCampaign | null>(null);
  const [done, setDone] = useState<string | null>(null);
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.bags.title')}
        createText={t('adminPromotions.bags.create')}
        onCreate={() => setEditing('new')}
      />
      {done && (
        <p className="adm-notice adm-notice--ok" role="status">
          {done}
        </p>
      )}
      <QueryTable
        query={campaigns}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.bags.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.bags.col.name'),
          t('adminPromotions.col.state'),
          t('adminPromotions.bags.col.trigger'),
          t('adminPromotions.bags.col.window'),
          t('adminPromotions.bags.col.table'),
          t('adminPromotions.bags.col.counts'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((c) => (
            <tr key={c.id} className="adm-table__row">
              <td className="adm-table__mono">{c.id}</td>
              <td>
                {nameIn(campaignName(c), locale)}
                <br />
                <span className="adm-table__muted">
                  {[c.name_zh_cn, c.name_zh_tw, c.name_en].filter(Boolean).join(' / ')}
                </span>
              </td>
              <td>
                <StateTag state={!c.enabled ? 'disabled' : c.active ? 'active' : 'inactive'} />
              </td>
              <td>
                <Trigger c={c} />
              </td>
              <td className="adm-table__time">
                {c.starts_at === null ? t('adminPromotions.bags.open') : localDateTime(c.starts_at)}
                <br />
                {c.ends_at === null ? t('adminPromotions.bags.open') : localDateTime(c.ends_at)}
              </td>
              <td>
                {t('adminPromotions.bags.ev')} <Price units={c.table.ev} />
                <br />
                <span className="adm-table__muted">
                  <Price units={c.table.min} /> – <Price units={c.table.max} /> ·{' '}
                  {t('adminPromotions.bags.version', { version: c.table.version, rows: c.table.entries.length })}
                </span>
              </td>
              <td>
                {t('adminPromotions.bags.counts', { given: c.given, opened: c.opened })}
                <br />
                <span className="adm-table__muted">
                  {t('adminPromotions.bags.paid')} <Price units={c.paid} />
                </span>
              </td>
              <td className="adm-promotions__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(c)}>
                  {t('adminPromotions.edit')}
                </button>
                {c.kind === 'grant' && (
                  <button
                    type="button"
                    className="button button--ghost button--sm"
                    onClick={() => {
                      setDone(null);
                      setGranting(c);
                    }}
                  >
                    {t('adminPromotions.bags.grant.open')}
                  </button>
                )}
              </td>
            </tr>
          ))
        }
      />
      {editing && <BagCampaignDialog campaign={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
      {granting && (
        <GrantDialog
          campaign={granting}
          onClose={() => setGranting(null)}
          onDone={(text) => {
            setGranting(null);
            setDone(text);
          }}
        />
      )}
    </div>
  );
}
