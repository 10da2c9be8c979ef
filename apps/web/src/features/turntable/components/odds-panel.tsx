import type { TurntableRoomInfo } from '@kaixiang/shared/turntable';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { multiplierText } from './bet-areas.tsx';

type Fraction = { num: number; den: number };

/** A fraction as a percentage with at most two decimals: 24/25 → "96%", 1/3 → "33.33%". */
export function percentText(f: Fraction): string {
  return `${Number(((f.num / f.den) * 100).toFixed(2))}%`;
}

/** The fairness page's check of one turntable round. */
export function fairnessPath(roundId: number): string {
  return `${PATHS.fairness}?turntable=${roundId}`;
}

/** The order the screen shows the areas in: the lines, top to bottom. */
const AREA_ORDER = [12, 14, 13, 8, 9, 10, 11, 0, 1, 2, 3, 4, 5, 6, 7];

/** Every area's chance, multiplier and return (the same for all, exact from the server), and the jackpot explained. */
export function OddsPanel({ info }: { info: TurntableRoomInfo }) {
  const { t } = useTranslation();
  const odds = AREA_ORDER.flatMap((area) => info.odds.filter((o) => o.area === area));
  const rtp = percentText(info.rtp.area);
  return (
    <section className="panel tt-odds">
      <h2>{t('turntable.odds.title')}</h2>
      <table className="tt-odds__table" data-testid="tt-odds">
        <thead>
          <tr>
            <th scope="col">{t('turntable.odds.area')}</th>
            <th scope="col">{t('turntable.odds.chance')}</th>
            <th scope="col">{t('turntable.odds.multiplier')}</th>
            <th scope="col">{t('turntable.odds.rtp')}</th>
          </tr>
        </thead>
        <tbody>
          {odds.map((o) => (
            <tr key={o.area} data-area={o.area}>
              <th scope="row">{t(`turntable.areas.${o.area}`)}</th>
              <td>{percentText(o.chance)}</td>
              <td>
                {multiplierText(o.multiplier)}
                {o.jackpot && (
                  <span className="tt-odds__jackpot">
                    {t('turntable.odds.plusJackpot', { share: percentText(o.jackpot) })}
                  </span>
                )}
              </td>
              <td>{percentText(o.rtp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="tt-help">
        <p data-testid="tt-rtp">
          {t('turntable.help.rtp', {
            rtp,
            jackpot: percentText(info.rtp.jackpot),
            longRun: percentText(info.rtp.long_run),
          })}
        </p>
        <p>{t('turntable.help.jackpot')}</p>
      </div>
    </section>
  );
}

/**
 * The round's commitment: the server seed's hash before the draw, the seed once the wheels have
 * stopped, and the link to check the round on the fairness page.
 */
export function FairnessPanel({ info, revealed }: { info: TurntableRoomInfo; revealed: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="panel tt-fairness">
      <h2>{t('turntable.seeds.title')}</h2>
      <p className="tt-help">{t('turntable.help.fairness')}</p>
      <dl className="tt-seeds">
        <dt>{t('turntable.seeds.round')}</dt>
        <dd>{info.round_id}</dd>
        <dt>{t('turntable.seeds.hash')}</dt>
        <dd className="tt-seeds__hex" data-testid="tt-seed-hash">
          {info.server_seed_hash}
        </dd>
        <dt>{t('turntable.seeds.seed')}</dt>
        <dd className="tt-seeds__hex" data-testid="tt-seed">
          {revealed && info.server_seed ? info.server_seed : t('turntable.seeds.hidden')}
        </dd>
      </dl>
      {revealed && (
        <Link className="button button--ghost button--sm" to={fairnessPath(info.round_id)}>
          {t('turntable.seeds.verify')}
        </Link>
      )}
    </section>
  );
}
