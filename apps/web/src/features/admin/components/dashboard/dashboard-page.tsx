import {
  DASHBOARD_GAMES,
  type DashboardChannel,
  type DashboardDay,
  type DashboardGame,
  type DashboardResponse,
} from '@kaixiang/shared/admin-dashboard';
import { OFFER_STATES } from '@kaixiang/shared/inventory';
import { formatUnits } from '@kaixiang/shared/money';
import type { RtpFigures } from '@kaixiang/shared/transparency';
import { useTranslation } from 'react-i18next';
import { groupThousands } from '../../../../i18n/formats.ts';
import { localDateTime } from '../../format.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { useDashboard } from './dashboard-api.ts';
import { BarChart, LineChart, type Series } from './dashboard-charts.tsx';

const DAY_MS = 86_400_000;
const GAME_COLORS: Record<DashboardGame, string> = {
  box: 'var(--dash-box)',
  battle: 'var(--dash-battle)',
  turntable: 'var(--dash-turntable)',
  upgrade: 'var(--dash-upgrade)',
  card_grab: 'var(--dash-card)',
};

const money = (units: number) => `¥${formatUnits(units)}`;
const moneyAxis = (units: number) => `¥${formatUnits(units, 0)}`;
const percent = (x: number | null) => (x === null ? '—' : `${(x * 100).toFixed(2)}%`);
const rate = (paid: number, created: number) => (created === 0 ? '—' : percent(paid / created));

/** Every day from `from` to `to` inclusive ('YYYY-MM-DD', calendar arithmetic in UTC). */
function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let ms = Date.parse(`${from}T00:00:00Z`); ms <= Date.parse(`${to}T00:00:00Z`); ms += DAY_MS) {
    out.push(new Date(ms).toISOString().slice(0, 10));
  }
  return out;
}

const turnoverOf = (d: DashboardDay) => d.games.reduce((s, g) => s + g.turnover, 0);
const gameOf = (d: DashboardDay, game: DashboardGame) => d.games.find((g) => g.game === game);

/** "+12.5%" against yesterday's whole day; nothing to compare with when yesterday had none. */
function Change({ today, yesterday }: { today: number; yesterday: number | null }) {
  const { t } = useTranslation();
  if (yesterday === null || yesterday === 0)
    return <span className="adm-dash-tile__change">{t('adminDashboard.noChange')}</span>;
  const change = (today - yesterday) / Math.abs(yesterday);
  const sign = change > 0 ? '+' : '';
  return (
    <span
      className={`adm-dash-tile__change ${change >= 0 ? 'adm-dash-tile__change--up' : 'adm-dash-tile__change--down'}`}
    >
      {t('adminDashboard.vsYesterday', { change: `${sign}${(change * 100).toFixed(1)}%` })}
    </span>
  );
}

function Tiles({ today, yesterday }: { today: DashboardDay; yesterday: DashboardDay | null }) {
  const { t } = useTranslation();
  const tiles: { key: string; value: (d: DashboardDay) => number; show: (v: number) => string }[] = [
    { key: 'deposits', value: (d) => d.deposits.amount, show: money },
    { key: 'depositCount', value: (d) => d.deposits.n, show: groupThousands },
    { key: 'newPlayers', value: (d) => d.new_players, show: groupThousands },
    { key: 'activePlayers', value: (d) => d.active_players, show: groupThousands },
    { key: 'openings', value: (d) => gameOf(d, 'box')?.n ?? 0, show: groupThousands },
    { key: 'turnover', value: turnoverOf, show: money },
    { key: 'ggr', value: (d) => d.ggr, show: money },
  ];
  return (
    <ul className="adm-dash-tiles" aria-label={t('adminDashboard.today')}>
      {tiles.map((tile) => (
        <li key={tile.key} className="adm-card adm-card--pad adm-dash-tile">
          <span className="adm-dash-tile__label">{t(`adminDashboard.tile.${tile.key}`)}</span>
          <strong className="adm-dash-tile__value">{tile.show(tile.value(today))}</strong>
          <Change today={tile.value(today)} yesterday={yesterday ? tile.value(yesterday) : null} />
        </li>
      ))}
    </ul>
  );
}

