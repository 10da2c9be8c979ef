import { SMS_CODE_TYPES } from '@kaixiang/shared/accounts';
import { checkCode, checkPassword, checkPhone } from '@kaixiang/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../lib/toast.ts';
import { changePassword } from '../api/change-password.ts';
import { sendSmsCode } from '../api/verification.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { useFieldError } from '../hooks/use-field-error.ts';
import { CaptchaCodeFields, LIMITS, PhoneField, TextField } from './auth-fields.tsx';

/**
 * Phone, image captcha, SMS code (type 3), new password twice (spec 1 §5, spec 2 §5). The forgot
 * mode of the login dialog and the change-password dialog of the personal centre are this form;
 * what happens after success is theirs.
 */
export function PasswordResetForm({
  initialPhone = '',
  onDone,
  onCancel,
}: {
  initialPhone?: string;
  onDone: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const [mobile, setMobile] = useState(initialPhone);
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [busy, setBusy] = useState(false);
  const sender = useCodeSender(checkPhone, (m: string, c) =>
    sendSmsCode({ mobile: m, code_type: SMS_CODE_TYPES.password, ...c }),
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (showError(checkPhone(mobile) ?? checkCode(code) ?? checkPassword(password))) return;
    if (password !== again) return void showError('PASSWORD_MISMATCH');
    setBusy(true);
    try {
      await changePassword({ phone: mobile, verify_code: code, password });
      toast.success(t('auth.passwordChanged'));
      onDone();
    } catch {
      // The API client showed the server's message.
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <PhoneField value={mobile} onChange={setMobile} />
      <CaptchaCodeFields sender={sender} target={mobile} code={code} onCodeChange={setCode} />
      <TextField
        label={t('auth.passwordNew')}
        type="password"
        autoComplete="new-password"
        value={password}
        maxLength={LIMITS.password}
        onChange={setPassword}
      />
      <TextField
        label={t('auth.passwordAgain')}
        type="password"
        autoComplete="new-password"
        value={again}
        maxLength={LIMITS.password}
        onChange={setAgain}
      />
      <div className="auth-form__actions">
        <button type="button" className="button button--ghost button--lg" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" className="button button--primary button--lg" disabled={busy}>
          {t('common.confirm')}
        </button>
      </div>
    </form>
  );
}
