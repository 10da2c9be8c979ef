import type { AdminMeResponse } from '@kaixiang/shared/admin';
import { LOCALES, type Locale } from '@kaixiang/shared/locale';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { setLocale } from '../../../i18n/index.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { countdownParts, useMsUntil } from '../../../lib/countdown.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.ts';
import { useConsoleSignOut } from '../api/second-factor.ts';
import { IconClock, IconExit, IconHome } from './console-icons.tsx';

/** Each language names itself, so a reader finds theirs whatever is shown now. */
const NATIVE_NAMES: Record<Locale, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', 'en-US': 'English' };
/** Below this the countdown turns to the warning colour: time to finish what is open. */
const SESSION_WARNING_MS = 5 * 60_000;

/**
 * When the console session ends, by the server's `console_expires_at`. At zero it says so and
 * waits: the next call answers CONSOLE_2FA_REQUIRED and the gate asks for the code, on that page.
 */
function SessionCountdown({ expiresAtMs }: { expiresAtMs: number }) {
  const { t } = useTranslation();
  const left = useMsUntil(expiresAtMs, 0);
  if (left <= 0) {
    return (
      <span className="adm-countdown adm-countdown--ended" role="status">
        <IconClock size={15} />
        {t('admin.shell.sessionEnded')}
      </span>
    );
  }
  const { h, m, s } = countdownParts(left);
  const time = Number(h) > 0 ? `${Number(h)}:${m}:${s}` : `${m}:${s}`;
  return (
    <span
      className={`adm-countdown ${left <= SESSION_WARNING_MS ? 'adm-countdown--soon' : ''}`}
      title={t('admin.shell.sessionHint')}
    >
      <IconClock size={15} />
      <span className="adm-countdown__label">{t('admin.shell.session')}</span>
      <span className="adm-countdown__time">{time}</span>
    </span>
  );
}

/** The console's top bar: where you are, who you are, how long the session has left, the way out. */
export function TopBar({ staff, title }: { staff: AdminMeResponse; title: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const signOut = useConsoleSignOut();
  return (
    <header className="adm-top">
      <p className="adm-top__crumb">
        <span>{t('admin.brandSub')}</span>
        {title && <span className="adm-top__here">{title}</span>}
      </p>
      <div className="adm-top__tools">
        {staff.console_expires_at !== null && <SessionCountdown expiresAtMs={staff.console_expires_at} />}
        <span className="adm-top__who">
          <strong>{staff.nick_name}</strong>
          <span className={`adm-role adm-role--${staff.role}`}>{t(`admin.roles.${staff.role}`)}</span>
          <span className="adm-top__id">ID {staff.user_id}</span>
        </span>
        <select
          className="adm-select adm-select--sm"
          aria-label={t('admin.shell.language')}
          value={locale}
          onChange={(e) => void setLocale(e.target.value as Locale)}
        >
          {LOCALES.map((l) => (
            <option key={l} value={l} lang={l}>
              {NATIVE_NAMES[l]}
            </option>
          ))}
        </select>
        <Link className="button button--ghost button--sm" to={PATHS.home}>
          <IconHome size={15} />
          {t('admin.gate.backToSite')}
        </Link>
        <button
          type="button"
          className="button button--ghost button--sm"
          disabled={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onSuccess: () => toast.success(t('admin.shell.signedOut')) })}
        >
          <IconExit size={15} />
          {t('admin.shell.signOut')}
        </button>
      </div>
    </header>
  );
}
