import { type AdminTask, TASK_MAX_COIN_UNITS, TASK_MAX_POINTS, TASK_VIP_MAX } from '@kaixiang/shared/admin-tasks';
import { TASK_KINDS, type TaskKind } from '@kaixiang/shared/tasks';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { unitsOf } from '../../format.ts';
import { Field, InputField } from '../console-form.tsx';
import { FormDialog, RowsEditor, useRuleText } from './promotion-bits.tsx';
import { intOf, useCreateTask, useUpdateTask, yuanText } from './promotions-api.ts';

const NAME_MAX = 30;
/** The API's bounds (admin-tasks.ts): a target of 1 action (or unit) up to 100,000,000,000. */
const TARGET_MAX = 100_000_000_000;
const SORT_MAX = 10_000;
const REWARDS_MAX = 11;

interface Row {
  key: number;
  vipMin: string;
  vipMax: string;
  points: string;
  coins: string;
}

let nextKey = 1;
const row = (vipMin: string, vipMax: string, points: string, coins: string): Row => ({
  key: nextKey++,
  vipMin,
  vipMax,
  points,
  coins,
});

type Reward = { vip_min: number; vip_max: number; points: number; coins: number };

/** The first ranges that share a level (TASK_REWARD_RANGES), as the server judges them. */
const overlap = (rewards: Reward[]) =>
  rewards.some((a, i) => rewards.some((b, j) => j > i && a.vip_min <= b.vip_max && b.vip_min <= a.vip_max));

/**
 * Create or edit a daily task (admin/v1/tasks/create, update). The kind is fixed once made; the
 * rewards (1–11 VIP level ranges) replace the task's rows as a whole, as the API takes them.
 */
export function TaskDialog({ task, onClose }: { task: AdminTask | null; onClose: () => void }) {
  const { t } = useTranslation();
  const rule = useRuleText();
  const create = useCreateTask();
  const update = useUpdateTask();
  const send = task ? update : create;
  const [kind, setKind] = useState<TaskKind>(task?.kind ?? 'open_box');
  const [names, setNames] = useState({
    zh_cn: task?.name_zh_cn ?? '',
    zh_tw: task?.name_zh_tw ?? '',
    en: task?.name_en ?? '',
  });
  // A recharge task's target is money: typed in yuan, like every amount on this screen.
  const [target, setTarget] = useState(() =>
    task ? (task.kind === 'recharge' ? yuanText(task.target) : String(task.target)) : '',
  );
  const [sort, setSort] = useState(String(task?.sort ?? 0));
  const [enabled, setEnabled] = useState(task?.enabled ?? true);
  const [rows, setRows] = useState<Row[]>(() =>
    task
      ? task.rewards.map((r) => row(String(r.vip_min), String(r.vip_max), String(r.points), yuanText(r.coins)))
      : [row('0', String(TASK_VIP_MAX), '0', '0')],
  );
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** The typed rewards, or the sentence saying what is wrong with the first bad one. */
  function rewardsOf(): Reward[] | string {
    const rewards: Reward[] = [];
    for (const [i, r] of rows.entries()) {
      const vipMin = intOf(r.vipMin);
      const vipMax = intOf(r.vipMax);
      const points = intOf(r.points);
      const coins = unitsOf(r.coins);
      const n = i + 1;
      if (vipMin === null || vipMax === null || vipMin < 0 || vipMax > TASK_VIP_MAX || vipMin > vipMax) {
        return t('adminPromotions.tasks.form.levelsProblem', { n, max: TASK_VIP_MAX });
      }
      if (points === null || points < 0 || points > TASK_MAX_POINTS) {
        return t('adminPromotions.tasks.form.pointsProblem', { n, max: TASK_MAX_POINTS });
      }
      if (coins === null || coins < 0 || coins > TASK_MAX_COIN_UNITS) {
        return t('adminPromotions.tasks.form.coinsProblem', { n });
      }
      if (points + coins === 0) return t('adminPromotions.tasks.form.emptyProblem', { n });
      rewards.push({ vip_min: vipMin, vip_max: vipMax, points, coins });
    }
    if (overlap(rewards)) return rule('TASK_REWARD_RANGES') ?? '';
    return rewards;
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    const goal = kind === 'recharge' ? unitsOf(target) : intOf(target);
    const order = intOf(sort);
    const rewards = rewardsOf();
    let broken: string | null = null;
    if (!names.zh_cn.trim()) broken = t('adminPromotions.tasks.form.nameProblem');
    else if (goal === null || goal < 1 || goal > TARGET_MAX) broken = t('adminPromotions.tasks.form.targetProblem');
    else if (order === null || order < 0 || order > SORT_MAX) broken = t('adminPromotions.tasks.form.sortProblem');
    else if (typeof rewards === 'string') broken = rewards;
    setProblem(broken);
    if (broken || goal === null || order === null || typeof rewards === 'string') return;
    const body = {
      name_zh_cn: names.zh_cn.trim(),
      name_zh_tw: names.zh_tw.trim(),
      name_en: names.en.trim(),
      target: goal,
      sort: order,
      enabled,
      rewards,
      reason: reason.trim(),
    };
    if (task) update.mutate({ id: task.id, ...body }, { onSuccess: onClose });
    else create.mutate({ kind, ...body }, { onSuccess: onClose });
  }

  return (
    <FormDialog
      title={
        task ? t('adminPromotions.tasks.form.editTitle', { id: task.id }) : t('adminPromotions.tasks.form.newTitle')
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
        <Field label={t('adminPromotions.tasks.form.kind')}>
          <select
            className="adm-select"
            value={kind}
            disabled={task !== null}
            onChange={(e) => setKind(e.target.value as TaskKind)}
          >
            {TASK_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`adminPromotions.tasks.kind.${k}`)}
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
        <InputField
          label={t(kind === 'recharge' ? 'adminPromotions.tasks.form.targetYuan' : 'adminPromotions.tasks.form.target')}
          inputMode={kind === 'recharge' ? 'decimal' : 'numeric'}
          value={target}
          onValue={setTarget}
        />
        <InputField
          label={t('adminPromotions.tasks.form.sort', { max: SORT_MAX })}
          inputMode="numeric"
          value={sort}
          onValue={setSort}
        />
      </div>
      <label className="adm-promotions__check">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />
        {t('adminPromotions.tasks.form.enabled')}
      </label>
      <fieldset className="adm-promotions__table">
        <legend>{t('adminPromotions.tasks.form.rewards', { max: REWARDS_MAX })}</legend>
        <RowsEditor
          rows={rows}
          setRows={setRows}
          className="adm-promotions__entries adm-promotions__entries--wide"
          fields={[
            { name: 'vipMin', label: (n) => t('adminPromotions.tasks.form.vipMin', { n }), inputMode: 'numeric' },
            { name: 'vipMax', label: (n) => t('adminPromotions.tasks.form.vipMax', { n }), inputMode: 'numeric' },
            { name: 'points', label: (n) => t('adminPromotions.tasks.form.points', { n }), inputMode: 'numeric' },
            { name: 'coins', label: (n) => t('adminPromotions.tasks.form.coins', { n }), inputMode: 'decimal' },
          ]}
          max={REWARDS_MAX}
          blank={() => row('', '', '0', '0')}
          removeText={t('adminPromotions.tasks.form.removeRow')}
          addText={t('adminPromotions.tasks.form.addRow')}
        />
      </fieldset>
    </FormDialog>
  );
}
