import type { AdminMeResponse } from '@kaixiang/shared/admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { useTotpVerify } from '../api/second-factor.ts';
import { CodeInput, RecoveryCodeInput, TOTP_DIGITS } from './code-input.tsx';
import { IconLock } from './console-icons.tsx';
import { GateFrame } from './gate-screens.tsx';

/** Recovery codes left at which the prompt says to re-link the authenticator soon. */
const LOW_RECOVERY_CODES = 3;
/** The shortest recovery code the server takes (shared/admin.ts totpCodeRequest). */
const MIN_RECOVERY_LENGTH = 6;

/**
 * A staff member with an authenticator but no live console session: the current code, or one
 * recovery code. `notice` is why the console asked again (the server's words, after a lapse).
 * The page the staff member was on stays in the address bar and opens again once the code is in.
 */
export function CodePrompt({ staff, notice }: { staff: AdminMeResponse; notice: string | null }) {
  const { t } = useTranslation();
  const verify = useTotpVerify();
  const once = useSingleFlight();
  const [recovery, setRecovery] = useState(false);
  const [code, setCode] = useState('');

  const ready = recovery ? code.trim().length >= MIN_RECOVERY_LENGTH : code.length === TOTP_DIGITS;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!ready) return;
    const res = await once(() => verify.mutateAsync(recovery ? code.trim() : code));
    if (!res) {
      setCode('');
      return;
    }
    if (recovery && res.recovery_codes_left <= LOW_RECOVERY_CODES) {
      toast.warning(t('admin.prompt.lowRecovery', { count: res.recovery_codes_left }));
    }
  }

  function switchMode() {
    setRecovery((r) => !r);
    setCode('');
    verify.reset();
  }

  return (
    <GateFrame title={t('admin.prompt.title')} icon={<IconLock size={22} />}>
      <p className="adm-gate__who">
        {staff.nick_name} · {t(`admin.roles.${staff.role}`)} · ID {staff.user_id}
      </p>
      {notice && !verify.isError && (
        <p className="adm-notice" role="status">
          {notice}
        </p>
      )}
      <p className="adm-gate__hint">{recovery ? t('admin.prompt.recoveryHint') : t('admin.prompt.hint')}</p>
      <form className="adm-code-form" onSubmit={submit} noValidate>
        {recovery ? (
          <RecoveryCodeInput
            key="recovery"
            id="adm-recovery-code"
            label={t('admin.code.recoveryLabel')}
            placeholder={t('admin.code.recoveryPlaceholder')}
            value={code}
            onChange={setCode}
            invalid={verify.isError}
          />
        ) : (
          <CodeInput
            key="totp"
            id="adm-totp-code"
            label={t('admin.code.label')}
            value={code}
            onChange={setCode}
            invalid={verify.isError}
          />
        )}
        <button type="submit" className="button button--primary" disabled={!ready || verify.isPending}>
          {verify.isPending ? t('admin.prompt.submitting') : t('admin.prompt.submit')}
        </button>
      </form>
      {verify.isError && (
        <p className="adm-notice adm-notice--error" role="alert">
          {verify.error.message}
        </p>
      )}
      {recovery && (
        <p className="adm-gate__meta">{t('admin.prompt.recoveryLeft', { count: staff.recovery_codes_left })}</p>
      )}
      <div className="adm-gate__actions adm-gate__actions--split">
        <button type="button" className="adm-link" onClick={switchMode}>
          {recovery ? t('admin.prompt.useTotp') : t('admin.prompt.useRecovery')}
        </button>
        <Link className="adm-link" to={PATHS.home}>
          {t('admin.gate.backToSite')}
        </Link>
      </div>
    </GateFrame>
  );
}
