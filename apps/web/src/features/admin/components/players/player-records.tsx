import { PLAYER_RECORD_KINDS, type PlayerRecordKind, type PlayerRecordRows } from '@kaixiang/shared/admin-players';
import { ITEM_STATUS } from '@kaixiang/shared/inventory';
import { formatUnits } from '@kaixiang/shared/money';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { Spinner } from '../../../../components/spinner.tsx';
import { localDateTime } from '../../format.ts';
import { playerPath } from './player-paths.ts';
import { PLAYERS_PAGE_SIZE, usePlayerRecords } from './players-api.ts';
import { SimplePager } from './simple-pager.tsx';

type Row<K extends PlayerRecordKind> = PlayerRecordRows<K>[number];
interface Column<K extends PlayerRecordKind> {
  /** adminPlayers.records.col.<label> */
  label: string;
  /** `t` names the codes a row carries (kinds, states) in the reader's language; the code stays in a tooltip. */
  cell: (row: Row<K>, t: TFunction) => ReactNode;
}

/** A code's label (the site's own words where the player's pages have them), the code itself on hover. */
const labelled = (code: string, label: string) => (
  <span title={code} data-code={code}>
    {label}
  </span>
);
/** ITEM_STATUS numbers to the inventory's status words (`inventory.status.*`). */
const ITEM_STATUS_KEYS: Record<number, string> = {
  [ITEM_STATUS.normal]: 'normal',
  [ITEM_STATUS.retrieving]: 'retrieving',
  [ITEM_STATUS.sold]: 'sold',
  [ITEM_STATUS.retrieved]: 'retrieved',
  [ITEM_STATUS.retrieveFailed]: 'failed',
  [ITEM_STATUS.locked]: 'locked',
};

const when = (ms: number | null) => (ms === null ? '—' : localDateTime(ms));
const yuan = (units: number) => <Price units={units} />;
/** Points are whole points; coins and quota are money. */
const amountIn = (currency: string, units: number, signed: boolean) =>
  currency === 'point'
    ? signed && units > 0
      ? `+${units}`
      : String(units)
    : signed
      ? `${units < 0 ? '-' : '+'}¥${formatUnits(Math.abs(units))}`
      : `¥${formatUnits(units)}`;

