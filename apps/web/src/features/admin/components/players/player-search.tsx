import type { PlayerSummary } from '@kaixiang/shared/admin-players';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { QueryFallback } from '../query-fallback.tsx';
import { playerPath } from './player-paths.ts';
import { PLAYERS_PAGE_SIZE, type PlayerSearch, usePlayerSearch } from './players-api.ts';
import { SimplePager } from './simple-pager.tsx';

function searchFrom(params: URLSearchParams): PlayerSearch {
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    contains: params.get('contains') === '1',
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function paramsFrom(s: PlayerSearch): Record<string, string> {
  return {
    ...(s.q ? { q: s.q } : {}),
    ...(s.contains ? { contains: '1' } : {}),
    ...(s.page > 1 ? { page: String(s.page) } : {}),
  };
}

function SearchForm({ search, onApply }: { search: PlayerSearch; onApply: (s: PlayerSearch) => void }) {
  const { t } = useTranslation();
  const [q, setQ] = useState(search.q);
  const [contains, setContains] = useState(search.contains);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onApply({ q: q.trim(), contains, page: 1 });
  };
  return (
    <form className="adm-filters" onSubmit={submit}>
      <label className="adm-field adm-field--wide">
        <span className="adm-field__label">{t('adminPlayers.search.label')}</span>
        <input
          className="adm-input"
          type="search"
          value={q}
          placeholder={t('adminPlayers.search.placeholder')}
          onChange={(e) => setQ(e.target.value)}
        />
      </label>
      <label className="adm-check">
        <input type="checkbox" checked={contains} onChange={(e) => setContains(e.target.checked)} />
        <span>{t('adminPlayers.search.contains')}</span>
      </label>
      <button type="submit" className="button button--primary button--sm">
        {t('adminPlayers.search.submit')}
      </button>
    </form>
  );
}

function PlayerRow({ player }: { player: PlayerSummary }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const open = () => navigate(playerPath(player.user_id));
  return (
    <tr className="adm-table__row adm-table__row--link" onClick={open}>
      <td className="adm-table__mono">
        <a
          href={playerPath(player.user_id)}
          onClick={(e) => {
            e.preventDefault();
            open();
          }}
        >
          {player.user_id}
        </a>
      </td>
      <td>{player.nick_name}</td>
      <td className="adm-table__mono">{player.mobile}</td>
      <td>
        <Price units={player.balance} />
      </td>
      <td>{t(`adminPlayers.roles.${player.role}`, { defaultValue: player.role })}</td>
      <td>
        {player.banned && <span className="adm-tag adm-tag--danger">{t('adminPlayers.banned')}</span>}
        {player.closed && <span className="adm-tag">{t('adminPlayers.closed')}</span>}
      </td>
      <td className="adm-table__time">{localDateTime(player.created_at)}</td>
      <td>
        <span className="adm-tag">{t(`adminPlayers.match.${player.match}`)}</span>
      </td>
    </tr>
  );
}

/** The search: one box for every way a caller identifies themselves; the newest accounts when empty. */
export function PlayerSearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchFrom(params), [params]);
  const result = usePlayerSearch(search);
  const apply = (s: PlayerSearch) => setParams(paramsFrom(s));
  const list = result.data?.list ?? [];
  return (
    <section className="adm-screen" aria-labelledby="adm-players-title">
      <header className="adm-screen__head">
        <h1 id="adm-players-title" className="adm-screen__title">
          {t('admin.sections.players')}
        </h1>
        <p className="adm-screen__sub">{t('adminPlayers.search.subtitle')}</p>
      </header>
      <SearchForm key={`${search.q}\n${search.contains}`} search={search} onApply={apply} />
      <div className="adm-card">
        {result.data ? (
          list.length > 0 ? (
            <div className="adm-table-wrap">
              <table className={`adm-table ${result.isPlaceholderData ? 'adm-table--busy' : ''}`}>
                <thead>
                  <tr>
                    <th scope="col">{t('adminPlayers.col.id')}</th>
                    <th scope="col">{t('adminPlayers.col.nick')}</th>
                    <th scope="col">{t('adminPlayers.col.mobile')}</th>
                    <th scope="col">{t('adminPlayers.col.balance')}</th>
                    <th scope="col">{t('adminPlayers.col.role')}</th>
                    <th scope="col">{t('adminPlayers.col.state')}</th>
                    <th scope="col">{t('adminPlayers.col.created')}</th>
                    <th scope="col">{t('adminPlayers.col.match')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((p) => (
                    <PlayerRow key={p.user_id} player={p} />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <EmptyState compact title={t('adminPlayers.search.empty')} />
          )
        ) : (
          <QueryFallback query={result} failedTitle={t('adminPlayers.loadFailed')} />
        )}
        {result.data && result.data.total > 0 && (
          <SimplePager
            page={search.page}
            pages={Math.ceil(result.data.total / PLAYERS_PAGE_SIZE)}
            total={result.data.total}
            onPage={(page) => apply({ ...search, page })}
          />
        )}
      </div>
    </section>
  );
}
