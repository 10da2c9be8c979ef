import type { BuyRequest, MarketClient, MarketTrade } from './market-client.ts';

/** Waxpeer's trade status for a completed purchase (the item is in the buyer's inventory). */
export const WAXPEER_DELIVERED = 5;
/** Waxpeer's trade status for a cancelled purchase (`reason` says why; the money is refunded). */
export const WAXPEER_CANCELLED = 6;
/** check-many-steam takes at most this many ids per request; search-items-by-name as many names. */
const BATCH = 50;

/** Waxpeer's trade object, as check-many-steam and check-many-project-id answer (fields we read). */
export interface WaxpeerTrade {
  id: number | string;
  status: number;
  project_id?: string | null;
  reason?: string | null;
  done?: boolean;
}

/** The trade's state for the adapter: 5 delivered, 6 cancelled, anything else still going. */
export function tradeOf(t: WaxpeerTrade): MarketTrade {
  const state = t.status === WAXPEER_DELIVERED ? 'delivered' : t.status === WAXPEER_CANCELLED ? 'failed' : 'pending';
  return { id: String(t.id), projectId: t.project_id ?? null, state, reason: t.reason ?? null };
}

const chunks = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));

/**
 * Waxpeer's public API v1 (https://api.waxpeer.com/docs, as the maintained `waxpeer` npm client
 * wraps it): GET requests with the key in the `api` query parameter, JSON answers with `success`.
 * We call fetch directly: four GETs do not need the client's axios and rate limiter, and the fake
 * market in the tests serves the same paths.
 */
export function createWaxpeerClient(opts: { apiUrl: string; apiKey: string; timeoutMs: number }): MarketClient {
  const base = opts.apiUrl.replace(/\/+$/, '');

  async function get<T extends { success?: boolean; msg?: string }>(
    path: string,
    params: [string, string][],
  ): Promise<T> {
    const q = new URLSearchParams([['api', opts.apiKey], ...params]);
    const res = await fetch(`${base}/v1/${path}?${q}`, { signal: AbortSignal.timeout(opts.timeoutMs) });
    if (!res.ok) throw new Error(`waxpeer ${path}: HTTP ${res.status}`);
    return (await res.json()) as T;
  }

  async function trades(path: string, ids: readonly string[]): Promise<MarketTrade[]> {
    const out: MarketTrade[] = [];
    for (const part of chunks(ids, BATCH)) {
      const body = await get<{ success?: boolean; msg?: string; trades?: WaxpeerTrade[] }>(
        path,
        part.map((id) => ['id', id]),
      );
      // The documentation: "success must be true ... else you need to retry the request".
      if (!body.success) throw new Error(`waxpeer ${path}: ${body.msg ?? 'no success'}`);
      out.push(...(body.trades ?? []).map(tradeOf));
    }
    return out;
  }

  return {
    async cheapest(names) {
      const best = new Map<string, number>();
      for (const part of chunks([...new Set(names)], BATCH)) {
        const body = await get<{ success?: boolean; msg?: string; items?: { name: string; price: number }[] }>(
          'search-items-by-name',
          [['game', 'csgo'], ...part.map((n): [string, string] => ['names', n])],
        );
        if (!body.success) throw new Error(`waxpeer search-items-by-name: ${body.msg ?? 'no success'}`);
        for (const item of body.items ?? []) {
          const known = best.get(item.name);
          if (known === undefined || item.price < known) best.set(item.name, item.price);
        }
      }
      return best;
    },

    async buy(req: BuyRequest) {
      const body = await get<{ success?: boolean; msg?: string; id?: number | string }>('buy-one-p2p-name', [
        ['name', req.name],
        ['price', String(req.maxPrice)],
        ['token', req.token],
        ['partner', req.partner],
        ['project_id', req.projectId],
        ['game', 'csgo'],
      ]);
      if (body.success && body.id !== undefined && body.id !== null) return { ok: true, id: String(body.id) };
      return { ok: false, reason: body.msg ?? 'unknown' };
    },

    statuses: (ids) => trades('check-many-steam', ids),
    byProjectId: (ids) => trades('check-many-project-id', ids),
  };
}
