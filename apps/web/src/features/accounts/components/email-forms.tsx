import { checkCode, checkEmail, checkNickName, checkPassword } from '@kaixiang/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showLoading } from '../../../lib/loading.ts';
import { toast } from '../../../lib/toast.ts';
import { loginByEmail, registerByEmail } from '../api/sign-in.ts';
import { sendEmailCode } from '../api/verification.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { useFieldError } from '../hooks/use-field-error.ts';
import {
  CaptchaCodeFields,
  CombinedConsentField,
  type ConsentProps,
  LIMITS,
  limitNickName,
  TextField,
} from './auth-fields.tsx';
import type { SignedIn } from './login-dialog.tsx';
import { useDefaultInviteCode } from './register-form.tsx';

/** The e-mail variants of spec 1 §5: valid address, password 6–12, 6-digit code, the tick box. */
function EmailField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.email')}
      type="email"
      inputMode="email"
      autoComplete="email"
      value={value}
      maxLength={LIMITS.email}
      onChange={(v) => onChange(v.trim())}
    />
  );
}

function useAgreementError() {
  const { t } = useTranslation();
  // Not in the shared catalogue (a client-only tick box): the spec's own English words.
  return () => toast.warning(t('auth.emailAgreementRequired'));
}

type EmailFormProps = ConsentProps & { tryLock: () => boolean; onSignedIn: SignedIn };

export function EmailLoginForm({ tryLock, onSignedIn, consent, onConsent }: EmailFormProps) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const agreementError = useAgreementError();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (showError(checkEmail(email) ?? checkPassword(password))) return;
    if (!(consent.adult && consent.agreed)) return void agreementError();
    if (!tryLock()) return;
    const tokens = await loginByEmail(email, password).catch(() => null);
    if (tokens) await onSignedIn(tokens, 'login');
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <EmailField value={email} onChange={setEmail} />
      <TextField
        label={t('auth.password')}
        type="password"
        autoComplete="current-password"
        value={password}
        maxLength={LIMITS.password}
        onChange={setPassword}
      />
      <CombinedConsentField
        consent={consent}
        onConsent={onConsent}
        label={t('auth.emailAgreementLabel')}
        prefix={t('auth.emailAgreementPrefix')}
      />
      <button type="submit" className="button button--primary button--lg auth-form__submit">
        {t('auth.loginSubmit')}
      </button>
    </form>
  );
}

export function EmailRegisterForm({ tryLock, onSignedIn, consent, onConsent }: EmailFormProps) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const agreementError = useAgreementError();
  const invite = useDefaultInviteCode();
  const [nickName, setNickName] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [inviteCode, setInviteCode] = useState<string | null>(null);
  const sender = useCodeSender(checkEmail, (address: string, c) => sendEmailCode({ email: address, type: 1, ...c }));
  const inviteValue = inviteCode ?? invite.code;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const broken = checkNickName(nickName) ?? checkEmail(email) ?? checkCode(code) ?? checkPassword(password);
    if (showError(broken)) return;
    if (password !== again) return void showError('PASSWORD_MISMATCH');
    if (!(consent.adult && consent.agreed)) return void agreementError();
    if (!tryLock()) return;
    const release = showLoading(t('auth.registering'));
    try {
      const tokens = await registerByEmail({
        email,
        password,
        verify_code: code,
        nick_name: nickName,
        invite_code: invite.hidden ? '' : inviteValue.trim(),
      }).catch(() => null);
      if (tokens) await onSignedIn(tokens, 'register');
    } finally {
      release();
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label={t('auth.nickName')} value={nickName} onChange={(v) => setNickName(limitNickName(v))} />
      <EmailField value={email} onChange={setEmail} />
      <CaptchaCodeFields sender={sender} target={email} code={code} onCodeChange={setCode} />
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
      {!invite.hidden && (
        <TextField
          label={t('auth.inviteCode')}
          value={inviteValue}
          maxLength={LIMITS.invite}
          onChange={(v) => setInviteCode(v.slice(0, LIMITS.invite))}
        />
      )}
      <CombinedConsentField
        consent={consent}
        onConsent={onConsent}
        label={t('auth.emailAgreementLabel')}
        prefix={t('auth.emailAgreementPrefix')}
      />
      <button type="submit" className="button button--primary button--lg auth-form__submit">
        {t('auth.registerSubmit')}
      </button>
    </form>
  );
}
