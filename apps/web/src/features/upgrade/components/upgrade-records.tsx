import { formatUnits } from '@kaixiang/shared/money';
import type { UpgradeHistoryEntry, UserUpgradeEntry } from '@kaixiang/shared/upgrade';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Price } from '../../../components/price.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { dateTimeFormat } from '../../../i18n/formats.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { openLoginDialog } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { RECENT_PAGE_SIZE, useMyUpgrades, useRecentUpgrades } from '../api/get-upgrade.ts';
import { formatPpm } from '../chance.ts';
import { rarityStyle } from './item-tile.tsx';

const TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
};

/** Where the fairness page checks one of the player's own upgrades. */
export function upgradeFairnessPath(upgradeId: number): string {
  return `${PATHS.fairness}?upgrade=${upgradeId}`;
}

function TargetCell({ target }: { target: UpgradeHistoryEntry['target'] }) {
  return (
    <span className="upg-rec__target" style={rarityStyle(target.quality)}>
      <ItemImage src={target.img} alt="" itemId={target.item_id} className="upg-rec__img" />
      <span className="upg-rec__name" title={target.name}>
        {target.name}
      </span>
      <Price units={target.price} />
    </span>
  );
}

function Outcome({ success }: { success: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={`upg-rec__outcome ${success ? 'is-win' : 'is-lose'}`}>
      {t(success ? 'upgrade.result.win' : 'upgrade.result.lose')}
    </span>
  );
}

/**
 * Everybody's latest upgrades, or the chosen target's (upgrade-item-history; no proofs in it:
 * a roll's seeds are its player's). `hiddenId` is the player's own upgrade whose needle still
 * turns: its row waits, as it would tell the result.
 */
export function RecentUpgrades({ upgradeItemId, hiddenId }: { upgradeItemId: number | null; hiddenId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [paging, setPaging] = useState({ id: upgradeItemId, page: 1 });
  const page = paging.id === upgradeItemId ? paging.page : 1;
  const query = useRecentUpgrades(upgradeItemId, page, locale);
  return (
    <PagedRecords
      query={query}
      failedText={t('upgrade.loadFailed')}
      emptyText={t('upgrade.records.empty')}
      page={page}
      pageSize={RECENT_PAGE_SIZE}
      onPage={(next) => setPaging({ id: upgradeItemId, page: next })}
    >
      {(data) => (
        <table className="upg-rec">
          <thead>
            <tr>
              <th scope="col">{t('upgrade.records.player')}</th>
              <th scope="col">{t('upgrade.records.target')}</th>
              <th scope="col">{t('upgrade.records.stake')}</th>
              <th scope="col">{t('upgrade.records.chance')}</th>
              <th scope="col">{t('upgrade.records.result')}</th>
              <th scope="col">{t('upgrade.records.time')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list
              .filter((r) => r.id !== hiddenId)
              .map((r) => (
                <tr key={r.id} data-testid="upg-recent">
                  <td>
                    <span className="upg-rec__player">
                      <Avatar src={r.avatar} name={r.nick_name} size={24} />
                      <span>{r.nick_name}</span>
                      <VipBadge level={r.vip_level} />
                    </span>
                  </td>
                  <td>
                    <TargetCell target={r.target} />
                  </td>
                  <td>
                    <Price units={r.stake_value} />
                  </td>
                  <td className="upg-num">{formatPpm(r.rate_ppm)}</td>
                  <td>
                    <Outcome success={r.success} />
                  </td>
                  <td className="upg-rec__time">{dateTimeFormat(locale, TIME).format(r.created_at)}</td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </PagedRecords>
  );
}

/** The seeds and nonce of one of the player's rolls, and the fairness page's check of it. */
function Proof({ record }: { record: UserUpgradeEntry }) {
  const { t } = useTranslation();
  const p = record.proof;
  return (
    <details className="upg-proof">
      <summary>{t('upgrade.records.proof')}</summary>
      <dl>
        <dt>{t('upgrade.proof.seedHash')}</dt>
        <dd className="upg-mono">{p.server_seed_hash}</dd>
        <dt>{t('upgrade.proof.serverSeed')}</dt>
        <dd className="upg-mono">{p.server_seed ?? t('upgrade.proof.hidden')}</dd>
        <dt>{t('upgrade.proof.clientSeed')}</dt>
        <dd className="upg-mono">{p.client_seed}</dd>
        <dt>{t('upgrade.proof.nonce')}</dt>
        <dd className="upg-mono">{p.nonce}</dd>
        <dt>{t('upgrade.proof.roll')}</dt>
        <dd className="upg-mono">{p.roll}</dd>
      </dl>
    </details>
  );
}

/**
 * The player's own upgrades (user-upgrade-history): the stake, the chance, the roll, the result,
 * the proof and the fairness page's check of it.
 */
export function MyUpgrades({
  loggedIn,
  pageSize,
  hiddenId,
}: {
  loggedIn: boolean;
  pageSize: number;
  hiddenId: number | null;
}) {
  const { t } = useTranslation();
  if (!loggedIn) {
    return (
      <EmptyState
        compact
        title={t('upgrade.records.guest')}
        action={
          <button type="button" className="button button--primary" onClick={() => openLoginDialog()}>
            {t('upgrade.login')}
          </button>
        }
      />
    );
  }
  return <MyUpgradeList pageSize={pageSize} hiddenId={hiddenId} />;
}

function MyUpgradeList({ pageSize, hiddenId }: { pageSize: number; hiddenId: number | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const query = useMyUpgrades(page, pageSize, locale);
  return (
    <PagedRecords
      query={query}
      failedText={t('upgrade.loadFailed')}
      emptyText={t('upgrade.records.mineEmpty')}
      page={page}
      pageSize={pageSize}
      onPage={setPage}
    >
      {(data) => (
        <table className="upg-rec">
          <thead>
            <tr>
              <th scope="col">{t('upgrade.records.time')}</th>
              <th scope="col">{t('upgrade.records.target')}</th>
              <th scope="col">{t('upgrade.records.stake')}</th>
              <th scope="col">{t('upgrade.records.chance')}</th>
              <th scope="col">{t('upgrade.records.roll')}</th>
              <th scope="col">{t('upgrade.records.result')}</th>
              <th scope="col">{t('upgrade.records.proof')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list
              .filter((r) => r.id !== hiddenId)
              .map((r) => (
                <tr key={r.id} data-testid="upg-mine">
                  <td className="upg-rec__time">{dateTimeFormat(locale, TIME).format(r.created_at)}</td>
                  <td>
                    <TargetCell target={r.target} />
                  </td>
                  <td>
                    <span className="upg-rec__stake">
                      <Price units={r.stake_value} />
                      <small className="upg-muted">
                        {t('upgrade.records.stakeParts', {
                          count: r.stake_items.length,
                          balance: formatUnits(r.stake_balance),
                        })}
                      </small>
                    </span>
                  </td>
                  <td className="upg-num">{formatPpm(r.rate_ppm)}</td>
                  <td className="upg-num">{formatPpm(r.proof.roll, 4)}</td>
                  <td>
                    <Outcome success={r.success} />
                  </td>
                  <td>
                    <Proof record={r} />
                    <Link className="upg-link" to={upgradeFairnessPath(r.id)}>
                      {t('upgrade.records.verify')}
                    </Link>
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      )}
    </PagedRecords>
  );
}
