import SteamTotp from 'steam-totp';
import { classifySendError, type SendRefusal } from './offer-state.ts';
import type { SteamWebSession } from './steam-session.ts';

/**
 * Where Steam is. The libraries hard-code these hosts; this adapter calls the documented endpoints
 * itself so that tests (and a staging fake) can point them elsewhere (docs/delivery.md, "Why own
 * HTTP calls").
 */
export interface SteamEndpoints {
  /** https://steamcommunity.com */
  communityUrl: string;
  /** https://api.steampowered.com */
  apiUrl: string;
}

export const STEAM_ENDPOINTS: SteamEndpoints = {
  communityUrl: 'https://steamcommunity.com',
  apiUrl: 'https://api.steampowered.com',
};

/** SteamID64 of an individual account = this base + its 32-bit account id (the trade link's partner). */
export const STEAMID64_BASE = 76561197960265728n;
export const CS2_APP_ID = 730;
const CS2_CONTEXT = '2';

/** A bot-level failure (logged out, rate limited, Steam unreachable): the bot leaves the pool. */
export class SteamBotError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'SteamBotError';
  }
}

/** A send Steam refused; `refusal` says whose fault it was. */
export class SteamSendError extends Error {
  constructor(readonly refusal: SendRefusal) {
    super(refusal.kind === 'bot' ? refusal.reason : `offer refused: ${JSON.stringify(refusal.outcome)}`);
    this.name = 'SteamSendError';
  }
}

/** An asset as the community inventory lists it, joined with its description. */
export interface InventoryAsset {
  assetId: string;
  marketHashName: string;
  tradable: boolean;
}

/** The fields of IEconService's CEcon_TradeOffer this adapter reads. */
export interface SteamTradeOffer {
  tradeofferid: string;
  accountid_other: number;
  trade_offer_state: number;
  message?: string;
  escrow_end_date?: number;
}

const botFailure = (res: Response, what: string) => new SteamBotError(`${what}: http ${res.status}`, res.status);

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw botFailure(res, what);
  return (await res.json()) as T;
}

/**
 * One bot's calls to Steam: the community pages with its cookies, the Web API with its access
 * token. `fetchFn` and `nowSeconds` are injectable for tests.
 */
