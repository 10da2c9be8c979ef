import { randomBytes } from 'node:crypto';
import type { LoginResponse } from '@kaixiang/shared/accounts';
import { AppError } from '../../http/app-error.ts';
import type { AccountsDeps } from './accounts.deps.ts';
import { isUniqueViolation, accountsRepo as repo } from './accounts.repo.ts';
import type { AuthService } from './auth.service.ts';
import { randomToken, sha256 } from './secrets.ts';
import type { ClientInfo, SessionsService } from './sessions.service.ts';

export const STEAM_OPENID_URL = 'https://steamcommunity.com/openid/login';
const OPENID_NS = 'http://specs.openid.net/auth/2.0';
const IDENTIFIER_SELECT = 'http://specs.openid.net/auth/2.0/identifier_select';
const CLAIMED_ID_RE = /^https:\/\/steamcommunity\.com\/openid\/id\/(\d{17})$/;
export const STEAM_TICKET_TTL_MS = 2 * 60 * 1000;
/** An assertion older than this is refused even with an unused nonce. */
const NONCE_MAX_AGE_MS = 5 * 60 * 1000;

/** A fetch-shaped port: the sandbox provider is reached in-process, the real one over HTTPS. */
export type FormPost = (url: string, form: URLSearchParams) => Promise<{ status: number; text: string }>;

export const httpFormPost: FormPost = async (url, form) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal: AbortSignal.timeout(10_000),
  });
  return { status: res.status, text: await res.text() };
};

/**
 * Steam sign-in through OpenID 2.0 (docs/site-and-accounts.md "Accounts and sessions" §Steam). The browser goes to the
 * provider and comes back to our callback with an assertion; we have the provider confirm it
 * (check_authentication), check that it was made for us and is fresh and new, and hand the
 * browser a one-time ticket. The client trades that ticket for tokens: a raw Steam id in the URL
 * would let anyone sign in as anyone.
 */
export function createSteamService(
  deps: AccountsDeps,
  sessions: SessionsService,
  auth: AuthService,
  opts: { providerUrl: (origin: string) => string; post: FormPost },
) {
  const { db, clock } = deps;
  const callbackUrl = (origin: string) => `${origin}/api/usercenter/v1/user/steam-openid-callback`;

  return {
    callbackUrl,

    redirectUrl(origin: string): string {
      const q = new URLSearchParams({
        'openid.ns': OPENID_NS,
        'openid.mode': 'checkid_setup',
        'openid.return_to': callbackUrl(origin),
        'openid.realm': origin,
        'openid.identity': IDENTIFIER_SELECT,
        'openid.claimed_id': IDENTIFIER_SELECT,
      });
      return `${opts.providerUrl(origin)}?${q}`;
    },

    /** Verifies the assertion; returns the ticket to put in the site URL, or null when refused. */
    async verifyCallback(origin: string, params: Record<string, string>): Promise<string | null> {
      const provider = opts.providerUrl(origin);
      if (params['openid.mode'] !== 'id_res' || params['openid.ns'] !== OPENID_NS) return null;
      // Made for us: the assertion's return_to is our callback (query aside) and its provider ours.
      const returnTo = params['openid.return_to'] ?? '';
      if (returnTo.split('?')[0] !== callbackUrl(origin)) return null;
      if (params['openid.op_endpoint'] !== provider) return null;
      const m = CLAIMED_ID_RE.exec(params['openid.claimed_id'] ?? '');
      if (!m || params['openid.identity'] !== params['openid.claimed_id']) return null;
      const signed = (params['openid.signed'] ?? '').split(',');
      for (const f of ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce'])
        if (!signed.includes(f)) return null;
      const nonce = params['openid.response_nonce'] ?? '';
      const at = Date.parse(nonce.slice(0, 20));
      if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ/.test(nonce) || Number.isNaN(at)) return null;
      if (Math.abs(clock.now() - at) > NONCE_MAX_AGE_MS) return null;

      const form = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (k.startsWith('openid.')) form.set(k, v);
      form.set('openid.mode', 'check_authentication');
      const res = await opts.post(provider, form).catch(() => null);
      if (res?.status !== 200 || !/^is_valid:true$/m.test(res.text)) return null;
      // Only now claim the nonce: a replay of this same assertion fails here.
      if (!(await repo.claimSteamNonce(db, `${provider}|${nonce}`, new Date(clock.now())))) return null;

      const ticket = randomToken();
      const now = clock.now();
      await repo.insertSteamTicket(db, {
        ticketHash: sha256(ticket),
        steamId: m[1] ?? '',
        createdAt: new Date(now),
        expiresAt: new Date(now + STEAM_TICKET_TTL_MS),
      });
      return ticket;
    },

    /** login-by-steam: the ticket, once, within its life; the first sign-in creates the account. */
    async login(ticket: string, client: ClientInfo): Promise<LoginResponse & { steamId: string }> {
      const row = await repo.consumeSteamTicket(db, sha256(ticket), new Date(clock.now()));
      if (!row) throw new AppError('STEAM_LOGIN_FAILED');
      let user = await repo.userBySteamId(db, row.steamId);
      if (!user) {
        try {
          user = await deps.transaction((tx) =>
            auth.insertAccount(tx, {
              nickName: `Steam玩家${row.steamId.slice(-4)}${randomBytes(1).toString('hex')}`,
              steamId: row.steamId,
            }),
          );
        } catch (error) {
          // The same Steam account signing in twice at once: the other request created it.
          if (!isUniqueViolation(error, 'users_steam_id_uq')) throw error;
          user = await repo.userBySteamId(db, row.steamId);
        }
      }
      if (!user || user.destroyedAt) throw new AppError('STEAM_LOGIN_FAILED');
      if (user.bannedAt) throw new AppError('ACCOUNT_BANNED');
      return { ...(await sessions.create(db, user.id, client)), steamId: row.steamId };
    },
  };
}

export type SteamService = ReturnType<typeof createSteamService>;
