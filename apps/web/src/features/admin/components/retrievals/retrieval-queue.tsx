import type { RetrievalRow } from '@kaixiang/shared/admin-retrievals';
import { ITEM_STATUS, OFFER_STATES, type OfferState } from '@kaixiang/shared/inventory';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state.tsx';
import { Price } from '../../../../components/price.tsx';
import { localDateTime } from '../../format.ts';
import { ReasonDialog } from '../boxes/reason-dialog.tsx';
import { playerPath } from '../players/player-paths.ts';
import { SimplePager } from '../players/simple-pager.tsx';
import { QueryFallback } from '../query-fallback.tsx';
import { RETRIEVALS_PAGE_SIZE, type RetrievalFilter, useRetrievalAction, useRetrievalQueue } from './retrievals-api.ts';

const isState = (s: string | null): s is OfferState => (OFFER_STATES as readonly (string | null)[]).includes(s);

function filterFrom(params: URLSearchParams): RetrievalFilter {
  const state = params.get('state');
  const userId = Number(params.get('user_id'));
  const page = Number(params.get('page'));
  return {
    state: isState(state) ? state : null,
    userId: params.get('user_id') && Number.isSafeInteger(userId) && userId > 0 ? userId : null,
    page: Number.isSafeInteger(page) && page > 0 ? page : 1,
  };
}

function paramsFrom(f: RetrievalFilter): Record<string, string> {
  return {
    ...(f.state ? { state: f.state } : {}),
    ...(f.userId !== null ? { user_id: String(f.userId) } : {}),
    ...(f.page > 1 ? { page: String(f.page) } : {}),
  };
}

const STATE_TAGS: Record<OfferState, string> = {
  pending: 'adm-tag--warn',
  accepted: 'adm-tag--ok',
  declined: 'adm-tag--danger',
  failed: 'adm-tag--danger',
  expired: '',
};

