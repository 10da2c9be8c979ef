import { bagExpectedValue } from '@kaixiang/game/bags';
import {
  type AdminCampaign,
  BAG_MAX_AMOUNT_UNITS,
  BAG_MAX_PER_GRANT,
  BAG_MAX_TABLE_ENTRIES,
} from '@kaixiang/shared/admin-bags';
import { BAG_TICKETS, type BagCampaignKind } from '@kaixiang/shared/bags-paths';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { localInput, unitsOf } from '../../format.ts';
import { Field, InputField } from '../console-form.tsx';
import { FormDialog, RowsEditor, useRuleText } from './promotion-bits.tsx';
import { intOf, msOf, useCreateBagCampaign, useUpdateBagCampaign, yuanText } from './promotions-api.ts';

/** The kinds the bags tab makes; `energy` campaigns are made from the energy tab, beside their levels. */
export const CREATABLE_KINDS = ['daily_recharge', 'vip_level', 'grant'] as const satisfies readonly BagCampaignKind[];

const NAME_MAX = 30;

interface Row {
  key: number;
  amount: string;
  tickets: string;
}

let nextKey = 1;
const row = (amount: string, tickets: string): Row => ({ key: nextKey++, amount, tickets });

/** "1:2, 3:1" → [{level 1, count 2}, {level 3, count 1}]; null when a part is not level:count. */
function levelsOf(text: string): { level: number; count: number }[] | null {
  const parts = text
    .split(/[,，\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const levels = parts.map((p) => {
    const m = /^(\d+)[:：](\d+)$/.exec(p);
    return m ? { level: Number(m[1]), count: Number(m[2]) } : null;
  });
  return levels.every((l) => l !== null) ? (levels as { level: number; count: number }[]) : null;
}

/**
 * Create or edit a bag campaign (admin/v1/bags/create-campaign, update-campaign). The form checks
 * what the API checks — names, window, levels, and a table of 1–20 rows whose tickets sum to
 * exactly 1,000,000 — and shows the table's expected value as it is typed.
 */
export function BagCampaignDialog({
  campaign,
  kinds = CREATABLE_KINDS,
  onClose,
}: {
  campaign: AdminCampaign | null;
  /** The kinds a new campaign may take: the energy tab makes `energy` ones, the bags tab the others. */
  kinds?: readonly BagCampaignKind[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreateBagCampaign();
  const update = useUpdateBagCampaign();
  const send = campaign ? update : create;
  const [kind, setKind] = useState<BagCampaignKind>(campaign?.kind ?? kinds[0] ?? 'daily_recharge');
  const [names, setNames] = useState({
    zh_cn: campaign?.name_zh_cn ?? '',
    zh_tw: campaign?.name_zh_tw ?? '',
    en: campaign?.name_en ?? '',
  });
  const [enabled, setEnabled] = useState(campaign?.enabled ?? true);
  const [startsAt, setStartsAt] = useState(campaign?.starts_at ? localInput(campaign.starts_at) : '');
  const [endsAt, setEndsAt] = useState(campaign?.ends_at ? localInput(campaign.ends_at) : '');
  const [perGrant, setPerGrant] = useState(String(campaign?.per_grant ?? 1));
  const [minRecharge, setMinRecharge] = useState(campaign ? yuanText(campaign.min_recharge) : '10');
  const [levels, setLevels] = useState(campaign?.vip_levels.map((l) => `${l.level}:${l.count}`).join(', ') ?? '');
  const [rows, setRows] = useState<Row[]>(() =>
    campaign
      ? campaign.table.entries.map((e) => row(yuanText(e.amount), String(e.tickets)))
      : [row('1', String(BAG_TICKETS))],
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const table = rows.map((r) => ({ amount: unitsOf(r.amount), tickets: intOf(r.tickets) }));
  const ticketSum = table.reduce((s, e) => s + (e.tickets ?? 0), 0);
  const tableOk =
    table.length >= 1 &&
    table.length <= BAG_MAX_TABLE_ENTRIES &&
    table.every((e) => e.amount !== null && e.amount >= 1 && e.amount <= BAG_MAX_AMOUNT_UNITS) &&
    table.every((e) => e.tickets !== null && e.tickets >= 1 && e.tickets <= BAG_TICKETS) &&
    ticketSum === BAG_TICKETS;
  const ev = tableOk
    ? bagExpectedValue(table.map((e) => ({ amountUnits: e.amount ?? 0, tickets: e.tickets ?? 0 })))
    : null;

  /** The first thing the server would refuse, as its own words where it has them. */
  function check(): string | null {
    const words = (key: ErrorKey) => rule(key);
    if (!names.zh_cn.trim()) return t('adminPromotions.bags.form.nameProblem');
    if (!tableOk) return words('BAG_TABLE_TICKETS');
    const start = startsAt ? msOf(startsAt) : null;
    const end = endsAt ? msOf(endsAt) : null;
    if (start !== null && end !== null && start >= end) return words('BAG_CAMPAIGN_WINDOW');
    const per = intOf(perGrant);
    if (per === null || per < 1 || per > BAG_MAX_PER_GRANT) return t('adminPromotions.bags.form.perGrantProblem');
    const min = unitsOf(minRecharge);
    if (min === null || min < 1) return t('adminPromotions.bags.form.minRechargeProblem');
    if (kind === 'vip_level') {
      const ls = levelsOf(levels);
      const ok =
        ls !== null &&
        ls.length >= 1 &&
        ls.length <= 10 &&
        new Set(ls.map((l) => l.level)).size === ls.length &&
        ls.every((l) => l.level >= 1 && l.level <= 10 && l.count >= 1 && l.count <= BAG_MAX_PER_GRANT);
      if (!ok) return words('BAG_CAMPAIGN_LEVELS');
    }
    return null;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const broken = check();
    setProblem(broken);
    if (broken) return;
    const fields = {
      name_zh_cn: names.zh_cn.trim(),
      name_zh_tw: names.zh_tw.trim(),
      name_en: names.en.trim(),
      enabled,
      starts_at: startsAt ? msOf(startsAt) : null,
      ends_at: endsAt ? msOf(endsAt) : null,
      per_grant: intOf(perGrant) ?? 1,
      min_recharge: unitsOf(minRecharge) ?? 1,
      vip_levels: kind === 'vip_level' ? (levelsOf(levels) ?? []) : [],
      table: table.map((e) => ({ amount: e.amount ?? 0, tickets: e.tickets ?? 0 })),
      reason: reason.trim(),
    };
    if (campaign) update.mutate({ id: campaign.id, ...fields }, { onSuccess: onClose });
    else create.mutate({ kind, ...fields }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        campaign
          ? t('adminPromotions.bags.form.editTitle', { id: campaign.id })
          : t('adminPromotions.bags.form.newTitle')
      }
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={send}
    >
      <div className="adm-promotions__row">
        <Field label={t('adminPromotions.bags.form.kind')}>
          <select
            className="adm-select"
            value={kind}
            disabled={campaign !== null}
            onChange={(e) => setKind(e.target.value as BagCampaignKind)}
          >
            {(campaign ? [campaign.kind] : kinds).map((k) => (
              <option key={k} value={k}>
                {t(`adminPromotions.bags.kind.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <InputField
          label={t('adminPromotions.names.zhCN')}
          maxLength={NAME_MAX}
          value={names.zh_cn}
          onValue={(v) => setNames({ ...names, zh_cn: v })}
        />
        <InputField
          label={t('adminPromotions.names.zhTW')}
          maxLength={NAME_MAX}
          value={names.zh_tw}
          onValue={(v) => setNames({ ...names, zh_tw: v })}
        />
        <InputField
          label={t('adminPromotions.names.en')}
          maxLength={NAME_MAX}
          value={names.en}
          onValue={(v) => setNames({ ...names, en: v })}
        />
      </div>
      <label className="adm-promotions__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminPromotions.bags.form.enabled')}
      </label>
      <div className="adm-promotions__row">
        <InputField
          label={t('adminPromotions.bags.form.startsAt')}
          type="datetime-local"
          value={startsAt}
          onValue={setStartsAt}
        />
        <InputField
          label={t('adminPromotions.bags.form.endsAt')}
          type="datetime-local"
          value={endsAt}
          onValue={setEndsAt}
        />
        {kind === 'daily_recharge' && (
          <>
            <InputField
              label={t('adminPromotions.bags.form.minRecharge')}
              inputMode="decimal"
              value={minRecharge}
              onValue={setMinRecharge}
            />
            <InputField
              label={t('adminPromotions.bags.form.perGrant')}
              inputMode="numeric"
              value={perGrant}
              onValue={setPerGrant}
            />
          </>
        )}
        {kind === 'vip_level' && (
          <InputField label={t('adminPromotions.bags.form.levels')} value={levels} onValue={setLevels} />
        )}
      </div>
      <fieldset className="adm-promotions__table">
        <legend>{t('adminPromotions.bags.form.table', { total: BAG_TICKETS })}</legend>
        <RowsEditor
          rows={rows}
          setRows={setRows}
          label={t('adminPromotions.bags.form.table', { total: BAG_TICKETS })}
          fields={[
            { name: 'amount', label: (n) => t('adminPromotions.bags.form.amount', { n }), inputMode: 'decimal' },
            { name: 'tickets', label: (n) => t('adminPromotions.bags.form.tickets', { n }), inputMode: 'numeric' },
          ]}
          max={BAG_MAX_TABLE_ENTRIES}
          blank={() => row('', '')}
          removeText={t('adminPromotions.bags.form.removeRow')}
          addText={t('adminPromotions.bags.form.addRow')}
        />
        <p className="adm-table__muted" data-testid="bag-table-sum">
          {t('adminPromotions.bags.form.sum', { sum: ticketSum, total: BAG_TICKETS })}
          {ev && (
            <>
              {' · '}
              {t('adminPromotions.bags.ev')} <Price units={ev.evUnits} />
            </>
          )}
        </p>
      </fieldset>
    </FormDialog>
  );
}
