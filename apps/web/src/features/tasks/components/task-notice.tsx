import { isLocale } from '@kaixiang/shared/locale';
import { TASK_NOTICE_EVENT, TASK_NOTICE_MS, type TaskNoticePush } from '@kaixiang/shared/tasks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCheck } from '../../../components/icons.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { tasksQueryOptions } from '../api/tasks.ts';
import { taskTexts } from '../texts.ts';
import '../tasks.css';

/**
 * The spec's task notice (`join_notice_to_task` on the player's own room): the task's name and a
 * link to the tasks page, shown for 3 s (spec 1 §10 "task notices 3 s"). A second notice replaces
 * the first and has its own 3 s. The tasks list, if cached, is read again.
 */
export default function TaskNoticeHost() {
  return (
    <FeatureTextsGate texts={taskTexts} fallback={null}>
      <TaskNotice />
    </FeatureTextsGate>
  );
}

export function TaskNotice() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ push: TaskNoticePush; seq: number } | null>(null);
  useSocketEvent<TaskNoticePush>(TASK_NOTICE_EVENT, (push, frame) => {
    if (frame.room !== undefined && !frame.room.startsWith('user:')) return;
    if (!push || typeof push.names !== 'object') return;
    setNotice((was) => ({ push, seq: (was?.seq ?? 0) + 1 }));
    void queryClient.invalidateQueries({ queryKey: tasksQueryOptions(true).queryKey });
  });
  const seq = notice?.seq;
  useEffect(() => {
    if (seq === undefined) return;
    const timer = setTimeout(() => setNotice(null), TASK_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [seq]);
  if (!notice) return null;
  const lang = isLocale(i18n.language) ? i18n.language : 'zh-CN';
  const name = notice.push.names[lang] || notice.push.names['zh-CN'];
  return (
    <div className="task-notice" role="status">
      <IconCheck size={20} />
      <div className="task-notice__text">
        <strong>{t('tasks.notice.title')}</strong>
        <span>{name}</span>
      </div>
      <Link className="button button--primary button--sm" to={PATHS.vipDailyTasks} onClick={() => setNotice(null)}>
        {t('tasks.notice.go')}
      </Link>
    </div>
  );
}
