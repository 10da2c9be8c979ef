import type { RewardHistoryEntry, rewardHistoryEntry } from '@kaixiang/shared/site';
import { TICKER_SIZE } from '@kaixiang/shared/site-paths';
import { SITE_EVENTS, SITE_ROOM } from '@kaixiang/shared/socket';
import { useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconTrophy } from '../../../components/icons.tsx';
import { siteSchema } from '../../../lib/contract.ts';
import type { RandomSource } from '../../../lib/jitter.ts';
import { useSocketEvent, useSocketGap } from '../../../lib/socket.ts';
import { type RewardType, useRewardHistory } from '../api/get-reward-history.ts';
import { TickerFeed } from '../ticker-feed.ts';
import { TickerEntry } from './ticker-entry.tsx';

/**
 * Checks a pushed win against the contract. The schema loads with the tickers' first request, so
 * a push nearly always finds it there and is handled at once; one that comes before waits for it
 * (pushes keep their order: lib/contract.ts).
 */
function checkEntry(data: unknown, use: (entry: RewardHistoryEntry) => void) {
  const check = (schema: typeof rewardHistoryEntry) => {
    const parsed = schema.safeParse(data);
    if (parsed.success) use(parsed.data);
  };
  const schema = siteSchema.now('rewardHistoryEntry');
  if (schema) check(schema);
  else void siteSchema('rewardHistoryEntry')().then(check, () => undefined);
}

function useTicker(rewardType: RewardType, random?: RandomSource) {
  const query = useRewardHistory(rewardType);
  const [entries, setEntries] = useState<readonly RewardHistoryEntry[]>([]);
  const feed = useRef<TickerFeed<RewardHistoryEntry> | null>(null);
  // A strip of twenty entries is redrawn as a transition: in slices, never one long task.
  feed.current ??= new TickerFeed({
    size: TICKER_SIZE,
    onChange: (next) => startTransition(() => setEntries(next)),
    random,
  });
  useEffect(() => () => feed.current?.dispose(), []);
  useEffect(() => {
    if (query.data) feed.current?.reset(query.data);
  }, [query.data]);
  return { entries, feed: feed.current, query };
}

/**
 * The two live tickers under the header (spec 1 §2): recent wins on the left, big wins on the
 * right. New wins come from the socket's site room; after a missed event both lists refetch.
 */
export function LiveTickers({ random }: { random?: RandomSource }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const recent = useTicker(1, random);
  const big = useTicker(2, random);

  useSocketEvent(SITE_EVENTS.rewardHistory, (data) => {
    checkEntry(data, (entry) => (entry.reward_history_type === 2 ? big : recent).feed.push(entry));
  });
  useSocketGap(SITE_ROOM, () => {
    void queryClient.invalidateQueries({ queryKey: ['site', 'reward-history'] });
  });

  return (
    <section className="tickers" aria-label={t('ticker.label')}>
      <TickerStrip
        className="ticker--recent"
        label={t('ticker.recent')}
        icon={<span className="live-dot" aria-hidden="true" />}
        entries={recent.entries}
        state={recent.query.status}
        emptyText={t('ticker.emptyRecent')}
      />
      <TickerStrip
        className="ticker--big"
        label={t('ticker.big')}
        icon={<IconTrophy size={16} />}
        entries={big.entries}
        state={big.query.status}
        emptyText={t('ticker.emptyBig')}
      />
    </section>
  );
}

function TickerStrip(props: {
  className: string;
  label: string;
  icon: React.ReactNode;
  entries: readonly RewardHistoryEntry[];
  state: 'pending' | 'error' | 'success';
  emptyText: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`ticker ${props.className}`}>
      <div className="ticker__label">
        {props.icon}
        <span>{props.label}</span>
      </div>
      <ol className="ticker__list" aria-label={props.label}>
        {props.entries.map((entry) => (
          <TickerEntry key={entry.id} entry={entry} />
        ))}
        {props.entries.length === 0 && (
          <li className="ticker__empty">
            {props.state === 'pending'
              ? t('common.loading')
              : props.state === 'error'
                ? t('ticker.failed')
                : props.emptyText}
          </li>
        )}
      </ol>
    </div>
  );
}
