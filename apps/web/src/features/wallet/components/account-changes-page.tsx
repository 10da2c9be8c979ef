import { formatSignedUnits, formatUnits } from '@kaixiang/shared/money';
import { type AccountChange, CURRENCIES, type Currency, TRANSFER_KINDS } from '@kaixiang/shared/wallet';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCoin } from '../../../components/icons.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { SegTabs } from '../../../components/seg-tabs.tsx';
import { ACCOUNT_CHANGES_PAGE_SIZE, useAccountChanges } from '../api/get-account-changes.ts';
import './wallet.css';

const KNOWN_KINDS: readonly string[] = TRANSFER_KINDS;

/** Points are whole points (one ledger unit each); coins and quota are units of 1/10000 yuan. */
export function formatChange(currency: Currency, units: number, signed: boolean): string {
  if (currency === 'point') return signed && units > 0 ? `+${units}` : String(units);
  return signed ? formatSignedUnits(units) : formatUnits(units);
}

/**
 * /personalCenter/account: every change of the player's balances, newest first. With `only`
 * (/userinfo/points: the points history), the changes of that currency alone, without the tabs.
 */
export function AccountChangesPage({ only }: { only?: Currency } = {}) {
  const { t, i18n } = useTranslation();
  const [picked, setCurrency] = useState<Currency | undefined>(undefined);
  const currency = only ?? picked;
  const [page, setPage] = useState(1);
  const query = useAccountChanges(page, currency);

  function pick(next: Currency | undefined) {
    setCurrency(next);
    setPage(1);
  }

  const kindLabel = (kind: string) => (KNOWN_KINDS.includes(kind) ? t(`wallet.kind.${kind}`) : kind);
  const time = (ms: number) => new Date(ms).toLocaleString(i18n.language, { hour12: false });

  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <IconCoin size={26} />
        </span>
        <div>
          <h1>{only === 'point' ? t('pages.userinfoPoints.title') : t('wallet.record.title')}</h1>
          <p>{only === 'point' ? t('pages.userinfoPoints.subtitle') : t('wallet.record.subtitle')}</p>
        </div>
      </header>
      <section
        className="panel wallet-records"
        aria-label={only === 'point' ? t('pages.userinfoPoints.title') : t('wallet.record.title')}
      >
        {!only && (
          <SegTabs
            label={t('wallet.record.currency')}
            options={[undefined, ...CURRENCIES].map((c) => ({
              key: c ?? 'all',
              value: c,
              text: c ? t(`wallet.currency.${c}`) : t('wallet.record.all'),
            }))}
            value={currency}
            onChange={pick}
          />
        )}
        <PagedRecords
          query={query}
          failedText={t('wallet.record.failed')}
          emptyText={t('wallet.record.empty')}
          page={page}
          pageSize={ACCOUNT_CHANGES_PAGE_SIZE}
          onPage={setPage}
        >
          {(data) => (
            <div className="wallet-table-wrap">
              <table className="data-table wallet-table">
                <thead>
                  <tr>
                    <th>{t('wallet.record.time')}</th>
                    <th>{t('wallet.record.kind')}</th>
                    <th>{t('wallet.record.memo')}</th>
                    <th>{t('wallet.record.currency')}</th>
                    <th className="num">{t('wallet.record.amount')}</th>
                    <th className="num">{t('wallet.record.balanceAfter')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((row: AccountChange) => (
                    <tr key={row.id}>
                      <td>{time(row.created_at)}</td>
                      <td>{kindLabel(row.kind)}</td>
                      <td className="wallet-table__memo">{row.memo || '—'}</td>
                      <td>{t(`wallet.currency.${row.currency}`)}</td>
                      <td
                        className={`num wallet-amount ${row.amount > 0 ? 'wallet-amount--in' : row.amount < 0 ? 'wallet-amount--out' : ''}`}
                        data-testid="account-change-amount"
                      >
                        {formatChange(row.currency, row.amount, true)}
                      </td>
                      <td className="num">{formatChange(row.currency, row.balance_after, false)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </PagedRecords>
      </section>
    </div>
  );
}
