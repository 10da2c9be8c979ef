import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import { formatSignedUnits, formatUnits } from '@kaixiang/shared/money';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../components/item-image.tsx';
import { PagedRecords } from '../../../components/paged-records.tsx';
import { MALL_PAGE_SIZE, useMallBuyRecords, useMallRetrievals, useQuotaLog } from '../api/get-mall.ts';

function time(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
}

function Item({ img, name, itemId }: { img: string; name: string; itemId?: number }) {
  return (
    <span className="mall-table__item">
      <ItemImage src={img} alt="" itemId={itemId} className="mall-table__img" />
      {name}
    </span>
  );
}

/** One paged table of the mall's records, in the shared loading / failure / empty frame. */
function Records<T extends { total: number }>({
  query,
  page,
  setPage,
  head,
  rows,
}: {
  query: UseQueryResult<T>;
  page: number;
  setPage: (page: number) => void;
  head: ReactNode;
  rows: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <PagedRecords
      query={query}
      failedText={t('mall.records.failed')}
      emptyText={t('mall.records.empty')}
      page={page}
      pageSize={MALL_PAGE_SIZE}
      onPage={setPage}
    >
      {(data) => (
        <div className="mall-table-wrap">
          <table className="data-table mall-table">
            <thead>{head}</thead>
            <tbody>{rows(data)}</tbody>
          </table>
        </div>
      )}
    </PagedRecords>
  );
}

function BuyRecords() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useMallBuyRecords(page);
  return (
    <Records
      query={query}
      page={page}
      setPage={setPage}
      head={
        <tr>
          <th>{t('mall.records.time')}</th>
          <th>{t('mall.records.item')}</th>
          <th className="num">{t('mall.records.price')}</th>
        </tr>
      }
      rows={(data) =>
        data.list.map((r) => (
          <tr key={r.id}>
            <td>{time(r.created_at)}</td>
            <td>
              <Item img={r.img} name={r.name} />
            </td>
            <td className="num">{formatUnits(r.price)}</td>
          </tr>
        ))
      }
    />
  );
}

function QuotaLog() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuotaLog(page);
  return (
    <Records
      query={query}
      page={page}
      setPage={setPage}
      head={
        <tr>
          <th>{t('mall.records.time')}</th>
          <th>{t('mall.records.kind')}</th>
          <th>{t('mall.records.memo')}</th>
          <th className="num">{t('mall.records.amount')}</th>
          <th className="num">{t('mall.records.balanceAfter')}</th>
        </tr>
      }
      rows={(data) =>
        data.list.map((r) => (
          <tr key={r.id}>
            <td>{time(r.created_at)}</td>
            <td>{t(`wallet.kind.${r.kind}`, { defaultValue: r.kind })}</td>
            <td>{r.memo || '—'}</td>
            <td className={`num mall-amount ${r.amount > 0 ? 'mall-amount--in' : 'mall-amount--out'}`}>
              {formatSignedUnits(r.amount)}
            </td>
            <td className="num">{formatUnits(r.balance_after)}</td>
          </tr>
        ))
      }
    />
  );
}

const RETRIEVAL_STATUS: Record<number, string> = {
  [ITEM_STATUS.normal]: 'mall.retrieval.normal',
  [ITEM_STATUS.retrieving]: 'mall.retrieval.retrieving',
  [ITEM_STATUS.sold]: 'mall.retrieval.sold',
  [ITEM_STATUS.retrieved]: 'mall.retrieval.retrieved',
  [ITEM_STATUS.retrieveFailed]: 'mall.retrieval.failed',
};

function Retrievals() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useMallRetrievals(page);
  return (
    <Records
      query={query}
      page={page}
      setPage={setPage}
      head={
        <tr>
          <th>{t('mall.records.time')}</th>
          <th>{t('mall.records.item')}</th>
          <th className="num">{t('mall.records.price')}</th>
          <th>{t('mall.records.status')}</th>
        </tr>
      }
      rows={(data) =>
        data.list.map((r) => (
          <tr key={r.id}>
            <td>{time(r.created_at)}</td>
            <td>
              <Item img={r.img} name={r.name} itemId={r.item_id} />
            </td>
            <td className="num">{formatUnits(r.cost_price)}</td>
            <td>{t(RETRIEVAL_STATUS[r.status] ?? 'mall.retrieval.unknown')}</td>
          </tr>
        ))
      }
    />
  );
}

/** The mall's record tabs: purchases, quota changes, retrievals of bought items. */
export function MallRecords({ kind }: { kind: 'buys' | 'quota' | 'retrievals' }) {
  if (kind === 'buys') return <BuyRecords />;
  if (kind === 'quota') return <QuotaLog />;
  return <Retrievals />;
}
