import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLoggedIn } from '../../../lib/session.ts';
import { type ProtectionSnapshot, protectionQueryOptions, useProtectionView } from '../api/protection.ts';
import { REALITY_CHECK_CODE, watchProtectionRefusals } from '../refusals.ts';
import { RealityCheckDialog } from './reality-check-dialog.tsx';

/** When the next reminder is due (server ms), or null when none is: reminders off, or no session. */
export function reminderDueAt(s: ProtectionSnapshot | undefined): number | null {
  if (!s || s.reality_check_minutes <= 0) return null;
  return s.session?.next_check_at ?? null;
}

/**
 * With reminders on and no session known, a successful action of the player may have been the
 * stake that started one: the view is asked again, at most this often, so its reminder is timed.
 */
const SESSION_PROBE_MS = 60_000;

/**
 * The reality check on every page (issue 24 §2), for a signed-in player: the shell loads this chunk
 * lazily after its first paint. The reminder opens when the session's check falls due on the
 * server's clock, and at once when the server refuses a stake for want of one (PROTECTION_REALITY_CHECK).
 */
export default function RealityCheckHost() {
  const loggedIn = useLoggedIn();
  return loggedIn ? <RealityCheck /> : null;
}

function RealityCheck() {
  const queryClient = useQueryClient();
  const view = useProtectionView();
  const [open, setOpen] = useState(false);
  const dueAt = reminderDueAt(view.data);
  const offsetMs = view.data?.offsetMs ?? 0;
  const probedAt = useRef(0);
  const latest = useRef(view.data);
  latest.current = view.data;

  // Any refusal that came from the settings changes what the view says (usage, a session that
  // began): read it again. A missing acknowledgement opens the reminder at once.
  useEffect(() => {
    const offRefusals = watchProtectionRefusals(queryClient, (code) => {
      if (code === REALITY_CHECK_CODE) setOpen(true);
      void queryClient.invalidateQueries({ queryKey: protectionQueryOptions.queryKey });
    });
    const offSuccesses = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'success') return;
      const s = latest.current;
      if (!s || s.reality_check_minutes <= 0 || reminderDueAt(s) !== null) return;
      if (Date.now() - probedAt.current < SESSION_PROBE_MS) return;
      probedAt.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: protectionQueryOptions.queryKey });
    });
    return () => {
      offRefusals();
      offSuccesses();
    };
  }, [queryClient]);

  // The timer runs on the server's clock. When it fires, the view is read again before the reminder
  // opens: a session that went idle meanwhile has ended, and its check is no longer due.
  useEffect(() => {
    if (dueAt === null) return;
    const timer = setTimeout(
      () => {
        void queryClient.fetchQuery({ ...protectionQueryOptions, staleTime: 0 }).then(
          (fresh) => {
            const due = reminderDueAt(fresh);
            if (due !== null && due <= Date.now() + fresh.offsetMs) setOpen(true);
          },
          () => undefined,
        );
      },
      Math.max(0, dueAt - (Date.now() + offsetMs)),
    );
    return () => clearTimeout(timer);
  }, [dueAt, offsetMs, queryClient]);

  return open ? <RealityCheckDialog snapshot={view.data} onDone={() => setOpen(false)} /> : null;
}
