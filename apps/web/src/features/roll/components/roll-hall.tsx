import { ROLL_PAGE_SIZE, ROLL_TABS } from '@kaixiang/shared/roll';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconRoll } from '../../../components/icons.tsx';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { useRollCreateRule, useRollList } from '../api/get-roll.ts';
import { useRollHallLive, useRollWinToast } from '../api/live.ts';
import { rollDetailsPath } from '../paths.ts';
import { rollTexts } from '../texts.ts';
import { RoomCard } from './room-card.tsx';
import '../roll.css';

const CreateRollDialog = lazy(() => import('./create-dialog.tsx').then((m) => ({ default: m.CreateRollDialog })));

type Tab = (typeof ROLL_TABS)[keyof typeof ROLL_TABS];

/**
 * /roll (spec 2 §2 "Roll: all rooms, rooms I joined, ended; create room"): the three tabs, live
 * from `roll:hall`. The cards count down on the server's clock (the list's `now`), as the room's
 * page does.
 */
export function RollHallPage() {
  return (
    <FeatureTextsGate texts={rollTexts}>
      <RollHall />
    </FeatureTextsGate>
  );
}

function RollHall() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useState<Tab>(ROLL_TABS.ongoing);
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  // "Joined by me" needs a player: a visitor's tab falls back to all rooms.
  const shown = !loggedIn && tab === ROLL_TABS.joined ? ROLL_TABS.ongoing : tab;
  const list = useRollList(shown, page, locale);
  const rule = useRollCreateRule();
  useRollHallLive();
  useRollWinToast();

  function choose(next: Tab) {
    if (next === ROLL_TABS.joined && !loggedIn) {
      openLoginDialog();
      return;
    }
    setTab(next);
    setPage(1);
  }

  const tabs = [
    { key: 'ongoing', value: ROLL_TABS.ongoing, text: t('roll.tabs.ongoing') },
    { key: 'joined', value: ROLL_TABS.joined, text: t('roll.tabs.joined') },
    { key: 'ended', value: ROLL_TABS.ended, text: t('roll.tabs.ended') },
  ] as const;

  return (
    <div className="page roll-hall">
      <header className="page-head">
        <span className="page-head__icon">
          <IconRoll size={26} />
        </span>
        <div>
          <h1>{t('roll.title')}</h1>
          <p>{t('roll.subtitle')}</p>
        </div>
        {rule.data?.can_create && (
          <div className="roll-hall__actions">
            <button type="button" className="button button--primary" onClick={() => setCreating(true)}>
              {t('roll.create')}
            </button>
          </div>
        )}
      </header>
      <SegTabs<Tab> label={t('roll.tabs.label')} options={tabs} value={shown} onChange={choose} />
      {list.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : list.isError && !list.data ? (
        <div className="panel">
          <EmptyState
            title={t('roll.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void list.refetch()}>
                {t('roll.retry')}
              </button>
            }
          />
        </div>
      ) : list.data.list.length === 0 ? (
        <div className="panel">
          <EmptyState title={t('roll.empty')} />
        </div>
      ) : (
        <>
          <ul className="roll-grid">
            {list.data.list.map((room) => (
              <li key={room.room_id}>
                <RoomCard room={room} offsetMs={list.data.offsetMs} vip={false} />
              </li>
            ))}
          </ul>
          <Pager page={page} total={list.data.total} pageSize={ROLL_PAGE_SIZE} onPage={setPage} />
        </>
      )}
      {rule.data?.can_create && (
        <LazyDialog open={creating}>
          <CreateRollDialog
            open={creating}
            rule={rule.data}
            onClose={() => setCreating(false)}
            onCreated={(roomId) => {
              setCreating(false);
              void navigate(rollDetailsPath(roomId));
            }}
          />
        </LazyDialog>
      )}
    </div>
  );
}
