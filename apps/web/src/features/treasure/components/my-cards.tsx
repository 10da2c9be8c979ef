import { TREASURE_CARD_STATUS, TREASURE_PAGE_SIZE, type TreasureMyCardsResponse } from '@kaixiang/shared/treasure';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconCard } from '../../../components/icons.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useMyCards, useMyWins } from '../api/get-treasure.ts';
import { useTreasureHallLive } from '../api/live.ts';
import { cardNumbers } from '../format.ts';
import { cardDetailsPath } from '../paths.ts';
import { treasureTexts } from '../texts.ts';
import { PrizeCard } from './bits.tsx';
import '../treasure.css';

type MyEntry = TreasureMyCardsResponse['list'][number];

/** 进行中 / 已中奖 / 未中奖 (spec 2 §3 card room status 1 / 2 / 3). */
export function StatusBadge({ status }: { status: number }) {
  const { t } = useTranslation();
  const tone = status === TREASURE_CARD_STATUS.won ? 'won' : status === TREASURE_CARD_STATUS.notWon ? 'lost' : 'live';
  return <span className={`treasure-status treasure-status--${tone}`}>{t(`treasure.status.${status}`)}</span>;
}

/** What the hall's "my cards" tab adds under a treasure: my cards, what they cost, my status. */
export function MyCardsExtra({ entry }: { entry: MyEntry }) {
  const { t } = useTranslation();
  return (
    <div className="treasure-mine">
      <span>
        {t('treasure.myCount', { count: entry.my_cards.length })} · {t('treasure.my.paid')} <Price units={entry.paid} />
      </span>
      <StatusBadge status={entry.status} />
    </div>
  );
}

/**
 * The player's treasures with their cards, paid and status, and the treasures they won: /card/my
 * (card-myCard) and, in the personal centre's frame, /userinfo/card.
 */
export function MyCardsSection() {
  return (
    <FeatureTextsGate texts={treasureTexts}>
      <MyCards />
    </FeatureTextsGate>
  );
}

function MyCards() {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [winsPage, setWinsPage] = useState(1);
  const cards = useMyCards(page, locale);
  const wins = useMyWins(winsPage, locale);
  // Cards sold, a draw or a refund change the statuses shown here.
  useTreasureHallLive();
  return (
    <>
      <section className="panel treasure-my" aria-label={t('treasure.my.cards')}>
        <h2>{t('treasure.my.cards')}</h2>
        {cards.isPending ? (
          <Spinner />
        ) : !cards.data || cards.data.list.length === 0 ? (
          <EmptyState compact title={t('treasure.my.none')} />
        ) : (
          <>
            <ul className="treasure-my__list">
              {cards.data.list.map((entry) => (
                <MyRow key={entry.room_id} entry={entry} />
              ))}
            </ul>
            <Pager page={page} total={cards.data.total} pageSize={TREASURE_PAGE_SIZE} onPage={setPage} />
          </>
        )}
      </section>
      <section className="panel treasure-my" aria-label={t('treasure.my.wins')}>
        <h2>{t('treasure.my.wins')}</h2>
        {wins.isPending ? (
          <Spinner />
        ) : !wins.data || wins.data.list.length === 0 ? (
          <EmptyState compact title={t('treasure.my.noWins')} />
        ) : (
          <>
            <ul className="treasure-my__wins">
              {wins.data.list.map((w) => (
                <li key={w.room_id}>
                  <Link to={cardDetailsPath(w.room_id)} className="treasure-my__win" aria-label={w.title}>
                    <PrizeCard item={w.item} />
                    <span className="treasure-my__win-title">{w.title}</span>
                    {w.winning_card !== null && <span>{t('treasure.winningCard', { card: w.winning_card + 1 })}</span>}
                    {w.ended_at !== null && (
                      <small>{t('treasure.my.wonOn', { time: new Date(w.ended_at).toLocaleString(locale) })}</small>
                    )}
                  </Link>
                </li>
              ))}
            </ul>
            <Pager page={winsPage} total={wins.data.total} pageSize={TREASURE_PAGE_SIZE} onPage={setWinsPage} />
          </>
        )}
      </section>
    </>
  );
}

function MyRow({ entry }: { entry: MyEntry }) {
  const { t } = useTranslation();
  return (
    <li className="treasure-my__row">
      <Link to={cardDetailsPath(entry.room_id)} className="treasure-my__link" aria-label={entry.title}>
        <PrizeCard item={entry.item} className="treasure-my__prize" />
        <div className="treasure-my__body">
          <h3>{entry.title}</h3>
          <p>
            {t('treasure.sold', { sold: entry.sold, total: entry.total })} · {t(`treasure.phase.${entry.phase}`)}
          </p>
          <p className="treasure-my__cards">
            {t('treasure.details.myCards', { count: entry.my_cards.length, cards: cardNumbers(entry.my_cards) })}
          </p>
        </div>
        <div className="treasure-my__side">
          <span>
            {t('treasure.my.paid')} <Price units={entry.paid} />
          </span>
          <StatusBadge status={entry.status} />
        </div>
      </Link>
    </li>
  );
}

/** /card/my (card-myCard): the same section under the treasure's own heading. */
export function MyCardsPage() {
  return (
    <FeatureTextsGate texts={treasureTexts}>
      <MyCardsOwnPage />
    </FeatureTextsGate>
  );
}

function MyCardsOwnPage() {
  const { t } = useTranslation();
  return (
    <div className="page treasure-my-page">
      <Link to={PATHS.card} className="treasure-back">
        ‹ {t('treasure.details.back')}
      </Link>
      <header className="page-head">
        <span className="page-head__icon">
          <IconCard size={26} />
        </span>
        <div>
          <h1>{t('treasure.my.title')}</h1>
          <p>{t('treasure.my.subtitle')}</p>
        </div>
      </header>
      <MyCards />
    </div>
  );
}
