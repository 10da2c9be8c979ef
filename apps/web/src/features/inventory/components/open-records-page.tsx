import type { OpenHistoryEntry } from '@kaixiang/shared/boxes';
import { WEAR_GRADE_LABELS } from '@kaixiang/shared/items';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Avatar } from '../../../components/avatar.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { IconBox, IconShield } from '../../../components/icons.tsx';
import { ItemImage } from '../../../components/item-image.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { Pager } from '../../../components/pager.tsx';
import { Price } from '../../../components/price.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { VipBadge } from '../../../components/vip-badge.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { PATHS } from '../../../lib/paths.ts';
import { OPEN_RECORDS_PAGE_SIZE, usePublicOpenRecords, useSelfOpenRecords } from '../api/get-open-records.ts';
import { formatTime, wearOf } from '../item-status.ts';
import './inventory.css';

function RecordsPage({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <div className="page personal-center">
      <header className="page-head">
        <span className="page-head__icon">
          <IconBox size={26} />
        </span>
        <div>
          <h1>{title}</h1>
          <p>{subtitle}</p>
        </div>
      </header>
      <section className="panel inv-panel" aria-label={title}>
        {children}
      </section>
    </div>
  );
}

function ItemCell({ row }: { row: OpenHistoryEntry }) {
  return (
    <span className="inv-table__item">
      <ItemImage src={row.img} alt="" itemId={row.item_id} className="inv-table__img" />
      <span className="inv-table__name">{row.name}</span>
    </span>
  );
}

function WearCell({ exter }: { exter: number }) {
  const locale = useLocale();
  const wear = wearOf(exter);
  return <>{wear !== undefined ? WEAR_GRADE_LABELS[wear][locale] : '—'}</>;
}

/** /personalCenter/unpack: the player's own openings, each verifiable on /fairness. */
export function OpenRecordsPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useSelfOpenRecords(page);
  return (
    <RecordsPage title={t('inventory.records.title')} subtitle={t('inventory.records.subtitle')}>
      <PagedRecords
        query={query}
        failedText={t('inventory.records.failed')}
        emptyText={t('inventory.records.empty')}
        page={page}
        pageSize={OPEN_RECORDS_PAGE_SIZE}
        onPage={setPage}
      >
        {(data) => (
          <div className="inv-table-wrap">
            <table className="data-table inv-table">
              <thead>
                <tr>
                  <th>{t('inventory.records.time')}</th>
                  <th>{t('inventory.records.box')}</th>
                  <th>{t('inventory.records.item')}</th>
                  <th>{t('inventory.records.wear')}</th>
                  <th>{t('inventory.records.price')}</th>
                  <th>{t('inventory.records.verify')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.map((row) => (
                  <tr key={row.id}>
                    <td>{formatTime(row.created_at)}</td>
                    <td>{row.box_name}</td>
                    <td>
                      <ItemCell row={row} />
                    </td>
                    <td>
                      <WearCell exter={row.exter} />
                    </td>
                    <td>
                      <Price units={row.cost_price} />
                    </td>
                    <td>
                      <Link
                        className="inv-link"
                        to={PATHS.fairness}
                        title={t('inventory.records.nonce', { nonce: row.roll.nonce })}
                      >
                        <IconShield size={14} />
                        {t('inventory.records.verifyLink')}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </PagedRecords>
    </RecordsPage>
  );
}

/**
 * /vipUnpackingRecord[?user_id=]: recent openings of everybody, or of one player when the tickers
 * open it for them. The history call has no user filter, so the page filters what it got.
 */
export function PublicOpenRecordsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = Number(params.get('user_id'));
  const forUser = Number.isSafeInteger(userId) && userId > 0 ? userId : null;
  const [page, setPage] = useState(1);
  const query = usePublicOpenRecords(page);
  const rows = (query.data?.list ?? []).filter((r) => forUser === null || r.user_id === forUser);
  return (
    <RecordsPage
      title={t('inventory.public.title')}
      subtitle={
        forUser === null ? t('inventory.public.subtitleAll') : t('inventory.public.subtitleUser', { id: forUser })
      }
    >
      {query.isPending ? (
        <div className="center-block inv-loading">
          <Spinner />
        </div>
      ) : query.isError ? (
        <EmptyState title={t('inventory.records.failed')} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('inventory.records.empty')} hint={t('common.noDataHint')} />
      ) : (
        <div className="inv-table-wrap">
          <table className="data-table inv-table">
            <thead>
              <tr>
                <th>{t('inventory.public.player')}</th>
                <th>{t('inventory.records.box')}</th>
                <th>{t('inventory.records.item')}</th>
                <th>{t('inventory.records.wear')}</th>
                <th>{t('inventory.records.price')}</th>
                <th>{t('inventory.records.time')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.id}>
                  <td>
                    <span className="data-table__user">
                      <Avatar src={row.avatar} name={row.nick_name} size={26} />
                      {row.nick_name}
                      <VipBadge level={row.vip_level} />
                    </span>
                  </td>
                  <td>{row.box_name}</td>
                  <td>
                    <ItemCell row={row} />
                  </td>
                  <td>
                    <WearCell exter={row.exter} />
                  </td>
                  <td>
                    <Price units={row.cost_price} />
                  </td>
                  <td>{formatTime(row.created_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {query.data && <Pager page={page} pageSize={OPEN_RECORDS_PAGE_SIZE} total={query.data.total} onPage={setPage} />}
    </RecordsPage>
  );
}
