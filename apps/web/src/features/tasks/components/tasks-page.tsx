import { formatUnits } from '@kaixiang/shared/money';
import type { TaskKind, TaskReward, TaskView } from '@kaixiang/shared/tasks';
import type { TFunction } from 'i18next';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconActivity } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';
import { LOGIN_MODE, openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { type TaskList, useClaimTask, useTasks } from '../api/tasks.ts';
import { taskTexts } from '../texts.ts';
import '../tasks.css';

/** Where a player goes to do a task of each kind (none for a recharge: the header's button is it). */
const GO_TO: Partial<Record<TaskKind, string>> = {
  open_box: PATHS.home,
  battle: PATHS.battle,
  upgrade: PATHS.upgrade,
  turntable_bet: PATHS.turntable,
};

/** "10 积分 + ¥1.00", or the plain points. */
export function rewardText(t: TFunction, reward: TaskReward): string {
  const parts: string[] = [];
  if (reward.points > 0) parts.push(t('tasks.points', { count: reward.points }));
  if (reward.coins > 0) parts.push(`¥${formatUnits(reward.coins)}`);
  return parts.join(' + ');
}

/** vipDailyTasks (每日任务): today's tasks, the player's progress, the rewards at their level, the claim. */
export function TasksPage() {
  return (
    <FeatureTextsGate texts={taskTexts}>
      <Tasks />
    </FeatureTextsGate>
  );
}

function Tasks() {
  const { t } = useTranslation();
  const query = useTasks();
  const data = query.data;
  return (
    <div className="page tasks-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconActivity size={26} />
        </span>
        <div>
          <h1>{t('pages.vipDailyTasks.title')}</h1>
          <p>{t('pages.vipDailyTasks.subtitle')}</p>
        </div>
        {data && <ResetClock list={data} />}
      </header>
      {query.isPending ? (
        <PageSpinner />
      ) : !data ? (
        <div className="panel">
          <EmptyState
            title={t('tasks.loadFailed')}
            action={
              <button type="button" className="button button--ghost button--sm" onClick={() => void query.refetch()}>
                {t('tasks.retry')}
              </button>
            }
          />
        </div>
      ) : (
        <>
          {!data.logged_in && (
            <div className="panel tasks-signin">
              <strong>{t('tasks.signInTitle')}</strong>
              <button
                type="button"
                className="button button--primary button--sm"
                onClick={() => openLoginDialog(LOGIN_MODE.login)}
              >
                {t('tasks.signIn')}
              </button>
            </div>
          )}
          {data.logged_in && <p className="tasks-level">{t('tasks.vipLevel', { level: data.vip_level })}</p>}
          {data.list.length === 0 ? (
            <div className="panel">
              <EmptyState title={t('tasks.empty')} />
            </div>
          ) : (
            <ul className="tasks-list">
              {data.list.map((task) => (
                <TaskRow key={task.task_id} task={task} loggedIn={data.logged_in} />
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

/** The time to the next China midnight on the server's clock; at zero the list is read again. */
function ResetClock({ list }: { list: TaskList }) {
  const { t } = useTranslation();
  const left = useMsUntil(list.reset_at, list.offsetMs);
  const { h, m, s } = countdownParts(left);
  return (
    <div className="tasks-reset" role="timer" aria-label={`${t('tasks.resetIn')} ${h}:${m}:${s}`}>
      <span>{t('tasks.resetIn')}</span>
      <time className="tasks-reset__clock">
        {h}:{m}:{s}
      </time>
      <small>{t('tasks.resetNote')}</small>
      {left <= 0 && <ResetRefetch />}
    </div>
  );
}

/** Mounted once the reset passed: reads the new day's list. */
function ResetRefetch() {
  const query = useTasks();
  if (!query.isFetching) void query.refetch();
  return null;
}

function TaskRow({ task, loggedIn }: { task: TaskView; loggedIn: boolean }) {
  const { t } = useTranslation();
  const claim = useClaimTask();
  const busy = useRef(false);
  const money = task.kind === 'recharge';
  const percent = Math.round((task.progress / task.target) * 100);
  const progressText = money
    ? t('tasks.progressMoney', { done: formatUnits(task.progress), target: formatUnits(task.target) })
    : t('tasks.progress', { done: task.progress, target: task.target });
  const go = GO_TO[task.kind];

  async function onClaim() {
    // A quick double click comes before the button re-renders disabled: one request, whatever the clicks.
    if (busy.current) return;
    busy.current = true;
    try {
      const paid = await claim.mutateAsync(task.task_id);
      toast.success(t('tasks.claimedToast', { reward: rewardText(t, paid) }));
    } catch {
      // The API client showed the server's message.
    } finally {
      busy.current = false;
    }
  }

  return (
    <li className={`tasks-item${task.claimed ? ' tasks-item--claimed' : task.done ? ' tasks-item--done' : ''}`}>
      <div className="tasks-item__main">
        <strong className="tasks-item__name">{task.name}</strong>
        <div
          className="tasks-bar"
          role="progressbar"
          aria-label={task.name}
          aria-valuemin={0}
          aria-valuemax={task.target}
          aria-valuenow={task.progress}
          aria-valuetext={progressText}
        >
          <span className="tasks-bar__fill" style={{ width: `${percent}%` }} />
        </div>
        <span className="tasks-item__progress">{progressText}</span>
      </div>
      <div className="tasks-item__reward">
        <span className="tasks-item__label">{t('tasks.reward')}</span>
        <strong>{task.reward ? rewardText(t, task.reward) : t('tasks.noReward')}</strong>
        <details className="tasks-item__levels">
          <summary>{t('tasks.rewardsByLevel')}</summary>
          <ul>
            {task.rewards.map((r) => (
              <li key={r.vip_min}>
                <span>{t('tasks.levels', { from: r.vip_min, to: r.vip_max })}</span>
                <span>{rewardText(t, r)}</span>
              </li>
            ))}
          </ul>
        </details>
      </div>
      <div className="tasks-item__action">
        {!loggedIn ? (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => openLoginDialog(LOGIN_MODE.login)}
          >
            {t('tasks.signIn')}
          </button>
        ) : task.claimed ? (
          <span className="tasks-item__claimed">{t('tasks.claimed')}</span>
        ) : task.done ? (
          <button
            type="button"
            className="button button--primary button--sm"
            disabled={claim.isPending || !task.reward}
            onClick={() => void onClaim()}
          >
            {t('tasks.claim')}
          </button>
        ) : go ? (
          <Link className="button button--ghost button--sm" to={go}>
            {t('tasks.go')}
          </Link>
        ) : null}
      </div>
    </li>
  );
}
