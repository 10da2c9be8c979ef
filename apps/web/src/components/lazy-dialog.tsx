import { type ReactNode, Suspense, useState } from 'react';
import { Spinner } from './spinner.tsx';

/**
 * Holds a dialog whose code is loaded on demand (React.lazy): nothing until it first opens, then
 * the dialog, kept mounted after it closes as an eagerly loaded one would be (what was typed
 * survives). While the code arrives, a spinner covers the page where the dialog will be.
 */
export function LazyDialog({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  if (!opened) return null;
  return <Suspense fallback={open ? <DialogLoading /> : null}>{children}</Suspense>;
}

function DialogLoading() {
  return (
    <div className="dialog-backdrop" role="presentation" aria-busy="true">
      <Spinner size={40} />
    </div>
  );
}
