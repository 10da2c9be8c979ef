import { NICKNAME_MAX_WIDTH, nickNameWidth, sanitizeNickName } from '@kaixiang/shared/validation';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { helpPath } from '../../../lib/paths.ts';
import type { Captcha } from '../hooks/use-captcha.ts';
import type { useCodeSender } from '../hooks/use-code-sender.ts';
import type { useCountdown } from '../hooks/use-countdown.ts';

/** Input limits of spec 1 §5. */
export const LIMITS = { mobile: 11, password: 20, captcha: 6, code: 6, invite: 15, email: 254 } as const;

/** Phone inputs accept digits only, at most 11 (spec 1 §5). */
export function digitsOnly(value: string, max: number = LIMITS.mobile): string {
  return value.replace(/\D/g, '').slice(0, max);
}

/** Special characters and spaces vanish as typed; the name stops growing at width 24. */
export function limitNickName(value: string, maxWidth: number = NICKNAME_MAX_WIDTH): string {
  let name = sanitizeNickName(value);
  while (nickNameWidth(name) > maxWidth) name = Array.from(name).slice(0, -1).join('');
  return name;
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'password' | 'tel' | 'email';
  maxLength?: number;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text' | 'email' | 'tel';
  addon?: ReactNode;
  name?: string;
}

/** A labelled input: the label is what a screen reader and a test find it by; it is also the hint. */
export function TextField({
  label,
  value,
  onChange,
  type = 'text',
  maxLength,
  autoComplete,
  inputMode,
  addon,
  name,
}: TextFieldProps) {
  return (
    <div className="auth-field">
      <input
        className="auth-field__input"
        aria-label={label}
        placeholder={label}
        name={name}
        type={type}
        value={value}
        maxLength={maxLength}
        autoComplete={autoComplete ?? 'off'}
        inputMode={inputMode}
        onChange={(e) => onChange(e.target.value)}
      />
      {addon}
    </div>
  );
}

export function PhoneField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.mobile')}
      type="tel"
      inputMode="numeric"
      autoComplete="tel"
      value={value}
      maxLength={LIMITS.mobile}
      onChange={(v) => onChange(digitsOnly(v))}
    />
  );
}

export function CaptchaField({
  value,
  onChange,
  captcha,
  onRefresh,
}: {
  value: string;
  onChange: (v: string) => void;
  captcha: Captcha | null;
  onRefresh: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.captcha')}
      value={value}
      maxLength={LIMITS.captcha}
      onChange={onChange}
      addon={
        <button type="button" className="auth-field__captcha" onClick={onRefresh} title={t('auth.captchaRefresh')}>
          {captcha ? (
            <img src={captcha.pic_path} alt={t('auth.captchaImage')} />
          ) : (
            <span>{t('auth.captchaRefresh')}</span>
          )}
        </button>
      }
    />
  );
}

/**
 * The code input with its send button: 获取验证码, then the 60 s countdown, then 重新获取
 * (spec 1 §4). `onSend` checks the fields and sends; the countdown lives with the caller so a
 * failure can reset it.
 */
export function CodeField({
  value,
  onChange,
  countdown,
  sentOnce,
  onSend,
}: {
  value: string;
  onChange: (v: string) => void;
  countdown: ReturnType<typeof useCountdown>;
  sentOnce: boolean;
  onSend: () => void;
}) {
  const { t } = useTranslation();
  const label = countdown.running
    ? t('auth.codeCountdown', { count: countdown.left })
    : sentOnce
      ? t('auth.codeResend')
      : t('auth.codeSend');
  return (
    <TextField
      label={t('auth.code')}
      inputMode="numeric"
      value={value}
      maxLength={LIMITS.code}
      onChange={(v) => onChange(digitsOnly(v, LIMITS.code))}
      addon={
        <button type="button" className="auth-field__send" disabled={countdown.running} onClick={onSend}>
          {label}
        </button>
      }
    />
  );
}

/** The sender state a form gets from useCodeSender. */
type CodeSender<T> = Pick<
  ReturnType<typeof useCodeSender<T>>,
  'captchaInput' | 'setCaptchaInput' | 'captcha' | 'refreshCaptcha' | 'countdown' | 'sentOnce' | 'sendCode'
>;

/** The image captcha and the code it unlocks, as every code-protected form shows them. */
export function CaptchaCodeFields<T>({
  sender,
  target,
  code,
  onCodeChange,
}: {
  sender: CodeSender<T>;
  target: T;
  code: string;
  onCodeChange: (v: string) => void;
}) {
  return (
    <>
      <CaptchaField
        value={sender.captchaInput}
        onChange={sender.setCaptchaInput}
        captcha={sender.captcha}
        onRefresh={sender.refreshCaptcha}
      />
      <CodeField
        value={code}
        onChange={onCodeChange}
        countdown={sender.countdown}
        sentOnce={sender.sentOnce}
        onSend={() => void sender.sendCode(target)}
      />
    </>
  );
}

/**
 * The 18+ and agreement ticks (spec 1 §1: 18 or older is confirmed at login and registration).
 * They belong to the login dialog, not to one form: the Steam button under the forms needs the
 * same confirmation, so the dialog holds them and hands them to whichever form shows. A form's
 * one combined box (password login, the e-mail forms) gives or takes both.
 */
export interface Consent {
  adult: boolean;
  agreed: boolean;
}
export const NO_CONSENT: Consent = { adult: false, agreed: false };

export interface ConsentProps {
  consent: Consent;
  onConsent: Dispatch<SetStateAction<Consent>>;
}

/** The combined box of password login and the e-mail forms: ticked only when both are given. */
export function CombinedConsentField({
  consent,
  onConsent,
  label,
  prefix,
}: ConsentProps & { label: string; prefix: string }) {
  return (
    <CheckField
      checked={consent.adult && consent.agreed}
      onChange={(v) => onConsent({ adult: v, agreed: v })}
      label={label}
    >
      {prefix}
      <AgreementLinks />
    </CheckField>
  );
}

export function CheckField({
  checked,
  onChange,
  children,
  label,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  children: ReactNode;
  /** Accessible name of the box (the visible text contains links). */
  label: string;
}) {
  return (
    <div className="auth-check">
      <input type="checkbox" aria-label={label} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{children}</span>
    </div>
  );
}

/** 《用户协议》 and 《隐私条款》 as links to their help pages. */
export function AgreementLinks() {
  const { t } = useTranslation();
  return (
    <>
      <Link to={helpPath('condition')} target="_blank">
        {t('auth.agreementLink')}
      </Link>
      {t('auth.and')}
      <Link to={helpPath('privacyPolicy')} target="_blank">
        {t('auth.privacyLink')}
      </Link>
    </>
  );
}
