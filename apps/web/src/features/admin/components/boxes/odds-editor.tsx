import {
  ADMIN_BOX_MAX_PRICE,
  type AdminBoxDetail,
  type AdminBoxEvaluation,
  type AdminBoxPreviewInput,
  type AdminBoxProblem,
} from '@kaixiang/shared/admin-boxes';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { formatUnits } from '@kaixiang/shared/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CatalogueItemPicker, type PickedCatalogueItem } from '../../../../components/catalogue-item-picker.tsx';
import { ItemImage } from '../../../../components/item-image.tsx';
import { Price } from '../../../../components/price.tsx';
import { groupThousands } from '../../../../i18n/formats.ts';
import { unitsOf } from '../../format.ts';
import { rtpText, useBoxPreview } from './boxes-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** How long typing pauses before the server is asked: one preview per pause, not per keystroke. */
const PREVIEW_DEBOUNCE_MS = 300;

/** The box price as the operator typed it, to units; null when it is not a price. */
function parsePrice(text: string): number | null {
  const units = unitsOf(text);
  return units !== null && units > 0 && units <= ADMIN_BOX_MAX_PRICE ? units : null;
}

const parseTickets = (text: string): number | null => {
  const trimmed = text.trim();
  // Beyond what the server's schema takes, the preview would be a refused request, not a judgement.
  return /^\d{1,7}$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= BOX_TICKETS ? Number(trimmed) : null;
};

/** One row of the table being edited: the item as shown, and its tickets as typed. */
export interface Row {
  item_id: number;
  exter: number;
  name: string;
  img: string;
  /** The entry's price (units): the saved version's, or today's for an entry added since. */
  price: number;
  /** The item's price at this grade today: what a new version will carry. */
  current_price: number;
  tickets: string;
}

const rowsOf = (detail: AdminBoxDetail): Row[] =>
  detail.current.entries.map((e) => ({
    item_id: e.item_id,
    exter: e.exter,
    name: e.name,
    img: e.img,
    price: e.price,
    current_price: e.current_price,
    tickets: String(e.tickets),
  }));

const sameEntry = (a: { item_id: number; exter: number }, b: { item_id: number; exter: number }) =>
  a.item_id === b.item_id && a.exter === b.exter;

/** The table as the server reads it, or null while something typed is not a table yet. */
function tableFrom(priceText: string, rows: Row[]): AdminBoxPreviewInput | null {
  const price = parsePrice(priceText);
  const counts = rows.map((r) => parseTickets(r.tickets));
  if (price === null || rows.length === 0 || counts.some((c) => c === null)) return null;
  return {
    price,
    contents: rows.map((r, i) => ({ item_id: r.item_id, exter: r.exter, tickets: counts[i] ?? 0 })),
  };
}

