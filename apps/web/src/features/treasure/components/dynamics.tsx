import type { TreasureDynamicResponse } from '@kaixiang/shared/treasure';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { cardRange } from '../format.ts';

/** Who grabbed which cards, newest first (get-treasure-dynamic), refetched on every grab. */
export function Dynamics({ dynamic }: { dynamic: TreasureDynamicResponse | undefined }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="panel treasure-dynamics" aria-label={t('treasure.details.dynamics')}>
      <h2>{t('treasure.details.dynamics')}</h2>
      {dynamic && dynamic.list.length > 0 ? (
        <ol className="treasure-dynamics__list">
          {dynamic.list.map((g) => (
            <li key={g.first}>
              <Avatar src={g.avatar} name={g.nick_name} size={28} />
              <span className="treasure-dynamics__who">{g.nick_name}</span>
              <span>{t('treasure.details.grabbed', { count: g.count, range: cardRange(g.first, g.count) })}</span>
              <time dateTime={new Date(g.at).toISOString()}>{new Date(g.at).toLocaleTimeString(locale)}</time>
            </li>
          ))}
        </ol>
      ) : (
        <EmptyState compact title={t('treasure.details.noDynamics')} />
      )}
    </section>
  );
}
