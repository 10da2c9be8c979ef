import { lazy, useEffect, useState } from 'react';
import { LazyDialog } from '../../../components/lazy-dialog.tsx';
import { APP_EVENTS } from '../../../lib/events.ts';

const CommandDialog = lazy(() => import('./command-dialog.tsx').then((m) => ({ default: m.CommandDialog })));

/**
 * Listens for the shell's "open command" event (the side panel fires it only for a signed-in
 * player while code_item is 1) and shows the command dialog, whose code loads the first time.
 */
export function CommandDialogHost() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onOpen = () => setOpen(true);
    window.addEventListener(APP_EVENTS.openCommand, onOpen);
    return () => window.removeEventListener(APP_EVENTS.openCommand, onOpen);
  }, []);
  return (
    <LazyDialog open={open}>
      <CommandDialog open={open} onClose={() => setOpen(false)} />
    </LazyDialog>
  );
}