function Filters({ filter, onApply }: { filter: RetrievalFilter; onApply: (f: RetrievalFilter) => void }) {
  const { t } = useTranslation();
  const [userId, setUserId] = useState(filter.userId === null ? '' : String(filter.userId));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(userId.trim());
    onApply({ ...filter, userId: userId.trim() && Number.isSafeInteger(id) && id > 0 ? id : null, page: 1 });
  };
  return (
    <form className="adm-filters" onSubmit={submit}>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminRetrievals.filter.state')}</span>
        <select
          className="adm-select"
          value={filter.state ?? ''}
          onChange={(e) => onApply({ ...filter, state: isState(e.target.value) ? e.target.value : null, page: 1 })}
        >
          <option value="">{t('adminRetrievals.filter.all')}</option>
          {OFFER_STATES.map((s) => (
            <option key={s} value={s}>
              {t(`admin.labels.offer.state.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="adm-field">
        <span className="adm-field__label">{t('adminRetrievals.filter.userId')}</span>
        <input
          className="adm-input"
          inputMode="numeric"
          value={userId}
          placeholder={t('adminRetrievals.filter.userIdHint')}
          onChange={(e) => setUserId(e.target.value)}
        />
      </label>
      <button type="submit" className="button button--primary button--sm">
        {t('adminRetrievals.filter.apply')}
      </button>
      {(filter.state || filter.userId !== null) && (
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => {
            setUserId('');
            onApply({ state: null, userId: null, page: 1 });
          }}
        >
          {t('adminRetrievals.filter.clear')}
        </button>
      )}
    </form>
  );
}

type Action = { kind: 'retry' | 'cancel'; row: RetrievalRow };

function ActionDialog({
  action,
  onClose,
  onDone,
}: {
  action: Action;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation();
  const mutation = useRetrievalAction(action.kind);
  const { row, kind } = action;
  const player = `${row.nick_name} #${row.user_id}`;
  return (
    <ReasonDialog
      title={t(`adminRetrievals.${kind}Title`, { id: row.id })}
      hint={t(`adminRetrievals.${kind}Hint`, { player })}
      submitText={t(`adminRetrievals.${kind}Confirm`)}
      busy={mutation.isPending}
      error={mutation.error}
      onClose={onClose}
      onSubmit={(reason) =>
        mutation.mutate(
          { id: row.id, reason },
          {
            onSuccess: (r) =>
              onDone(
                'offer_id' in r
                  ? t('adminRetrievals.retryDone', { offer: r.offer_id, count: r.item_ids.length })
                  : t('adminRetrievals.cancelDone', { count: r.item_ids.length }),
              ),
          },
        )
      }
    />
  );
}

function QueueRow({ row, onAction }: { row: RetrievalRow; onAction: (a: Action) => void }) {
  const { t } = useTranslation();
  const value = row.items.reduce((sum, i) => sum + i.price, 0);
  // Only while some of its items still wait as "retrieval failed": once sent again, sold or
  // recycled, there is nothing left to retry (the server refuses it the same way).
  const retryable =
    (row.state === 'declined' || row.state === 'failed') &&
    row.items.some((i) => i.status === ITEM_STATUS.retrieveFailed);
  const cancellable = row.state === 'pending' && row.bot_offer_id !== null;
  return (
    <tr className="adm-table__row">
      <td className="adm-table__mono">{row.id}</td>
      <td>
        <Link to={playerPath(row.user_id)}>
          {row.nick_name} <span className="adm-table__muted">#{row.user_id}</span>
        </Link>
      </td>
      <td>
        <ul className="adm-retrieval-items">
          {row.items.map((i) => (
            <li key={i.id}>{i.name}</li>
          ))}
        </ul>
      </td>
      <td>
        <Price units={value} />
      </td>
      <td>
        <span className={`adm-tag ${STATE_TAGS[row.state]}`}>{t(`admin.labels.offer.state.${row.state}`)}</span>
      </td>
      <td>{row.failure ? t(`admin.labels.offer.failure.${row.failure}`, { defaultValue: row.failure }) : ''}</td>
      <td className="adm-table__mono">
        {row.bot}
        <br />
        <span className="adm-table__muted">
          {row.bot_offer_id ?? (row.state === 'pending' ? t('adminRetrievals.sending') : '')}
        </span>
      </td>
      <td className="adm-table__time">{localDateTime(row.created_at)}</td>
      <td className="adm-table__time">{row.state === 'pending' ? '' : localDateTime(row.updated_at)}</td>
      <td>
        {retryable && (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => onAction({ kind: 'retry', row })}
          >
            {t('adminRetrievals.retry')}
          </button>
        )}
        {cancellable && (
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => onAction({ kind: 'cancel', row })}
          >
            {t('adminRetrievals.cancel')}
          </button>
        )}
      </td>
    </tr>
  );
}

/** The queue: every retrieval with its state, why it failed and the bot that sent it; retry and cancel. */
export function RetrievalQueuePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => filterFrom(params), [params]);
  const queue = useRetrievalQueue(filter);
  const [action, setAction] = useState<Action | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const apply = (f: RetrievalFilter) => setParams(paramsFrom(f));
  const list = queue.data?.list ?? [];
  return (
    <section className="adm-screen" aria-labelledby="adm-retrievals-title">
      <header className="adm-screen__head">
        <h1 id="adm-retrievals-title" className="adm-screen__title">
          {t('admin.sections.retrievals')}
        </h1>
        <p className="adm-screen__sub">{t('adminRetrievals.subtitle')}</p>
      </header>
      <Filters key={`${filter.userId}`} filter={filter} onApply={apply} />
      {done && (
        <p className="adm-notice adm-notice--ok" role="status">
          {done}
        </p>
      )}
      <div className="adm-card">
        {queue.data ? (
          list.length > 0 ? (
            <div className="adm-table-wrap">
              <table className={`adm-table ${queue.isPlaceholderData ? 'adm-table--busy' : ''}`}>
                <thead>
                  <tr>
                    <th scope="col">{t('adminRetrievals.col.id')}</th>
                    <th scope="col">{t('adminRetrievals.col.player')}</th>
                    <th scope="col">{t('adminRetrievals.col.items')}</th>
                    <th scope="col">{t('adminRetrievals.col.value')}</th>
                    <th scope="col">{t('adminRetrievals.col.state')}</th>
                    <th scope="col">{t('adminRetrievals.col.failure')}</th>
                    <th scope="col">{t('adminRetrievals.col.bot')}</th>
                    <th scope="col">{t('adminRetrievals.col.created')}</th>
                    <th scope="col">{t('adminRetrievals.col.updated')}</th>
                    <th scope="col">{t('adminRetrievals.col.actions')}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((row) => (
                    <QueueRow
                      key={row.id}
                      row={row}
                      onAction={(a) => {
                        setDone(null);
                        setAction(a);
                      }}
                    />
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <EmptyState compact title={t('adminRetrievals.empty')} />
          )
        ) : (
          <QueryFallback query={queue} failedTitle={t('adminRetrievals.loadFailed')} />
        )}
        {queue.data && queue.data.total > 0 && (
          <SimplePager
            page={filter.page}
            pages={Math.ceil(queue.data.total / RETRIEVALS_PAGE_SIZE)}
            total={queue.data.total}
            onPage={(page) => apply({ ...filter, page })}
          />
        )}
      </div>
      {action && (
        <ActionDialog
          key={`${action.kind}:${action.row.id}`}
          action={action}
          onClose={() => setAction(null)}
          onDone={(text) => {
            setAction(null);
            setDone(text);
          }}
        />
      )}
    </section>
  );
}