/** An item from the catalogue joins the table in the wear picked, with no tickets yet. */
function AddItem({ rows, onAdd }: { rows: Row[]; onAdd: (row: Row) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [pick, setPick] = useState<PickedCatalogueItem | null>(null);
  const taken = pick !== null && rows.some((r) => sameEntry(r, { item_id: pick.item.item_id, exter: pick.exter }));
  if (!open)
    return (
      <button type="button" className="button button--ghost button--sm" onClick={() => setOpen(true)}>
        {t('adminBoxes.editor.addItem')}
      </button>
    );
  return (
    <fieldset className="adm-boxes__add" aria-label={t('adminBoxes.editor.addItem')}>
      <CatalogueItemPicker value={pick} onChange={setPick} />
      {taken && <p className="adm-boxes__bad">{t('adminBoxes.problems.BOX_ENTRY_DUPLICATE')}</p>}
      <div className="adm-form__actions">
        <button type="button" className="button button--ghost button--sm" onClick={() => setOpen(false)}>
          {t('admin.reason.cancel')}
        </button>
        <button
          type="button"
          className="button button--primary button--sm"
          disabled={pick === null || taken}
          onClick={() => {
            if (!pick) return;
            onAdd({
              item_id: pick.item.item_id,
              exter: pick.exter,
              name: pick.item.name,
              img: pick.item.img,
              price: pick.price,
              current_price: pick.price,
              tickets: '',
            });
            setPick(null);
            setOpen(false);
          }}
        >
          {t('adminBoxes.editor.addConfirm')}
        </button>
      </div>
    </fieldset>
  );
}

/** `value` once it has stayed the same for `ms`, compared by its JSON. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  const key = JSON.stringify(value);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `value` (a new object each render).
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [key, ms]);
  return settled;
}

function Figures({ evaluation, pending }: { evaluation: AdminBoxEvaluation | null; pending: boolean }) {
  const { t } = useTranslation();
  if (!evaluation) return <p className="adm-table__muted">{t('adminBoxes.editor.checking')}</p>;
  const { bounds } = evaluation;
  const sumOk = evaluation.ticket_sum === BOX_TICKETS;
  const general = evaluation.problems.filter((p) => p.entry === null && p.code !== 'BOX_RTP_OUT_OF_BOUNDS');
  return (
    <div className={`adm-boxes__figures ${pending ? 'adm-boxes__figures--busy' : ''}`} aria-live="polite">
      <dl className="adm-facts">
        <div className="adm-facts__row">
          <dt>{t('adminBoxes.editor.ev')}</dt>
          <dd>
            <Price units={evaluation.ev} />
          </dd>
        </div>
        <div className="adm-facts__row">
          <dt>{t('adminBoxes.editor.rtp')}</dt>
          <dd data-testid="box-rtp">{rtpText(evaluation.rtp_bp)}</dd>
        </div>
        <div className="adm-facts__row">
          <dt>{t('adminBoxes.editor.ticketSum')}</dt>
          <dd className={sumOk ? '' : 'adm-boxes__bad'}>
            {groupThousands(evaluation.ticket_sum)} / {groupThousands(BOX_TICKETS)}
          </dd>
        </div>
      </dl>
      <p className={evaluation.within_bounds ? 'adm-boxes__good' : 'adm-boxes__bad'} role="status">
        {evaluation.within_bounds ? t('adminBoxes.editor.withinBounds') : t('adminBoxes.editor.outOfBounds')}{' '}
        <span className="adm-table__muted">
          ({t('adminBoxes.editor.bounds', { min: rtpText(bounds.min_bp), max: rtpText(bounds.max_bp) })})
        </span>
      </p>
      {general.map((p) => (
        <p key={p.code} className="adm-boxes__bad">
          {t(`adminBoxes.problems.${p.code}`)}
        </p>
      ))}
    </div>
  );
}

/** What the editor's button does with a table the server judged valid: save a version, or create a box. */
export interface EditorAction {
  /** The button's text. */
  text: string;
  /** The reason dialog's title, hint and confirm text. */
  title: string;
  hint: string;
  confirm: string;
  /** Whatever else must hold first (a new box's names and slug). */
  ready: boolean;
  busy: boolean;
  error: unknown;
  /** Forgets the previous attempt's answer as the dialog opens. */
  reset: () => void;
  submit: (table: AdminBoxPreviewInput, reason: string) => void;
}

/** A saved version's table as the editor starts from it. */
export function startFrom(detail: AdminBoxDetail): { priceText: string; rows: Row[]; loaded: AdminBoxEvaluation } {
  const { current } = detail;
  return {
    priceText: formatUnits(current.price, current.price % 100 === 0 ? 2 : 4),
    rows: rowsOf(detail),
    loaded: current,
  };
}

/**
 * The odds editor: tickets and price as typed, entries removed or added from the catalogue, the
 * server's judgement of them shortly after (preview: the same rule the save applies, so what it
 * says is what the save will say), then the action (a new version of a box — naming the version
 * it was edited from, so an edit made over someone else's save is refused rather than overwriting
 * it — or a new box). `loaded` is the judgement of the table it starts from, if it was saved.
 */
export function OddsEditor({
  start,
  action,
}: {
  start: { priceText: string; rows: Row[]; loaded: AdminBoxEvaluation | null };
  action: EditorAction;
}) {
  const { t } = useTranslation();
  const [priceText, setPriceText] = useState(start.priceText);
  const [rows, setRows] = useState(start.rows);
  const [acting, setActing] = useState(false);

  const table = tableFrom(priceText, rows);
  const { loaded } = start;
  const loadedTable =
    loaded &&
    JSON.stringify({
      price: loaded.price,
      contents: loaded.entries.map((e) => ({ item_id: e.item_id, exter: e.exter, tickets: e.tickets })),
    });
  const dirty = table === null || JSON.stringify(table) !== loadedTable;
  const settled = useSettled(dirty ? table : null, PREVIEW_DEBOUNCE_MS);
  const preview = useBoxPreview(settled);
  const evaluation: AdminBoxEvaluation | null = !dirty ? loaded : table ? (preview.data ?? null) : null;
  const upToDate =
    dirty && table !== null && JSON.stringify(settled) === JSON.stringify(table) && !preview.isPlaceholderData;
  const canAct = action.ready && upToDate && preview.data?.valid === true && !preview.isFetching;
  const problemsOf = (i: number): AdminBoxProblem[] =>
    (evaluation?.problems ?? []).filter((p) => p.entry === i).map((p) => p.code);

  return (
    <section className="adm-card adm-card--pad" aria-label={t('adminBoxes.editor.title')}>
      <h2 className="adm-card__title">{t('adminBoxes.editor.title')}</h2>
      <div className="adm-boxes__editor">
        <div className="adm-table-wrap">
          <table className="adm-table">
            <thead>
              <tr>
                <th scope="col">{t('adminBoxes.editor.item')}</th>
                <th scope="col">{t('adminBoxes.editor.itemPrice')}</th>
                <th scope="col">{t('adminBoxes.editor.tickets')}</th>
                <th scope="col">{t('adminBoxes.editor.odds')}</th>
                <th scope="col">
                  <span className="adm-visually-hidden">{t('adminBoxes.editor.remove')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((e, i) => {
                const problems = problemsOf(i);
                const odds = evaluation?.entries[i]?.odds_pct;
                return (
                  <tr key={`${e.item_id}:${e.exter}`}>
                    <td>
                      <span className="adm-boxes__item">
                        <ItemImage className="adm-boxes__thumb" src={e.img} itemId={e.item_id} alt="" />
                        <span>{e.name || `#${e.item_id}`}</span>
                      </span>
                      {problems.map((code) => (
                        <span key={code} className="adm-boxes__problem">
                          {t(`adminBoxes.problems.${code}`)}
                        </span>
                      ))}
                    </td>
                    <td>
                      <Price units={e.price} />
                      {e.current_price !== e.price && e.current_price > 0 && (
                        <span className="adm-boxes__repriced">
                          {t('adminBoxes.editor.nowPrice')} <Price units={e.current_price} />
                        </span>
                      )}
                    </td>
                    <td>
                      <input
                        className={`adm-input adm-boxes__tickets ${parseTickets(e.tickets) === null ? 'adm-boxes__input--bad' : ''}`}
                        inputMode="numeric"
                        aria-label={t('adminBoxes.editor.ticketsOf', { name: e.name || `#${e.item_id}` })}
                        value={e.tickets}
                        onChange={(ev) => {
                          const value = ev.target.value;
                          setRows((all) => all.map((r, j) => (j === i ? { ...r, tickets: value } : r)));
                        }}
                      />
                    </td>
                    <td className="adm-table__mono">{odds === undefined ? '—' : `${odds.toFixed(4)}%`}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--ghost button--sm"
                        disabled={rows.length <= 1}
                        aria-label={t('adminBoxes.editor.removeOf', { name: e.name || `#${e.item_id}` })}
                        onClick={() => setRows((all) => all.filter((_, j) => j !== i))}
                      >
                        {t('adminBoxes.editor.remove')}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <AddItem rows={rows} onAdd={(row) => setRows((all) => [...all, row])} />
        </div>
        <div className="adm-boxes__side">
          <label className="adm-field">
            <span className="adm-field__label">{t('adminBoxes.editor.price')}</span>
            <input
              className={`adm-input ${parsePrice(priceText) === null ? 'adm-boxes__input--bad' : ''}`}
              inputMode="decimal"
              value={priceText}
              onChange={(e) => setPriceText(e.target.value)}
            />
          </label>
          {table === null ? (
            <p className="adm-boxes__bad">{t('adminBoxes.editor.invalidInput')}</p>
          ) : (
            <Figures evaluation={evaluation} pending={dirty && !upToDate} />
          )}
          <button
            type="button"
            className="button button--primary button--sm"
            disabled={!canAct}
            onClick={() => {
              action.reset();
              setActing(true);
            }}
          >
            {action.text}
          </button>
        </div>
      </div>
      {acting && table && (
        <ReasonDialog
          title={action.title}
          hint={action.hint}
          submitText={action.confirm}
          busy={action.busy}
          error={action.error}
          onClose={() => setActing(false)}
          onSubmit={(reason) => action.submit(table, reason)}
        />
      )}
    </section>
  );
}
