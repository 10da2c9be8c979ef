import { ADMIN_REASON_MAX } from '@kaixiang/shared/admin-players';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { Field } from '../console-form.tsx';

/** The server's words for a refusal, shown in the dialog (the console's toast may be gone by then). */
export function RefusalMessage({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="adm-form__error" role="alert">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

/** The required reason of an audited change, as every console dialog asks for it. */
export function ReasonField({ value, onValue }: { value: string; onValue: (reason: string) => void }) {
  const { t } = useTranslation();
  return (
    <Field label={t('admin.reason.label')}>
      <textarea
        className="adm-input"
        required
        maxLength={ADMIN_REASON_MAX}
        value={value}
        onChange={(e) => onValue(e.target.value)}
      />
    </Field>
  );
}

/** A change that the audit log records: a reason, then the server's answer or its refusal. */
export function ReasonDialog({
  title,
  hint,
  submitText,
  busy,
  error,
  onClose,
  onSubmit,
}: {
  title: string;
  hint: ReactNode;
  submitText: string;
  busy: boolean;
  error: unknown;
  onClose: () => void;
  onSubmit: (reason: string) => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const canSubmit = reason.trim() !== '' && !busy;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) onSubmit(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} title={title} size="sm">
      <form className="adm-form" onSubmit={submit}>
        <p>{hint}</p>
        <ReasonField value={reason} onValue={setReason} />
        <RefusalMessage error={error} />
        <div className="adm-form__actions">
          <button type="button" className="button button--ghost button--sm" onClick={onClose}>
            {t('admin.reason.cancel')}
          </button>
          <button type="submit" className="button button--primary button--sm" disabled={!canSubmit}>
            {submitText}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