/** What each kind's table shows, newest first as the server orders it. */
const COLUMNS: { [K in PlayerRecordKind]: readonly Column<K>[] } = {
  ledger: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'kind', cell: (r, t) => labelled(r.kind, t(`wallet.kind.${r.kind}`, { defaultValue: r.kind })) },
    { label: 'currency', cell: (r, t) => t(`wallet.currency.${r.currency}`, { defaultValue: r.currency }) },
    { label: 'amount', cell: (r) => amountIn(r.currency, r.amount, true) },
    {
      label: 'balanceAfter',
      cell: (r) => (r.balance_after === null ? '—' : amountIn(r.currency, r.balance_after, false)),
    },
    { label: 'memo', cell: (r) => r.memo },
  ],
  recharges: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'orderSn', cell: (r) => r.order_sn },
    { label: 'payMode', cell: (r) => `${r.pay_mode} / ${r.provider}` },
    { label: 'amount', cell: (r) => yuan(r.amount) },
    { label: 'paid', cell: (r) => yuan(r.real_price) },
    { label: 'bonus', cell: (r) => yuan(r.bonus) },
    { label: 'status', cell: (r, t) => labelled(String(r.status), t(`admin.labels.order.${r.status}`)) },
    { label: 'paidAt', cell: (r) => when(r.paid_at) },
  ],
  openings: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'box', cell: (r) => `${r.box_name} #${r.box_id}` },
    { label: 'boxPrice', cell: (r) => yuan(r.box_price) },
    { label: 'item', cell: (r) => `${r.item_name} #${r.item_def_id}` },
    { label: 'price', cell: (r) => yuan(r.price) },
  ],
  upgrades: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'item', cell: (r) => `${r.target_name} #${r.target_item_def_id}` },
    { label: 'price', cell: (r) => yuan(r.target_price) },
    { label: 'stake', cell: (r) => yuan(r.stake) },
    { label: 'rate', cell: (r) => `${(r.rate_ppm / 10_000).toFixed(2)}%` },
    { label: 'outcome', cell: (r, t) => (r.success ? `✓ ${t('admin.labels.yes')}` : `✗ ${t('admin.labels.no')}`) },
  ],
  battles: [
    { label: 'time', cell: (r) => localDateTime(r.joined_at) },
    { label: 'room', cell: (r) => `#${r.room_id}` },
    { label: 'state', cell: (r, t) => labelled(r.state, t(`admin.labels.room.${r.state}`, { defaultValue: r.state })) },
    { label: 'seat', cell: (r) => String(r.seat + 1) },
    { label: 'value', cell: (r) => yuan(r.value) },
    { label: 'endedAt', cell: (r) => when(r.ended_at) },
  ],
  items: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'item', cell: (r) => `${r.name} #${r.item_def_id}` },
    { label: 'price', cell: (r) => yuan(r.price) },
    {
      label: 'status',
      cell: (r, t) => labelled(String(r.status), t(`inventory.status.${ITEM_STATUS_KEYS[r.status] ?? 'unknown'}`)),
    },
    {
      label: 'source',
      cell: (r, t) => `${t(`inventory.source.${r.source}`, { defaultValue: r.source })} ${r.source_name}`.trim(),
    },
    {
      label: 'disposal',
      cell: (r, t) => (r.disposal ? t(`inventory.disposal.${r.disposal}`, { defaultValue: r.disposal }) : '—'),
    },
  ],
  retrievals: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'items', cell: (r) => r.item_ids.join(', ') },
    { label: 'state', cell: (r, t) => t(`admin.labels.offer.state.${r.state}`, { defaultValue: r.state }) },
    {
      label: 'failure',
      cell: (r, t) => (r.failure ? t(`admin.labels.offer.failure.${r.failure}`, { defaultValue: r.failure }) : '—'),
    },
    { label: 'bot', cell: (r) => r.bot },
    { label: 'resolvedAt', cell: (r) => when(r.resolved_at) },
  ],
  invitees: [
    { label: 'time', cell: (r) => localDateTime(r.created_at) },
    { label: 'player', cell: (r) => <Link to={playerPath(r.user_id)}>{`${r.nick_name} #${r.user_id}`}</Link> },
    { label: 'vip', cell: (r) => String(r.vip_level) },
    { label: 'banned', cell: (r, t) => (r.banned ? t('admin.labels.yes') : '') },
  ],
};

function RecordsTable<K extends PlayerRecordKind>({ kind, list }: { kind: K; list: readonly Row<K>[] }) {
  const { t } = useTranslation();
  const columns: readonly Column<K>[] = COLUMNS[kind];
  return (
    <div className="adm-table-wrap">
      <table className="adm-table">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.label} scope="col">
                {t(`adminPlayers.records.col.${c.label}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {list.map((row, i) => (
            // Rows of some kinds have no id of their own (battles: a seat in a room); the page's order is stable.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <tr key={i}>
              {columns.map((c) => (
                <td key={c.label}>{c.cell(row, t)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function RecordsPanel({ userId, kind }: { userId: number; kind: PlayerRecordKind }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const records = usePlayerRecords(userId, kind, page);
  const data = records.data?.kind === kind ? records.data : undefined;
  if (!data) {
    return records.isError ? (
      <EmptyState compact title={t('adminPlayers.loadFailed')} hint={records.error.message} />
    ) : (
      <div className="adm-card__loading">
        <Spinner />
      </div>
    );
  }
  if (data.total === 0) return <EmptyState compact title={t('adminPlayers.records.empty')} />;
  return (
    <>
      <RecordsTable kind={data.kind} list={data.list} />
      <SimplePager page={page} pages={Math.ceil(data.total / PLAYERS_PAGE_SIZE)} total={data.total} onPage={setPage} />
    </>
  );
}

/** The player's records, one kind at a time, each paged by the server. */
export function PlayerRecords({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<PlayerRecordKind>('ledger');
  return (
    <section className="adm-card" aria-label={t('adminPlayers.records.title')}>
      <div className="adm-tabs" role="tablist">
        {PLAYER_RECORD_KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className={`adm-tab ${k === kind ? 'adm-tab--active' : ''}`}
            onClick={() => setKind(k)}
          >
            {t(`adminPlayers.records.kinds.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">
        <RecordsPanel key={kind} userId={userId} kind={kind} />
      </div>
    </section>
  );
}
