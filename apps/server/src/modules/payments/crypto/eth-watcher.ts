import {
  type ChainWatcher,
  confirmationsAt,
  type FetchLike,
  type IncomingTransfer,
  type WatchedAddress,
} from './chain-watcher.ts';

/**
 * ERC20 USDT through an Ethereum JSON-RPC node (ETH_RPC_URL): `eth_blockNumber` for the head, then
 * one `eth_getLogs` for the USDT contract's Transfer events whose `to` (topic 2) is any watched
 * address, from a block old enough to cover the oldest loan. A log's time is its `blockTimestamp`
 * when the node gives it, else `eth_getBlockByNumber` (cached). Removed (re-orged) logs are skipped.
 */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** Ethereum makes a block every 12 s. */
const BLOCK_MS = 12_000;
/** Many providers refuse a getLogs range wider than this. */
const MAX_RANGE = 10_000;
const ADDRESSES_PER_CALL = 100;

export interface EthWatcherOptions {
  fetch: FetchLike;
  rpcUrl: string;
  /** The USDT contract (0x…). */
  contract: string;
  now: () => number;
}

interface Log {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockTimestamp?: string;
  transactionHash: string;
  logIndex: string;
  removed?: boolean;
}

export function createEthWatcher(opts: EthWatcherOptions): ChainWatcher {
  let id = 0;
  const blockTimes = new Map<number, number>();

  const rpc = async <T>(method: string, params: unknown[]): Promise<T> => {
    const res = await opts.fetch(opts.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
    });
    if (!res.ok) throw new Error(`${method}: HTTP ${res.status}`);
    const body = (await res.json()) as { result?: T; error?: { message?: string } };
    if (body.error || body.result === undefined) throw new Error(`${method}: ${body.error?.message ?? 'no result'}`);
    return body.result;
  };
  const hex = (n: number) => `0x${n.toString(16)}`;
  const pad = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

  const timeOf = async (log: Log, block: number) => {
    if (log.blockTimestamp) return Number(BigInt(log.blockTimestamp)) * 1000;
    const known = blockTimes.get(block);
    if (known !== undefined) return known;
    const b = await rpc<{ timestamp: string } | null>('eth_getBlockByNumber', [hex(block), false]);
    if (!b) throw new Error(`eth_getBlockByNumber ${block}: no block`);
    const ms = Number(BigInt(b.timestamp)) * 1000;
    if (blockTimes.size > 10_000) blockTimes.clear();
    blockTimes.set(block, ms);
    return ms;
  };

  return {
    name: 'live',
    chains: ['erc20'],
    async transfers(watched: readonly WatchedAddress[]): Promise<IncomingTransfer[]> {
      const mine = watched.filter((w) => w.chain === 'erc20');
      if (mine.length === 0) return [];
      const head = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
      const oldest = Math.min(...mine.map((w) => w.sinceMs));
      // A margin of 64 blocks covers clock skew and slow blocks.
      const back = Math.min(MAX_RANGE, Math.ceil(Math.max(0, opts.now() - oldest) / BLOCK_MS) + 64);
      const byTopic = new Map(mine.map((w) => [pad(w.address), w]));
      const out: IncomingTransfer[] = [];
      for (let i = 0; i < mine.length; i += ADDRESSES_PER_CALL) {
        const chunk = mine.slice(i, i + ADDRESSES_PER_CALL);
        const logs = await rpc<Log[]>('eth_getLogs', [
          {
            fromBlock: hex(Math.max(0, head - back)),
            toBlock: hex(head),
            address: opts.contract,
            topics: [TRANSFER_TOPIC, null, chunk.map((w) => pad(w.address))],
          },
        ]);
        for (const log of logs) {
          if (log.removed || log.address.toLowerCase() !== opts.contract.toLowerCase()) continue;
          if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
          const w = byTopic.get((log.topics[2] ?? '').toLowerCase());
          if (!w || !/^0x[0-9a-fA-F]{1,64}$/.test(log.data)) continue;
          const block = Number(BigInt(log.blockNumber));
          const seenAt = await timeOf(log, block);
          if (seenAt < w.sinceMs) continue;
          out.push({
            chain: 'erc20',
            address: w.address,
            txHash: log.transactionHash,
            transferId: `${log.transactionHash}:${Number(BigInt(log.logIndex))}`,
            amountMicro: BigInt(log.data),
            confirmations: confirmationsAt(head, block),
            seenAt,
          });
        }
      }
      return out;
    },
  };
}
