import type { BeaconInfoResponse } from '@kaixiang/shared/beacon';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../../lib/api.ts';
import { beaconInfoQueryOptions } from '../api/get-beacon-info.ts';

/**
 * The battle and turntable verifiers' form: one number (a room, a round) and a button; and the
 * line a refusal shows under it.
 */
export function NumberLookupForm(props: {
  inputId: string;
  label: string;
  submit: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (value: string) => void;
  running: boolean;
}) {
  return (
    <form
      className="verifier__form"
      onSubmit={(e) => {
        e.preventDefault();
        props.onSubmit(props.value);
      }}
    >
      <div className="verifier__field">
        <label htmlFor={props.inputId}>{props.label}</label>
        <input
          id={props.inputId}
          className="fair-input"
          inputMode="numeric"
          autoComplete="off"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
        />
      </div>
      <div className="verifier__submit">
        <button type="submit" className="button button--primary" disabled={props.running}>
          {props.submit}
        </button>
      </div>
    </form>
  );
}

export function LookupError({ text }: { text: string }) {
  return (
    <p className="fair-error" role="alert">
      {text}
    </p>
  );
}

/** What a lookup verifier shows: nothing yet, a refusal, a record not yet checkable, or the checks. */
export type LookupOutcome<D, R> =
  | { kind: 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'pending'; data: D }
  | { kind: 'done'; data: D; result: R };

/** The largest id the API takes (an int4 serial). */
const MAX_LOOKUP_ID = 2_147_483_647;

/**
 * The state of a verifier that looks one record up by number (a roll room, a turntable round):
 * the typed number (or `?<param>=<id>` from the game's page: looked up at once, and the panel
 * scrolled into view once the answer is in, below the sections the visitor did not come for),
 * the fetch, and the check run on the answer — after the fetch, never while rendering (a chain
 * check may hash thousands of times). `check` answers null for a record not settled yet. Every
 * record looked up so is a shared room's, checked against the public beacon: the beacon's
 * schedule is fetched with it (null when it could not be read; the beacon's check then says so).
 */