export function steamApi(
  endpoints: SteamEndpoints,
  session: SteamWebSession,
  opts: { identitySecret: string; nowSeconds: () => number; fetchFn?: typeof fetch },
) {
  const fetchFn = opts.fetchFn ?? fetch;
  /** A request that did not get an answer (DNS, reset, timeout) is the bot's failure too. */
  const f = async (url: string, init?: RequestInit): Promise<Response> => {
    try {
      return await fetchFn(url, init);
    } catch (err) {
      throw new SteamBotError(`${url.split('?')[0]}: ${(err as Error).message}`, 0);
    }
  };
  const cookie = [...session.cookies, `sessionid=${session.sessionId}`].join('; ');
  const community = (path: string) => `${endpoints.communityUrl}${path}`;
  const api = (path: string, params: Record<string, string>) =>
    `${endpoints.apiUrl}${path}?${new URLSearchParams({ access_token: session.accessToken, ...params })}`;

  return {
    /** The bot's CS2 inventory (community `inventory/<steamid>/730/2`). */
    async inventory(): Promise<InventoryAsset[]> {
      const res = await f(
        community(`/inventory/${session.steamId}/${CS2_APP_ID}/${CS2_CONTEXT}?l=english&count=2000`),
        {
          headers: { cookie },
        },
      );
      const body = await json<{
        assets?: { assetid: string; classid: string; instanceid: string }[];
        descriptions?: { classid: string; instanceid: string; market_hash_name: string; tradable: number }[];
      }>(res, 'inventory');
      const desc = new Map((body.descriptions ?? []).map((d) => [`${d.classid}_${d.instanceid}`, d]));
      return (body.assets ?? []).flatMap((a) => {
        const d = desc.get(`${a.classid}_${a.instanceid}`);
        return d ? [{ assetId: a.assetid, marketHashName: d.market_hash_name, tradable: d.tradable === 1 }] : [];
      });
    },

    /**
     * Creates an offer giving `assetIds` to the trade link's partner (community
     * `tradeoffer/new/send`, the form the web page posts). Returns Steam's offer id and whether a
     * mobile confirmation is needed.
     */
    async sendOffer(o: {
      partnerAccountId: number;
      token: string;
      assetIds: string[];
      message: string;
    }): Promise<{ tradeOfferId: string; needsConfirmation: boolean }> {
      const offer = {
        newversion: true,
        version: o.assetIds.length + 1,
        me: {
          assets: o.assetIds.map((assetid) => ({ appid: CS2_APP_ID, contextid: CS2_CONTEXT, amount: 1, assetid })),
          currency: [],
          ready: false,
        },
        them: { assets: [], currency: [], ready: false },
      };
      const form = new URLSearchParams({
        sessionid: session.sessionId,
        serverid: '1',
        partner: (STEAMID64_BASE + BigInt(o.partnerAccountId)).toString(),
        tradeoffermessage: o.message,
        json_tradeoffer: JSON.stringify(offer),
        captcha: '',
        trade_offer_create_params: JSON.stringify({ trade_offer_access_token: o.token }),
      });
      const res = await f(community('/tradeoffer/new/send'), {
        method: 'POST',
        redirect: 'manual',
        headers: {
          cookie,
          'content-type': 'application/x-www-form-urlencoded',
          referer: community(`/tradeoffer/new/?partner=${o.partnerAccountId}&token=${o.token}`),
        },
        body: form,
      });
      const body = (await res.json().catch(() => null)) as {
        tradeofferid?: string;
        needs_mobile_confirmation?: boolean;
        strError?: string;
      } | null;
      if (res.ok && body?.tradeofferid) {
        return { tradeOfferId: body.tradeofferid, needsConfirmation: body.needs_mobile_confirmation === true };
      }
      throw new SteamSendError(classifySendError(res.status, body?.strError ?? null));
    },

    /**
     * Confirms our offer on the mobile authenticator (community `mobileconf`): lists the pending
     * confirmations and allows the one created by this offer. Keys come from steam-totp.
     */
    async confirmOffer(tradeOfferId: string): Promise<void> {
      const params = (tag: string) => {
        const t = opts.nowSeconds();
        return new URLSearchParams({
          p: SteamTotp.getDeviceID(session.steamId),
          a: session.steamId,
          k: SteamTotp.getConfirmationKey(opts.identitySecret, t, tag),
          t: String(t),
          m: 'react',
          tag,
        });
      };
      const list = await json<{ success: boolean; conf?: { id: string; nonce: string; creator_id: string }[] }>(
        await f(community(`/mobileconf/getlist?${params('list')}`), { headers: { cookie } }),
        'mobileconf list',
      );
      const conf = list.conf?.find((c) => c.creator_id === tradeOfferId);
      if (!list.success || !conf) throw new SteamBotError(`no confirmation for offer ${tradeOfferId}`, 0);
      const op = params('accept');
      op.set('op', 'allow');
      op.set('cid', conf.id);
      op.set('ck', conf.nonce);
      const done = await json<{ success: boolean }>(
        await f(community(`/mobileconf/ajaxop?${op}`), { headers: { cookie } }),
        'mobileconf allow',
      );
      if (!done.success) throw new SteamBotError(`confirmation of offer ${tradeOfferId} refused`, 0);
    },

    /** IEconService/GetTradeOffer/v1; null when Steam does not know the offer. */
    async getOffer(tradeOfferId: string): Promise<SteamTradeOffer | null> {
      const res = await f(api('/IEconService/GetTradeOffer/v1/', { tradeofferid: tradeOfferId, language: 'english' }));
      const body = await json<{ response?: { offer?: SteamTradeOffer } }>(res, 'GetTradeOffer');
      return body.response?.offer ?? null;
    },

    /** IEconService/CancelTradeOffer/v1. */
    async cancelOffer(tradeOfferId: string): Promise<void> {
      const res = await f(`${endpoints.apiUrl}/IEconService/CancelTradeOffer/v1/`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ access_token: session.accessToken, tradeofferid: tradeOfferId }),
      });
      await json(res, 'CancelTradeOffer');
    },
  };
}

export type SteamApi = ReturnType<typeof steamApi>;