function Charts({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const today = data.days.at(-1)?.day ?? data.from_day;
  const axis = daysBetween(data.from_day, today);
  const byDay = new Map(data.days.map((d) => [d.day, d] as const));
  const series = (key: string, label: string, color: string, f: (d: DashboardDay) => number): Series => ({
    key,
    label,
    color,
    values: axis.map((day) => {
      const d = byDay.get(day);
      return d ? f(d) : null;
    }),
  });
  return (
    <div className="adm-dash-charts">
      <div className="adm-card adm-card--pad">
        <BarChart
          title={t('adminDashboard.chart.deposits')}
          days={axis}
          series={[
            series('deposits', t('adminDashboard.tile.deposits'), 'var(--dash-deposits)', (d) => d.deposits.amount),
          ]}
          format={moneyAxis}
        />
      </div>
      <div className="adm-card adm-card--pad">
        <BarChart
          title={t('adminDashboard.chart.ggr')}
          days={axis}
          series={[series('ggr', t('adminDashboard.tile.ggr'), 'var(--dash-ggr)', (d) => d.ggr)]}
          format={moneyAxis}
        />
      </div>
      <div className="adm-card adm-card--pad">
        <BarChart
          title={t('adminDashboard.chart.turnover')}
          days={axis}
          series={DASHBOARD_GAMES.map((g) =>
            series(g, t(`adminDashboard.game.${g}`), GAME_COLORS[g], (d) => gameOf(d, g)?.turnover ?? 0),
          )}
          format={moneyAxis}
        />
      </div>
      <div className="adm-card adm-card--pad">
        <LineChart
          title={t('adminDashboard.chart.players')}
          days={axis}
          series={[
            series('active', t('adminDashboard.tile.activePlayers'), 'var(--dash-active)', (d) => d.active_players),
            series('new', t('adminDashboard.tile.newPlayers'), 'var(--dash-new)', (d) => d.new_players),
          ]}
          format={groupThousands}
        />
      </div>
    </div>
  );
}

function GamesTable({ today }: { today: DashboardDay }) {
  const { t } = useTranslation();
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">{t('adminDashboard.gamesToday')}</h2>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('adminDashboard.col.game')}</th>
              <th scope="col">{t('adminDashboard.col.plays')}</th>
              <th scope="col">{t('adminDashboard.col.turnover')}</th>
              <th scope="col">{t('adminDashboard.col.won')}</th>
              <th scope="col">{t('adminDashboard.col.ggr')}</th>
            </tr>
          </thead>
          <tbody>
            {today.games.map((g) => (
              <tr key={g.game} className="adm-table__row">
                <th scope="row">{t(`adminDashboard.game.${g.game}`)}</th>
                <td className="adm-table__mono">{groupThousands(g.n)}</td>
                <td className="adm-table__mono">{money(g.turnover)}</td>
                <td className="adm-table__mono">{money(g.won)}</td>
                <td className="adm-table__mono">{money(g.turnover - g.won)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function RtpRow({ name, f }: { name: string; f: RtpFigures }) {
  const { t } = useTranslation();
  return (
    <tr className="adm-table__row">
      <th scope="row">{name}</th>
      <td className="adm-table__mono">{groupThousands(f.n)}</td>
      <td className="adm-table__mono">{money(f.paid)}</td>
      <td className="adm-table__mono">{money(f.won)}</td>
      <td className="adm-table__mono">{percent(f.realised_rtp)}</td>
      <td className="adm-table__mono">{percent(f.published_rtp)}</td>
      <td className="adm-table__mono">{f.range ? `${percent(f.range.low)} – ${percent(f.range.high)}` : '—'}</td>
      <td>
        {f.inside === null ? (
          <span className="adm-table__muted">—</span>
        ) : (
          <span className={`adm-tag ${f.inside ? 'adm-tag--ok' : 'adm-tag--danger'}`}>
            {t(f.inside ? 'adminDashboard.rtp.inside' : 'adminDashboard.rtp.outside')}
          </span>
        )}
      </td>
    </tr>
  );
}

function RtpTable({ rtp }: { rtp: DashboardResponse['rtp'] }) {
  const { t } = useTranslation();
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">{t('adminDashboard.rtp.title', { days: rtp.window_days })}</h2>
      <p className="adm-dash-note">
        {t('adminDashboard.rtp.note', { sigmas: rtp.sigmas, at: localDateTime(rtp.computed_at) })}
      </p>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              <th scope="col">{t('adminDashboard.rtp.subject')}</th>
              <th scope="col">{t('adminDashboard.col.plays')}</th>
              <th scope="col">{t('adminDashboard.rtp.paid')}</th>
              <th scope="col">{t('adminDashboard.col.won')}</th>
              <th scope="col">{t('adminDashboard.rtp.realised')}</th>
              <th scope="col">{t('adminDashboard.rtp.published')}</th>
              <th scope="col">{t('adminDashboard.rtp.range')}</th>
              <th scope="col">{t('adminDashboard.rtp.verdict')}</th>
            </tr>
          </thead>
          <tbody>
            {rtp.games.map((g) => (
              <RtpRow key={g.game} name={t(`adminDashboard.game.${g.game}`)} f={g} />
            ))}
            {rtp.boxes.map((b) => (
              <RtpRow key={b.box_id} name={b.name} f={b} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** "3 h 20 min", "12 min": how long the oldest offer has waited. */
function Waited({ ms }: { ms: number }) {
  const { t } = useTranslation();
  const minutes = Math.max(0, Math.floor(ms / 60_000));
  const hours = Math.floor(minutes / 60);
  return (
    <>
      {hours > 0
        ? t('adminDashboard.queue.hours', { hours, minutes: minutes % 60 })
        : t('adminDashboard.queue.minutes', { minutes })}
    </>
  );
}

function QueueHealth({ data }: { data: DashboardResponse }) {
  const { t } = useTranslation();
  const q = data.retrievals;
  return (
    <div className="adm-card adm-card--pad">
      <h2 className="adm-card__title">{t('adminDashboard.queue.title')}</h2>
      <dl className="adm-dash-facts">
        {OFFER_STATES.map((s) => (
          <div key={s}>
            <dt>{t(`adminDashboard.queue.state.${s}`)}</dt>
            <dd>{groupThousands(q.by_state[s])}</dd>
          </div>
        ))}
        <div>
          <dt>{t('adminDashboard.queue.oldest')}</dt>
          <dd>
            {q.oldest_pending_at === null ? (
              t('adminDashboard.queue.none')
            ) : (
              <Waited ms={data.computed_at - q.oldest_pending_at} />
            )}
          </dd>
        </div>
        <div>
          <dt>{t('adminDashboard.queue.failures')}</dt>
          <dd className={q.failures_24h > 0 ? 'adm-dash-bad' : ''}>{groupThousands(q.failures_24h)}</dd>
        </div>
      </dl>
    </div>
  );
}

function Channels({ channels }: { channels: DashboardChannel[] }) {
  const { t } = useTranslation();
  return (
    <div className="adm-card">
      <h2 className="adm-card__title">{t('adminDashboard.channels.title')}</h2>
      {channels.length === 0 ? (
        <p className="adm-dash-note">{t('adminDashboard.channels.none')}</p>
      ) : (
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('adminDashboard.channels.mode')}</th>
                <th scope="col">{t('adminDashboard.channels.todayRate')}</th>
                <th scope="col">{t('adminDashboard.channels.todayCounts')}</th>
                <th scope="col">{t('adminDashboard.channels.windowRate')}</th>
                <th scope="col">{t('adminDashboard.channels.windowCounts')}</th>
              </tr>
            </thead>
            <tbody>
              {channels.map((c) => (
                <tr key={c.pay_mode} className="adm-table__row">
                  <th scope="row" className="adm-table__mono">
                    {c.pay_mode}
                  </th>
                  <td className="adm-table__mono">{rate(c.today.paid, c.today.created)}</td>
                  <td className="adm-table__mono">{`${groupThousands(c.today.paid)} / ${groupThousands(c.today.created)}`}</td>
                  <td className="adm-table__mono">{rate(c.window.paid, c.window.created)}</td>
                  <td className="adm-table__mono">{`${groupThousands(c.window.paid)} / ${groupThousands(c.window.created)}`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Today against yesterday, the last 30 days as charts, RTP, the retrieval queue and the payment channels. */
export function DashboardPage() {
  const { t } = useTranslation();
  const query = useDashboard();
  const data = query.data;
  const today = data?.days.at(-1);
  const yesterday = data && data.days.length > 1 ? (data.days.at(-2) ?? null) : null;
  return (
    <section className="adm-screen adm-dash" aria-labelledby="adm-dashboard-title">
      <header className="adm-screen__head">
        <h1 id="adm-dashboard-title" className="adm-screen__title">
          {t('admin.sections.dashboard')}
        </h1>
        <p className="adm-screen__sub">
          {data ? t('adminDashboard.subtitle', { at: localDateTime(data.computed_at) }) : ''}
        </p>
      </header>
      {data && today ? (
        <>
          <Tiles today={today} yesterday={yesterday?.day === daysBefore(today.day) ? yesterday : null} />
          <Charts data={data} />
          <GamesTable today={today} />
          <div className="adm-dash-pair">
            <QueueHealth data={data} />
            <Channels channels={data.channels} />
          </div>
          <RtpTable rtp={data.rtp} />
        </>
      ) : (
        <div className="adm-card">
          <QueryFallback query={query} failedTitle={t('adminDashboard.loadFailed')} />
        </div>
      )}
    </section>
  );
}

/** The day before a 'YYYY-MM-DD' day. */
function daysBefore(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
}
