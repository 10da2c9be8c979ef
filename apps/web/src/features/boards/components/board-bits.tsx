import type { BoardRow } from '@kaixiang/shared/boards';
import { formatUnits } from '@kaixiang/shared/money';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { dateTimeFormat, groupThousands, TO_THE_MINUTE } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { useLoggedIn } from '../../../lib/session.ts';

/** How a board's score reads (boards.ts SCORE_KINDS): coins, a multiple in basis points, or plain points. */
export type ScoreKind = 'units' | 'bp' | 'points';

/** A multiple in basis points, floored to two decimals like money: 125000 → "12.5×". */
export function multipleText(bp: number): string {
  return `${Math.floor(bp / 100) / 100}×`;
}

export function scoreText(kind: ScoreKind, score: number): string {
  if (kind === 'units') return `¥${formatUnits(score)}`;
  if (kind === 'bp') return multipleText(score);
  return groupThousands(score);
}

export function useMinuteText() {
  const locale = useLocale();
  return (ms: number) => dateTimeFormat(locale, TO_THE_MINUTE).format(ms);
}

/**
 * Where a period stands: a countdown to its end while it runs, "settling" between its end and the
 * payout, "settled" once paid. The server's close decides `closed`; the clock here only counts.
 */
export function PeriodClock({
  startsAt,
  endsAt,
  closed,
  enabled,
  offsetMs,
}: {
  startsAt?: number;
  endsAt: number;
  closed: boolean;
  enabled: boolean;
  /** Server time minus the reader's (lib/countdown.ts serverOffsetMs): the countdown runs on the server's clock. */
  offsetMs: number;
}) {
  const { t } = useTranslation();
  const minute = useMinuteText();
  const toEnd = useMsUntil(endsAt, offsetMs);
  const toStart = useMsUntil(startsAt ?? 0, offsetMs);
  let state: ReactNode;
  if (closed) state = <span className="boards-clock__badge is-closed">{t('boards.clock.closed')}</span>;
  else if (toEnd <= 0) state = <span className="boards-clock__badge">{t('boards.clock.settling')}</span>;
  else {
    const upcoming = startsAt !== undefined && toStart > 0;
    const p = countdownParts(upcoming ? toStart : toEnd);
    state = (
      <>
        <span className="boards-clock__label">{t(upcoming ? 'boards.clock.startsIn' : 'boards.clock.endsIn')}</span>
        <strong className="boards-clock__time" data-testid="boards-countdown">
          {p.d > 0 && `${t('boards.clock.days', { count: p.d })} `}
          {p.h}:{p.m}:{p.s}
        </strong>
      </>
    );
  }
  return (
    <div className="boards-clock">
      {state}
      <small>{t('boards.clock.endsAt', { time: minute(endsAt) })}</small>
      {!enabled && <small className="boards-clock__none">{t('boards.clock.noPrizes')}</small>}
    </div>
  );
}

export function PlayerCell({ row }: { row: Pick<BoardRow, 'avatar' | 'nick_name' | 'vip_level'> }) {
  return (
    <span className="boards-player">
      <Avatar src={row.avatar} name={row.nick_name} size={30} />
      <VipBadge level={row.vip_level} />
      <span className="boards-player__name">{row.nick_name}</span>
    </span>
  );
}

/** The loading and failure states every board page shares. */
export function BoardStatus({ query }: { query: { isPending: boolean; isError: boolean } }) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div className="center-block boards-loading">
        <Spinner />
      </div>
    );
  }
  return query.isError ? <EmptyState title={t('boards.table.failed')} /> : null;
}

/** A board's top rows: rank (the first three as a podium), player, score, plays, prize. */
export function BoardTable({
  rows,
  kind,
  scoreLabel,
  playsLabel,
  label,
  prizes = true,
  emptyText,
}: {
  rows: readonly BoardRow[];
  kind: ScoreKind;
  scoreLabel: string;
  playsLabel?: string;
  label: string;
  /** Whether the board pays by rank (a tournament's board of predictors does not). */
  prizes?: boolean;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return <EmptyState compact title={emptyText ?? t('boards.table.empty')} />;
  return (
    <div className="boards-table-wrap">
      <table className="data-table boards-table" aria-label={label}>
        <thead>
          <tr>
            <th>{t('boards.table.rank')}</th>
            <th>{t('boards.table.player')}</th>
            <th className="num">{scoreLabel}</th>
            {playsLabel && <th className="num boards-table__plays">{playsLabel}</th>}
            {prizes && <th className="num">{t('boards.table.prize')}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.user_id} className={r.rank <= 3 ? `is-podium is-rank-${r.rank}` : undefined}>
              <td>
                <span className="boards-rank">{r.rank}</span>
              </td>
              <td>
                <PlayerCell row={r} />
              </td>
              <td className="num boards-table__score">{scoreText(kind, r.score)}</td>
              {playsLabel && <td className="num boards-table__plays">{groupThousands(r.plays)}</td>}
              {prizes && <td className="num boards-table__prize">{r.prize > 0 ? `¥${formatUnits(r.prize)}` : '—'}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The viewer's own place under a board: rank or "not ranked", score and plays; a sign-in for a guest. */
export function MyStanding({
  me,
  kind,
  scoreLabel,
  playsLabel,
}: {
  me: { rank: number | null; score: number; plays: number } | null;
  kind: ScoreKind;
  scoreLabel: string;
  playsLabel?: string;
}) {
  const { t } = useTranslation();
  const loggedIn = useLoggedIn();
  if (!me) {
    if (loggedIn) return null;
    return (
      <div className="boards-me">
        <button type="button" className="link-button" onClick={() => openLoginDialog()}>
          {t('boards.table.signIn')}
        </button>
      </div>
    );
  }
  return (
    <div className="boards-me" data-testid="boards-me">
      <span>
        {t('boards.table.me')}
        <strong>{me.rank === null ? t('boards.table.notRanked') : me.rank}</strong>
      </span>
      <span>
        {scoreLabel}
        <strong>{scoreText(kind, me.score)}</strong>
      </span>
      {playsLabel && (
        <span>
          {playsLabel}
          <strong>{groupThousands(me.plays)}</strong>
        </span>
      )}
    </div>
  );
}
