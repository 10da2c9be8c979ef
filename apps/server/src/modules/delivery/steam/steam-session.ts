import SteamTotp from 'steam-totp';
import { z } from 'zod';

/** One bot account, as the operator configures it (STEAM_BOTS, docs/delivery.md). */
export interface SteamBotAccount {
  accountName: string;
  password: string;
  /** Base64 shared secret of the mobile authenticator: login codes. */
  sharedSecret: string;
  /** Base64 identity secret: mobile confirmation keys. */
  identitySecret: string;
  /** A steam-session refresh token; when present the password and code are not needed to log in. */
  refreshToken?: string | undefined;
}

const botAccountSchema = z.object({
  accountName: z.string().min(1),
  password: z.string(),
  sharedSecret: z.string().min(1),
  identitySecret: z.string().min(1),
  refreshToken: z.string().min(1).optional(),
});

/**
 * STEAM_BOTS (docs/delivery.md): a JSON array of bot accounts. Throws with every problem listed,
 * so a bad variable stops the start (STYLE.md §4); never echoes the secrets themselves.
 */
export function parseSteamBots(json: string): SteamBotAccount[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error('STEAM_BOTS is not valid JSON');
  }
  const parsed = z.array(botAccountSchema).min(1).safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`STEAM_BOTS: ${problems.join('; ')}`);
  }
  const names = parsed.data.map((b) => b.accountName);
  if (new Set(names).size !== names.length) throw new Error('STEAM_BOTS: account names must be unique');
  return parsed.data;
}

/**
 * A logged-in web session of one bot: what the community pages and the Web API need. The
 * steamLoginSecure cookie carries the web access token (`<steamid>||<jwt>`), which IEconService
 * accepts as `access_token` in place of a per-account API key.
 */
export interface SteamWebSession {
  steamId: string;
  /** The `sessionid` cookie: every community POST repeats it as a form field. */
  sessionId: string;
  /** `name=value` cookies for steamcommunity.com. */
  cookies: string[];
  accessToken: string;
}

/**
 * The session port: how a bot gets a web session. Production logs in over Steam's CM protocol
 * (steam-user), which cannot be faked; tests give a session made by the fake Steam instead.
 */
export type SteamSessionProvider = (account: SteamBotAccount) => Promise<SteamWebSession>;

/** The web access token inside a steamLoginSecure cookie value (`<steamid>%7C%7C<jwt>`). */
export function accessTokenOf(cookies: readonly string[]): string {
  const secure = cookies.find((c) => c.startsWith('steamLoginSecure='));
  const value = decodeURIComponent(secure?.slice('steamLoginSecure='.length).split(';')[0] ?? '');
  return value.split('||')[1] ?? '';
}

/**
 * The production session: steam-user logs in (refresh token, else password + a TOTP code from the
 * shared secret) and hands over web cookies. The client is logged off once the cookies are taken:
 * the web session lives on its own, and a bot that needs a new one logs in again.
 */
export function steamUserSession(opts: { timeoutMs?: number } = {}): SteamSessionProvider {
  return async (account) => {
    // Loaded on first login only: a deployment on the sandbox bot never pays for steam-user's protobufs.
    const { default: SteamUser } = await import('steam-user');
    return new Promise<SteamWebSession>((resolve, reject) => {
      const client = new SteamUser({ autoRelogin: false });
      const timer = setTimeout(() => {
        client.logOff();
        reject(new Error(`steam login of ${account.accountName} timed out`));
      }, opts.timeoutMs ?? 60_000);
      client.once('error', (err: Error) => {
        clearTimeout(timer);
        reject(err);
      });
      client.once('webSession', (sessionId: string, cookies: string[]) => {
        clearTimeout(timer);
        const steamId = client.steamID?.getSteamID64() ?? '';
        client.logOff();
        resolve({ steamId, sessionId, cookies, accessToken: accessTokenOf(cookies) });
      });
      if (account.refreshToken) client.logOn({ refreshToken: account.refreshToken });
      else {
        client.logOn({
          accountName: account.accountName,
          password: account.password,
          twoFactorCode: SteamTotp.generateAuthCode(account.sharedSecret),
        });
      }
    });
  };
}
