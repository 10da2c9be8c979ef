import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import SteamTotp from 'steam-totp';
import { TRADE_OFFER_STATE } from '../steam/offer-state.ts';
import { STEAMID64_BASE, type SteamEndpoints } from '../steam/steam-api.ts';
import type { SteamWebSession } from '../steam/steam-session.ts';

/**
 * A local fake of exactly the Steam endpoints the delivery adapters call (modules/delivery/steam,
 * trade-link-check.ts), answering with the documented shapes: IEconService's `response.offer`
 * with `trade_offer_state` numbers, the community inventory's assets + descriptions, the
 * `tradeoffer/new/send` form and its `strError`, mobileconf's list and ajaxop. Tests start it on a
 * random port and drive the other side of each trade through its control methods.
 */

/** How a bot's requests are answered: normally, logged out (401), or rate limited (429). */
export type FakeBotMode = 'ok' | 'logged_out' | 'rate_limited';

interface FakeBot {
  accountName: string;
  steamId: string;
  identitySecret: string;
  accessToken: string;
  mode: FakeBotMode;
  /** assetid → market_hash_name */
  inventory: Map<string, string>;
}

/** A player on the other side of the trade link. */
export interface FakePartner {
  token: string;
  privateInventory?: boolean;
  tradeBanned?: boolean;
  /** Trade hold (escrow) in days: an accepted offer waits InEscrow. */
  holdDays?: number;
}

export interface FakeOffer {
  tradeofferid: string;
  bot: string;
  accountid_other: number;
  message: string;
  assetIds: string[];
  trade_offer_state: number;
  confirmed: boolean;
  escrow_end_date: number;
}

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const cookieValue = (req: IncomingMessage, name: string) =>
  (req.headers.cookie ?? '')
    .split(/;\s*/)
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** The generic send refusal; Steam appends the EResult in parentheses. */
const SEND_ERROR = 'There was an error sending your trade offer.  Please try again later.';

