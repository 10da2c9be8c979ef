import type { AdminCampaign } from '@kaixiang/shared/admin-bags';
import {
  type AdminSignInRewardsResponse,
  SIGN_IN_CYCLE_DAYS,
  SIGN_IN_MAX_BAGS,
  SIGN_IN_MAX_COIN_UNITS,
  SIGN_IN_MAX_POINTS,
} from '@kaixiang/shared/sign-in';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime, unitsOf } from '../../format.ts';
import { Field, InputField, QueryTable } from '../console-form.tsx';
import { FormDialog, TabToolbar, useRuleText } from './promotion-bits.tsx';
import {
  intOf,
  nameIn,
  useBagCampaigns,
  useSignInRewards,
  useUpdateSignInRewards,
  yuanText,
} from './promotions-api.ts';

type Day = AdminSignInRewardsResponse['days'][number];
/** One day of the form as typed: points, coins in yuan, the bag campaign's id ('' for none), bags. */
type DayDraft = { day: number; points: string; coins: string; campaign: string; count: string };

const campaignName = (c: AdminCampaign, locale: Parameters<typeof nameIn>[1]) =>
  nameIn({ zh_cn: c.name_zh_cn, zh_tw: c.name_zh_tw, en: c.name_en }, locale);

/** The days 1–7 as the form starts: the stored table, and nothing for a day it lacks. */
function draftsOf(days: readonly Day[]): DayDraft[] {
  return Array.from({ length: SIGN_IN_CYCLE_DAYS }, (_, i) => {
    const d = days.find((x) => x.day === i + 1);
    return {
      day: i + 1,
      points: String(d?.points ?? 0),
      coins: yuanText(d?.coins ?? 0),
      campaign: d?.bag_campaign_id ? String(d.bag_campaign_id) : '',
      count: String(d?.bag_count ?? 0),
    };
  });
}

