/**
 * Window events that connect the shell to dialogs owned by other features. The shell fires them;
 * the feature that owns the dialog listens. Plain DOM events keep the two sides decoupled: the
 * login dialog (accounts issue) does not exist yet, and nothing here imports it.
 */
export const APP_EVENTS = {
  /** detail: {mode} — open the login / register / forgot-password dialog (spec 1 §4). */
  openLogin: 'open-login',
  /** Open the command-code (口令) dialog. */
  openCommand: 'open-command',
  /** Open the recharge dialog (the signed-in header owns it). */
  openRecharge: 'open-recharge',
  /** Fired after sign-out, once cookies are gone: listeners drop user state and reset sockets. */
  signedOut: 'kx:signed-out',
  /** Fired when the session cookies change (sign-in or sign-out). */
  sessionChanged: 'kx:session-changed',
} as const;

/** Login dialog modes of spec 1 §4: 1 password login, 2 register, 3 forgot password. */
export const LOGIN_MODE = { login: 1, register: 2, forgot: 3 } as const;
export type LoginMode = (typeof LOGIN_MODE)[keyof typeof LOGIN_MODE];

/** Features whose state depends on the login: after a login they opened, the page reloads (spec 1 §4). */
export type LoginSource = 'command' | 'jewelry';

export interface OpenLoginDetail {
  mode: LoginMode;
  source?: LoginSource;
}

export function openLoginDialog(mode: LoginMode = LOGIN_MODE.login, source?: LoginSource): void {
  const detail: OpenLoginDetail = source ? { mode, source } : { mode };
  window.dispatchEvent(new CustomEvent<OpenLoginDetail>(APP_EVENTS.openLogin, { detail }));
}

export function openCommandDialog(): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.openCommand));
}

export function openRechargeDialog(): void {
  window.dispatchEvent(new CustomEvent(APP_EVENTS.openRecharge));
}
