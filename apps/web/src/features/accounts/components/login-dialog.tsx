import type { LoginResponse } from '@kaixiang/shared/accounts';
import type { ErrorKey } from '@kaixiang/shared/errors';
import { useQueryClient } from '@tanstack/react-query';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Dialog } from '../../../components/dialog.tsx';
import { browser } from '../../../lib/browser.ts';
import { LOGIN_MODE, type LoginMode, type LoginSource, type OpenLoginDetail } from '../../../lib/events.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { completeLogin, steamRedirectUrl } from '../api/sign-in.ts';
import { useFieldError } from '../hooks/use-field-error.ts';
import { useSubmitLock } from '../hooks/use-submit-lock.ts';
import { type Consent, NO_CONSENT } from './auth-fields.tsx';
import { EmailLoginForm, EmailRegisterForm } from './email-forms.tsx';
import { PasswordResetForm } from './password-reset-form.tsx';
import { PhoneLoginForm } from './phone-login-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { RegisterSuccessDialog } from './register-success-dialog.tsx';

export type SignedIn = (tokens: LoginResponse, how: 'login' | 'register') => Promise<void>;

/** Pages whose content depends on who is looking: a login made there reloads them (spec 1 §4). */
export const RELOAD_AFTER_LOGIN_PATHS: readonly string[] = [PATHS.vipJewelry, PATHS.vipUnpackingKing, PATHS.worldCup];

export function reloadsAfterLogin(pathname: string, source: LoginSource | undefined): boolean {
  return source !== undefined || RELOAD_AFTER_LOGIN_PATHS.includes(pathname);
}

type Method = 'phone' | 'email';

/**
 * Steam sign-in asks for what the form above it asks (spec 1 §1: 18 or older is confirmed at
 * login and registration): the phone register form's two boxes with their own messages in the
 * spec's order, otherwise the one combined box and its message.
 */
export function steamConsentError(mode: LoginMode, method: Method, consent: Consent): ErrorKey | null {
  if (consent.adult && consent.agreed) return null;
  if (mode === LOGIN_MODE.register && method === 'phone')
    return consent.adult ? 'AGREEMENT_REQUIRED' : 'ADULT_REQUIRED';
  return 'LOGIN_AGREEMENT_REQUIRED';
}

/**
 * The login / register / forgot dialog (spec 1 §4), opened by the `open-login` window event through
 * LoginDialogHost, which hands over each request. Login and register switch freely; forgot is
 * reached from login and returns to it. Enter submits the form on show; one 3 s lock covers login
 * and register submissions.
 */
export function LoginDialog({ request }: { request: OpenLoginDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(true);
  const [mode, setMode] = useState<LoginMode>(request.mode);
  const [source, setSource] = useState<LoginSource | undefined>(request.source);
  const [method, setMethod] = useState<Method>('phone');
  const [welcome, setWelcome] = useState(false);
  const [shown, setShown] = useState(request);
  const { tryLock, release: releaseLock } = useSubmitLock();
  const [consent, setConsent] = useState<Consent>(NO_CONSENT);
  const showError = useFieldError();

  // Each new request (re)opens the dialog in the mode asked for; the method tab is kept.
  if (request !== shown) {
    setShown(request);
    setMode(request.mode);
    setSource(request.source);
    setOpen(true);
  }

  const onSignedIn: SignedIn = async (tokens, how) => {
    await completeLogin(queryClient, tokens);
    setOpen(false);
    releaseLock();
    toast.success(how === 'register' ? t('auth.registered') : t('auth.loginSuccess'));
    if (reloadsAfterLogin(pathname, source)) {
      browser.reload();
      return;
    }
    if (how === 'register') setWelcome(true);
  };

  async function steam() {
    if (showError(steamConsentError(mode, method, consent))) return;
    const url = await steamRedirectUrl(window.location.origin).catch(() => null);
    if (url) browser.assign(url);
  }

  // Enter submits the active tab wherever the focus is inside the dialog, a tick box included.
  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'BUTTON' || target.tagName === 'A' || target.tagName === 'TEXTAREA') return;
    e.preventDefault();
    e.currentTarget.querySelector('form')?.requestSubmit();
  }

  const consentProps = { consent, onConsent: setConsent };
  const title =
    mode === LOGIN_MODE.forgot
      ? t('auth.forgotTitle')
      : mode === LOGIN_MODE.register
        ? t('header.register')
        : t('header.login');

  return (
    <>
      <Dialog open={open} onClose={() => setOpen(false)} title={title} size="sm" className="auth-dialog">
        {/* biome-ignore lint/a11y/noStaticElementInteractions: a key shortcut for the form inside, which keeps its own semantics */}
        <div onKeyDown={onKeyDown}>
          {mode !== LOGIN_MODE.forgot && (
            <>
              <div className="auth-tabs" role="tablist" aria-label={t('auth.modeTabs')}>
                {([LOGIN_MODE.login, LOGIN_MODE.register] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    role="tab"
                    aria-selected={mode === m}
                    className={`auth-tabs__tab ${mode === m ? 'is-active' : ''}`}
                    onClick={() => setMode(m)}
                  >
                    {m === LOGIN_MODE.login ? t('header.login') : t('header.register')}
                  </button>
                ))}
              </div>
              <div className="auth-methods">
                {(['phone', 'email'] as const).map((m) => (
                  <button
                    key={m}
                    type="button"
                    aria-pressed={method === m}
                    className={`auth-methods__item ${method === m ? 'is-active' : ''}`}
                    onClick={() => setMethod(m)}
                  >
                    {m === 'phone' ? t('auth.byPhone') : t('auth.byEmail')}
                  </button>
                ))}
              </div>
            </>
          )}
          {mode === LOGIN_MODE.login &&
            (method === 'phone' ? (
              <PhoneLoginForm
                tryLock={tryLock}
                onSignedIn={onSignedIn}
                onForgot={() => setMode(LOGIN_MODE.forgot)}
                {...consentProps}
              />
            ) : (
              <EmailLoginForm tryLock={tryLock} onSignedIn={onSignedIn} {...consentProps} />
            ))}
          {mode === LOGIN_MODE.register &&
            (method === 'phone' ? (
              <RegisterForm tryLock={tryLock} onSignedIn={onSignedIn} {...consentProps} />
            ) : (
              <EmailRegisterForm tryLock={tryLock} onSignedIn={onSignedIn} {...consentProps} />
            ))}
          {mode === LOGIN_MODE.forgot && (
            <PasswordResetForm onDone={() => setMode(LOGIN_MODE.login)} onCancel={() => setMode(LOGIN_MODE.login)} />
          )}
          {mode !== LOGIN_MODE.forgot && (
            <div className="auth-alt">
              <span className="auth-alt__line">{t('auth.orWith')}</span>
              <button type="button" className="button button--steam" onClick={() => void steam()}>
                <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                  <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
                  <circle cx="15" cy="9" r="3" fill="currentColor" />
                  <path d="M3 14l6 2.5" stroke="currentColor" strokeWidth="2" />
                  <circle cx="9.5" cy="16.5" r="2" fill="currentColor" />
                </svg>
                {t('auth.steam')}
              </button>
            </div>
          )}
        </div>
      </Dialog>
      <RegisterSuccessDialog open={welcome} onClose={() => setWelcome(false)} />
    </>
  );
}
