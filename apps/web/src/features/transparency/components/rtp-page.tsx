import { formatUnits } from '@kaixiang/shared/money';
import type { RtpBox, RtpFigures, RtpGameRow, RtpRange } from '@kaixiang/shared/transparency';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FallbackImage } from '../../../components/fallback-image.tsx';
import { IconShield } from '../../../components/icons.tsx';
import { PageSpinner } from '../../../components/spinner.tsx';
import { FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { dateTimeFormat, groupThousands } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useRtp } from '../api/get-rtp.ts';
import { transparencyTexts } from '../texts.ts';
import '../transparency.css';

const HOW = ['how_1', 'how_2', 'how_3', 'how_4'] as const;

export const pct = (rtp: number | null) => (rtp === null ? '—' : `${(rtp * 100).toFixed(2)} %`);
const yuan = (units: number) => `¥${formatUnits(units)}`;

/**
 * `/fairness/rtp` (issue 23): the realised RTP per box and per game over the last 30 days, beside
 * the published RTP and the range chance alone allows, from the server's daily snapshot.
 */
export function RtpPage() {
  return (
    <FeatureTextsGate texts={transparencyTexts}>
      <Rtp />
    </FeatureTextsGate>
  );
}

function Rtp() {
  const { t } = useTranslation();
  const locale = useLocale();
  const q = useRtp(locale);
  const when = (ms: number) =>
    dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Shanghai' }).format(ms);

  return (
    <div className="page rtp-page">
      <header className="page-head">
        <span className="page-head__icon">
          <IconShield size={26} />
        </span>
        <div>
          <h1>{t('transparency.title')}</h1>
          <p>{t('transparency.subtitle')}</p>
        </div>
      </header>
      <p>
        <Link to="/fairness">{t('transparency.back')}</Link>
      </p>
      {q.isPending ? (
        <PageSpinner />
      ) : q.isError ? (
        <EmptyState title={t('transparency.empty')} />
      ) : (
        <>
          <p className="rtp-page__window" data-testid="rtp-window">
            {t('transparency.window', { from: when(q.data.window_start), to: when(q.data.computed_at) })}
          </p>
          <section className="panel" aria-labelledby="rtp-boxes">
            <h2 id="rtp-boxes">{t('transparency.boxes_title')}</h2>
            <p className="rtp-page__note">{t('transparency.boxes_note')}</p>
            {q.data.free_openings_excluded > 0 && (
              <p className="rtp-page__note">
                {t('transparency.free_excluded', { count: q.data.free_openings_excluded })}
              </p>
            )}
            <FiguresTable kind="box" rows={q.data.boxes} />
          </section>
          <section className="panel" aria-labelledby="rtp-games">
            <h2 id="rtp-games">{t('transparency.games_title')}</h2>
            <FiguresTable kind="game" rows={q.data.games} />
            {q.data.games.map((g) => (
              <p key={g.game} className="rtp-page__note">
                <strong>{t(`transparency.game_${g.game}`)}</strong>: {t(`transparency.note_${g.game}`)}
                {g.jackpot && (
                  <>
                    {' '}
                    {t('transparency.jackpot_line', {
                      won: yuan(g.jackpot.won),
                      realised: pct(g.jackpot.realised_rtp),
                      published: pct(g.jackpot.published_rtp),
                    })}
                  </>
                )}
              </p>
            ))}
            <p className="rtp-page__note">{t('transparency.excluded_games')}</p>
          </section>
          <section className="panel" aria-labelledby="rtp-how">
            <h2 id="rtp-how">{t('transparency.how_title')}</h2>
            {HOW.map((k) => (
              <p key={k}>{t(`transparency.${k}`)}</p>
            ))}
          </section>
        </>
      )}
    </div>
  );
}

type Row = (RtpBox & { kind?: never }) | RtpGameRow;

function FiguresTable({ kind, rows }: { kind: 'box' | 'game'; rows: readonly Row[] }) {
  const { t } = useTranslation();
  return (
    <div className="rtp-table__scroll">
      <table className="rtp-table">
        <thead>
          <tr>
            <th>{t(kind === 'box' ? 'transparency.col_box' : 'transparency.col_game')}</th>
            <th>{t('transparency.col_n')}</th>
            <th>{t('transparency.col_paid')}</th>
            <th>{t('transparency.col_won')}</th>
            <th>{t('transparency.col_realised')}</th>
            <th>{t('transparency.col_published')}</th>
            <th>{t('transparency.col_range')}</th>
            <th>{t('transparency.col_verdict')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={'box_id' in r ? `b${r.box_id}` : r.game} data-testid="rtp-row">
              <th scope="row">
                {'box_id' in r ? (
                  <span className="rtp-table__box">
                    <span className="rtp-table__pic">
                      <FallbackImage src={r.img} backup={r.fallback_img} fallback={null} />
                    </span>
                    {r.name}
                  </span>
                ) : (
                  t(`transparency.game_${r.game}`)
                )}
              </th>
              <td>{groupThousands(r.n)}</td>
              <td>{yuan(r.paid)}</td>
              <td>{yuan(r.won)}</td>
              <td>{pct(r.realised_rtp)}</td>
              <td>{pct(r.published_rtp)}</td>
              <td>
                <RangeCell figures={r} />
              </td>
              <td className={r.inside === false ? 'rtp-table__out' : undefined}>
                {r.inside === null
                  ? r.n === 0
                    ? t('transparency.no_play')
                    : t('transparency.no_range')
                  : t(r.inside ? 'transparency.inside' : 'transparency.outside')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The range as a bar, the published RTP as a tick and the realised RTP as a marker, on a scale that holds all three. */
function RangeCell({ figures }: { figures: RtpFigures }) {
  const { t } = useTranslation();
  const { range, realised_rtp: realised, published_rtp: published } = figures;
  if (!range || realised === null) return <span className="rtp-range__none">—</span>;
  const { lo, hi } = scaleOf(range, realised, published);
  const at = (v: number) => `${(((v - lo) / (hi - lo)) * 100).toFixed(2)}%`;
  const label = t('transparency.bar_label', {
    realised: pct(realised),
    low: pct(range.low),
    high: pct(range.high),
    published: pct(published),
  });
  return (
    <span className="rtp-range">
      <span className="rtp-range__bar" role="img" aria-label={label} title={label}>
        <span
          className="rtp-range__band"
          style={{ left: at(range.low), width: `calc(${at(range.high)} - ${at(range.low)})` }}
        />
        {published !== null && <span className="rtp-range__published" style={{ left: at(published) }} />}
        <span
          className={`rtp-range__realised${figures.inside === false ? ' rtp-range__realised--out' : ''}`}
          style={{ left: at(realised) }}
        />
      </span>
      <span className="rtp-range__text">
        {t('transparency.range_text', { low: pct(range.low), high: pct(range.high) })}
      </span>
    </span>
  );
}

export function scaleOf(range: RtpRange, realised: number, published: number | null): { lo: number; hi: number } {
  const values = [range.low, range.high, realised, ...(published === null ? [] : [published])];
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = Math.max((max - min) * 0.1, 0.005);
  return { lo: Math.max(0, min - pad), hi: max + pad };
}
