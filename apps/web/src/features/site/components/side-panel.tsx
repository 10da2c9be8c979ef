import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconArrowUp, IconHeadset, IconKey, IconPhone, IconUsers } from '../../../components/icons.tsx';
import { copyWithToast } from '../../../lib/clipboard.ts';
import { LOGIN_MODE, openCommandDialog, openLoginDialog } from '../../../lib/events.ts';
import { isLoggedIn } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { useGroupInfo } from '../api/get-group-info.ts';
import { useHostInfo } from '../api/get-host-info.ts';

/** Spec 1 §9: the back-to-top button appears after scrolling past 500 px. */
export const BACK_TO_TOP_PX = 500;

/** The floating right-hand panel (spec 1 §2). */
export function SidePanel() {
  const { t } = useTranslation();
  const group = useGroupInfo();
  const host = useHostInfo();
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > BACK_TO_TOP_PX);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  const g = group.data;
  const showApp = Boolean(g?.app_img) && host.data?.show_app !== false;

  return (
    <aside className="side-panel" aria-label={t('side.label')}>
      {g?.qq && (
        <SideItem
          icon={<IconUsers size={20} />}
          label={t('side.group')}
          onClick={() => void copyWithToast(g.qq, { ok: t('common.copySuccess'), failed: t('common.copyFail') })}
          popover={(wanted) => (
            <>
              {wanted && g.qq_img && <img className="side-panel__qr" src={g.qq_img} alt={t('side.groupQr')} />}
              <p className="side-panel__pop-title">{t('side.group')}</p>
              <p className="side-panel__number">{g.qq}</p>
              <p className="side-panel__pop-hint">{t('side.clickToCopy')}</p>
            </>
          )}
        />
      )}
      {g && (
        <SideItem
          icon={<IconKey size={20} />}
          label={t('side.command')}
          onClick={() => {
            if (g.code_item !== 1) {
              toast.warning(t('side.commandClosed'));
              return;
            }
            // Opening the command-code feature while anonymous asks for a login first (spec 1 §4).
            if (isLoggedIn()) openCommandDialog();
            else openLoginDialog(LOGIN_MODE.login, 'command');
          }}
        />
      )}
      {showApp && g && (
        <SideItem
          icon={<IconPhone size={20} />}
          label={t('side.app')}
          popover={(wanted) => (
            <>
              {wanted && <img className="side-panel__qr" src={g.app_img} alt={t('side.appQr')} />}
              <p className="side-panel__pop-title">{t('side.appScan')}</p>
            </>
          )}
        />
      )}
      {g?.contact_img && (
        <SideItem
          icon={<IconHeadset size={20} />}
          label={t('side.contact')}
          popover={(wanted) => (
            <>
              {wanted && <img className="side-panel__qr" src={g.contact_img} alt={t('side.contactQr')} />}
              <p className="side-panel__pop-title">{t('side.contactScan')}</p>
            </>
          )}
        />
      )}
      <button
        type="button"
        className={`side-panel__top ${scrolled ? 'is-visible' : ''}`}
        aria-label={t('side.backToTop')}
        tabIndex={scrolled ? 0 : -1}
        aria-hidden={!scrolled}
        onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      >
        <IconArrowUp size={20} />
      </button>
    </aside>
  );
}

function SideItem({
  icon,
  label,
  onClick,
  popover,
}: {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  /** The tooltip's content; `wanted` is false until it was first shown (its pictures wait for that). */
  popover?: (wanted: boolean) => ReactNode;
}) {
  // A popover's QR picture is drawn the first time the popover is wanted, not with the page: each
  // picture is a document of its own for the browser to build, work the first screen can skip.
  const [wanted, setWanted] = useState(false);
  const want = () => setWanted(true);
  return (
    <div className="side-panel__item">
      <button
        type="button"
        className="side-panel__button"
        onClick={onClick}
        onMouseEnter={want}
        onFocus={want}
        aria-label={label}
      >
        {icon}
        <span className="side-panel__label">{label}</span>
      </button>
      {popover && (
        <div className="side-panel__popover" role="tooltip">
          {popover(wanted)}
        </div>
      )}
    </div>
  );
}
