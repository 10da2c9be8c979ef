import type { ErrorKey } from '@kaixiang/shared/errors';
import { errorMessage } from '@kaixiang/shared/errors';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../../../i18n/use-locale.ts';
import { localDateTime } from '../../format.ts';
import { RefusalMessage } from '../boxes/reason-dialog.tsx';

/** A tab's head: what it manages, and its creation button. */
export function TabToolbar({
  title,
  createText,
  onCreate,
}: {
  title: string;
  createText: string;
  onCreate: () => void;
}) {
  return (
    <div className="adm-promotions__toolbar">
      <h2 className="adm-card__title">{title}</h2>
      <button type="button" className="button button--primary button--sm" onClick={onCreate}>
        {createText}
      </button>
    </div>
  );
}

/** A window in the reader's time: `2026-11-28 20:00:00 – 2026-11-28 20:01:00`. */
export const windowText = (startMs: number, endMs: number) => `${localDateTime(startMs)} – ${localDateTime(endMs)}`;

const TAG_CLASS: Record<string, string> = {
  running: 'adm-tag--ok',
  enabled: 'adm-tag--ok',
  active: 'adm-tag--ok',
  scheduled: 'adm-tag--warn',
  upcoming: 'adm-tag--warn',
  cancelled: 'adm-tag--danger',
};

/** A row's state as a tag, worded by the screen's texts. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <span className={`adm-tag ${TAG_CLASS[state] ?? ''}`}>{t(`adminPromotions.state.${state}`)}</span>;
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

/** A dialog's cancel and submit buttons. */
export function FormActions({ busy, submitText, onClose }: { busy: boolean; submitText: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="adm-form__actions">
      <button type="button" className="button button--ghost button--sm" onClick={onClose}>
        {t('adminPromotions.cancel')}
      </button>
      <button type="submit" className="button button--primary button--sm" disabled={busy}>
        {submitText}
      </button>
    </div>
  );
}
