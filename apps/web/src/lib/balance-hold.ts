/**
 * A game screen may hold the header's balance back while its result is still being shown: the
 * turntable settles (and the server pushes the new balance) when its wheels START turning, and a
 * balance that jumps six seconds before they stop tells the player the result. While a hold lasts,
 * `money_modify` pushes wait (the latest one wins) and are applied when it ends. A hold always
 * ends: at its time, or when its screen releases it (unmount), whichever comes first.
 */
type Listener = () => void;

const holds = new Map<symbol, number>();
const listeners = new Set<Listener>();
let timer: ReturnType<typeof setTimeout> | null = null;

function changed(): void {
  if (timer) clearTimeout(timer);
  timer = null;
  const until = heldUntil();
  if (until > Date.now()) timer = setTimeout(changed, until - Date.now() + 1);
  else holds.clear();
  for (const l of [...listeners]) l();
}

/** Until when (local epoch ms) the balance is held; 0 or a past time when it is not. */
export function heldUntil(): number {
  let until = 0;
  for (const t of holds.values()) until = Math.max(until, t);
  return until;
}

/** Holds the balance until `untilMs` (local clock); answers the release. */
export function holdBalance(untilMs: number): () => void {
  const key = Symbol('balance-hold');
  holds.set(key, untilMs);
  changed();
  return () => {
    if (holds.delete(key)) changed();
  };
}

/** Called whenever a hold starts or ends (the header applies what waited). */
export function onBalanceHoldChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