/** Replace the whole table (POST admin/v1/sign-in/update-rewards): the API takes the 7 days at once. */
function RewardsDialog({
  days,
  campaigns,
  onClose,
}: {
  days: readonly Day[];
  campaigns: readonly AdminCampaign[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const rule = useRuleText();
  const update = useUpdateSignInRewards();
  const [drafts, setDrafts] = useState(() => draftsOf(days));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // Bags only from grant campaigns, as the API allows; a day already naming another keeps it listed.
  const offered = campaigns.filter((c) => c.kind === 'grant');
  const set = (day: number, change: Partial<DayDraft>) =>
    setDrafts(drafts.map((d) => (d.day === day ? { ...d, ...change } : d)));

  function submit(e: FormEvent) {
    e.preventDefault();
    const rows = [];
    for (const d of drafts) {
      const points = intOf(d.points);
      const coins = unitsOf(d.coins);
      const count = intOf(d.count);
      const campaignId = d.campaign ? Number(d.campaign) : null;
      let broken: string | null = null;
      if (points === null || points < 0 || points > SIGN_IN_MAX_POINTS) {
        broken = t('adminPromotions.signIn.form.pointsProblem', { day: d.day, max: SIGN_IN_MAX_POINTS });
      } else if (coins === null || coins < 0 || coins > SIGN_IN_MAX_COIN_UNITS) {
        broken = t('adminPromotions.signIn.form.coinsProblem', { day: d.day });
      } else if (count === null || count < 0 || count > SIGN_IN_MAX_BAGS) {
        broken = t('adminPromotions.signIn.form.countProblem', { day: d.day, max: SIGN_IN_MAX_BAGS });
      } else if ((campaignId === null) !== (count === 0)) {
        broken = rule('SIGN_IN_BAG_CAMPAIGN');
      } else if (points === 0 && coins === 0 && count === 0) {
        broken = rule('SIGN_IN_REWARD_EMPTY');
      }
      if (broken || points === null || coins === null || count === null) return setProblem(broken);
      rows.push({ day: d.day, points, coins, bag_campaign_id: campaignId, bag_count: count });
    }
    setProblem(null);
    update.mutate({ days: rows, reason: reason.trim() }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={t('adminPromotions.signIn.form.title')}
      size="lg"
      onSubmit={submit}
      onClose={onClose}
      reason={reason}
      onReason={setReason}
      problem={problem}
      send={update}
    >
      {drafts.map((d) => (
        <div key={d.day} className="adm-promotions__row">
          <InputField
            label={t('adminPromotions.signIn.form.points', { day: d.day })}
            inputMode="numeric"
            value={d.points}
            onValue={(v) => set(d.day, { points: v })}
          />
          <InputField
            label={t('adminPromotions.signIn.form.coins', { day: d.day })}
            inputMode="decimal"
            value={d.coins}
            onValue={(v) => set(d.day, { coins: v })}
          />
          <Field label={t('adminPromotions.signIn.form.campaign', { day: d.day })}>
            <select
              className="adm-select"
              value={d.campaign}
              onChange={(e) => set(d.day, { campaign: e.target.value })}
            >
              <option value="">{t('adminPromotions.signIn.form.noBags')}</option>
              {offered.map((c) => (
                <option key={c.id} value={String(c.id)}>
                  {`#${c.id} ${campaignName(c, locale)}`}
                </option>
              ))}
              {d.campaign && !offered.some((c) => String(c.id) === d.campaign) && (
                <option value={d.campaign}>{`#${d.campaign}`}</option>
              )}
            </select>
          </Field>
          <InputField
            label={t('adminPromotions.signIn.form.count', { day: d.day, max: SIGN_IN_MAX_BAGS })}
            inputMode="numeric"
            value={d.count}
            onValue={(v) => set(d.day, { count: v })}
          />
        </div>
      ))}
    </FormDialog>
  );
}

/** What the last 7 China days' sign-ins paid, most recent first. */
function RecentSignIns({ recent }: { recent: AdminSignInRewardsResponse['recent'] }) {
  const { t } = useTranslation();
  if (recent.length === 0) return null;
  return (
    <div className="adm-table-wrap">
      <h3 className="adm-promotions__note">{t('adminPromotions.signIn.recent.title')}</h3>
      <table className="adm-table" aria-label={t('adminPromotions.signIn.recent.title')}>
        <thead>
          <tr>
            <th scope="col">{t('adminPromotions.signIn.recent.day')}</th>
            <th scope="col">{t('adminPromotions.signIn.recent.players')}</th>
            <th scope="col">{t('adminPromotions.signIn.col.points')}</th>
            <th scope="col">{t('adminPromotions.signIn.col.coins')}</th>
            <th scope="col">{t('adminPromotions.signIn.col.bags')}</th>
          </tr>
        </thead>
        <tbody>
          {recent.map((r) => (
            <tr key={r.day} className="adm-table__row">
              <td className="adm-table__mono">{r.day}</td>
              <td>{r.players}</td>
              <td>{r.points}</td>
              <td>
                <Price units={r.coins} />
              </td>
              <td>{r.bags}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sign-in tab: the 7 days' rewards, what a full cycle costs, the last week's sign-ins; edit the table. */
export function SignInTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const rewards = useSignInRewards();
  const campaigns = useBagCampaigns();
  const [editing, setEditing] = useState(false);
  const campaignList = campaigns.data?.list ?? [];
  const bagName = (id: number | null) => {
    const c = campaignList.find((x) => x.id === id);
    return c ? campaignName(c, locale) : `#${id}`;
  };
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.signIn.title', { days: SIGN_IN_CYCLE_DAYS })}
        createText={t('adminPromotions.signIn.edit')}
        onCreate={() => {
          // The dialog starts from the stored table: it waits for the list.
          if (rewards.data) setEditing(true);
        }}
      />
      <QueryTable
        query={rewards}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.signIn.empty')}
        columns={[
          t('adminPromotions.signIn.col.day'),
          t('adminPromotions.signIn.col.points'),
          t('adminPromotions.signIn.col.coins'),
          t('adminPromotions.signIn.col.bags'),
          t('adminPromotions.signIn.col.bagEv'),
          t('adminPromotions.signIn.col.updated'),
        ]}
        rows={(data) =>
          data.list.map((d) => (
            <tr key={d.day} className="adm-table__row">
              <td>{t('adminPromotions.signIn.dayN', { day: d.day })}</td>
              <td>{d.points}</td>
              <td>
                <Price units={d.coins} />
              </td>
              <td>
                {d.bag_count > 0
                  ? t('adminPromotions.signIn.bagsOf', { name: bagName(d.bag_campaign_id), count: d.bag_count })
                  : '—'}
              </td>
              <td>{d.bag_count > 0 ? <Price units={d.bag_ev * d.bag_count} /> : '—'}</td>
              <td className="adm-table__time">{localDateTime(d.updated_at)}</td>
            </tr>
          ))
        }
        after={(data) => (
          <>
            <p className="adm-promotions__note" data-testid="sign-in-cycle-cost">
              {t('adminPromotions.signIn.cycleCost', {
                points: data.cycle_cost.points,
                bags: data.cycle_cost.bags,
              })}{' '}
              <Price units={data.cycle_cost.coins} /> + <Price units={data.cycle_cost.bag_ev} /> ={' '}
              <Price units={data.cycle_cost.coins_total} />
            </p>
            <RecentSignIns recent={data.recent} />
          </>
        )}
      />
      {editing && rewards.data && (
        <RewardsDialog days={rewards.data.days} campaigns={campaignList} onClose={() => setEditing(false)} />
      )}
    </div>
  );
}
