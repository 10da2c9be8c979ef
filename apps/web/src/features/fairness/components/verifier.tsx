import type { ContainsResponse, SelfHistoryEntry } from '@kaixiang/shared/boxes';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconCheck, IconClose } from '../../../components/icons.tsx';
import { ItemCard } from '../../../components/item-card.tsx';
import { useLocale } from '../../../i18n/use-locale.ts';
import { oddsTableQueryOptions } from '../api/get-odds-table.ts';
import { qualityOf, wearOf } from '../item-props.ts';
import { type RecordedRoll, type VerifyResult, verifyRoll } from '../verify.ts';
import { LuckyText } from './lucky-text.tsx';

interface Fields {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
  boxId: string;
  version: string;
}

const EMPTY: Fields = { serverSeed: '', serverSeedHash: '', clientSeed: '', nonce: '', boxId: '', version: '' };

function fieldsOf(entry: SelfHistoryEntry): Fields {
  return {
    serverSeed: entry.roll.server_seed ?? '',
    serverSeedHash: entry.roll.server_seed_hash,
    clientSeed: entry.roll.client_seed,
    nonce: String(entry.roll.nonce),
    boxId: String(entry.box_id),
    version: String(entry.roll.box_version),
  };
}

function recordedOf(entry: SelfHistoryEntry): RecordedRoll {
  return {
    oddsHash: entry.roll.odds_hash,
    ticket: entry.roll.ticket,
    itemId: entry.item_id,
    exter: entry.exter,
    ...(entry.lucky ? { lucky: entry.lucky } : {}),
  };
}

function whole(text: string): number | null {
  return /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
}

type Outcome =
  | { kind: 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'done'; result: VerifyResult; table: ContainsResponse };

export interface VerifierProps {
  /** A roll from the player's history: its inputs fill the form and its record is checked against. */
  selected: SelfHistoryEntry | null;
  onClear: () => void;
}

/** Recomputes a roll in the browser and shows each check as ✓ or ✗, with the item the ticket maps to. */
export function Verifier({ selected, onClear }: VerifierProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const formId = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const [running, setRunning] = useState(false);

  async function run(values: Fields, entry: SelfHistoryEntry | null) {
    const nonce = whole(values.nonce);
    const boxId = whole(values.boxId);
    const version = whole(values.version);
    if (!values.serverSeed || !values.clientSeed || nonce === null || !boxId || !version) {
      setOutcome({
        kind: 'message',
        text: entry && !entry.roll.server_seed ? t('fairness.verifier.notRevealed') : t('fairness.verifier.required'),
      });
      return;
    }
    setRunning(true);
    let table: ContainsResponse;
    try {
      table = await queryClient.fetchQuery(oddsTableQueryOptions(boxId, version, locale));
    } catch {
      setOutcome({ kind: 'message', text: t('fairness.verifier.tableFailed') });
      return;
    } finally {
      setRunning(false);
    }
    const result = verifyRoll(
      { serverSeed: values.serverSeed, serverSeedHash: values.serverSeedHash, clientSeed: values.clientSeed, nonce },
      table,
      entry ? recordedOf(entry) : undefined,
    );
    setOutcome({ kind: 'done', result, table });
  }

  // Choosing a roll fills the form and checks it at once.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the chosen roll changes, not on every render of run
  useEffect(() => {
    if (!selected) return;
    const values = fieldsOf(selected);
    setFields(values);
    void run(values, selected);
  }, [selected]);

  function field(name: keyof Fields, label: string, opts: { mono?: boolean; numeric?: boolean } = {}) {
    const id = `${formId}-${name}`;
    return (
      <div className={`verifier__field verifier__field--${name}`}>
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          className={`fair-input ${opts.mono ? 'fair-mono' : ''}`}
          value={fields[name]}
          inputMode={opts.numeric ? 'numeric' : undefined}
          spellCheck={false}
          autoComplete="off"
          onChange={(e) => {
            const value = e.target.value;
            setFields((f) => ({ ...f, [name]: value }));
          }}
        />
      </div>
    );
  }

  return (
    <section className="panel verifier" aria-labelledby="verifier-title">
      <h2 id="verifier-title">{t('fairness.verifier.title')}</h2>
      <p className="seed-panel__muted">{t('fairness.verifier.hint')}</p>
      {selected && (
        <p className="verifier__selected">
          {t('fairness.verifier.recorded', { box: selected.box_name, item: selected.name, nonce: selected.roll.nonce })}
          <button
            type="button"
            className="link-button"
            onClick={() => {
              onClear();
              setOutcome({ kind: 'none' });
            }}
          >
            {t('fairness.verifier.clear')}
          </button>
        </p>
      )}
      <form
        className="verifier__form"
        onSubmit={(e) => {
          e.preventDefault();
          void run(fields, selected);
        }}
      >
        {field('serverSeed', t('fairness.verifier.serverSeed'), { mono: true })}
        {field('serverSeedHash', t('fairness.verifier.serverSeedHash'), { mono: true })}
        {field('clientSeed', t('fairness.verifier.clientSeed'), { mono: true })}
        {field('nonce', t('fairness.verifier.nonce'), { numeric: true })}
        {field('boxId', t('fairness.verifier.boxId'), { numeric: true })}
        {field('version', t('fairness.verifier.version'), { numeric: true })}
        <div className="verifier__submit">
          <button type="submit" className="button button--primary" disabled={running}>
            {t('fairness.verifier.submit')}
          </button>
        </div>
      </form>
      {outcome.kind === 'message' && (
        <p className="fair-error" role="alert">
          {outcome.text}
        </p>
      )}
      {outcome.kind === 'done' && <VerifyOutcome result={outcome.result} table={outcome.table} />}
    </section>
  );
}

