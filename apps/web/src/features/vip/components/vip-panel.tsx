import { formatUnits } from '@kaixiang/shared/money';
import { VIP_CLAIMABLE, VIP_CLAIMED, VIP_MAX_LEVEL, type VipLevelConfig } from '@kaixiang/shared/vip';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { toast } from '../../../lib/toast.ts';
import { useClaimVipAward, useClaimVipRedPacket } from '../api/claim-vip-award.ts';
import { useVipConfig } from '../api/get-vip-config.ts';
import { bonusPercentText, vipProgressPercent } from '../vip-progress.ts';
import './vip.css';

/** The VIP table of spec 2 §2 dialog 3: levels, thresholds, rewards, progress and claims. */
export function VipPanel() {
  const { t } = useTranslation();
  const config = useVipConfig();
  const claim = useClaimVipAward();
  const redPacket = useClaimVipRedPacket();

  if (config.isPending) {
    return (
      <div className="center-block">
        <Spinner />
      </div>
    );
  }
  if (!config.data) return <EmptyState title={t('vip.failed')} />;

  const { level_vip_configs: levels, vip_level: level, vip_exp: exp, next_level_need: need } = config.data;
  const rows = [...levels].sort((a, b) => a.level - b.level);
  const claimable = rows.filter((r) => r.isComplete === VIP_CLAIMABLE).length;
  const percent = vipProgressPercent(rows, level, exp);
  const packet = rows.find((r) => r.level === level)?.red_packet ?? 0;

  function claimLevel(row: VipLevelConfig | null) {
    claim.mutate(row?.id ?? null, {
      onSuccess: (res) => toast.success(t('vip.claimed', { amount: formatUnits(res.get_money) })),
    });
  }

  return (
    <div className="vip-panel">
      <div className="vip-summary">
        <div className="vip-summary__level">
          <span className="vip-summary__label">{t('vip.current')}</span>
          <VipBadge level={level} />
          <button type="button" className="vip-help" aria-label={t('vip.rulesLabel')} aria-describedby="vip-rules">
            ?
            <span id="vip-rules" role="tooltip" className="tooltip vip-help__tip">
              {t('vip.rules')}
            </span>
          </button>
        </div>
        <div className="vip-summary__progress">
          <div
            className="vip-progress"
            role="progressbar"
            aria-label={t('vip.progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.floor(percent)}
          >
            <span className="vip-progress__fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="vip-summary__text">
            {t('vip.exp', { amount: formatUnits(exp) })}
            {level < VIP_MAX_LEVEL
              ? t('vip.toNext', { level: level + 1, amount: formatUnits(need) })
              : t('vip.topLevel')}
          </p>
        </div>
        {packet > 0 && (
          <button
            type="button"
            className="button button--ghost vip-red-packet"
            disabled={config.data.red_packet_claimed || redPacket.isPending}
            onClick={() =>
              redPacket.mutate(undefined, {
                onSuccess: (res) => toast.success(t('vip.redPacketGot', { amount: formatUnits(res.get_money) })),
              })
            }
          >
            {config.data.red_packet_claimed
              ? t('vip.redPacketClaimed')
              : t('vip.redPacket', { amount: formatUnits(packet) })}
          </button>
        )}
        {claimable > 1 && (
          <button
            type="button"
            className="button button--primary"
            disabled={claim.isPending}
            onClick={() => claimLevel(null)}
          >
            {t('vip.claimAll')}
          </button>
        )}
      </div>
      <div className="vip-table-wrap">
        <table className="data-table vip-table">
          <thead>
            <tr>
              <th>{t('vip.col.level')}</th>
              <th className="num">{t('vip.col.cumulative')}</th>
              <th className="num">{t('vip.col.recharge')}</th>
              <th className="num">{t('vip.col.reward')}</th>
              <th className="num">{t('vip.col.bonus')}</th>
              <th className="num">{t('vip.col.redPacket')}</th>
              <th>{t('vip.col.action')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className={row.level === level ? 'is-current' : ''} data-testid={`vip-row-${row.level}`}>
                <td>
                  <VipBadge level={row.level} />
                </td>
                <td className="num">
                  <Price units={row.recharge_num} />
                </td>
                <td className="num">
                  <Price units={row.upgrade_num} />
                </td>
                <td className="num">{row.upgrade_desc || <Price units={row.award.coins} />}</td>
                <td className="num">{t('vip.percent', { value: bonusPercentText(row.award_desc) })}</td>
                <td className="num">
                  <Price units={row.red_packet} />
                </td>
                <td>
                  {row.isComplete === VIP_CLAIMABLE ? (
                    <button
                      type="button"
                      className="button button--primary button--sm"
                      disabled={claim.isPending}
                      onClick={() => claimLevel(row)}
                    >
                      {t('vip.claim')}
                    </button>
                  ) : (
                    <button type="button" className="button button--ghost button--sm" disabled>
                      {t(row.isComplete === VIP_CLAIMED ? 'vip.claimedState' : 'vip.notReached')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
