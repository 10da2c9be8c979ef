import type { AdminActivity } from '@kaixiang/shared/sign-in';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localInput } from '../../format.ts';
import { Field, InputField, QueryTable } from '../console-form.tsx';
import { FormDialog, StateTag, TabToolbar, useRuleText, windowText } from './promotion-bits.tsx';
import { intOf, msOf, nameIn, useActivities, useCreateActivity, useUpdateActivity } from './promotions-api.ts';

const LANGS = [
  ['zh_cn', 'zhCN'],
  ['zh_tw', 'zhTW'],
  ['en', 'en'],
] as const;
type Lang = (typeof LANGS)[number][0];

const TITLE_MAX = 60;
const RULES_MAX = 2_000;
/** A page of the site or an outside address, as the API's zod checks it. */
const PATH_RE = /^(\/|https?:\/\/)\S*$/;

const titleOf = (a: AdminActivity) => ({ zh_cn: a.title_zh_cn, zh_tw: a.title_zh_tw, en: a.title_en });

/** Create or edit an activity centre entry (admin/v1/activities/create, update). */
function ActivityDialog({ activity, onClose }: { activity: AdminActivity | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreateActivity();
  const update = useUpdateActivity();
  const send = activity ? update : create;
  const [titles, setTitles] = useState<Record<Lang, string>>({
    zh_cn: activity?.title_zh_cn ?? '',
    zh_tw: activity?.title_zh_tw ?? '',
    en: activity?.title_en ?? '',
  });
  const [rules, setRules] = useState<Record<Lang, string>>({
    zh_cn: activity?.rules_zh_cn ?? '',
    zh_tw: activity?.rules_zh_tw ?? '',
    en: activity?.rules_en ?? '',
  });
  const [img, setImg] = useState(activity?.img ?? '');
  const [path, setPath] = useState(activity?.path ?? '');
  const [start, setStart] = useState(() => localInput(activity?.start_at ?? Date.now()));
  const [end, setEnd] = useState(() => localInput(activity?.end_at ?? Date.now() + 7 * 86_400_000));
  const [sort, setSort] = useState(String(activity?.sort ?? 0));
  const [enabled, setEnabled] = useState(activity?.enabled ?? true);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(e: FormEvent) {
    e.preventDefault();
    const startMs = msOf(start);
    const endMs = msOf(end);
    const order = intOf(sort);
    let broken: string | null = null;
    if (!titles.zh_cn.trim()) broken = t('adminPromotions.activities.form.titleProblem');
    else if (!PATH_RE.test(path.trim())) broken = t('adminPromotions.activities.form.pathProblem');
    else if (startMs === null || endMs === null || startMs >= endMs) broken = rule('ACTIVITY_WINDOW');
    else if (order === null || order < -1000 || order > 1000) broken = t('adminPromotions.activities.form.sortProblem');
    setProblem(broken);
    if (broken || startMs === null || endMs === null || order === null) return;
    const body = {
      title_zh_cn: titles.zh_cn.trim(),
      title_zh_tw: titles.zh_tw.trim(),
      title_en: titles.en.trim(),
      rules_zh_cn: rules.zh_cn.trim(),
      rules_zh_tw: rules.zh_tw.trim(),
      rules_en: rules.en.trim(),
      img: img.trim(),
      path: path.trim(),
      start_at: startMs,
      end_at: endMs,
      sort: order,
      enabled,
      reason: reason.trim(),
    };
    if (activity) update.mutate({ id: activity.id, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        activity
          ? t('adminPromotions.activities.form.editTitle', { id: activity.id })
          : t('adminPromotions.activities.form.newTitle')
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
        {LANGS.map(([lang, label]) => (
          <InputField
            key={lang}
            label={t('adminPromotions.activities.form.title', { lang: t(`adminPromotions.names.${label}`) })}
            maxLength={TITLE_MAX}
            value={titles[lang]}
            onValue={(v) => setTitles({ ...titles, [lang]: v })}
          />
        ))}
      </div>
      <div className="adm-promotions__row">
        {LANGS.map(([lang, label]) => (
          <Field
            key={lang}
            label={t('adminPromotions.activities.form.rules', { lang: t(`adminPromotions.names.${label}`) })}
          >
            <textarea
              className="adm-input"
              maxLength={RULES_MAX}
              value={rules[lang]}
              onChange={(e) => setRules({ ...rules, [lang]: e.target.value })}
            />
          </Field>
        ))}
      </div>
      <div className="adm-promotions__row">
        <InputField label={t('adminPromotions.activities.form.path')} maxLength={300} value={path} onValue={setPath} />
        <InputField label={t('adminPromotions.activities.form.img')} maxLength={300} value={img} onValue={setImg} />
        <InputField
          label={t('adminPromotions.activities.form.start')}
          type="datetime-local"
          value={start}
          onValue={setStart}
        />
        <InputField
          label={t('adminPromotions.activities.form.end')}
          type="datetime-local"
          value={end}
          onValue={setEnd}
        />
        <InputField
          label={t('adminPromotions.activities.form.sort')}
          inputMode="numeric"
          value={sort}
          onValue={setSort}
        />
      </div>
      <label className="adm-promotions__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminPromotions.activities.form.enabled')}
      </label>
    </FormDialog>
  );
}

/** The activity centre tab: its entries in the order players see them; create and edit (rows are never deleted). */
export function ActivitiesTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const activities = useActivities();
  const [editing, setEditing] = useState<AdminActivity | 'new' | null>(null);
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.activities.title')}
        createText={t('adminPromotions.activities.create')}
        onCreate={() => setEditing('new')}
      />
      <QueryTable
        query={activities}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.activities.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.activities.col.title'),
          t('adminPromotions.col.state'),
          t('adminPromotions.activities.col.window'),
          t('adminPromotions.activities.col.path'),
          t('adminPromotions.activities.col.sort'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((a) => (
            <tr key={a.id} className="adm-table__row">
              <td className="adm-table__mono">{a.id}</td>
              <td>
                {nameIn(titleOf(a), locale)}
                <br />
                <span className="adm-table__muted">
                  {[a.title_zh_cn, a.title_zh_tw, a.title_en].filter(Boolean).join(' / ')}
                </span>
              </td>
              <td>
                <StateTag state={a.state} />
              </td>
              <td className="adm-table__time">{windowText(a.start_at, a.end_at)}</td>
              <td className="adm-table__mono">{a.path}</td>
              <td>{a.sort}</td>
              <td className="adm-promotions__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(a)}>
                  {t('adminPromotions.edit')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {editing && <ActivityDialog activity={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
