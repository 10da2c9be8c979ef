import type { AdminCampaign } from '@kaixiang/shared/admin-bags';
import type { AdminEnergyLevel } from '@kaixiang/shared/energy';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { unitsOf } from '../../format.ts';
import { Field, InputField, QueryTable } from '../console-form.tsx';
import { BagCampaignDialog } from './bag-campaign-dialog.tsx';
import { FormDialog, StateTag, TabToolbar, useRuleText } from './promotion-bits.tsx';
import {
  intOf,
  nameIn,
  useBagCampaigns,
  useCreateEnergyLevel,
  useEnergyLevels,
  useUpdateEnergyLevel,
  yuanText,
} from './promotions-api.ts';

const LEVEL_MAX = 100;

/**
 * Create or edit an energy level (admin/v1/energy/create-level, update-level): its number, the
 * energy (coins staked this week) that reaches it, and the energy bag campaign its box draws from.
 */
function LevelDialog({
  level,
  levels,
  campaigns,
  onClose,
}: {
  level: AdminEnergyLevel | null;
  levels: readonly AdminEnergyLevel[];
  campaigns: readonly AdminCampaign[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rule = useRuleText();
  const create = useCreateEnergyLevel();
  const update = useUpdateEnergyLevel();
  const send = level ? update : create;
  const [number, setNumber] = useState(level ? String(level.level) : '');
  const [energy, setEnergy] = useState(level ? yuanText(level.energy) : '');
  const [campaign, setCampaign] = useState(level ? String(level.campaign_id) : '');
  const [enabled, setEnabled] = useState(level?.enabled ?? true);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A level's box is a bag of an energy campaign (ENERGY_CAMPAIGN_INVALID otherwise).
  const offered = campaigns.filter((c) => c.kind === 'energy');

  function submit(e: FormEvent) {
    e.preventDefault();
    const n = intOf(number);
    const units = unitsOf(energy);
    let broken: string | null = null;
    if (n === null || n < 1 || n > LEVEL_MAX)
      broken = t('adminPromotions.energy.form.levelProblem', { max: LEVEL_MAX });
    else if (levels.some((l) => l.level === n && l.id !== level?.id)) broken = rule('ENERGY_LEVEL_TAKEN');
    else if (units === null || units < 1) broken = t('adminPromotions.energy.form.energyProblem');
    else if (!campaign) broken = rule('ENERGY_CAMPAIGN_INVALID');
    setProblem(broken);
    if (broken || n === null || units === null) return;
    const body = { level: n, energy: units, campaign_id: Number(campaign), enabled, reason: reason.trim() };
    if (level) update.mutate({ id: level.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        level ? t('adminPromotions.energy.form.editTitle', { id: level.id }) : t('adminPromotions.energy.form.newTitle')
      }
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.energy.form.level', { max: LEVEL_MAX })}
          inputMode="numeric"
          value={number}
          onValue={setNumber}
        />
        <InputField
          label={t('adminPromotions.energy.form.energy')}
          inputMode="decimal"
          value={energy}
          onValue={setEnergy}
        />
        <Field label={t('adminPromotions.energy.form.campaign')}>
          <select className="adm-select" value={campaign} onChange={(e) => setCampaign(e.target.value)}>
            <option value="">{t('adminPromotions.energy.form.pickCampaign')}</option>
            {offered.map((c) => (
              <option key={c.id} value={String(c.id)}>
                {`#${c.id} ${nameIn({ zh_cn: c.name_zh_cn, zh_tw: c.name_zh_tw, en: c.name_en }, locale)}`}
              </option>
            ))}
            {campaign && !offered.some((c) => String(c.id) === campaign) && (
              <option value={campaign}>{`#${campaign}`}</option>
            )}
          </select>
        </Field>
      </div>
      <label className="adm-promotions__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminPromotions.energy.form.enabled')}
      </label>
    </FormDialog>
  );
}

/**
 * The energy box tab: every level (off ones too) with its box's campaign, table and what it paid;
 * create and edit levels, and make or edit the energy bag campaigns their boxes draw from (the
 * bags' own admin API: a changed table becomes the campaign's next version).
 */
export function EnergyTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const levels = useEnergyLevels();
  const campaigns = useBagCampaigns();
  const [editing, setEditing] = useState<AdminEnergyLevel | 'new' | null>(null);
  const [bag, setBag] = useState<AdminCampaign | 'new' | null>(null);
  const campaignList = campaigns.data?.list ?? [];
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.energy.title')}
        createText={t('adminPromotions.energy.create')}
        onCreate={() => setEditing('new')}
      />
      <p className="adm-promotions__note">
        {t('adminPromotions.energy.bagsHint')}{' '}
        <button type="button" className="button button--ghost button--sm" onClick={() => setBag('new')}>
          {t('adminPromotions.energy.newBag')}
        </button>
      </p>
      <QueryTable
        query={levels}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.energy.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.energy.col.level'),
          t('adminPromotions.energy.col.energy'),
          t('adminPromotions.energy.col.box'),
          t('adminPromotions.col.state'),
          t('adminPromotions.energy.col.opened'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((l) => {
            const c = campaignList.find((x) => x.id === l.campaign_id);
            return (
              <tr key={l.id} className="adm-table__row">
                <td className="adm-table__mono">{l.id}</td>
                <td>{t('adminPromotions.energy.levelN', { level: l.level })}</td>
                <td>
                  <Price units={l.energy} />
                </td>
                <td>
                  {`#${l.campaign_id} ${nameIn({ zh_cn: l.name_zh_cn, zh_tw: l.name_zh_tw, en: l.name_en }, locale)}`}
                  <br />
                  <span className="adm-table__muted">
                    {t('adminPromotions.energy.table', { version: l.table_version })} · {t('adminPromotions.bags.ev')}{' '}
                    <Price units={l.ev} />
                  </span>
                </td>
                <td>
                  <StateTag state={l.enabled ? 'enabled' : 'disabled'} />
                </td>
                <td>
                  {l.opened}
                  <br />
                  <Price units={l.paid} />
                </td>
                <td className="adm-promotions__actions">
                  <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(l)}>
                    {t('adminPromotions.edit')}
                  </button>
                  {c && (
                    <button type="button" className="button button--ghost button--sm" onClick={() => setBag(c)}>
                      {t('adminPromotions.energy.editBag')}
                    </button>
                  )}
                </td>
              </tr>
            );
          })
        }
      />
      {editing && levels.data && (
        <LevelDialog
          level={editing === 'new' ? null : editing}
          levels={levels.data.list}
          campaigns={campaignList}
          onClose={() => setEditing(null)}
        />
      )}
      {bag && (
        <BagCampaignDialog campaign={bag === 'new' ? null : bag} kinds={['energy']} onClose={() => setBag(null)} />
      )}
    </div>
  );
}
