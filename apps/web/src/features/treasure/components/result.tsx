import type { TreasureEndInfo, TreasureInfo } from '@kaixiang/shared/treasure';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { treasureFairnessPath } from '../paths.ts';

/**
 * An ended treasure: the winner and the winning card (or the refund), then what makes the draw
 * checkable — the hash committed at creation, the revealed seed, the beacon's round and value —
 * and where to recompute it.
 */
export function ResultPanel({ info, end }: { info: TreasureInfo; end: TreasureEndInfo | undefined }) {
  const { t } = useTranslation();
  const won = info.phase === 'won' && info.winner && info.winning_card !== null;
  return (
    <section className="panel treasure-result" aria-label={t('treasure.details.result')}>
      <h2>{t('treasure.details.result')}</h2>
      {won && info.winner && info.winning_card !== null ? (
        <p className="treasure-result__winner">
          <Avatar src={info.winner.avatar} name={info.winner.nick_name} size={40} />
          <span>
            {t('treasure.winner')}：<strong>{info.winner.nick_name}</strong>
          </span>
          <span className="treasure-result__card">{t('treasure.winningCard', { card: info.winning_card + 1 })}</span>
        </p>
      ) : (
        <p className="treasure-result__refunded">{t('treasure.details.refunded')}</p>
      )}
      <dl className="treasure-fair" aria-label={t('treasure.details.fair')}>
        <dt>{t('treasure.details.seedHash')}</dt>
        <dd className="mono">{info.server_seed_hash}</dd>
        {end?.server_seed && (
          <>
            <dt>{t('treasure.details.seed')}</dt>
            <dd className="mono">{end.server_seed}</dd>
          </>
        )}
        {end?.public_seed && (
          <>
            <dt>
              {t('treasure.details.beacon')}
              {end.beacon_round !== null && ` · ${t('treasure.details.beaconRound', { round: end.beacon_round })}`}
            </dt>
            <dd className="mono">{end.public_seed}</dd>
          </>
        )}
      </dl>
      {won && (
        <Link className="button button--ghost" to={treasureFairnessPath(info.room_id)}>
          {t('treasure.details.verify')}
        </Link>
      )}
    </section>
  );
}
