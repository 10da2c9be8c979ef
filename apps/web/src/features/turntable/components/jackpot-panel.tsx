import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useJackpotRecord } from '../api/get-turntable.ts';
import { IconGlyph } from './glyph.tsx';

const TIME: Intl.DateTimeFormatOptions = { month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' };

/**
 * The latest jackpot wins (spec 2 §3 jackpot_record), fetched again every 30 s. Shown only once the
 * room info has come (spec 2 §4).
 */
export function JackpotPanel() {
  const { t } = useTranslation();
  const locale = useLocale();
  const query = useJackpotRecord();
  return (
    <section className="panel tt-jackpots">
      <h2>{t('turntable.jackpot.records')}</h2>
      {query.isPending ? (
        <div className="center-block">
          <Spinner size={24} />
        </div>
      ) : query.isError ? (
        <p className="tt-muted">{t('turntable.jackpot.failed')}</p>
      ) : query.data.list.length === 0 ? (
        <p className="tt-muted">{t('turntable.jackpot.empty')}</p>
      ) : (
        <ul className="tt-jackpots__list" data-testid="tt-jackpot-records">
          {query.data.list.map((r) => (
            <li key={r.round_id} className="tt-jackpots__row">
              <span className="tt-jackpots__icon">
                <IconGlyph icon={r.inner_icon} size={20} />
                {t(`turntable.icons.${r.inner_icon}`)}
              </span>
              <span className="tt-jackpots__meta">
                {t('turntable.round', { id: r.round_id })} · {dateTimeFormat(locale, TIME).format(r.settled_at)}
              </span>
              <Price units={r.award} className="tt-jackpots__award" />
              <span className="tt-jackpots__winners">
                {r.winners.map((w) => (
                  <span key={w.user_id} className="tt-jackpots__winner">
                    <Avatar src={w.avatar} name={w.nick_name} size={20} />
                    <span className="tt-jackpots__name">{w.nick_name}</span>
                    <Price units={w.amount} />
                  </span>
                ))}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
