import type { UsdtChain } from '@kaixiang/shared/payments';

/**
 * The ChainWatcher port (STYLE.md §4): what the chain says about USDT sent to our deposit
 * addresses. Adapters: the sandbox chain (sandbox-chain.ts, dev and tests), TronGrid
 * (tron-watcher.ts) and Ethereum JSON-RPC (eth-watcher.ts). A watcher only reports; what a
 * transfer means for an order is decided in crypto-poller.ts.
 */
export interface WatchedAddress {
  chain: UsdtChain;
  address: string;
  /** Transfers sent before this moment are not asked for (the address was lent then). */
  sinceMs: number;
}

export interface IncomingTransfer {
  chain: UsdtChain;
  /** The receiving address, as watched. */
  address: string;
  txHash: string;
  /** Unique per chain: the tx hash (TRON), hash:logIndex (Ethereum, one tx may hold several). */
  transferId: string;
  /** USDT in micro-units (both chains' USDT has 6 decimals). */
  amountMicro: bigint;
  /** Blocks on top of and including the transfer's block; 0 while unmined. */
  confirmations: number;
  /** When it was sent: the block's time. */
  seenAt: number;
}

export interface ChainWatcher {
  readonly name: 'sandbox' | 'live';
  /** The chains this watcher can see; a chain it cannot see is not offered. */
  readonly chains: readonly UsdtChain[];
  /** Incoming USDT transfers to these addresses; an address may appear in several calls. */
  transfers(watched: readonly WatchedAddress[]): Promise<IncomingTransfer[]>;
}

/** Blocks a transfer needs before it is credited (config.ts: TRON solidifies after 19, Ethereum commonly 12). */
export type RequiredConfirmations = Record<UsdtChain, number>;

/** Blocks on top of and including the transfer's block, given the chain's head. */
export const confirmationsAt = (head: number, block: number) => Math.max(0, head - block + 1);

/** Mainnet USDT contracts (Tether). */
export const USDT_CONTRACTS: Record<UsdtChain, string> = {
  trc20: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  erc20: '0xdAC17F958D2ee523a2206206994597C13D831ec7',
};

/** A fetch the adapters take (tests give a recorder; production the global one). */
export type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;

/** Several watchers as one (TRON and Ethereum): each chain asks the watcher that can see it. */
export function combineWatchers(name: ChainWatcher['name'], watchers: readonly ChainWatcher[]): ChainWatcher {
  return {
    name,
    chains: watchers.flatMap((w) => w.chains),
    async transfers(watched) {
      const all = await Promise.all(
        watchers.map((w) => w.transfers(watched.filter((x) => w.chains.includes(x.chain)))),
      );
      return all.flat();
    },
  };
}
