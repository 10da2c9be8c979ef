import { CS2_APP_ID, STEAM_ENDPOINTS, STEAMID64_BASE, type SteamEndpoints } from './steam/steam-api.ts';

/** A parsed trade link: the partner's 32-bit account id and the offer access token. */
export interface TradeLink {
  partner: number;
  token: string;
}

/**
 * What a trade link check found. `trade_hold` is not a refusal by itself: Steam would hold the
 * items `days` days before the player gets them, which the site explains before sending.
 * `checked: false` means Steam could not be asked (no key, or Steam failed): the format was fine.
 */
export type TradeLinkCheck =
  | { result: 'ok'; checked: boolean }
  | { result: 'invalid_link' }
  | { result: 'trade_hold'; days: number }
  | { result: 'private_inventory' };

const TRADE_LINK_PATH = '/tradeoffer/new/';
/** Steam's offer access tokens are 8 characters of a URL-safe alphabet. */
const TOKEN_RE = /^[A-Za-z0-9_-]{8}$/;
const MAX_ACCOUNT_ID = 2 ** 32 - 1;

/**
 * Parses a trade link of the form https://steamcommunity.com/tradeoffer/new/?partner=<id>&token=<8>;
 * null when it is not one (another host, a missing or malformed partner or token).
 */
export function parseTradeLink(link: string): TradeLink | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' || url.hostname !== 'steamcommunity.com') return null;
  if (url.pathname !== TRADE_LINK_PATH && url.pathname !== TRADE_LINK_PATH.slice(0, -1)) return null;
  const partnerText = url.searchParams.get('partner') ?? '';
  const token = url.searchParams.get('token') ?? '';
  if (!/^[1-9]\d{0,9}$/.test(partnerText) || !TOKEN_RE.test(token)) return null;
  const partner = Number(partnerText);
  return partner <= MAX_ACCOUNT_ID ? { partner, token } : null;
}

/** The partner's SteamID64. */
export function steamId64Of(partner: number): string {
  return (STEAMID64_BASE + BigInt(partner)).toString();
}

const SECONDS_PER_DAY = 86_400;

/**
 * Checks a trade link before an offer is made. The format always; with an API key, Steam's
 * IEconService/GetTradeHoldDurations for the partner (a wrong token or partner gives no
 * `their_escrow`) and the partner's community inventory (403 when private). A Steam failure does
 * not block the player: the offer's own outcome will tell.
 */
export async function checkTradeLink(
  link: string,
  opts: { apiKey?: string | undefined; endpoints?: SteamEndpoints; fetchFn?: typeof fetch } = {},
): Promise<TradeLinkCheck> {
  const parsed = parseTradeLink(link);
  if (!parsed) return { result: 'invalid_link' };
  if (!opts.apiKey) return { result: 'ok', checked: false };
  const f = opts.fetchFn ?? fetch;
  const ep = opts.endpoints ?? STEAM_ENDPOINTS;
  const steamId = steamId64Of(parsed.partner);
  try {
    const q = new URLSearchParams({
      key: opts.apiKey,
      steamid_target: steamId,
      trade_offer_access_token: parsed.token,
    });
    const res = await f(`${ep.apiUrl}/IEconService/GetTradeHoldDurations/v1/?${q}`);
    // Steam answers a token that does not belong to the partner with an error status or an empty response.
    if (res.status >= 400 && res.status < 500) return { result: 'invalid_link' };
    if (!res.ok) return { result: 'ok', checked: false };
    const body = (await res.json()) as {
      response?: { their_escrow?: { escrow_end_duration_seconds?: number } };
    };
    const their = body.response?.their_escrow;
    if (!their) return { result: 'invalid_link' };
    const holdSeconds = their.escrow_end_duration_seconds ?? 0;
    const inv = await f(`${ep.communityUrl}/inventory/${steamId}/${CS2_APP_ID}/2?l=english&count=1`);
    if (inv.status === 403) return { result: 'private_inventory' };
    if (holdSeconds > 0) return { result: 'trade_hold', days: Math.ceil(holdSeconds / SECONDS_PER_DAY) };
    return { result: 'ok', checked: true };
  } catch {
    return { result: 'ok', checked: false };
  }
}
