import type { ErrorKey } from '@kaixiang/shared/errors';
import { errorMessage } from '@kaixiang/shared/errors';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';
import { Field, FormActions, InputField } from '../console-form.tsx';

export interface TabToolbarProps {
  title: string;
  /** The creation button; none where the tab creates nothing. */
  createText?: string;
  onCreate?: () => void;
  className?: string;
}

/** A tab's head: what it manages, and its creation button. */
export function TabToolbar({ title, createText, onCreate, className = 'adm-promotions__toolbar' }: TabToolbarProps) {
  return (
    <div className={className}>
      <h2 className="adm-card__title">{title}</h2>
      {createText && onCreate && (
        <button type="button" className="button button--primary button--sm" onClick={onCreate}>
          {createText}
        </button>
      )}
    </div>
  );
}

/** A window in the reader's time: `2026-11-28 20:00:00 – 2026-11-28 20:01:00`. */
export const windowText = (startMs: number, endMs: number) => `${localDateTime(startMs)} – ${localDateTime(endMs)}`;

const TAG_CLASS: Record<string, string> = {
  running: 'adm-tag--ok',
  enabled: 'adm-tag--ok',
  active: 'adm-tag--ok',
  onSale: 'adm-tag--ok',
  usable: 'adm-tag--ok',
  open: 'adm-tag--ok',
  scheduled: 'adm-tag--warn',
  upcoming: 'adm-tag--warn',
  draft: 'adm-tag--warn',
  started: 'adm-tag--warn',
  cancelled: 'adm-tag--danger',
  void: 'adm-tag--danger',
};

/** A row's state as a tag, worded by the screen's texts (`<textKey>.<state>`). */
export function StateTag({ state, textKey = 'adminPromotions.state' }: { state: string; textKey?: string }) {
  const { t } = useTranslation();
  return <span className={`adm-tag ${TAG_CLASS[state] ?? ''}`}>{t(`${textKey}.${state}`)}</span>;
}

/**
 * What a form shows under its fields: the first of its own checks that fails (in the server's
 * words when the check is the server's rule, so the operator reads the same sentence either way),
 * else the server's refusal of the last send.
 */
export function FormProblem({ problem, error }: { problem: string | null; error: unknown }) {
  if (problem) {
    return (
      <p className="adm-form__error" role="alert">
        {problem}
      </p>
    );
  }
  return <RefusalMessage error={error} />;
}

/** The server's sentence for a rule the form checks before sending. */
export function useRuleText() {
  const locale = useLocale();
  return (key: ErrorKey | null) => (key ? errorMessage(key, locale) : null);
}

/**
 * A promotion's form in a dialog: its fields, then the reason the audit log keeps (optional unless
 * `reasonLabel` says otherwise), what is wrong, and the cancel and submit buttons.
 */
export function FormDialog({
  title,
  size,
  textKey = 'adminPromotions',
  formClassName = 'adm-form adm-promotions__form',
  onSubmit,
  onClose,
  reason,
  onReason,
  reasonLabel,
  problem,
  send,
  submitText,
  children,
}: {
  title: string;
  size?: 'sm' | 'lg';
  /** Where the screen's texts keep `reasonOptional`, `cancel` and `save`. */
  textKey?: string;
  formClassName?: string;
  onSubmit: (e: FormEvent) => void;
  onClose: () => void;
  reason: string;
  onReason: (reason: string) => void;
  reasonLabel?: string;
  problem: string | null;
  /** The mutation the form sends: its refusal is shown, and the submit waits while it runs. */
  send: { error: unknown; isPending: boolean };
  submitText?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} size={size} title={title}>
      <form className={formClassName} onSubmit={onSubmit} noValidate>
        {children}
        <Field label={reasonLabel ?? t(`${textKey}.reasonOptional`)}>
          <textarea className="adm-input" maxLength={200} value={reason} onChange={(e) => onReason(e.target.value)} />
        </Field>
        <FormProblem problem={problem} error={send.error} />
        <FormActions
          cancelText={t(`${textKey}.cancel`)}
          submitText={submitText ?? t(`${textKey}.save`)}
          disabled={send.isPending}
          onClose={onClose}
        />
      </form>
    </Dialog>
  );
}

/** One row of a table typed in a form: its text fields, and a key that stays with it when rows go. */
export type EditorRow<F extends string> = { key: number } & Record<F, string>;

/**
 * The rows of a table typed in a form (a bag's amounts, a task's rewards by level): each row's
 * fields labelled with its number, a remove button (never the last row) and an add button up to
 * `max`. The caller keeps the rows, and what they add up to.
 */
export function RowsEditor<F extends string, R extends EditorRow<F>>({
  rows,
  setRows,
  fields,
  max,
  blank,
  removeText,
  addText,
  label,
  className = 'adm-promotions__entries',
}: {
  rows: R[];
  setRows: (update: (rows: R[]) => R[]) => void;
  fields: readonly { name: F; label: (n: number) => string; inputMode: 'decimal' | 'numeric' }[];
  max: number;
  /** A new, empty row. */
  blank: () => R;
  removeText: string;
  addText: string;
  /** The list's accessible name, where it has one. */
  label?: string;
  className?: string;
}) {
  return (
    <>
      <ol className={className} aria-label={label}>
        {rows.map((r, i) => (
          <li key={r.key}>
            {fields.map((f) => (
              <InputField
                key={f.name}
                label={f.label(i + 1)}
                inputMode={f.inputMode}
                value={r[f.name]}
                onValue={(v) => setRows((rs) => rs.map((x) => (x.key === r.key ? { ...x, [f.name]: v } : x)))}
              />
            ))}
            <button
              type="button"
              className="button button--ghost button--sm"
              disabled={rows.length <= 1}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              {removeText}
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--ghost button--sm"
        disabled={rows.length >= max}
        onClick={() => setRows((rs) => [...rs, blank()])}
      >
        {addText}
      </button>
    </>
  );
}
