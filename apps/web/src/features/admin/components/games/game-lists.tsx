import type { AdminRollRow, AdminTreasureRow } from '@kaixiang/shared/admin-games';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { SimplePager } from '../players/simple-pager.tsx';
import { QueryFallback } from '../query-fallback.tsx';
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

/** A list's toolbar: its title, the creation button, and what was just made. */
function Toolbar({
  title,
  action,
  made,
  onCreate,
}: {
  title: string;
  action: string;
  made: number | null;
  onCreate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="adm-card__bar">
      <h2 className="adm-card__title">{title}</h2>
      {made !== null && (
        <span className="adm-tag adm-tag--ok" role="status">
          {t('adminGames.created', { id: made })}
        </span>
      )}
      <button type="button" className="button button--primary button--sm" onClick={onCreate}>
        {action}
      </button>
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
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  const result = useRollRooms({ page, page_size: PAGE_SIZE });
  const data = result.data;
  return (
    <div className="adm-card">
      <Toolbar
        title={t('adminGames.roll.listTitle')}
        action={t('adminGames.roll.create')}
        made={made}
        onCreate={() => setCreating(true)}
      />
      {data ? (
        data.list.length > 0 ? (
          <>
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t('adminGames.roll.col.id')}</th>
                    <th scope="col">{t('adminGames.roll.col.title')}</th>
                    <th scope="col">{t('adminGames.roll.col.owner')}</th>
                    <th scope="col">{t('adminGames.roll.col.prizes')}</th>
                    <th scope="col">{t('adminGames.roll.col.value')}</th>
                    <th scope="col">{t('adminGames.roll.col.players')}</th>
                    <th scope="col">{t('adminGames.roll.col.drawAt')}</th>
                    <th scope="col">{t('adminGames.roll.col.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <RollRow key={r.room_id} r={r} />
                  ))}
                </tbody>
              </table>
            </div>
            <SimplePager page={page} pages={Math.ceil(data.total / PAGE_SIZE)} total={data.total} onPage={setPage} />
          </>
        ) : (
          <EmptyState compact title={t('adminGames.empty')} />
        )
      ) : (
        <QueryFallback query={result} failedTitle={t('adminGames.loadFailed')} />
      )}
      {creating && (
        <RollCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setMade(id);
            setPage(1);
          }}
        />
      )}
    </div>
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
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  const result = useTreasures({ page, page_size: PAGE_SIZE });
  const data = result.data;
  return (
    <div className="adm-card">
      <Toolbar
        title={t('adminGames.treasure.listTitle')}
        action={t('adminGames.treasure.create')}
        made={made}
        onCreate={() => setCreating(true)}
      />
      {data ? (
        data.list.length > 0 ? (
          <>
            <div className="adm-table-wrap">
              <table className="adm-table">
                <thead>
                  <tr>
                    <th scope="col">{t('adminGames.treasure.col.id')}</th>
                    <th scope="col">{t('adminGames.treasure.col.title')}</th>
                    <th scope="col">{t('adminGames.treasure.col.prize')}</th>
                    <th scope="col">{t('adminGames.treasure.col.cards')}</th>
                    <th scope="col">{t('adminGames.treasure.col.cardPrice')}</th>
                    <th scope="col">{t('adminGames.treasure.col.deadline')}</th>
                    <th scope="col">{t('adminGames.treasure.col.state')}</th>
                  </tr>
                </thead>
                <tbody>
                  {data.list.map((r) => (
                    <TreasureRow key={r.room_id} r={r} />
                  ))}
                </tbody>
              </table>
            </div>
            <SimplePager page={page} pages={Math.ceil(data.total / PAGE_SIZE)} total={data.total} onPage={setPage} />
          </>
        ) : (
          <EmptyState compact title={t('adminGames.empty')} />
        )
      ) : (
        <QueryFallback query={result} failedTitle={t('adminGames.loadFailed')} />
      )}
      {creating && (
        <TreasureCreateDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setMade(id);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}
