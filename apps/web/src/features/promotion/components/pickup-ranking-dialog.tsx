import type { RankingEntry, RewardInfo } from '@kaixiang/shared/promotion';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/avatar.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { type RankingDay, usePickupRanking } from '../api/get-pickup-ranking.ts';
import './promotion.css';

function prizeOf(rank: number, reward: RewardInfo): number | null {
  if (rank === 1) return reward.reward_a;
  if (rank === 2) return reward.reward_b;
  if (rank === 3) return reward.reward_c;
  return null;
}

/** The pickup ranking (spec 2 §2 dialog 6): today and yesterday, 10 rows, prizes for the top 3. */
export function PickupRankingDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [day, setDay] = useState<RankingDay>(1);
  const ranking = usePickupRanking(day, open);
  const data = ranking.data;
  return (
    <Dialog open={open} onClose={onClose} title={t('promotion.ranking.title')} size="lg" className="ranking-dialog">
      <div className="ranking-tabs" role="tablist" aria-label={t('promotion.ranking.title')}>
        {([1, 2] as const).map((d) => (
          <button
            key={d}
            type="button"
            role="tab"
            aria-selected={d === day}
            className={`ranking-tabs__tab ${d === day ? 'is-active' : ''}`}
            onClick={() => setDay(d)}
          >
            {t(d === 1 ? 'promotion.ranking.today' : 'promotion.ranking.yesterday')}
          </button>
        ))}
        {data && <span className="ranking-tabs__day">{data.day}</span>}
      </div>
      {ranking.isPending ? (
        <div className="center-block">
          <Spinner />
        </div>
      ) : !data || data.list.length === 0 ? (
        <EmptyState compact title={t(ranking.isError ? 'promotion.ranking.failed' : 'promotion.ranking.empty')} />
      ) : (
        <table className="data-table ranking-table">
          <thead>
            <tr>
              <th>{t('promotion.ranking.rank')}</th>
              <th>{t('promotion.ranking.player')}</th>
              <th>{t('promotion.ranking.item')}</th>
              <th className="num">{t('promotion.ranking.value')}</th>
              <th className="num">{t('promotion.ranking.prize')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((row) => (
              <RankingRow key={row.rank} row={row} prize={prizeOf(row.rank, data.reward_info)} />
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}

function RankingRow({ row, prize }: { row: RankingEntry; prize: number | null }) {
  return (
    <tr className={row.rank <= 3 ? `is-top is-top-${row.rank}` : ''}>
      <td>
        <span className="ranking-table__rank">{row.rank}</span>
      </td>
      <td>
        <span className="data-table__user">
          <Avatar src={row.user_avatar} name={row.user_nick_name} size={28} />
          {row.user_nick_name}
          <VipBadge level={row.vip_level} />
        </span>
      </td>
      <td>
        <span className="ranking-table__item">
          <ItemImage src={row.list_item.img} alt={row.list_item.name} itemId={row.list_item.item_id} />
          {row.list_item.name}
        </span>
      </td>
      <td className="num">
        <Price units={row.list_price} />
      </td>
      <td className="num">{prize !== null && <Price units={prize} />}</td>
    </tr>
  );
}
