import { SMS_CODE_TYPES } from '@kaixiang/shared/accounts';
import { checkCode, checkPhone } from '@kaixiang/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../../components/dialog.tsx';
import { signOut } from '../../../../lib/session.ts';
import { toast } from '../../../../lib/toast.ts';
import { destroyAccount } from '../../api/user-settings.ts';
import { sendSmsCode } from '../../api/verification.ts';
import { useCodeSender } from '../../hooks/use-code-sender.ts';
import { useFieldError } from '../../hooks/use-field-error.ts';
import { CaptchaCodeFields } from '../auth-fields.tsx';

/**
 * Account destruction: a warning, then an SMS code (type 4) to the bound phone confirms it. The
 * server keeps the records and refuses every later login; here the session simply ends.
 */
export function DestroyAccountDialog({ open, phone, onClose }: { open: boolean; phone: string; onClose: () => void }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender(checkPhone, (m: string, c) =>
    sendSmsCode({ mobile: m, code_type: SMS_CODE_TYPES.destroy, ...c }),
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || showError(checkCode(code))) return;
    setBusy(true);
    try {
      await destroyAccount(code);
      onClose();
      signOut({ silent: true });
      toast.success(t('profile.destroyed'));
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title={t('profile.destroy')} size="sm" className="auth-dialog">
      <form className="auth-form" onSubmit={submit} noValidate>
        <p className="auth-form__warning">{t('profile.destroyWarning')}</p>
        <p className="auth-form__note">
          {t('profile.mobile')}: {phone}
        </p>
        <CaptchaCodeFields sender={sender} target={phone} code={code} onCodeChange={setCode} />
        <div className="auth-form__actions">
          <button type="button" className="button button--ghost button--lg" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button--danger button--lg" disabled={busy}>
            {t('profile.destroyConfirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
