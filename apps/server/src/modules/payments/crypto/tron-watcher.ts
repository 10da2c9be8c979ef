import {
  type ChainWatcher,
  confirmationsAt,
  type FetchLike,
  type IncomingTransfer,
  type WatchedAddress,
} from './chain-watcher.ts';

/**
 * TRC20 USDT through TronGrid (the TRON HTTP API). Per watched address:
 *   GET  /v1/accounts/{address}/transactions/trc20?only_to=true&contract_address=<USDT>&min_timestamp=…&limit=200
 * (both confirmed and unconfirmed transfers, newest first); the head from POST /wallet/getnowblock;
 * each new transfer's block from POST /wallet/gettransactioninfobyid (cached: a mined block does
 * not move). confirmations = head − block + 1. The API key goes in TRON-PRO-API-KEY.
 */
export interface TronWatcherOptions {
  fetch: FetchLike;
  /** https://api.trongrid.io (mainnet) or a Shasta/Nile node. */
  baseUrl: string;
  apiKey?: string | undefined;
  /** The USDT contract (base58). */
  contract: string;
}

interface Trc20Transfer {
  transaction_id: string;
  token_info?: { address?: string; decimals?: number };
  block_timestamp: number;
  from?: string;
  to: string;
  type?: string;
  value: string;
}

const MAX_CACHED = 10_000;

export function createTronWatcher(opts: TronWatcherOptions): ChainWatcher {
  const base = opts.baseUrl.replace(/\/+$/, '');
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (opts.apiKey) headers['TRON-PRO-API-KEY'] = opts.apiKey;
  /** txid → block number, once the transaction is in a block. */
  const blocks = new Map<string, number>();

  const call = async <T>(path: string, body?: unknown): Promise<T> => {
    const res = await opts.fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    if (!res.ok) throw new Error(`TronGrid ${path.split('?')[0]}: HTTP ${res.status}`);
    return (await res.json()) as T;
  };

  const head = async () => {
    const b = await call<{ block_header?: { raw_data?: { number?: number } } }>('/wallet/getnowblock', {});
    const n = b.block_header?.raw_data?.number;
    if (typeof n !== 'number') throw new Error('TronGrid getnowblock: no block number');
    return n;
  };

  const blockOf = async (txid: string): Promise<number | null> => {
    const known = blocks.get(txid);
    if (known !== undefined) return known;
    const info = await call<{ blockNumber?: number; receipt?: { result?: string } }>('/wallet/gettransactioninfobyid', {
      value: txid,
    });
    if (typeof info.blockNumber !== 'number') return null;
    // A contract call that failed moved nothing (TronGrid lists events of successful ones, but be sure).
    if (info.receipt?.result && info.receipt.result !== 'SUCCESS') return -1;
    if (blocks.size >= MAX_CACHED) blocks.clear();
    blocks.set(txid, info.blockNumber);
    return info.blockNumber;
  };

  return {
    name: 'live',
    chains: ['trc20'],
    async transfers(watched: readonly WatchedAddress[]): Promise<IncomingTransfer[]> {
      const mine = watched.filter((w) => w.chain === 'trc20');
      if (mine.length === 0) return [];
      const height = await head();
      const out: IncomingTransfer[] = [];
      for (const w of mine) {
        const q = new URLSearchParams({
          only_to: 'true',
          contract_address: opts.contract,
          min_timestamp: String(w.sinceMs),
          limit: '200',
        });
        const page = await call<{ data?: Trc20Transfer[]; success?: boolean }>(
          `/v1/accounts/${encodeURIComponent(w.address)}/transactions/trc20?${q}`,
        );
        for (const t of page.data ?? []) {
          if (t.to !== w.address || (t.type && t.type !== 'Transfer')) continue;
          if (t.token_info?.address && t.token_info.address !== opts.contract) continue;
          if (!/^\d{1,30}$/.test(t.value) || !/^[0-9a-fA-F]{64}$/.test(t.transaction_id)) continue;
          const block = await blockOf(t.transaction_id);
          if (block === -1) continue;
          out.push({
            chain: 'trc20',
            address: w.address,
            txHash: t.transaction_id,
            transferId: t.transaction_id,
            amountMicro: BigInt(t.value),
            confirmations: block === null ? 0 : confirmationsAt(height, block),
            seenAt: t.block_timestamp,
          });
        }
      }
      return out;
    },
  };
}
