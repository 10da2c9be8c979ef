import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { type FeatureTexts, FeatureTextsGate } from '../../../i18n/feature-texts.tsx';
import { QueryFallback } from './query-fallback.tsx';

/**
 * A console section with tabs (Games, Promotions): its title, one button per tab and the chosen
 * tab's panel. Its words are read inside the texts gate, once the section's texts have loaded, so
 * the title and tabs never show their keys.
 */
export function TabbedSection<Tab extends string>({
  texts,
  ...props
}: {
  texts: FeatureTexts;
} & SectionProps<Tab>) {
  return (
    <FeatureTextsGate
      texts={texts}
      fallback={
        <div className="adm-screen adm-screen--loading">
          <Spinner />
        </div>
      }
    >
      <Section {...props} />
    </FeatureTextsGate>
  );
}

interface SectionProps<Tab extends string> {
  /** The section's name in its ids and classes: `adm-games-title`, `adm-games__tabs`. */
  name: string;
  /** The prefix of its texts: `adminGames` for `adminGames.subtitle`, `adminGames.tabs.roll`. */
  textKey: string;
  tabs: readonly [Tab, ...Tab[]];
  panelClassName?: string;
  panel: (tab: Tab) => ReactNode;
}

function Section<Tab extends string>({ name, textKey, tabs, panelClassName, panel }: SectionProps<Tab>) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>(tabs[0]);
  const titleId = `adm-${name}-title`;
  return (
    <section className="adm-screen" aria-labelledby={titleId}>
      <header className="adm-screen__head">
        <h1 id={titleId} className="adm-screen__title">
          {t(`admin.sections.${name}`)}
        </h1>
        <p className="adm-screen__sub">{t(`${textKey}.subtitle`)}</p>
      </header>
      <div className={`adm-${name}__tabs`} role="tablist" aria-label={t(`${textKey}.tabs.label`)}>
        {tabs.map((id) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            className={`button button--sm ${tab === id ? 'button--primary' : 'button--ghost'}`}
            onClick={() => setTab(id)}
          >
            {t(`${textKey}.tabs.${id}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className={panelClassName}>
        {panel(tab)}
      </div>
    </section>
  );
}

/** A labelled field. */
export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control is `children`, always an input, select or textarea.
    <label className="adm-field">
      <span className="adm-field__label">{label}</span>
      {children}
    </label>
  );
}

/** A labelled text input; `onValue` takes what was typed, the other props go to the input. */
export function InputField({
  label,
  onValue,
  ...input
}: { label: string; onValue: (value: string) => void } & Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'className' | 'onChange'
>) {
  return (
    <Field label={label}>
      <input className="adm-input" {...input} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}

/** A dialog's cancel and submit buttons. */
export function FormActions({
  cancelText,
  submitText,
  disabled,
  onClose,
}: {
  cancelText: string;
  submitText: string;
  disabled: boolean;
  onClose: () => void;
}) {
  return (
    <div className="adm-form__actions">
      <button type="button" className="button button--ghost button--sm" onClick={onClose}>
        {cancelText}
      </button>
      <button type="submit" className="button button--primary button--sm" disabled={disabled}>
        {submitText}
      </button>
    </div>
  );
}

/**
 * A list the server sends: its table (one header a column) once rows came, the empty state when
 * none did, else the query's fallback (spinner, or the failure with a retry).
 */
export function QueryTable<D extends { list: readonly unknown[] }>({
  query,
  failedTitle,
  emptyTitle,
  columns,
  rows,
  after,
}: {
  query: { data: D | undefined; isError: boolean; error: Error | null; refetch: () => unknown };
  failedTitle: string;
  emptyTitle: string;
  columns: readonly string[];
  rows: (data: D) => ReactNode;
  /** What follows the table (a pager). */
  after?: (data: D) => ReactNode;
}) {
  const data = query.data;
  if (!data) return <QueryFallback query={query} failedTitle={failedTitle} />;
  if (data.list.length === 0) return <EmptyState compact title={emptyTitle} />;
  return (
    <>
      <div className="adm-table-wrap">
        <table className="adm-table">
          <thead>
            <tr>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{rows(data)}</tbody>
        </table>
      </div>
      {after?.(data)}
    </>
  );
}