export async function startFakeSteam() {
  const bots = new Map<string, FakeBot>();
  const partners = new Map<number, FakePartner>();
  const offers = new Map<string, FakeOffer>();
  let nextOfferId = 5_000_000_001n;
  let nextAssetId = 30_000_000_001n;
  /** Requests seen, for assertions ("the second bot sent it"). */
  const calls: { path: string; bot: string | null }[] = [];

  const botByToken = (token: string | null) => [...bots.values()].find((b) => token && b.accessToken === token);
  const botByCookie = (req: IncomingMessage) => {
    const secure = decodeURIComponent(cookieValue(req, 'steamLoginSecure') ?? '');
    return [...bots.values()].find((b) => secure === `${b.steamId}||${b.accessToken}`);
  };
  /** Refuses a request of a bot that is logged out or rate limited; true when it answered. */
  const refused = (res: ServerResponse, bot: FakeBot | undefined) => {
    const status = !bot || bot.mode === 'logged_out' ? 401 : bot.mode === 'rate_limited' ? 429 : 0;
    if (status) send(res, status, {});
    return status !== 0;
  };

  const apiOffer = (o: FakeOffer) => ({
    tradeofferid: o.tradeofferid,
    accountid_other: o.accountid_other,
    message: o.message,
    expiration_time: 0,
    trade_offer_state: o.trade_offer_state,
    items_to_give: o.assetIds.map((assetid) => ({ appid: 730, contextid: '2', assetid, amount: '1' })),
    is_our_offer: true,
    time_created: 0,
    time_updated: 0,
    from_real_time_trade: false,
    escrow_end_date: o.escrow_end_date,
    confirmation_method: 2,
  });

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const q = url.searchParams;
    const path = url.pathname.replace(/\/$/, '');

    if (path === '/IEconService/GetTradeHoldDurations/v1') {
      calls.push({ path, bot: null });
      const target = BigInt(q.get('steamid_target') ?? '0') - STEAMID64_BASE;
      const p = partners.get(Number(target));
      if (!q.get('key')) return send(res, 403, {});
      // A token that is not the partner's: Steam answers without the escrow fields.
      if (!p || p.token !== q.get('trade_offer_access_token')) return send(res, 200, { response: {} });
      const their = { escrow_end_duration_seconds: (p.holdDays ?? 0) * 86_400 };
      return send(res, 200, {
        response: { my_escrow: { escrow_end_duration_seconds: 0 }, their_escrow: their, both_escrow: their },
      });
    }

    if (path.startsWith('/IEconService/')) {
      const form = req.method === 'POST' ? await readForm(req) : q;
      const bot = botByToken(form.get('access_token'));
      calls.push({ path, bot: bot?.accountName ?? null });
      if (refused(res, bot)) return;
      const offer = offers.get(form.get('tradeofferid') ?? '');
      if (path === '/IEconService/GetTradeOffer/v1') {
        if (!offer || offer.bot !== bot?.accountName) return send(res, 200, { response: {} });
        return send(res, 200, { response: { offer: apiOffer(offer) } });
      }
      if (path === '/IEconService/CancelTradeOffer/v1') {
        const open: number[] = [TRADE_OFFER_STATE.Active, TRADE_OFFER_STATE.CreatedNeedsConfirmation];
        if (!offer || offer.bot !== bot?.accountName || !open.includes(offer.trade_offer_state)) {
          return send(res, 500, {});
        }
        offer.trade_offer_state = TRADE_OFFER_STATE.Canceled;
        return send(res, 200, { response: {} });
      }
      return send(res, 404, {});
    }

    const inv = /^\/inventory\/(\d+)\/730\/2$/.exec(path);
    if (inv) {
      const steamId = inv[1] as string;
      const bot = [...bots.values()].find((b) => b.steamId === steamId);
      calls.push({ path: '/inventory', bot: bot?.accountName ?? null });
      if (!bot) {
        const p = partners.get(Number(BigInt(steamId) - STEAMID64_BASE));
        if (p?.privateInventory) return send(res, 403, null);
        return send(res, 200, { assets: [], descriptions: [], total_inventory_count: 0, success: 1 });
      }
      if (refused(res, botByCookie(req) === bot ? bot : undefined)) return;
      const assets = [...bot.inventory].map(([assetid, name]) => ({
        appid: 730,
        contextid: '2',
        assetid,
        classid: `c-${name}`,
        instanceid: '0',
        amount: '1',
      }));
      const names = [...new Set(bot.inventory.values())];
      const descriptions = names.map((name) => ({
        appid: 730,
        classid: `c-${name}`,
        instanceid: '0',
        market_hash_name: name,
        tradable: 1,
      }));
      return send(res, 200, { assets, descriptions, total_inventory_count: assets.length, success: 1 });
    }

    const bot = botByCookie(req);
    calls.push({ path, bot: bot?.accountName ?? null });
    if (path === '/tradeoffer/new/send' && req.method === 'POST') {
      if (refused(res, bot) || !bot) return;
      const form = await readForm(req);
      if (form.get('sessionid') !== cookieValue(req, 'sessionid')) return send(res, 401, {});
      const accountId = Number(BigInt(form.get('partner') ?? '0') - STEAMID64_BASE);
      const token = (JSON.parse(form.get('trade_offer_create_params') ?? '{}') as { trade_offer_access_token?: string })
        .trade_offer_access_token;
      const p = partners.get(accountId);
      if (!p || p.token !== token) return send(res, 500, { strError: `${SEND_ERROR} (15)` });
      if (p.tradeBanned) {
        return send(res, 500, {
          strError: `${SEND_ERROR}<br><br>Player is not available to trade. More information will be shown to Player if they invite you to trade. (15)`,
        });
      }
      if (p.privateInventory) {
        return send(res, 500, { strError: `${SEND_ERROR}<br><br>This user's inventory is private. (15)` });
      }
      const json = JSON.parse(form.get('json_tradeoffer') ?? '{}') as { me?: { assets?: { assetid: string }[] } };
      const assetIds = (json.me?.assets ?? []).map((a) => a.assetid);
      if (assetIds.length === 0 || assetIds.some((a) => !bot.inventory.has(a))) {
        return send(res, 500, { strError: `${SEND_ERROR} (26)` });
      }
      const id = (nextOfferId++).toString();
      offers.set(id, {
        tradeofferid: id,
        bot: bot.accountName,
        accountid_other: accountId,
        message: form.get('tradeoffermessage') ?? '',
        assetIds,
        trade_offer_state: TRADE_OFFER_STATE.CreatedNeedsConfirmation,
        confirmed: false,
        escrow_end_date: 0,
      });
      return send(res, 200, { tradeofferid: id, needs_mobile_confirmation: true });
    }

    if (path === '/mobileconf/getlist' || path === '/mobileconf/ajaxop') {
      if (refused(res, bot) || !bot) return;
      const t = Number(q.get('t'));
      const tag = q.get('tag') ?? '';
      const keyOk =
        q.get('a') === bot.steamId &&
        q.get('p') === SteamTotp.getDeviceID(bot.steamId) &&
        q.get('k') === SteamTotp.getConfirmationKey(bot.identitySecret, t, tag);
      if (!keyOk) return send(res, 200, { success: false, message: 'Invalid authenticator' });
      const waiting = [...offers.values()].filter((o) => o.bot === bot.accountName && !o.confirmed);
      if (path === '/mobileconf/getlist') {
        return send(res, 200, {
          success: true,
          conf: waiting.map((o) => ({
            id: `conf-${o.tradeofferid}`,
            nonce: `n-${o.tradeofferid}`,
            creator_id: o.tradeofferid,
            type: 2,
          })),
        });
      }
      const o = waiting.find((w) => `conf-${w.tradeofferid}` === q.get('cid') && `n-${w.tradeofferid}` === q.get('ck'));
      if (!o || q.get('op') !== 'allow') return send(res, 200, { success: false });
      o.confirmed = true;
      o.trade_offer_state = TRADE_OFFER_STATE.Active;
      return send(res, 200, { success: true });
    }
    send(res, 404, {});
  }

  const server = createServer((req, res) => {
    route(req, res).catch(() => send(res, 500, {}));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const offerOf = (id: string) => {
    const o = offers.get(id);
    if (!o) throw new Error(`fake steam: no offer ${id}`);
    return o;
  };
  const botOf = (accountName: string) => {
    const b = bots.get(accountName);
    if (!b) throw new Error(`fake steam: no bot ${accountName}`);
    return b;
  };
  /** The player accepts: the items leave the bot now, or after the hold (InEscrow). */
  const complete = (o: FakeOffer) => {
    const bot = botOf(o.bot);
    for (const a of o.assetIds) bot.inventory.delete(a);
    o.trade_offer_state = TRADE_OFFER_STATE.Accepted;
  };

  return {
    endpoints: { communityUrl: base, apiUrl: base } satisfies SteamEndpoints,
    calls,
    /** A bot account with an empty inventory; secrets are random, as a real authenticator's. */
    addBot(accountName: string) {
      const n = bots.size + 1;
      const bot: FakeBot = {
        accountName,
        steamId: (STEAMID64_BASE + 900_000_000n + BigInt(n)).toString(),
        identitySecret: randomBytes(20).toString('base64'),
        accessToken: randomBytes(16).toString('hex'),
        mode: 'ok',
        inventory: new Map(),
      };
      bots.set(accountName, bot);
      return {
        accountName,
        password: 'unused',
        sharedSecret: randomBytes(20).toString('base64'),
        identitySecret: bot.identitySecret,
      };
    },
    /** The web session a login of this bot would give; throws while the bot cannot log in. */
    async session(accountName: string): Promise<SteamWebSession> {
      const b = botOf(accountName);
      if (b.mode !== 'ok') throw new Error(`fake steam: ${accountName} cannot log in (${b.mode})`);
      return {
        steamId: b.steamId,
        sessionId: randomBytes(12).toString('hex'),
        cookies: [`steamLoginSecure=${encodeURIComponent(`${b.steamId}||${b.accessToken}`)}`],
        accessToken: b.accessToken,
      };
    },
    /** Puts assets with these market hash names in a bot's inventory; returns their asset ids. */
    addAssets(accountName: string, names: string[]): string[] {
      const b = botOf(accountName);
      return names.map((name) => {
        const id = (nextAssetId++).toString();
        b.inventory.set(id, name);
        return id;
      });
    },
    inventory: (accountName: string) => new Map(botOf(accountName).inventory),
    setBotMode(accountName: string, mode: FakeBotMode) {
      botOf(accountName).mode = mode;
    },
    setPartner(accountId: number, p: FakePartner) {
      partners.set(accountId, p);
    },
    offers: () => [...offers.values()].map((o) => ({ ...o })),
    offer: (id: string) => ({ ...offerOf(id) }),
    /** The player accepts the offer; with a trade hold it waits InEscrow until `endEscrow`. */
    accept(id: string) {
      const o = offerOf(id);
      const hold = partners.get(o.accountid_other)?.holdDays ?? 0;
      if (hold > 0) {
        o.trade_offer_state = TRADE_OFFER_STATE.InEscrow;
        o.escrow_end_date = Math.floor(Date.now() / 1000) + hold * 86_400;
      } else complete(o);
    },
    endEscrow(id: string) {
      complete(offerOf(id));
    },
    decline(id: string) {
      offerOf(id).trade_offer_state = TRADE_OFFER_STATE.Declined;
    },
    /** Any other state Steam may report (Canceled, InvalidItems, Expired, CanceledBySecondFactor...). */
    setOfferState(id: string, state: number) {
      offerOf(id).trade_offer_state = state;
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export type FakeSteam = Awaited<ReturnType<typeof startFakeSteam>>;
