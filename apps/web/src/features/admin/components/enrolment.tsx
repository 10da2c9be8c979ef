import type { TotpEnableResponse } from '@kaixiang/shared/admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QrCode } from '../../../components/qr-code.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useSingleFlight } from '../../../lib/use-single-flight.ts';
import { CONSOLE_CODES, isApiCode } from '../api/console-call.ts';
import { adminMeQueryOptions } from '../api/get-me.ts';
import { useTotpEnable, useTotpSetup } from '../api/second-factor.ts';
import { groupSecret } from '../format.ts';
import { CodeInput, TOTP_DIGITS } from './code-input.tsx';
import { IconShield } from './console-icons.tsx';
import { GateFrame } from './gate-screens.tsx';

/**
 * A staff member without a confirmed authenticator: a new secret (QR code, and the key in groups
 * for typing), then its first code. The answer's recovery codes go to `onEnabled`; the gate shows
 * them before the console opens.
 */
export function Enrolment({ onEnabled }: { onEnabled: (res: TotpEnableResponse) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const setup = useTotpSetup(true);
  const enable = useTotpEnable();
  const once = useSingleFlight();
  const [code, setCode] = useState('');

  // Confirmed meanwhile (another tab, another device): the gate asks for a code instead.
  const alreadyEnrolled =
    isApiCode(setup.error, CONSOLE_CODES.totpAlreadyEnrolled) ||
    isApiCode(enable.error, CONSOLE_CODES.totpAlreadyEnrolled);
  useEffect(() => {
    if (alreadyEnrolled) void queryClient.invalidateQueries({ queryKey: adminMeQueryOptions.queryKey });
  }, [alreadyEnrolled, queryClient]);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (code.length !== TOTP_DIGITS || !setup.data) return;
    const res = await once(() => enable.mutateAsync(code));
    if (res) onEnabled(res);
    // A refused code is gone from the field: the next one is typed fresh, not appended to.
    else setCode('');
  }

  function newSecret() {
    enable.reset();
    setCode('');
    void setup.refetch();
  }

  const secretGone = isApiCode(enable.error, CONSOLE_CODES.totpNotSetUp);

  return (
    <GateFrame wide title={t('admin.enrol.title')} icon={<IconShield size={22} />}>
      <p className="adm-gate__hint">{t('admin.enrol.intro')}</p>
      <ol className="adm-steps">
        <li className="adm-steps__step">
          <h2 className="adm-steps__title">{t('admin.enrol.step1')}</h2>
          {setup.data ? (
            <SecretPanel secret={setup.data.secret} uri={setup.data.otpauth_uri} />
          ) : setup.isError ? (
            <div className="adm-notice adm-notice--error" role="alert">
              <span>
                {t('admin.enrol.setupFailed')}: {setup.error.message}
              </span>
              {!alreadyEnrolled && (
                <button type="button" className="button button--ghost button--sm" onClick={newSecret}>
                  {t('admin.gate.retry')}
                </button>
              )}
            </div>
          ) : (
            <div className="adm-enrol adm-enrol--pending">
              <Spinner />
            </div>
          )}
        </li>
        <li className="adm-steps__step">
          <h2 className="adm-steps__title">{t('admin.enrol.step2')}</h2>
          <form className="adm-code-form" onSubmit={submit} noValidate>
            <CodeInput
              id="adm-enrol-code"
              label={t('admin.code.label')}
              value={code}
              onChange={setCode}
              invalid={enable.isError}
            />
            <button
              type="submit"
              className="button button--primary"
              disabled={code.length !== TOTP_DIGITS || !setup.data || enable.isPending}
            >
              {enable.isPending ? t('admin.enrol.submitting') : t('admin.enrol.submit')}
            </button>
          </form>
          {enable.isError && (
            <div className="adm-notice adm-notice--error" role="alert">
              <span>{enable.error.message}</span>
              {secretGone && (
                <button type="button" className="button button--ghost button--sm" onClick={newSecret}>
                  {t('admin.enrol.newSecret')}
                </button>
              )}
            </div>
          )}
        </li>
      </ol>
      <div className="adm-gate__actions adm-gate__actions--end">
        <Link className="adm-link" to={PATHS.home}>
          {t('admin.gate.backToSite')}
        </Link>
      </div>
    </GateFrame>
  );
}

function SecretPanel({ secret, uri }: { secret: string; uri: string }) {
  const { t } = useTranslation();
  return (
    <div className="adm-enrol">
      <QrCode text={uri} size={184} className="adm-qr" label={t('admin.enrol.qrLabel')} />
      <div className="adm-enrol__manual">
        <p>{t('admin.enrol.manual')}</p>
        <code className="adm-secret">{groupSecret(secret)}</code>
        <button
          type="button"
          className="button button--ghost button--sm"
          onClick={() => void copyWithToast(secret, { ok: t('common.copySuccess'), failed: t('common.copyFail') })}
        >
          {t('admin.enrol.copySecret')}
        </button>
      </div>
    </div>
  );
}
