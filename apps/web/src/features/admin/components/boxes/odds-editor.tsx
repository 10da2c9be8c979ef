import {
  ADMIN_BOX_MAX_PRICE,
  type AdminBoxDetail,
  type AdminBoxEvaluation,
  type AdminBoxPreviewInput,
  type AdminBoxProblem,
} from '@kaixiang/shared/admin-boxes';
import { BOX_TICKETS } from '@kaixiang/shared/boxes';
import { formatUnits, yuanToUnits } from '@kaixiang/shared/money';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemImage } from '../../../../components/item-image.tsx';
import { Price } from '../../../../components/price.tsx';
import { groupThousands } from '../../../../i18n/formats.ts';
import { rtpText, useBoxPreview, type useSaveBoxVersion } from './boxes-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/** How long typing pauses before the server is asked: one preview per pause, not per keystroke. */
const PREVIEW_DEBOUNCE_MS = 300;

/** The box price as the operator typed it, to units; null when it is not a price. */
function parsePrice(text: string): number | null {
  try {
    const units = yuanToUnits(text.trim());
    return units > 0 && units <= ADMIN_BOX_MAX_PRICE ? units : null;
  } catch {
    return null;
  }
}

const parseTickets = (text: string): number | null => {
  const trimmed = text.trim();
  // Beyond what the server's schema takes, the preview would be a refused request, not a judgement.
  return /^\d{1,7}$/.test(trimmed) && Number(trimmed) > 0 && Number(trimmed) <= BOX_TICKETS ? Number(trimmed) : null;
};

/** The table as the server reads it, or null while something typed is not a table yet. */
function tableFrom(detail: AdminBoxDetail, priceText: string, tickets: string[]): AdminBoxPreviewInput | null {
  const price = parsePrice(priceText);
  const counts = tickets.map(parseTickets);
  if (price === null || counts.some((c) => c === null)) return null;
  return {
    price,
    contents: detail.current.entries.map((e, i) => ({ item_id: e.item_id, exter: e.exter, tickets: counts[i] ?? 0 })),
  };
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

/**
 * The odds editor on the current version: tickets and price as typed, the server's judgement of
 * them shortly after (preview: the same rule the save applies, so what it says is what the save
 * will say), and a save that names the version it was edited from, so an edit made over someone
 * else's save is refused rather than overwriting it.
 */
export function OddsEditor({ detail, save }: { detail: AdminBoxDetail; save: ReturnType<typeof useSaveBoxVersion> }) {
  const { t } = useTranslation();
  const { current } = detail;
  const [priceText, setPriceText] = useState(() => formatUnits(current.price, current.price % 100 === 0 ? 2 : 4));
  const [tickets, setTickets] = useState(() => current.entries.map((e) => String(e.tickets)));
  const [saving, setSaving] = useState(false);

  const table = tableFrom(detail, priceText, tickets);
  const loaded = JSON.stringify({ price: current.price, contents: current.entries.map((e) => e.tickets) });
  const dirty =
    table === null || JSON.stringify({ price: table.price, contents: table.contents.map((c) => c.tickets) }) !== loaded;
  const settled = useSettled(dirty ? table : null, PREVIEW_DEBOUNCE_MS);
  const preview = useBoxPreview(settled);
  const evaluation: AdminBoxEvaluation | null = !dirty ? current : table ? (preview.data ?? null) : null;
  const upToDate =
    dirty && table !== null && JSON.stringify(settled) === JSON.stringify(table) && !preview.isPlaceholderData;
  const canSave = upToDate && preview.data?.valid === true && !preview.isFetching;
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
              </tr>
            </thead>
            <tbody>
              {current.entries.map((e, i) => {
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
                    </td>
                    <td>
                      <input
                        className={`adm-input adm-boxes__tickets ${parseTickets(tickets[i] ?? '') === null ? 'adm-boxes__input--bad' : ''}`}
                        inputMode="numeric"
                        aria-label={t('adminBoxes.editor.ticketsOf', { name: e.name || `#${e.item_id}` })}
                        value={tickets[i] ?? ''}
                        onChange={(ev) => {
                          const value = ev.target.value;
                          setTickets((all) => all.map((v, j) => (j === i ? value : v)));
                        }}
                      />
                    </td>
                    <td className="adm-table__mono">{odds === undefined ? '—' : `${odds.toFixed(4)}%`}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
            disabled={!canSave}
            onClick={() => {
              save.reset();
              setSaving(true);
            }}
          >
            {t('adminBoxes.editor.save')}
          </button>
        </div>
      </div>
      {saving && table && (
        <ReasonDialog
          title={t('adminBoxes.editor.saveTitle')}
          hint={t('adminBoxes.editor.saveHint', { version: current.version })}
          submitText={t('adminBoxes.editor.saveConfirm')}
          busy={save.isPending}
          error={save.error}
          onClose={() => setSaving(false)}
          onSubmit={(reason) =>
            save.mutate({ box_id: detail.box.box_id, base_version: current.version, ...table, reason })
          }
        />
      )}
    </section>
  );
}
