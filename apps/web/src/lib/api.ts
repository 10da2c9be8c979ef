import { ACCOUNT_PATHS } from '@kaixiang/shared/accounts-paths';
import { type Envelope, OK_CODE, OK_CODE_ZERO } from '@kaixiang/shared/envelope';
import { signRequest } from '@kaixiang/shared/signature';
import { currentLocale, i18n } from '../i18n/index.ts';
import { accountSchema } from './contract.ts';
import { openLoginDialog } from './events.ts';
import { runtimeConfig } from './runtime-config.ts';
import { refreshDue, refreshTokenCookie, sessionToken, signOut, storeSession } from './session.ts';
import { toast } from './toast.ts';

/** The API client of spec 1 §7/§8: one base, 20 s timeout, every request signed. */
export const API_BASE = '/api';
export const API_TIMEOUT_MS = 20_000;

export type ApiFailure =
  /** The server answered with a non-success envelope. */
  | 'rejected'
  /** 401 in the envelope or the HTTP status: the session is over. */
  | 'unauthorized'
  /** No usable answer: network down, proxy error page, unparseable body. */
  | 'network'
  | 'timeout'
  /** The caller (TanStack Query) cancelled the request. */
  | 'aborted'
  /** A success envelope whose data breaks the shared contract. */
  | 'invalid';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly failure: ApiFailure,
    message: string,
    readonly code: number | null = null,
    readonly status: number | null = null,
    readonly errorKey?: string,
  ) {
    super(message);
  }
}

/** Anything with zod's safeParse: the response schemas of @kaixiang/shared. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: unknown };
}

/**
 * A schema, or a function that loads one. Calls the shell makes on the first page (navigation,
 * tickers, box list, the signed-in header) name their schema through a loader, e.g.
 * `() => import('@kaixiang/shared/site').then((c) => c.navResponse)`: the schemas and zod then
 * stay out of the first load and arrive while the request is in flight (lib/contract.ts).
 */
export type SchemaSource<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

export interface RequestOptions<T> {
  schema?: SchemaSource<T>;
  /** No error toast for rejections and network failures; 401 handling still applies. */
  silent?: boolean;
  /** Code 0 counts as success too (item sale, one game-platform login flow: spec 1 §7). */
  allowZero?: boolean;
  signal?: AbortSignal;
  timeoutMs?: number;
  /** Internal: the refresh call itself must not wait for a refresh. */
  skipRefresh?: boolean;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

/** Form-style query string; undefined and null are left out. The same string is signed and sent. */
export function buildQuery(params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function apiGet<T>(path: string, params?: QueryParams, opts: RequestOptions<T> = {}): Promise<T> {
  return request('GET', `${API_BASE}${path}${buildQuery(params)}`, '', opts);
}

export function apiPost<T>(path: string, body: unknown = {}, opts: RequestOptions<T> = {}): Promise<T> {
  return request('POST', `${API_BASE}${path}`, JSON.stringify(body), opts);
}

function serverBusy(): string {
  return i18n.t('common.serverBusy');
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'number';
}

function onUnauthorized(msg: string | undefined): never {
  // The session is gone on the server: forget it here too, quietly, and ask for a login.
  signOut({ silent: true });
  toast.warning(msg || i18n.t('auth.pleaseLogin'), { title: i18n.t('auth.loginPrompt') });
  openLoginDialog();
  throw new ApiError('unauthorized', msg || i18n.t('auth.pleaseLogin'), 401, 401);
}

let refreshing: Promise<void> | null = null;

/**
 * Exchanges the refresh token for a new pair once refresh_after has passed (spec 1 §3 login
 * response). Single flight: every caller that finds the token due waits for the same call,
 * because the server rotates the refresh token and a second use of the old one would be refused
 * as a replay. A refusal ends the session; a network failure keeps it, and the next request
 * tries again while the access token may still be valid.
 */
export function refreshSession(): Promise<void> {
  refreshing ??= (async () => {
    const refresh_token = refreshTokenCookie();
    if (!refresh_token) return;
    try {
      const tokens = await apiPost(
        ACCOUNT_PATHS.refresh,
        { refresh_token },
        { schema: accountSchema('loginResponse'), silent: true, skipRefresh: true },
      );
      storeSession(tokens);
    } catch (error) {
      // 'unauthorized' already signed out (with the login prompt) inside the request.
      if (error instanceof ApiError && (error.failure === 'rejected' || error.failure === 'invalid')) {
        signOut({ silent: true });
      }
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function request<T>(
  method: 'GET' | 'POST',
  pathWithQuery: string,
  body: string,
  opts: RequestOptions<T>,
): Promise<T> {
  if (!opts.skipRefresh && refreshDue()) await refreshSession();
  const headers: Record<string, string> = {
    'x-lang': currentLocale(),
    ...(await signRequest(runtimeConfig().signKey, { method, pathWithQuery, body }, Date.now())),
  };
  if (method === 'POST') headers['content-type'] = 'application/json';
  const token = sessionToken();
  if (token) headers.authorization = `Bearer ${token}`;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? API_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);

  // Loaded alongside the request, not after it. A failed load is a network failure like any other.
  const schema = typeof opts.schema === 'function' ? opts.schema() : Promise.resolve(opts.schema);
  schema.catch(() => undefined);

  const fail = (
    failure: ApiFailure,
    message: string,
    code: number | null = null,
    status: number | null = null,
    errorKey?: string,
  ) => {
    if (!opts.silent) toast.error(message);
    return new ApiError(failure, message, code, status, errorKey);
  };

  let response: Response;
  let payload: unknown = null;
  try {
    response = await fetch(pathWithQuery, {
      method,
      headers,
      body: method === 'GET' ? undefined : body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    payload = await response.json().catch(() => null);
  } catch {
    if (opts.signal?.aborted && !timedOut) throw new ApiError('aborted', 'aborted');
    throw fail(timedOut ? 'timeout' : 'network', serverBusy());
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
  // Cancelled while the body was still coming (a refetch replacing this one): the unread body is
  // no answer to report, just as a cancel before the headers is none.
  if (opts.signal?.aborted && !timedOut) throw new ApiError('aborted', 'aborted');

  const envelope = isEnvelope(payload) ? payload : null;
  if (response.status === 401 || envelope?.code === 401) return onUnauthorized(envelope?.msg);
  if (!envelope) throw fail('network', serverBusy(), null, response.status);

  if (envelope.code === OK_CODE || (opts.allowZero && envelope.code === OK_CODE_ZERO)) {
    const contract = await schema.catch(() => {
      throw fail('network', serverBusy(), envelope.code, response.status);
    });
    if (!contract) return envelope.data as T;
    const parsed = contract.safeParse(envelope.data);
    if (parsed.success) return parsed.data;
    // A contract break is a bug on one side: say so in the console, show the player the generic text.
    console.error(`[api] ${method} ${pathWithQuery}: response does not match the contract`, parsed.error);
    throw fail('invalid', serverBusy(), envelope.code, response.status);
  }

  throw fail('rejected', envelope.msg || serverBusy(), envelope.code, response.status, envelope.error);
}
