import type { TotpEnableResponse } from '@kaixiang/shared/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLoggedIn } from '../../../lib/session.ts';
import { CONSOLE_CODES, CONSOLE_EVENTS, type ConsoleLockedDetail, isApiCode } from '../api/console-call.ts';
import { adminMeQueryOptions, hasLiveSession, setConsoleSession, useAdminMe } from '../api/get-me.ts';
import type { ConsoleSection } from '../sections.tsx';
import { CodePrompt } from './code-prompt.tsx';
import { ConsoleShell } from './console-shell.tsx';
import { Enrolment } from './enrolment.tsx';
import { GateLoading, LoadFailedScreen, NotStaffScreen, SignInScreen } from './gate-screens.tsx';
import { RecoveryCodes } from './recovery-codes.tsx';

/**
 * Who may see the console, decided from the site session and `me` alone: not signed in → the
 * site's login; not staff → a page that says so; no authenticator → enrolment (then the recovery
 * codes, once); no live console session → the code prompt; else the console. The server decides
 * every call regardless: this only spares a person screens they cannot use.
 *
 * The gate sits around the console's routes without changing the address, so a lapsed session
 * (any call answering CONSOLE_2FA_REQUIRED) asks for the code and then shows the same page again.
 */
export function ConsoleGate({ sections }: { sections: readonly ConsoleSection[] }) {
  const queryClient = useQueryClient();
  const loggedIn = useLoggedIn();
  const me = useAdminMe();
  const [lockNotice, setLockNotice] = useState<string | null>(null);
  // Held here, not in the enrolment: a `me` read meanwhile says enrolled, and must not skip the
  // codes. Tied to whose they are: after a sign-out and someone else's sign-in they are not shown.
  const [newCodes, setNewCodes] = useState<{ userId: number; res: TotpEnableResponse } | null>(null);

  useEffect(() => {
    const readMeAgain = () => void queryClient.invalidateQueries({ queryKey: adminMeQueryOptions.queryKey });
    const onLocked = (e: Event) => {
      setLockNotice((e as CustomEvent<ConsoleLockedDetail>).detail?.message ?? null);
      setConsoleSession(queryClient, { expiresAtMs: null });
    };
    window.addEventListener(CONSOLE_EVENTS.locked, onLocked);
    window.addEventListener(CONSOLE_EVENTS.staffChanged, readMeAgain);
    // Each call moves the session's idle deadline on the server: the countdown follows `me`.
    window.addEventListener(CONSOLE_EVENTS.active, readMeAgain);
    return () => {
      window.removeEventListener(CONSOLE_EVENTS.locked, onLocked);
      window.removeEventListener(CONSOLE_EVENTS.staffChanged, readMeAgain);
      window.removeEventListener(CONSOLE_EVENTS.active, readMeAgain);
    };
  }, [queryClient]);

  // The notice says why the code is asked for again; once it is in, the reason is history.
  const live = me.data ? hasLiveSession(me.data, Date.now()) : false;
  useEffect(() => {
    if (live) setLockNotice(null);
  }, [live]);

  if (!loggedIn) return <SignInScreen />;
  if (isApiCode(me.error, CONSOLE_CODES.adminOnly)) return <NotStaffScreen message={me.error.message} />;
  const staff = me.data;
  if (!staff) {
    if (me.isError) return <LoadFailedScreen message={me.error.message} onRetry={() => void me.refetch()} />;
    return <GateLoading />;
  }
  if (newCodes?.userId === staff.user_id) {
    const { res } = newCodes;
    return (
      <RecoveryCodes
        staff={staff}
        codes={res.recovery_codes}
        onSaved={() => {
          setConsoleSession(queryClient, {
            expiresAtMs: res.console_expires_at,
            recoveryCodesLeft: res.recovery_codes.length,
          });
          setNewCodes(null);
        }}
      />
    );
  }
  if (!staff.totp_enrolled) return <Enrolment onEnabled={(res) => setNewCodes({ userId: staff.user_id, res })} />;
  if (!live) return <CodePrompt staff={staff} notice={lockNotice} />;
  return <ConsoleShell staff={staff} sections={sections} />;
}
