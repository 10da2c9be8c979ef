import { readFileSync } from 'node:fs';
import { USDT_CHAINS } from '@kaixiang/shared/payments';
import type { Runtime } from '../../../runtime.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { PaymentProvider } from '../payment-provider.ts';
import type { PaymentsService } from '../payments.service.ts';
import { parseAddressList, sandboxAddress } from './addresses.ts';
import { type ChainWatcher, combineWatchers } from './chain-watcher.ts';
import { cryptoDevRoutes } from './crypto.dev-routes.ts';
import { cryptoRepo } from './crypto.repo.ts';
import { CRYPTO_PROVIDER, createCryptoOrders } from './crypto-orders.ts';
import { createCryptoPoller } from './crypto-poller.ts';
import { createEthWatcher } from './eth-watcher.ts';
import { createSandboxChain, type SandboxChain } from './sandbox-chain.ts';
import { createTronWatcher } from './tron-watcher.ts';

/**
 * USDT recharge wired on the runtime (docs/payments.md "USDT recharge"). CHAIN_WATCHER picks the watcher:
 * sandbox (outside production only; generated addresses, the /dev/chain page), live (TronGrid +
 * Ethereum RPC; the operator's address list) or off (crypto_pay is not offered). Returns null when
 * off, and then the channel has no adapter.
 */
export async function createCryptoPayments(rt: Runtime, deps: { ledger: Ledger }) {
  const { config } = rt;
  const db = rt.database.db;
  const mode = config.CHAIN_WATCHER ?? (config.NODE_ENV === 'production' ? 'off' : 'sandbox');
  if (mode === 'off') return null;

  let watcher: ChainWatcher;
  let sandbox: SandboxChain | null = null;
  if (mode === 'sandbox') {
    // config.ts refuses this in production already; a second guard costs nothing.
    if (config.NODE_ENV === 'production') throw new Error('the sandbox chain is not allowed in production');
    sandbox = createSandboxChain({ db, clock: rt.clock, transaction: rt.transaction });
    watcher = sandbox.watcher;
    for (const chain of USDT_CHAINS) {
      const have = await cryptoRepo.countAddresses(db, chain);
      const want = config.SANDBOX_CHAIN_ADDRESSES;
      if (have < want) {
        const rows = Array.from({ length: want }, (_, n) => ({ chain, address: sandboxAddress(chain, n) }));
        await cryptoRepo.addAddresses(db, rows);
      }
    }
  } else {
    const file = config.CRYPTO_ADDRESS_FILE as string;
    const { entries, problems } = parseAddressList(readFileSync(file, 'utf8'));
    if (problems.length > 0) throw new Error(`CRYPTO_ADDRESS_FILE ${file}:\n  ${problems.join('\n  ')}`);
    // Added, never removed: an address taken off the list may still be lent to an order.
    await cryptoRepo.addAddresses(db, entries);
    const fetchFn = (url: string, init?: RequestInit) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) });
    watcher = combineWatchers('live', [
      createTronWatcher({
        fetch: fetchFn,
        baseUrl: config.TRONGRID_URL,
        apiKey: config.TRONGRID_API_KEY,
        contract: config.USDT_TRC20_CONTRACT,
      }),
      createEthWatcher({
        fetch: fetchFn,
        rpcUrl: config.ETH_RPC_URL as string,
        contract: config.USDT_ERC20_CONTRACT,
        now: () => rt.clock.now(),
      }),
    ]);
  }

  const orders = createCryptoOrders({
    db,
    ledger: deps.ledger,
    chains: watcher.chains,
    feeMicro: config.USDT_NETWORK_FEE_MICRO,
  });
  // Deposits are found by polling the chain, never notified over HTTP: verify refuses everything.
  const provider: PaymentProvider = {
    name: CRYPTO_PROVIDER,
    payModes: ['crypto_pay'],
    ack: { ok: 'success', fail: 'fail', contentType: 'text/plain' },
    payAddress: async () => '',
    verify: async () => ({ ok: false, reason: 'malformed' }),
  };

  return {
    provider,
    orders,
    sandbox,
    watcher,
    /** The poller, once the payments service (which credits) exists; and its dev page. */
    attach(payments: PaymentsService, log?: { warn: (obj: object, msg: string) => void }) {
      const poller = createCryptoPoller({
        db,
        clock: rt.clock,
        watcher,
        required: { trc20: config.USDT_CONFIRMATIONS_TRC20, erc20: config.USDT_CONFIRMATIONS_ERC20 },
        handle: (n) => payments.handleNotification(CRYPTO_PROVIDER, n),
        ...(log ? { log } : {}),
      });
      return {
        poller,
        devRoutes: sandbox ? cryptoDevRoutes({ db, chain: sandbox, poller, clock: rt.clock }) : null,
      };
    },
  };
}

export type CryptoPayments = NonNullable<Awaited<ReturnType<typeof createCryptoPayments>>>;
