import { lazy, Suspense } from 'react';
import { useLoggedIn } from '../../lib/session.ts';

const BagWidget = lazy(() => import('./components/bag-widget.tsx').then((m) => ({ default: m.BagWidget })));

/**
 * The lucky bag icon on every page (spec 2 §2 dialog 7, §4) for a signed-in player: all of it —
 * the has-bag call, the icon, the result overlay and their texts — is a chunk loaded after sign-in,
 * so the shell's first load carries only this (docs/promotions/bags.md "Screens").
 */
export function BagLauncher() {
  if (!useLoggedIn()) return null;
  return (
    <Suspense fallback={null}>
      <BagWidget />
    </Suspense>
  );
}
