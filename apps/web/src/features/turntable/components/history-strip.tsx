import { TURNTABLE_HISTORY_CAP, TURNTABLE_OUTER_ICONS } from '@kaixiang/game/turntable';
import type { TurntableRoomInfo } from '@kaixiang/shared/turntable';
import { useTranslation } from 'react-i18next';
import { IconGlyph, JACKPOT_MARK } from './glyph.tsx';

/**
 * The last results (at most 100, newest first) and how many rounds each outer icon has missed
 * (spec 2 §3/§4). While the wheels still turn, the caller leaves out the round being drawn and
 * passes the counts from before it, so neither gives the result away.
 */
export function HistoryStrip({
  history,
  missCounts,
}: {
  history: TurntableRoomInfo['history'];
  /** By outer icon 0–8, or null when the counts from before this round are not known. */
  missCounts: readonly number[] | null;
}) {
  const { t } = useTranslation();
  const shown = history.slice(0, TURNTABLE_HISTORY_CAP);
  return (
    <div className="tt-history">
      <div className="tt-history__head">
        <h2>{t('turntable.history.title')}</h2>
        <span className="tt-history__hint">{t('turntable.history.hint')}</span>
      </div>
      {shown.length === 0 ? (
        <p className="tt-muted">{t('turntable.history.empty')}</p>
      ) : (
        <ol className="tt-history__list" data-testid="tt-history">
          {shown.map((h, i) => (
            <li
              key={h.round_id}
              className={`tt-history__entry tt-history__entry--${h.out_icon}${i === 0 ? ' is-latest' : ''}`}
              data-testid="tt-history-entry"
              data-out-icon={h.out_icon}
              data-inner-icon={h.inner_icon}
              title={t('turntable.history.entry', {
                id: h.round_id,
                outer: t(`turntable.icons.${h.out_icon}`),
                inner: t(`turntable.icons.${h.inner_icon}`),
              })}
            >
              <IconGlyph icon={h.out_icon} size={20} />
              <span className={`tt-history__inner tt-history__inner--${h.inner_icon}`}>
                {JACKPOT_MARK[h.inner_icon] ?? 'C4'}
              </span>
            </li>
          ))}
        </ol>
      )}
      <h3 className="tt-miss__title">{t('turntable.miss.title')}</h3>
      <ul className="tt-miss" data-testid="tt-miss">
        {Array.from({ length: TURNTABLE_OUTER_ICONS }, (_, icon) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the icon
          <li key={icon} className={`tt-miss__icon tt-miss__icon--${icon}`} data-icon={icon}>
            <IconGlyph icon={icon} size={22} />
            <span className="tt-miss__name">{t(`turntable.icons.${icon}`)}</span>
            <strong className="tt-miss__count" data-testid="tt-miss-count">
              {missCounts ? (missCounts[icon] ?? 0) : '…'}
            </strong>
          </li>
        ))}
      </ul>
    </div>
  );
}