export function useNumberLookup<D, R>(opts: {
  param: string;
  required: string;
  failed: string;
  fetch: (id: number) => Promise<D>;
  check: (data: D, beacon: BeaconInfoResponse | null) => R | null;
}) {
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const panel = useRef<HTMLElement>(null);
  const [value, setValue] = useState(params.get(opts.param) ?? '');
  const [outcome, setOutcome] = useState<LookupOutcome<D, R>>({ kind: 'none' });
  const [running, setRunning] = useState(false);

  async function run(text: string) {
    const id = /^\d{1,10}$/.test(text.trim()) ? Number(text.trim()) : 0;
    if (id <= 0 || id > MAX_LOOKUP_ID) {
      setOutcome({ kind: 'message', text: opts.required });
      return;
    }
    setRunning(true);
    try {
      const [data, beacon] = await Promise.all([
        opts.fetch(id),
        queryClient.fetchQuery(beaconInfoQueryOptions()).catch(() => null),
      ]);
      const result = opts.check(data, beacon);
      setOutcome(result === null ? { kind: 'pending', data } : { kind: 'done', data, result });
    } catch (error) {
      // The server says why (no such record, …) in the visitor's language.
      setOutcome({ kind: 'message', text: error instanceof ApiError ? error.message : opts.failed });
    } finally {
      setRunning(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the id the page was opened with
  useEffect(() => {
    const given = params.get(opts.param);
    if (!given) return;
    void run(given).then(() => panel.current?.scrollIntoView?.({ block: 'start' }));
  }, []);

  return { value, setValue, outcome, running, run, panel };
}

export type NumberLookup<D, R> = ReturnType<typeof useNumberLookup<D, R>>;

/**
 * A lookup verifier's frame (roll rooms, treasures, turntable rounds): its title and hint, the
 * number form, a refusal, then `children` — what it found. Texts under `textKey`: title, hint,
 * `fieldKey` (the number's label) and submit.
 */
export function LookupPanel<D, R>({
  lookup,
  textKey,
  fieldKey,
  className,
  children,
}: {
  lookup: NumberLookup<D, R>;
  textKey: string;
  fieldKey: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section ref={lookup.panel} className={`panel verifier ${className}`} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(`${textKey}.title`)}</h2>
      <p className="seed-panel__muted">{t(`${textKey}.hint`)}</p>
      <NumberLookupForm
        inputId={`${id}-number`}
        label={t(`${textKey}.${fieldKey}`)}
        submit={t(`${textKey}.submit`)}
        value={lookup.value}
        onChange={lookup.setValue}
        onSubmit={(value) => void lookup.run(value)}
        running={lookup.running}
      />
      {lookup.outcome.kind === 'message' && <LookupError text={lookup.outcome.text} />}
      {children}
    </section>
  );
}

export type OwnRecordOutcome<R, V> =
  | { kind: 'none' }
  | { kind: 'message'; text: string }
  | { kind: 'done'; record: R; result: V };

/**
 * A verifier of the player's own records (upgrades, lucky bags, wishes: rolled with their own
 * seeds, so only they check them): a record picked from their list, or a number typed or given as
 * `?<param>=<id>`, looked up under `queryRoot` and `verify`-ed. Texts under `textKey`: required,
 * notFound ({{id}}) and failed. `verify` answers null for a record with nothing to check yet.
 */
export function useOwnRecordLookup<R extends { id: number }, V>(opts: {
  param: string;
  textKey: string;
  maxId: number;
  loggedIn: boolean;
  queryRoot: readonly unknown[];
  find: (id: number, signal: AbortSignal) => Promise<R | null>;
  verify: (record: R) => V | null | Promise<V | null>;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const panel = useRef<HTMLElement>(null);
  const [value, setValue] = useState(params.get(opts.param) ?? '');
  const [outcome, setOutcome] = useState<OwnRecordOutcome<R, V>>({ kind: 'none' });
  const [running, setRunning] = useState(false);

  // A check that needs nothing more (most) shows at once; one that fetches (a bag's table) when in.
  function check(record: R): Promise<void> | undefined {
    setValue(String(record.id));
    const show = (result: V | null) => {
      if (result !== null) setOutcome({ kind: 'done', record, result });
    };
    const result = opts.verify(record);
    if (result instanceof Promise) return result.then(show);
    show(result);
    return undefined;
  }

  /** A record picked from the list. */
  function select(record: R) {
    const failed = () => setOutcome({ kind: 'message', text: t(`${opts.textKey}.failed`) });
    try {
      check(record)?.catch(failed);
    } catch {
      failed();
    }
  }

  async function run(text: string) {
    const wanted = /^\d{1,16}$/.test(text.trim()) ? Number(text.trim()) : 0;
    if (wanted <= 0 || wanted > opts.maxId) {
      setOutcome({ kind: 'message', text: t(`${opts.textKey}.required`) });
      return;
    }
    setRunning(true);
    try {
      const record = await queryClient.fetchQuery({
        queryKey: [...opts.queryRoot, 'one', wanted],
        queryFn: ({ signal }) => opts.find(wanted, signal),
        staleTime: 0,
      });
      if (record) await check(record);
      else setOutcome({ kind: 'message', text: t(`${opts.textKey}.notFound`, { id: wanted }) });
    } catch {
      setOutcome({ kind: 'message', text: t(`${opts.textKey}.failed`) });
    } finally {
      setRunning(false);
    }
  }

  // Arriving with ?<param>=<id>: check it, then bring the panel into view (the sections above have
  // filled by then and no longer push it down); a visitor is shown the panel's sign-in prompt.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once for the id the page was opened with
  useEffect(() => {
    const given = params.get(opts.param);
    if (!given) return;
    if (!opts.loggedIn) {
      panel.current?.scrollIntoView?.({ block: 'start' });
      return;
    }
    void run(given).then(() => panel.current?.scrollIntoView?.({ block: 'start' }));
  }, []);

  return { value, setValue, outcome, running, run, select, panel };
}
