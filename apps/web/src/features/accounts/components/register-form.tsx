import { SMS_CODE_TYPES } from '@kaixiang/shared/accounts';
import { checkPhone, checkRegistration } from '@kaixiang/shared/validation';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showLoading } from '../../../lib/loading.ts';
import { readStored } from '../../../lib/storage.ts';
import { useHostInfo } from '../../site/api/get-host-info.ts';
import { registerByPhone } from '../api/sign-in.ts';
import { sendSmsCode } from '../api/verification.ts';
import { useCodeSender } from '../hooks/use-code-sender.ts';
import { useFieldError } from '../hooks/use-field-error.ts';
import { INVITE_STORAGE_KEY, TRACE_STORAGE_KEY } from '../registration-keys.ts';
import {
  AgreementLinks,
  CaptchaCodeFields,
  CheckField,
  type ConsentProps,
  LIMITS,
  limitNickName,
  PhoneField,
  TextField,
} from './auth-fields.tsx';
import type { SignedIn } from './login-dialog.tsx';

/** A host's preset promotional code wins, then the invite the visitor arrived with (spec 1 §5). */
export function useDefaultInviteCode(): { code: string; hidden: boolean } {
  const host = useHostInfo();
  return {
    code: host.data?.invite_code || readStored(INVITE_STORAGE_KEY, ''),
    hidden: host.data?.hide_invite === true,
  };
}

/** Mode 2, by phone (spec 1 §5): checks in the order of checkRegistration, then the 'registering' mask. */
export function RegisterForm({
  tryLock,
  onSignedIn,
  consent,
  onConsent,
}: ConsentProps & { tryLock: () => boolean; onSignedIn: SignedIn }) {
  const { t } = useTranslation();
  const showError = useFieldError();
  const invite = useDefaultInviteCode();
  const [nickName, setNickName] = useState('');
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [inviteCode, setInviteCode] = useState<string | null>(null);
  const sender = useCodeSender(checkPhone, (m: string, c) =>
    sendSmsCode({ mobile: m, code_type: SMS_CODE_TYPES.register, ...c }),
  );
  const inviteValue = inviteCode ?? invite.code;

  async function submit(e: FormEvent) {
    e.preventDefault();
    const broken = checkRegistration({ nick_name: nickName, mobile, verify_code: code, password, ...consent });
    if (showError(broken)) return;
    if (!tryLock()) return;
    const release = showLoading(t('auth.registering'));
    try {
      const tokens = await registerByPhone({
        mobile,
        password,
        verify_code: code,
        nick_name: nickName,
        invite_code: invite.hidden ? '' : inviteValue.trim(),
        captcha: sender.captchaInput.trim(),
        captcha_id: sender.captcha?.captcha_id ?? '',
        trace_param: readStored(TRACE_STORAGE_KEY, '', 'session'),
      }).catch(() => null);
      if (tokens) await onSignedIn(tokens, 'register');
    } finally {
      release();
    }
  }

  return (
    <form className="auth-form" onSubmit={submit} noValidate>
      <TextField label={t('auth.nickName')} value={nickName} onChange={(v) => setNickName(limitNickName(v))} />
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
      {!invite.hidden && (
        <TextField
          label={t('auth.inviteCode')}
          value={inviteValue}
          maxLength={LIMITS.invite}
          onChange={(v) => setInviteCode(v.slice(0, LIMITS.invite))}
        />
      )}
      <CheckField
        checked={consent.adult}
        onChange={(adult) => onConsent((c) => ({ ...c, adult }))}
        label={t('auth.adultLabel')}
      >
        {t('auth.adultLabel')}
      </CheckField>
      <CheckField
        checked={consent.agreed}
        onChange={(agreed) => onConsent((c) => ({ ...c, agreed }))}
        label={t('auth.agreementLabel')}
      >
        {t('auth.agreementPrefix')}
        <AgreementLinks />
      </CheckField>
      <button type="submit" className="button button--primary button--lg auth-form__submit">
        {t('auth.registerSubmit')}
      </button>
    </form>
  );
}
