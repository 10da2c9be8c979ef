import type { BattleResultCard } from '@kaixiang/shared/battles';
import { QUALITY_COLORS } from '@kaixiang/shared/items';
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { qualityOf } from '../../boxes/item-props.ts';
import { type ResultsList, useBattleResults } from '../api/get-results.ts';
import { battleDetailsPath } from './room-bits.tsx';

const TIME: Intl.DateTimeFormatOptions = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };

/**
 * The hall's results sidebar (spec 2 §7 real-time-result and report): the latest ended battles,
 * or the day's most valuable ones won by players. Each row opens the battle's result. Both lists
 * follow `pk_result_time_result` (useBattleHallLive).
 */
export function BattleResults() {
  const { t } = useTranslation();
  const [list, setList] = useState<ResultsList>('live');
  const query = useBattleResults(list);
  return (
    <aside className="battle-results panel" aria-label={t('battles.results.title')}>
      <SegTabs
        label={t('battles.results.title')}
        options={[
          { key: 'live', value: 'live' as const, text: t('battles.results.live') },
          { key: 'report', value: 'report' as const, text: t('battles.results.report') },
        ]}
        value={list}
        onChange={setList}
      />
      <div role="tabpanel" aria-label={t(`battles.results.${list}`)} className="battle-results__panel">
        {query.isPending ? (
          <div className="center-block">
            <Spinner size={24} />
          </div>
        ) : query.isError && !query.data ? (
          <p className="battle-results__note">
            {t('battles.results.failed')}
            <button type="button" className="button button--ghost button--sm" onClick={() => void query.refetch()}>
              {t('battles.retry')}
            </button>
          </p>
        ) : query.data.length === 0 ? (
          <p className="battle-results__note">{t(`battles.results.empty.${list}`)}</p>
        ) : (
          <ol className="battle-results__list">
            {query.data.map((result) => (
              <ResultRow key={result.room_id} result={result} />
            ))}
          </ol>
        )}
      </div>
    </aside>
  );
}

function ResultRow({ result }: { result: BattleResultCard }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const best = result.best_item;
  const [first] = result.winners;
  return (
    <li>
      <Link
        to={battleDetailsPath(result.room_id)}
        className="battle-results__row"
        data-testid="battle-results-row"
        style={{ '--rarity': QUALITY_COLORS[qualityOf(best?.quality ?? 0)] } as CSSProperties}
      >
        <span className="battle-results__item" title={best?.name}>
          {best && <ItemImage src={best.img} alt={best.name} itemId={best.item_id} className="battle-results__img" />}
        </span>
        <span className="battle-results__main">
          <span className="battle-results__winner">
            {first && <Avatar src={first.avatar} name={first.nick_name} size={22} />}
            <span className="battle-results__names">
              {result.winners.length === 0 ? '—' : result.winners.map((w) => w.nick_name).join(' / ')}
            </span>
            {first?.robot && <span className="battle-badge battle-badge--robot">{t('battles.robot')}</span>}
          </span>
          <span className="battle-results__meta">
            {t('battles.room', { id: result.room_id })} · {t(`battles.rule.${result.rule}`)} ·{' '}
            {dateTimeFormat(locale, TIME).format(result.ended_at)}
          </span>
        </span>
        <span className="battle-results__value">
          <Price units={result.total_value} />
          <span className="battle-results__value-label">{t('battles.results.total')}</span>
        </span>
      </Link>
    </li>
  );
}
