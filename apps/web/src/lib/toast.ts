/**
 * Toast store (spec 1 §2 dialogs): success, error, warning and the winner notice. Lives outside
 * React so the API client and the socket can raise toasts; `components/toaster.tsx` renders it.
 */
export const TOAST_DURATION_MS = 3000;

export type ToastKind = 'success' | 'error' | 'warning' | 'winner';

export interface WinnerNotice {
  avatar: string;
  name: string;
  itemImg: string;
  itemName: string;
  priceUnits: number;
}

export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
  title?: string;
  winner?: WinnerNotice;
  durationMs: number;
}

export interface ToastOptions {
  title?: string;
  durationMs?: number;
}

type Listener = () => void;

let nextId = 1;
let toasts: readonly Toast[] = [];
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<Listener>();

function emit() {
  for (const l of listeners) l();
}

function schedule(id: number, durationMs: number) {
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismissToast(id), durationMs),
  );
}

function push(kind: ToastKind, message: string, opts: ToastOptions = {}, winner?: WinnerNotice): number {
  const durationMs = opts.durationMs ?? TOAST_DURATION_MS;
  // Several failing requests at once must not stack the same sentence five times.
  const same = toasts.find((t) => t.kind === kind && t.message === message && t.title === opts.title && !winner);
  if (same) {
    schedule(same.id, durationMs);
    return same.id;
  }
  const id = nextId++;
  const toast: Toast = { id, kind, message, durationMs, ...(opts.title ? { title: opts.title } : {}) };
  if (winner) toast.winner = winner;
  toasts = [...toasts, toast].slice(-5);
  schedule(id, durationMs);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  if (!toasts.some((t) => t.id === id)) return;
  toasts = toasts.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (message: string, opts?: ToastOptions) => push('success', message, opts),
  error: (message: string, opts?: ToastOptions) => push('error', message, opts),
  warning: (message: string, opts?: ToastOptions) => push('warning', message, opts),
  winner: (notice: WinnerNotice, opts?: ToastOptions) => push('winner', notice.itemName, opts, notice),
};

export function getToasts(): readonly Toast[] {
  return toasts;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests only: forget every toast. */
export function resetToasts(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  toasts = [];
  emit();
}
