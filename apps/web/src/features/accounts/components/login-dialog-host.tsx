import { lazy, useLayoutEffect, useState } from 'react';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { APP_EVENTS, LOGIN_MODE, type OpenLoginDetail } from '../../../lib/events.ts';

const LoginDialog = lazy(() => import('./login-dialog.tsx').then((m) => ({ default: m.LoginDialog })));

/**
 * Listens for the `open-login` event from the shell's first render and loads the login dialog's
 * code the first time it is asked for: most page views never open it, and its forms bring the
 * validation rules and the accounts contract with them.
 */
export function LoginDialogHost() {
  const [request, setRequest] = useState<OpenLoginDetail | null>(null);
  // A layout effect: pages ask for the dialog from their own mount effects (the /vip page, the
  // guard), which run before a passive effect of this later sibling would have subscribed.
  useLayoutEffect(() => {
    const onOpen = (e: Event) => {
      const detail = (e as CustomEvent<OpenLoginDetail | undefined>).detail;
      // A new object every time: opening again after a close is a new request.
      setRequest(
        detail?.source ? { mode: detail.mode, source: detail.source } : { mode: detail?.mode ?? LOGIN_MODE.login },
      );
    };
    window.addEventListener(APP_EVENTS.openLogin, onOpen);
    return () => window.removeEventListener(APP_EVENTS.openLogin, onOpen);
  }, []);
  if (!request) return null;
  return (
    <LazyDialog open>
      <LoginDialog request={request} />
    </LazyDialog>
  );
}
