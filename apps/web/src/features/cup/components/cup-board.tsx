import type { CupView } from '@kaixiang/shared/cup';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { groupThousands } from '../../../i18n/formats.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';

/** The tournament's best predictors (score = points won) and the viewer's own place. */
export function CupBoard({ rows, me }: { rows: CupView['board']; me: CupView['me'] }) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  return (
    <div className="cup-board">
      {rows.length === 0 ? (
        <EmptyState compact title={t('cup.board.empty')} />
      ) : (
        <div className="cup-table-wrap">
          <table className="data-table cup-table" aria-label={t('cup.view.board')}>
            <thead>
              <tr>
                <th>{t('cup.board.rank')}</th>
                <th>{t('cup.board.player')}</th>
                <th className="num">{t('cup.board.score')}</th>
                <th className="num">{t('cup.board.plays')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.user_id} className={r.rank <= 3 ? `is-podium is-rank-${r.rank}` : undefined}>
                  <td>
                    <span className="cup-rank">{r.rank}</span>
                  </td>
                  <td>
                    <span className="cup-player">
                      <Avatar src={r.avatar} name={r.nick_name} size={28} />
                      <VipBadge level={r.vip_level} />
                      <span className="cup-player__name">{r.nick_name}</span>
                    </span>
                  </td>
                  <td className="num cup-table__score">{groupThousands(r.score)}</td>
                  <td className="num">{groupThousands(r.plays)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {me ? (
        <div className="cup-me" data-testid="cup-me">
          <span>
            {t('cup.board.me')}
            <strong>{me.rank === null ? t('cup.board.notRanked') : me.rank}</strong>
          </span>
          <span>
            {t('cup.board.score')}
            <strong>{groupThousands(me.score)}</strong>
          </span>
          <span>
            {t('cup.board.plays')}
            <strong>{groupThousands(me.plays)}</strong>
          </span>
        </div>
      ) : (
        !loggedIn && (
          <div className="cup-me">
            <button type="button" className="link-button" onClick={() => openLoginDialog()}>
              {t('cup.board.signIn')}
            </button>
          </div>
        )
      )}
    </div>
  );
}
