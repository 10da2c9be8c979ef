import type { RewardNotice } from '@kaixiang/shared/boards';
import { BOARDS_EVENTS, BOARDS_ROUTES, REWARD_NOTICE_MS } from '@kaixiang/shared/boards-paths';
import { formatUnits } from '@kaixiang/shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconClose, IconTrophy } from '../../../components/icons.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useSocketEvent } from '../../../lib/socket.ts';
import { BOARDS_QUERY_ROOT } from '../api/keys.ts';
import { boardsTexts } from '../texts.ts';
import '../boards.css';

const NOTICE_EVENTS = [BOARDS_EVENTS.pkPowerRewardNotice, BOARDS_EVENTS.rankingRewardNotice] as const;
const BOARD_NAMES = ['pk', 'cases', 'upgrade', 'king_value', 'king_multiple', 'pk_power'];

/** The page a notice's board lives on. */
function boardPage(board: string): string {
  if (board === 'pk_power') return BOARDS_ROUTES.pkPower;
  if (board.startsWith('king_')) return BOARDS_ROUTES.king;
  return BOARDS_ROUTES.royal;
}

function isNotice(data: unknown): data is RewardNotice {
  const d = data as Partial<RewardNotice> | null;
  return (
    typeof d?.board === 'string' &&
    typeof d.period_key === 'string' &&
    typeof d.rank === 'number' &&
    typeof d.prize === 'number'
  );
}

/**
 * The reward notices of spec 2 §7 (act_pkpower_reward_notice, ranking_reward_notice on the
 * player's own room): which board, which rank, the prize, a link to the board, each for its
 * `show_ms` (15 s). A second notice waits for the first rather than replacing it: one day's close
 * can pay the same player on several boards at once (cases, battles, both crowns), and each prize
 * deserves its own moment; closing a notice brings the next at once.
 */
export default function RewardNoticeHost() {
  return (
    <FeatureTextsGate texts={boardsTexts} fallback={null}>
      <RewardNotices />
    </FeatureTextsGate>
  );
}

type Queued = RewardNotice & { seq: number };

export function RewardNotices() {
  const queryClient = useQueryClient();
  const [queue, setQueue] = useState<readonly Queued[]>([]);
  const onNotice = (data: unknown, room: string | undefined) => {
    if (room !== undefined && !room.startsWith('user:')) return;
    if (!isNotice(data)) return;
    setQueue((was) => [...was, { ...data, seq: (was.at(-1)?.seq ?? 0) + 1 }]);
    // The board that paid now shows the period as settled.
    void queryClient.invalidateQueries({ queryKey: BOARDS_QUERY_ROOT });
  };
  useSocketEvent(NOTICE_EVENTS[0], (data, frame) => onNotice(data, frame.room));
  useSocketEvent(NOTICE_EVENTS[1], (data, frame) => onNotice(data, frame.room));
  const current = queue[0];
  const seq = current?.seq;
  const showMs = current && current.show_ms > 0 ? current.show_ms : REWARD_NOTICE_MS;
  useEffect(() => {
    if (seq === undefined) return;
    const timer = setTimeout(() => setQueue((was) => was.filter((n) => n.seq !== seq)), showMs);
    return () => clearTimeout(timer);
  }, [seq, showMs]);
  if (!current) return null;
  const dismiss = () => setQueue((was) => was.filter((n) => n.seq !== current.seq));
  return <Notice notice={current} onClose={dismiss} />;
}

function Notice({ notice, onClose }: { notice: RewardNotice; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  // The activity's title in the reader's language, the zh-CN one where none was given.
  const title = (locale === 'zh-TW' ? notice.title_zh_tw : locale === 'en-US' ? notice.title_en : '') || notice.title;
  const board = BOARD_NAMES.includes(notice.board) ? t(`boards.notice.board.${notice.board}`) : notice.board;
  const [kind, date] = notice.period_key.split(':');
  const period =
    notice.board === 'pk_power'
      ? title
      : (kind === 'd' || kind === 'w') && date
        ? t(`boards.notice.period.${kind}`, { date })
        : '';
  return (
    <div className="reward-notice" role="status" data-testid="reward-notice">
      <IconTrophy size={26} className="reward-notice__icon" />
      <div className="reward-notice__text">
        <strong className="reward-notice__title">{t('boards.notice.title')}</strong>
        <span>
          {board}
          {period && ` · ${period}`}
        </span>
        <span className="reward-notice__rank">{t('boards.notice.rank', { rank: notice.rank })}</span>
        <span className="reward-notice__prize">{t('boards.notice.prize', { value: formatUnits(notice.prize) })}</span>
      </div>
      <div className="reward-notice__actions">
        <Link className="button button--primary button--sm" to={boardPage(notice.board)} onClick={onClose}>
          {t('boards.notice.go')}
        </Link>
        <button type="button" className="reward-notice__close" aria-label={t('boards.notice.close')} onClick={onClose}>
          <IconClose size={16} />
        </button>
      </div>
    </div>
  );
}
