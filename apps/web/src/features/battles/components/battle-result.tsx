import type { BattleRoomData } from '@kaixiang/shared/battles';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconShield } from '../../../components/icons.tsx';
import { PATHS } from '../../../lib/paths.ts';
import { SeatPlayer } from './room-bits.tsx';

/**
 * The completion screen's summary (spec 2 §4): who won, and the battle's fairness inputs — the
 * server seed (revealed now, against the hash committed at creation) and the public beacon value
 * fixed after the last seat was taken — with the way to the fairness page.
 */
export function BattleResult({ room }: { room: BattleRoomData }) {
  const { t } = useTranslation();
  const winners = room.winners.map((seat) => room.members[seat]).filter((m) => m !== null && m !== undefined);
  return (
    <section className="battle-result panel" aria-label={t('battles.result.title')} data-testid="battle-result">
      <header className="battle-result__head">
        <h2>{t('battles.result.title')}</h2>
        <span className="battle-result__winners">
          {winners.map((m) => (
            <span key={m.seat} className="battle-result__winner">
              <SeatPlayer member={m} size={32} />
              <strong>{t('battles.result.win')}</strong>
            </span>
          ))}
        </span>
      </header>
      {room.tie && <p className="battle-result__tie">{t('battles.result.tie')}</p>}
      <dl className="battle-result__seeds">
        <dt>{t('battles.result.serverSeedHash')}</dt>
        <dd>
          <code>{room.server_seed_hash}</code>
        </dd>
        {room.server_seed && (
          <>
            <dt>{t('battles.result.serverSeed')}</dt>
            <dd>
              <code data-testid="battle-server-seed">{room.server_seed}</code>
            </dd>
          </>
        )}
        {room.public_seed && (
          <>
            <dt>{t('battles.result.publicSeed')}</dt>
            <dd>
              <code data-testid="battle-public-seed">{room.public_seed}</code>
              {room.beacon_round !== null &&
                (room.beacon_url ? (
                  <a href={room.beacon_url} target="_blank" rel="noopener noreferrer" className="battle-result__beacon">
                    {t('battles.result.beaconRound', { round: room.beacon_round })}
                  </a>
                ) : (
                  <span className="battle-result__beacon">
                    {t('battles.result.beaconRound', { round: room.beacon_round })}
                  </span>
                ))}
            </dd>
          </>
        )}
      </dl>
      <footer className="battle-result__foot">
        <Link to={`${PATHS.fairness}?battle=${room.room_id}`} className="button button--ghost button--sm">
          <IconShield size={14} />
          {t('battles.result.verify')}
        </Link>
        <Link to={PATHS.vipBattle} className="button button--primary button--sm">
          {t('battles.result.backToHall')}
        </Link>
      </footer>
    </section>
  );
}
