/**
 * The full-screen loading mask. Nested callers each hold a handle; the mask stays until the last
 * one is released. The text is the newest caller's (e.g. 'registering').
 */
interface LoadingState {
  visible: boolean;
  text: string | null;
}

let holders: { id: number; text: string | null }[] = [];
let nextId = 1;
let state: LoadingState = { visible: false, text: null };
const listeners = new Set<() => void>();

function update() {
  const top = holders[holders.length - 1];
  state = { visible: holders.length > 0, text: top?.text ?? null };
  for (const l of listeners) l();
}

/** Shows the mask; call the returned function to release it. */
export function showLoading(text: string | null = null): () => void {
  const id = nextId++;
  holders = [...holders, { id, text }];
  update();
  return () => {
    holders = holders.filter((h) => h.id !== id);
    update();
  };
}

export function getLoading(): LoadingState {
  return state;
}

export function subscribeLoading(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
