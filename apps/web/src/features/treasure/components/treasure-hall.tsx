import { TREASURE_PAGE_SIZE, type TreasureListResponse } from '@kaixiang/shared/treasure';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconCard } from '../../../components/icons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';
import { TREASURE_TABS, type TreasureTab, useMyCards, useTreasureList } from '../api/get-treasure.ts';
import { useTreasureHallLive } from '../api/live.ts';
import { treasureTexts } from '../texts.ts';
import { MyCardsExtra } from './my-cards.tsx';
import { TreasureCard } from './treasure-card.tsx';
import '../treasure.css';

/** /card (spec 2 §2 "Card (grab-card)"): ongoing, ended and my treasures, live from `treasure:hall`. */
export function TreasureHallPage() {
  return (
    <FeatureTextsGate texts={treasureTexts}>
      <TreasureHall />
    </FeatureTextsGate>
  );
}

function TreasureHall() {
  const { t } = useTranslation();
  const locale = useLocale();
  const loggedIn = useLoggedIn();
  const [tab, setTab] = useState<TreasureTab>(TREASURE_TABS.ongoing);
  const [page, setPage] = useState(1);
  // "My cards" needs a player: a visitor (or a player who signed out here) sees the ongoing ones.
  const shown = !loggedIn && tab === TREASURE_TABS.mine ? TREASURE_TABS.ongoing : tab;
  const lists = useTreasureList(
    shown === TREASURE_TABS.ended ? 'ended' : 'ongoing',
    page,
    locale,
    shown !== TREASURE_TABS.mine,
  );
  const mine = useMyCards(page, locale, shown === TREASURE_TABS.mine);
  const query = shown === TREASURE_TABS.mine ? mine : lists;
  useTreasureHallLive();

  function choose(next: TreasureTab) {
    if (next === TREASURE_TABS.mine && !loggedIn) {
      openLoginDialog();
      return;
    }
    setTab(next);
    setPage(1);
  }

  const tabs = [
    { key: 'ongoing', value: TREASURE_TABS.ongoing, text: t('treasure.tabs.ongoing') },
    { key: 'ended', value: TREASURE_TABS.ended, text: t('treasure.tabs.ended') },
    { key: 'mine', value: TREASURE_TABS.mine, text: t('treasure.tabs.mine') },
  ] as const;
  const data: (TreasureListResponse & { offsetMs: number }) | undefined = query.data;

  return (
    <div className="page treasure-hall">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCard size={26} />
        </span>
        <div>
          <h1>{t('treasure.title')}</h1>
          <p>{t('treasure.subtitle')}</p>
        </div>
      </header>
      <SegTabs<TreasureTab> label={t('treasure.tabs.label')} options={tabs} value={shown} onChange={choose} />
      {query.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : query.isError && !data ? (
        <div className="panel">
          <EmptyState
            title={t('treasure.loadFailed')}
            action={
              <button type="button" className="button button--ghost" onClick={() => void query.refetch()}>
                {t('treasure.retry')}
              </button>
            }
          />
        </div>
      ) : !data || data.list.length === 0 ? (
        <div className="panel">
          <EmptyState title={shown === TREASURE_TABS.mine ? t('treasure.my.none') : t('treasure.empty')} />
        </div>
      ) : (
        <>
          <ul className="treasure-grid">
            {shown === TREASURE_TABS.mine && mine.data
              ? mine.data.list.map((entry) => (
                  <li key={entry.room_id}>
                    <TreasureCard
                      treasure={entry}
                      offsetMs={mine.data.offsetMs}
                      extra={<MyCardsExtra entry={entry} />}
                    />
                  </li>
                ))
              : data.list.map((treasure) => (
                  <li key={treasure.room_id}>
                    <TreasureCard treasure={treasure} offsetMs={data.offsetMs} />
                  </li>
                ))}
          </ul>
          <Pager page={page} total={data.total} pageSize={TREASURE_PAGE_SIZE} onPage={setPage} />
        </>
      )}
    </div>
  );
}
