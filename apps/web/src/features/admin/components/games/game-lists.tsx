import type { AdminRollRow, AdminTreasureRow } from '@kaixiang/shared/admin-games';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { QueryTable } from '../console-form.tsx';
import { SimplePager } from '../players/simple-pager.tsx';
import { useRollRooms, useTreasures } from './games-api.ts';
import { RollCreateDialog } from './roll-create-dialog.tsx';
import { TreasureCreateDialog } from './treasure-create-dialog.tsx';

const PAGE_SIZE = 20;
const LIVE_STATES = new Set(['open', 'full', 'closed']);

function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return (
    <span className={`adm-tag ${LIVE_STATES.has(state) ? 'adm-tag--ok' : ''}`}>
      {t(`adminGames.state.${state}`, { defaultValue: state })}
    </span>
  );
}

/** What a list screen keeps: its page, whether the creation dialog is open, and what was just made. */
function useCreatableList() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  const created = (id: number) => {
    setCreating(false);
    setMade(id);
    setPage(1);
  };
  return { page, setPage, creating, setCreating, made, created };
}

/**
 * A paged list in a card: its title, the creation button and what was just made, then the rows;
 * `dialog` is the creation form while it is open.
 */
function GameList<R>({
  list,
  title,
  action,
  columns,
  query,
  row,
  dialog,
}: {
  list: ReturnType<typeof useCreatableList>;
  title: string;
  action: string;
  columns: readonly string[];
  query: {
    data: { list: readonly R[]; total: number } | undefined;
    isError: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  row: (r: R) => ReactNode;
  dialog: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <div className="adm-card">
      <div className="adm-card__bar">
        <h2 className="adm-card__title">{title}</h2>
        {list.made !== null && (
          <span className="adm-tag adm-tag--ok" role="status">
            {t('adminGames.created', { id: list.made })}
          </span>
        )}
        <button type="button" className="button button--primary button--sm" onClick={() => list.setCreating(true)}>
          {action}
        </button>
      </div>
      <QueryTable
        query={query}
        failedTitle={t('adminGames.loadFailed')}
        emptyTitle={t('adminGames.empty')}
        columns={columns}
        rows={(data) => data.list.map(row)}
        after={(data) => (
          <SimplePager
            page={list.page}
            pages={Math.ceil(data.total / PAGE_SIZE)}
            total={data.total}
            onPage={list.setPage}
          />
        )}
      />
      {list.creating && dialog}
    </div>
  );
}

function RollRow({ r }: { r: AdminRollRow }) {
  const { t } = useTranslation();
  return (
    <tr className="adm-table__row">
      <td className="adm-table__mono">#{r.room_id}</td>
      <td>{r.title}</td>
      <td>
        {r.official ? (
          <span className="adm-tag adm-tag--warn">{t('adminGames.roll.official')}</span>
        ) : (
          <span className="adm-tag">{t('adminGames.roll.anchor')}</span>
        )}{' '}
        {r.owner_name} <span className="adm-table__muted">#{r.owner_id}</span>
      </td>
      <td className="adm-table__mono">{r.prizes}</td>
      <td>
        <Price units={r.value} />
      </td>
      <td className="adm-table__mono">{r.players}</td>
      <td className="adm-table__mono">{localDateTime(r.draw_at)}</td>
      <td>
        <StateTag state={r.state} />
      </td>
    </tr>
  );
}

/** Every roll room, anchors' and official, newest first; an official one is made from here. */
export function RollRooms() {
  const { t } = useTranslation();
  const list = useCreatableList();
  const result = useRollRooms({ page: list.page, page_size: PAGE_SIZE });
  return (
    <GameList
      list={list}
      title={t('adminGames.roll.listTitle')}
      action={t('adminGames.roll.create')}
      columns={['id', 'title', 'owner', 'prizes', 'value', 'players', 'drawAt', 'state'].map((c) =>
        t(`adminGames.roll.col.${c}`),
      )}
      query={result}
      row={(r) => <RollRow key={r.room_id} r={r} />}
      dialog={<RollCreateDialog onClose={() => list.setCreating(false)} onCreated={list.created} />}
    />
  );
}

function TreasureRow({ r }: { r: AdminTreasureRow }) {
  return (
    <tr className="adm-table__row">
      <td className="adm-table__mono">#{r.room_id}</td>
      <td>{r.title}</td>
      <td>
        {r.prize_name} <Price units={r.prize_price} />
      </td>
      <td className="adm-table__mono">
        {r.sold} / {r.cards}
      </td>
      <td>
        <Price units={r.card_price} />
      </td>
      <td className="adm-table__mono">{localDateTime(r.deadline)}</td>
      <td>
        <StateTag state={r.state} />
      </td>
    </tr>
  );
}

/** Every treasure, newest first; a new one is made from here. */
export function Treasures() {
  const { t } = useTranslation();
  const list = useCreatableList();
  const result = useTreasures({ page: list.page, page_size: PAGE_SIZE });
  return (
    <GameList
      list={list}
      title={t('adminGames.treasure.listTitle')}
      action={t('adminGames.treasure.create')}
      columns={['id', 'title', 'prize', 'cards', 'cardPrice', 'deadline', 'state'].map((c) =>
        t(`adminGames.treasure.col.${c}`),
      )}
      query={result}
      row={(r) => <TreasureRow key={r.room_id} r={r} />}
      dialog={<TreasureCreateDialog onClose={() => list.setCreating(false)} onCreated={list.created} />}
    />
  );
}
