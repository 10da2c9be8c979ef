import type { TreasureSummary } from '@kaixiang/shared/treasure';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { Price } from '../../../components/price.tsx';
import { useMsUntil } from '../../../lib/countdown.ts';
import { cardDetailsPath } from '../paths.ts';
import { Countdown, PhaseBadge, PrizeCard, SoldBar } from './bits.tsx';

/**
 * One treasure in the hall: the prize, the card price, cards sold, the time left (on our own
 * clock: the list carries no server time; the treasure's page uses the server's), the phase and,
 * once drawn, the winner. `extra` is what the "my cards" tab adds (my cards, status).
 */
export function TreasureCard({
  treasure,
  offsetMs,
  extra,
}: {
  treasure: TreasureSummary;
  /** Server time minus ours (from the list's `now`): the deadline is the server's. */
  offsetMs: number;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const leftMs = useMsUntil(treasure.deadline, offsetMs);
  const open = treasure.phase === 'open';
  return (
    <Link to={cardDetailsPath(treasure.room_id)} className="treasure-card" aria-label={treasure.title}>
      <header className="treasure-card__head">
        <h3 className="treasure-card__title" title={treasure.title}>
          {treasure.title}
        </h3>
        <PhaseBadge phase={treasure.phase} />
      </header>
      <PrizeCard item={treasure.item} className="treasure-card__prize" />
      <dl className="treasure-card__facts">
        <div>
          <dt>{t('treasure.cardPrice')}</dt>
          <dd>
            <Price units={treasure.card_price} />
          </dd>
        </div>
        <div>
          <dt>{open ? t('treasure.deadlineIn') : ''}</dt>
          <dd>
            {open ? (
              leftMs > 0 ? (
                <Countdown atMs={treasure.deadline} offsetMs={offsetMs} />
              ) : (
                t('treasure.deadlinePassed')
              )
            ) : null}
          </dd>
        </div>
      </dl>
      <SoldBar sold={treasure.sold} total={treasure.total} />
      {treasure.winner && treasure.winning_card !== null && (
        <p className="treasure-card__winner">
          <Avatar src={treasure.winner.avatar} name={treasure.winner.nick_name} size={22} />
          <span>
            {t('treasure.winner')}：{treasure.winner.nick_name}
          </span>
          <span className="treasure-card__card">{t('treasure.winningCard', { card: treasure.winning_card + 1 })}</span>
        </p>
      )}
      {extra}
    </Link>
  );
}
