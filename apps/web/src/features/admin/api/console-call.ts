import { ERRORS } from '@kaixiang/shared/errors';
import { ApiError, apiGet, apiPost, type QueryParams, type ResponseSchema } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';

/**
 * Window events between the console's calls and its gate. A call anywhere in the console (a
 * screen's query, a mutation) learns first that the console session is gone; the gate, which
 * owns the signed-in staff member's state, listens. Plain events keep the screens free of the
 * gate's internals, as lib/events.ts does for the site's dialogs.
 */
export const CONSOLE_EVENTS = {
  /** detail: {message}. The console session ended (CONSOLE_2FA_REQUIRED): ask for the code again. */
  locked: 'kx:console-locked',
  /** The staff member's role may have changed (ADMIN_ONLY / STAFF_PERMISSION_MISSING): read it again. */
  staffChanged: 'kx:console-staff-changed',
  /** A console call went through: the server moved the session's idle deadline, so read it again. */
  active: 'kx:console-active',
} as const;

export interface ConsoleLockedDetail {
  /** The server's words, in the request's language. */
  message: string;
}

export const CONSOLE_CODES = {
  adminOnly: ERRORS.ADMIN_ONLY.code,
  permissionMissing: ERRORS.STAFF_PERMISSION_MISSING.code,
  secondFactorRequired: ERRORS.CONSOLE_2FA_REQUIRED.code,
  totpInvalid: ERRORS.TOTP_INVALID.code,
  totpLocked: ERRORS.TOTP_LOCKED.code,
  totpAlreadyEnrolled: ERRORS.TOTP_ALREADY_ENROLLED.code,
  totpNotSetUp: ERRORS.TOTP_NOT_SET_UP.code,
} as const;

export function isApiCode(error: unknown, code: number): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

function emit(type: string, detail?: unknown) {
  window.dispatchEvent(detail === undefined ? new Event(type) : new CustomEvent(type, { detail }));
}

/**
 * Every console call but the gate's own (me, the second factor) goes through here. The request is
 * silent: a lapsed console session is not an error to toast but a return to the code prompt, on
 * the same page; other refusals are toasted in the server's words, as the API client would.
 */
async function consoleCall<T>(send: () => Promise<T>): Promise<T> {
  try {
    const data = await send();
    emit(CONSOLE_EVENTS.active);
    return data;
  } catch (error) {
    if (error instanceof ApiError) {
      if (error.code === CONSOLE_CODES.secondFactorRequired) {
        emit(CONSOLE_EVENTS.locked, { message: error.message } satisfies ConsoleLockedDetail);
      } else {
        if (error.code === CONSOLE_CODES.adminOnly || error.code === CONSOLE_CODES.permissionMissing) {
          emit(CONSOLE_EVENTS.staffChanged);
        }
        // 'unauthorized' has its toast and login prompt from the API client; a cancel is no failure.
        if (error.failure !== 'unauthorized' && error.failure !== 'aborted') toast.error(error.message);
      }
    }
    throw error;
  }
}

export function consoleGet<T>(
  path: string,
  params: QueryParams | undefined,
  schema: ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  return consoleCall(() => apiGet(path, params, { schema, signal, silent: true }));
}

export function consolePost<T>(path: string, body: unknown, schema?: ResponseSchema<T>): Promise<T> {
  return consoleCall(() => apiPost(path, body, { silent: true, ...(schema ? { schema } : {}) }));
}
