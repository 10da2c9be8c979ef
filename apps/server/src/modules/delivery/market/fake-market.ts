import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WAXPEER_CANCELLED, WAXPEER_DELIVERED } from './waxpeer-client.ts';

/** One purchase the fake sold, as its trade object says. */
export interface FakePurchase {
  id: number;
  project_id: string;
  name: string;
  /** What was paid (the listing's price), marketplace units. */
  price: number;
  /** The buyer's cap as sent. */
  max_price: number;
  partner: string;
  token: string;
  /** 0 waiting for the seller, 5 delivered, 6 cancelled (Waxpeer's codes). */
  status: number;
  reason: string | null;
}

/** The fake marketplace started by a test, with its control API. */
export interface FakeMarket {
  /** Base address: MARKET_API_URL. */
  url: string;
  apiKey: string;
  /** Puts `count` copies of an item on sale at a price (marketplace units); count 0 is out of stock. */
  list(name: string, price: number, count?: number): void;
  /** Every buy is refused with this text until set back to null ("Invalid tradelink"...). */
  refuseBuys(reason: string | null): void;
  /** The next buy is made but its answer is lost (the connection drops), once. */
  dropNextBuyAnswer(): void;
  purchases(): FakePurchase[];
  /** The seller's trade was accepted: status 5. */
  deliver(id: number): void;
  /** The purchase is cancelled (status 6) with Waxpeer's reason text. */
  fail(id: number, reason?: string): void;
  /** How many requests reached each path. */
  calls(path: string): number;
  close(): Promise<void>;
}

function send(res: ServerResponse, body: unknown) {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A local Waxpeer (API v1, the shapes its documentation and the `waxpeer` npm client give):
 * search-items-by-name, buy-one-p2p-name, check-many-steam, check-many-project-id; every request
 * carries the key as `api`. Purchases stay at status 0 until the test delivers or fails them, so
 * a test waits for the state it wants, never for a time.
 */
export async function startFakeMarket(opts: { apiKey?: string } = {}): Promise<FakeMarket> {
  const apiKey = opts.apiKey ?? 'fake-market-key';
  const listings = new Map<string, { price: number; count: number }>();
  const sold: FakePurchase[] = [];
  const counts = new Map<string, number>();
  let refusal: string | null = null;
  let dropNext = false;
  let nextId = 7001;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/^\/v1\//, '');
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const q = url.searchParams;
    if (q.get('api') !== apiKey) return send(res, { success: false, msg: 'Wrong api key' });
    if (path === 'search-items-by-name') {
      const items = q.getAll('names').flatMap((name) => {
        const l = listings.get(name);
        return l && l.count > 0 ? [{ name, price: l.price, item_id: String(nextId + 90_000), image: '' }] : [];
      });
      return send(res, { success: true, items });
    }
    if (path === 'buy-one-p2p-name') {
      if (refusal) return send(res, { success: false, msg: refusal });
      const name = q.get('name') ?? '';
      const maxPrice = Number(q.get('price'));
      const l = listings.get(name);
      if (!l || l.count <= 0 || l.price > maxPrice) {
        return send(res, { success: false, msg: 'Item price has increased or item is no longer available' });
      }
      l.count -= 1;
      const p: FakePurchase = {
        id: nextId++,
        project_id: q.get('project_id') ?? '',
        name,
        price: l.price,
        max_price: maxPrice,
        partner: q.get('partner') ?? '',
        token: q.get('token') ?? '',
        status: 0,
        reason: null,
      };
      sold.push(p);
      if (dropNext) {
        dropNext = false;
        return res.destroy();
      }
      return send(res, { success: true, id: p.id });
    }
    if (path === 'check-many-steam' || path === 'check-many-project-id') {
      const ids = new Set(q.getAll('id'));
      const trades = sold
        .filter((p) => ids.has(path === 'check-many-steam' ? String(p.id) : p.project_id))
        .map((p) => ({
          id: p.id,
          price: p.price,
          name: p.name,
          status: p.status,
          project_id: p.project_id,
          trade_id: p.status === 0 ? null : String(900_000 + p.id),
          done: p.status === WAXPEER_DELIVERED || p.status === WAXPEER_CANCELLED,
          reason: p.reason,
        }));
      return send(res, { success: true, trades });
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const find = (id: number) => {
    const p = sold.find((s) => s.id === id);
    if (!p) throw new Error(`fake market: no purchase ${id}`);
    return p;
  };

  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    list(name, price, count = 1) {
      listings.set(name, { price, count });
    },
    refuseBuys(reason) {
      refusal = reason;
    },
    dropNextBuyAnswer() {
      dropNext = true;
    },
    purchases: () => sold.map((p) => ({ ...p })),
    deliver(id) {
      const p = find(id);
      p.status = WAXPEER_DELIVERED;
      p.reason = 'Accepted';
    },
    fail(id, reason = 'Seller failed to accept') {
      const p = find(id);
      p.status = WAXPEER_CANCELLED;
      p.reason = reason;
    },
    calls: (path) => counts.get(path) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
