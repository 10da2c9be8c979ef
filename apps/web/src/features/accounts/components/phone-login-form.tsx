import { checkPhone } from '@kaixiang/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginByPhone } from '../api/sign-in.ts';
import { useFieldError } from '../hooks/use-field-error.ts';
import { CombinedConsentField, type ConsentProps, LIMITS, PhoneField, TextField } from './auth-fields.tsx';
import type { SignedIn } from './login-dialog.tsx';

/** Mode 1, by phone: mobile, password and the one combined 18+ and agreement box (spec 1 §5). */
export function PhoneLoginForm({
  tryLock,
  onSignedIn,
  onForgot,
  consent,
  onConsent,
}: ConsentProps & {
  tryLock: () => boolean;
  onSignedIn: SignedIn;
  onForgot: () => void;
}) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const [mobile, setMobile] = useState('');
  const [password, setPassword] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (showError(checkPhone(mobile))) return;
    if (!password) return void showError('PASSWORD_REQUIRED');
    if (!(consent.adult && consent.agreed)) return void showError('LOGIN_AGREEMENT_REQUIRED');
    if (!tryLock()) return;
    // A refusal (wrong password, locked) is shown by the API client as the server's message.
    const tokens = await loginByPhone(mobile, password).catch(() => null);
    if (tokens) await onSignedIn(tokens, 'login');
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <PhoneField value={mobile} onChange={setMobile} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        maxLength={LIMITS.password}
        onChange={setPassword}
      />
      <div className="auth-form__row">
        <CombinedConsentField
          consent={consent}
          onConsent={onConsent}
          label={t('auth.loginAgreementLabel')}
          prefix={t('auth.loginAgreementPrefix')}
        />
        <button type="button" className="link-button" onClick={onForgot}>
          {t('auth.forgotLink')}
        </button>
      </div>
      <button type="submit" className="button button--primary button--lg auth-form__submit">
        {t('auth.loginSubmit')}
      </button>
    </form>
  );
}
