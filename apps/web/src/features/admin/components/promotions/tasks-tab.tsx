import type { AdminTask } from '@kaixiang/shared/admin-tasks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { QueryTable } from '../console-form.tsx';
import { StateTag, TabToolbar } from './promotion-bits.tsx';
import { nameIn, useTasks } from './promotions-api.ts';
import { TaskDialog } from './task-dialog.tsx';

const nameOf = (task: AdminTask) => ({ zh_cn: task.name_zh_cn, zh_tw: task.name_zh_tw, en: task.name_en });

/** A share in parts per million as a percentage with one decimal: 123_456 → 12.3. */
const percentOf = (ppm: number) => (ppm / 10_000).toFixed(1);

/** A cost per player (fractional points and units, averaged): points to one decimal, coins as a Price. */
function Cost({ points, coins }: { points: number; coins: number }) {
  const { t } = useTranslation();
  return (
    <>
      {t('adminPromotions.tasks.points', { points: points.toFixed(1) })} + <Price units={Math.floor(coins)} />
    </>
  );
}

/**
 * The daily tasks tab: every task (on or off) with its rewards by VIP level, last week's claims
 * and what it costs per active player; create and edit (tasks are never deleted: switched off).
 */
export function TasksTab() {
  const { t } = useTranslation();
  const locale = useLocale();
  const tasks = useTasks();
  const [editing, setEditing] = useState<AdminTask | 'new' | null>(null);
  return (
    <div className="adm-card">
      <TabToolbar
        title={t('adminPromotions.tasks.title')}
        createText={t('adminPromotions.tasks.create')}
        onCreate={() => setEditing('new')}
      />
      {tasks.data && (
        <p className="adm-promotions__note" data-testid="tasks-total">
          {t('adminPromotions.tasks.total', { players: tasks.data.active_players })}{' '}
          <Cost points={tasks.data.expected_points_per_player} coins={tasks.data.expected_coins_per_player} />
        </p>
      )}
      <QueryTable
        query={tasks}
        failedTitle={t('adminPromotions.loadFailed')}
        emptyTitle={t('adminPromotions.tasks.empty')}
        columns={[
          t('adminPromotions.col.id'),
          t('adminPromotions.tasks.col.name'),
          t('adminPromotions.tasks.col.goal'),
          t('adminPromotions.col.state'),
          t('adminPromotions.tasks.col.rewards'),
          t('adminPromotions.tasks.col.claims'),
          t('adminPromotions.tasks.col.cost'),
          t('adminPromotions.tasks.col.sort'),
          t('adminPromotions.col.actions'),
        ]}
        rows={(data) =>
          data.list.map((task) => (
            <tr key={task.id} className="adm-table__row">
              <td className="adm-table__mono">{task.id}</td>
              <td>
                {nameIn(nameOf(task), locale)}
                <br />
                <span className="adm-table__muted">
                  {[task.name_zh_cn, task.name_zh_tw, task.name_en].filter(Boolean).join(' / ')}
                </span>
              </td>
              <td>
                {t(`adminPromotions.tasks.kind.${task.kind}`)}
                <br />
                {task.kind === 'recharge' ? <Price units={task.target} /> : `× ${task.target}`}
              </td>
              <td>
                <StateTag state={task.enabled ? 'enabled' : 'disabled'} />
              </td>
              <td>
                <ul className="adm-promotions__windows">
                  {task.rewards.map((r) => (
                    <li key={r.vip_min}>
                      {t('adminPromotions.tasks.levels', { min: r.vip_min, max: r.vip_max })}{' '}
                      {t('adminPromotions.tasks.points', { points: r.points })} + <Price units={r.coins} />
                    </li>
                  ))}
                </ul>
              </td>
              <td>
                {t('adminPromotions.tasks.claims', { claims: task.claims_7d, rate: percentOf(task.claim_rate_ppm) })}
              </td>
              <td>
                <Cost points={task.expected_points_per_player} coins={task.expected_coins_per_player} />
                <br />
                <span className="adm-table__muted">
                  {t('adminPromotions.tasks.most')}{' '}
                  <Cost points={task.max_points_per_player} coins={task.max_coins_per_player} />
                </span>
              </td>
              <td>{task.sort}</td>
              <td className="adm-promotions__actions">
                <button type="button" className="button button--ghost button--sm" onClick={() => setEditing(task)}>
                  {t('adminPromotions.edit')}
                </button>
              </td>
            </tr>
          ))
        }
      />
      {editing && <TaskDialog task={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}
