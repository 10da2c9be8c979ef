import { useEffect, useState } from 'react';
import { useLoggedIn } from '../../../lib/session.ts';
import { MockRechargePanel } from './mock-recharge-panel.tsx';

/** Ctrl+Alt+A. `code` too: with Alt held, some keyboard layouts turn `key` into another letter. */
export function isMockRechargeShortcut(e: KeyboardEvent): boolean {
  return e.ctrlKey && e.altKey && !e.shiftKey && !e.metaKey && (e.code === 'KeyA' || e.key.toLowerCase() === 'a');
}

/**
 * Spec 2 §2: "A hidden test-mode recharge panel opens with Ctrl+Alt+A only in a development
 * configuration". The layout imports this module only when `import.meta.env.DEV`, so a production
 * build contains none of it. Anywhere on the site, for a logged-in player; others' keys do nothing.
 */
export default function MockRechargeShortcut() {
  const loggedIn = useLoggedIn();
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!loggedIn) {
      setOpen(false);
      return;
    }
    const onKey = (e: KeyboardEvent) => {
      if (!isMockRechargeShortcut(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [loggedIn]);

  return <MockRechargePanel open={open && loggedIn} onClose={() => setOpen(false)} />;
}