function VerifyOutcome({ result, table }: { result: VerifyResult; table: ContainsResponse }) {
  const { t } = useTranslation();
  const allPass = result.tableError === null && result.checks.every((c) => c.ok);
  return (
    <div className="verify-outcome" aria-live="polite">
      <h3>{t('fairness.checks.title')}</h3>
      <ul className="verify-checks">
        {result.checks.map((c) => (
          <li key={c.key} className={`verify-check ${c.ok ? 'is-ok' : 'is-bad'}`} data-testid={`check-${c.key}`}>
            <CheckMark ok={c.ok} />
            <span className="verify-check__text">
              <strong>{c.key === 'lucky' ? <LuckyText textKey="check" /> : t(`fairness.checks.${c.key}`)}</strong>
              <small className="fair-mono">
                {t('fairness.checks.computed')}: {c.computed}
              </small>
              {!c.ok && (
                <small className="fair-mono">
                  {t('fairness.checks.expected')}: {c.expected}
                </small>
              )}
            </span>
          </li>
        ))}
      </ul>
      {result.tableError ? (
        <p className="fair-error">{t('fairness.verifier.tableError', { error: result.tableError })}</p>
      ) : (
        <div className="verify-result">
          {result.item && (
            <div className="verify-result__item">
              <span className="verify-result__label">{t('fairness.result.item')}</span>
              <ItemCard
                name={result.item.name}
                img={result.item.img}
                itemId={result.item.item_id}
                quality={qualityOf(result.item.quality)}
                wear={wearOf(result.item.exter)}
                priceUnits={result.item.cost_price}
              />
            </div>
          )}
          <div className="verify-result__numbers">
            <p className="fair-mono">
              {t('fairness.result.ticket', { ticket: result.ticket, total: table.ticket_total })}
            </p>
            <p className="seed-panel__muted">
              {t('fairness.result.work', { cursor: result.cursor, chunk: result.chunk })}
            </p>
            <p className={`verify-summary ${allPass ? 'is-ok' : 'is-bad'}`}>
              {allPass ? t('fairness.result.allPass') : t('fairness.result.someFail')}
            </p>
          </div>
        </div>
      )}
    </div>
  );
}

/** ✓ or ✗ for one check, named for screen readers. */
export function CheckMark({ ok }: { ok: boolean }) {
  const { t } = useTranslation();
  return (
    <span
      className="verify-check__mark"
      role="img"
      aria-label={ok ? t('fairness.checks.pass') : t('fairness.checks.fail')}
    >
      {ok ? <IconCheck size={16} /> : <IconClose size={16} />}
    </span>
  );
}
