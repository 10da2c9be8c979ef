import type { BattleRoomCard } from '@kaixiang/shared/battles';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconBattle } from '../../../components/icons.tsx';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { sessionUserId, useLoggedIn } from '../../../lib/session.ts';
import { useBattleList } from '../api/get-battles.ts';
import { useBattleHallLive } from '../api/live.ts';
import { useJoinBattle } from '../api/room-actions.ts';
import { BattleResults } from './battle-results.tsx';
import { battleDetailsPath } from './room-bits.tsx';
import { RoomCard } from './room-card.tsx';
import '../battles.css';

const CreateBattleDialog = lazy(() => import('./create-dialog.tsx').then((m) => ({ default: m.CreateBattleDialog })));

/**
 * /battle and /vipBattle (spec 2 §2): the waiting and running rooms, and beside them the results
 * of ended battles, all live from `battle:hall`.
 */
export function BattleHallPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const loggedIn = useLoggedIn();
  const me = loggedIn ? Number(sessionUserId()) || null : null;
  const list = useBattleList();
  const { join, joining } = useJoinBattle();
  const [creating, setCreating] = useState(false);
  useBattleHallLive();

  function requireLogin(then: () => void) {
    if (!loggedIn) openLoginDialog();
    else then();
  }

  function handleJoin(room: BattleRoomCard) {
    if (!loggedIn) {
      openLoginDialog();
      return;
    }
    // Spec 2 §4: the join reply takes the player to the room.
    void join({ room_id: room.room_id }, () => navigate(battleDetailsPath(room.room_id)));
  }

  return (
    <div className="page battle-hall">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBattle size={26} />
        </span>
        <div>
          <h1>{t('battles.title')}</h1>
          <p>{t('battles.subtitle')}</p>
        </div>
        <div className="battle-hall__actions">
          <Link
            className="button button--ghost"
            to={PATHS.battleHistory}
            onClick={(e) => {
              if (loggedIn) return;
              e.preventDefault();
              openLoginDialog();
            }}
          >
            {t('battles.myRecord')}
          </Link>
          <button
            type="button"
            className="button button--primary"
            onClick={() => requireLogin(() => setCreating(true))}
          >
            {t('battles.create')}
          </button>
        </div>
      </header>
      <div className="battle-hall__body">
        <section className="battle-hall__list" aria-label={t('battles.rooms')}>
          {list.isPending ? (
            <div className="center-block">
              <Spinner />
            </div>
          ) : list.isError && !list.data ? (
            <div className="panel">
              <EmptyState
                title={t('battles.loadFailed')}
                action={
                  <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
                    {t('battles.retry')}
                  </button>
                }
              />
            </div>
          ) : list.data.length === 0 ? (
            <div className="panel">
              <EmptyState title={t('battles.empty')} hint={t('battles.emptyHint')} />
            </div>
          ) : (
            <ul className="battle-grid">
              {list.data.map((room) => (
                <RoomCard
                  key={room.room_id}
                  room={room}
                  me={me}
                  joining={joining === room.room_id}
                  onJoin={handleJoin}
                />
              ))}
            </ul>
          )}
        </section>
        <BattleResults />
      </div>
      <LazyDialog open={creating}>
        <CreateBattleDialog open={creating} onClose={() => setCreating(false)} />
      </LazyDialog>
    </div>
  );
}
